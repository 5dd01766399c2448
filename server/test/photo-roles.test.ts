/**
 * Photo roles: what each photo shows, proposed from what the pipeline read (a barcode face; the first photo showing
 * nothing else is the front), changed by the supplier, required by a partner's readiness rule, kept by the submission,
 * and named by in the GS1 image zip.
 */
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READINESS_MSG } from '@portal/domain';
import { barcodeImage, barcodePdf, plainImage } from './fixtures.ts';
import { Client, databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';
import { SAVE_READINESS_RULES as SAVE } from './support/readiness-rules.ts';

const PARTNER = 30443;
const UPC = '8711000530160';
const ROLES_RULE = {
  code: 'R-IMG-ROLES',
  kind: 'photo-roles',
  message: 'A front photo and a nutrition panel photo are needed.',
  fix: 'Add them, or mark the photos that show them.',
  severity: 'blocking',
  weight: 10,
  roles: ['front', 'nutrition-panel'],
};
const UPDATE = `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`;
const DRAFT = `query($id: ID!) { getDraftSubmission(id: $id) {
  files { fileName photoRoles photoRolesChosen } readiness { readiness { ready failing { code message } } } } }`;
const SUBMIT = `mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`;
const SUBMISSION = `query($id: ID!) { getProductSubmission(id: $id) { files { fileName photoRoles } } }`;

let server: TestServer;
let supplier: Client;
let other: Client; // Blue Harbor's supplier: another company
let admin: Client;
let draftId: string;
let submissionId: string;
const bytes: Record<string, Buffer> = {};

/** Each entry of a zip: its name and bytes. */
function entriesOf(zip: Buffer): Promise<{ name: string; data: Buffer }[]> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      const out: { name: string; data: Buffer }[] = [];
      file.on('entry', (entry: yauzl.Entry) =>
        file.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (p: Buffer) => parts.push(p));
          stream.on('end', () => {
            out.push({ name: entry.fileName, data: Buffer.concat(parts) });
            file.readEntry();
          });
        }),
      );
      file.on('end', () => resolve(out));
      file.readEntry();
    }),
  );
}

beforeAll(async () => {
  server = await startTestServer();
  supplier = new Client(server.url);
  const res = await supplier.post(
    '/api/auth/login',
    { username: 'supplier@example.com', password: 'Supplier-demo-1', partner: String(PARTNER) },
    { form: true },
  );
  expect(res.status).toBe(200);
  ({ other, admin } = await demoClients(server));
  expect((await admin.graphql(SAVE, { p: PARTNER, rules: [ROLES_RULE] })).json.errors).toBeUndefined();

  bytes['code.png'] = await barcodeImage(UPC);
  bytes['pack.png'] = await plainImage();
  bytes['sheet.pdf'] = await barcodePdf(UPC);
  const draft = await supplier.upload(
    '/api/draftSubmissions',
    Object.entries(bytes).map(([name, data]) => ({ name, data })),
  );
  expect(draft.status).toBe(201);
  draftId = draft.json.id;
  await server.ctx.jobs!.drain();
  const input = {
    files: Object.keys(bytes).map((fileName) => ({
      fileName,
      upc: UPC,
      productName: 'Oat bar',
      isMarketingImage: true,
    })),
  };
  expect((await supplier.graphql(UPDATE, { id: draftId, input })).json.errors).toBeUndefined();
});
afterAll(() => server?.close());

const rolesPath = (fileName: string) => `/api/draftSubmissions/${draftId}/roles/${encodeURIComponent(fileName)}`;
const rolesOf = (files: { fileName: string; photoRoles: string[]; photoRolesChosen: boolean }[]) =>
  Object.fromEntries(files.map((f) => [f.fileName, [f.photoRoles, f.photoRolesChosen]]));

describe(`photo roles (${databaseKind})`, () => {
  it('proposes the roles from what the pipeline read: the barcode face, the front, none for a PDF', async () => {
    const draft = (await supplier.graphql(DRAFT, { id: draftId })).json.data.getDraftSubmission;
    expect(rolesOf(draft.files)).toEqual({
      'code.png': [['barcode'], false],
      'pack.png': [['front'], false],
      'sheet.pdf': [[], false],
    });
    // The REST draft says the same.
    const rest = (await supplier.get(`/api/draftSubmissions/${draftId}`)).json;
    expect(rolesOf(rest.files)).toEqual(rolesOf(draft.files));
  });

  it("a partner's photo-roles rule names the role no photo shows, and Submit is refused with it", async () => {
    const draft = (await supplier.graphql(DRAFT, { id: draftId })).json.data.getDraftSubmission;
    const message = `${ROLES_RULE.message} ${READINESS_MSG.missingRoles(['Nutrition panel'])}`;
    expect(draft.readiness[0].readiness).toEqual({ ready: false, failing: [{ code: 'R-IMG-ROLES', message }] });
    const refused = await supplier.graphql(SUBMIT, { id: draftId });
    expect(refused.json.errors[0].extensions.code).toBe('READINESS_BLOCKS');
    expect(refused.json.errors[0].message).toContain(`R-IMG-ROLES: ${message}`);
  });

  it('refuses a role it does not know, a role given twice, a role on a PDF, and a file that is not there', async () => {
    const unknown = await supplier.put(rolesPath('code.png'), { roles: ['top'] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.code).toBe('VALIDATION_FAILED');
    expect((await supplier.put(rolesPath('code.png'), { roles: ['back', 'back'] })).status).toBe(400);
    expect((await supplier.put(rolesPath('code.png'), {})).status).toBe(400);
    const pdf = await supplier.put(rolesPath('sheet.pdf'), { roles: ['front'] });
    expect(pdf.status).toBe(400);
    expect(pdf.json.message).toBe('sheet.pdf is a PDF: photo roles are for photos.');
    expect((await supplier.put(rolesPath('nothing.png'), { roles: ['front'] })).status).toBe(404);
    // Nothing changed.
    const rest = (await supplier.get(`/api/draftSubmissions/${draftId}`)).json;
    expect(rolesOf(rest.files)['code.png']).toEqual([['barcode'], false]);
  });

  it("another company's supplier can neither see nor change the roles", async () => {
    expect((await other.put(rolesPath('code.png'), { roles: ['front'] })).status).toBe(404);
    expect((await other.get(`/api/draftSubmissions/${draftId}`)).status).toBe(404);
  });

  it("the supplier's choice is kept, passes the rule, and null takes the proposal again", async () => {
    const chosen = await supplier.put(rolesPath('code.png'), { roles: ['back', 'nutrition-panel', 'barcode'] });
    expect(chosen.status).toBe(200);
    expect(rolesOf(chosen.json.files)['code.png']).toEqual([['back', 'nutrition-panel', 'barcode'], true]);
    let draft = (await supplier.graphql(DRAFT, { id: draftId })).json.data.getDraftSubmission;
    expect(draft.readiness[0].readiness).toEqual({ ready: true, failing: [] });

    const back = await supplier.put(rolesPath('code.png'), { roles: null });
    expect(rolesOf(back.json.files)['code.png']).toEqual([['barcode'], false]);
    draft = (await supplier.graphql(DRAFT, { id: draftId })).json.data.getDraftSubmission;
    expect(draft.readiness[0].readiness.ready).toBe(false);

    expect((await supplier.put(rolesPath('code.png'), { roles: ['back', 'nutrition-panel'] })).status).toBe(200);
  });

  it('the submission keeps the roles its photos had at Submit, in GraphQL and REST v1', async () => {
    const submitted = await supplier.graphql(SUBMIT, { id: draftId });
    expect(submitted.json.errors).toBeUndefined();
    submissionId = submitted.json.data.submitProductsFromDraftSubmission[0].id;
    const s = (await supplier.graphql(SUBMISSION, { id: submissionId })).json.data.getProductSubmission;
    expect(s.files).toEqual([
      { fileName: 'code.png', photoRoles: ['back', 'nutrition-panel'] },
      { fileName: 'pack.png', photoRoles: ['front'] },
      { fileName: 'sheet.pdf', photoRoles: [] },
    ]);
    const v1 = (await supplier.get(`/api/v1/submissions/${submissionId}`)).json;
    expect(v1.files.map((f: { photo_roles: string[] }) => f.photo_roles)).toEqual([
      ['back', 'nutrition-panel'],
      ['front'],
      [],
    ]);
  });

  it('the images download as one zip named by the GS1 Product Image Specification, PDFs left out', async () => {
    for (const path of [
      `/api/productSubmissions/${submissionId}/images.zip`,
      `/api/v1/submissions/${submissionId}/images.zip`,
    ]) {
      const res = await supplier.getBytes(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="08711000530160_images.zip"');
      expect(Number(res.headers.get('content-length'))).toBe(res.body.length);
      const entries = await entriesOf(res.body);
      expect(entries.map((e) => e.name)).toEqual(['08711000530160_A7C1.png', '08711000530160_A1C1.png']);
      expect(entries[0].data.equals(bytes['code.png'])).toBe(true);
      expect(entries[1].data.equals(bytes['pack.png'])).toBe(true);
    }
    expect((await other.getBytes(`/api/productSubmissions/${submissionId}/images.zip`)).status).toBe(404);
    expect((await admin.getBytes(`/api/productSubmissions/${submissionId}/images.zip`)).status).toBe(200);
  });

  it('a photo submitted while it is still read says its checks run, then keeps no early guess: the submission proposes from its own reading', async () => {
    // Blue Harbor's supplier, to no partner: nothing holds Submit while the photos are read.
    const upc = '4006381333931';
    const draft = await other.upload('/api/draftSubmissions', [
      { name: 'code.png', data: await barcodeImage(upc) },
      { name: 'pack.png', data: await plainImage() },
    ]);
    const input = { files: ['code.png', 'pack.png'].map((fileName) => ({ fileName, upc, productName: 'Oat bar' })) };
    expect((await other.graphql(UPDATE, { id: draft.json.id, input })).json.errors).toBeUndefined();
    // Submitted before the media job ran: the barcode's photo was still proposed as the front then.
    const early = (await other.graphql(DRAFT, { id: draft.json.id })).json.data.getDraftSubmission;
    expect(rolesOf(early.files)['code.png']).toEqual([['front'], false]);
    const submitted = await other.graphql(SUBMIT, { id: draft.json.id });
    expect(submitted.json.errors).toBeUndefined();
    // The detail says the checks still run (the review workspace and the detail page ask again while it does).
    const CHECKS = `query($id: ID!) { getProductSubmission(id: $id) { files { fileName detectionStatus detectedUpcs } } }`;
    const checks = async () =>
      (await other.graphql(CHECKS, { id: submitted.json.data.submitProductsFromDraftSubmission[0].id })).json.data
        .getProductSubmission.files;
    expect(await checks()).toEqual([
      { fileName: 'code.png', detectionStatus: 'pending', detectedUpcs: [] },
      { fileName: 'pack.png', detectionStatus: 'pending', detectedUpcs: [] },
    ]);
    await server.ctx.jobs!.drain();
    expect(await checks()).toEqual([
      { fileName: 'code.png', detectionStatus: 'done', detectedUpcs: [upc] },
      { fileName: 'pack.png', detectionStatus: 'done', detectedUpcs: [] },
    ]);
    const s = (await other.graphql(SUBMISSION, { id: submitted.json.data.submitProductsFromDraftSubmission[0].id }))
      .json.data.getProductSubmission;
    expect(s.files).toEqual([
      { fileName: 'code.png', photoRoles: ['barcode'] },
      { fileName: 'pack.png', photoRoles: ['front'] },
    ]);
  });
});
