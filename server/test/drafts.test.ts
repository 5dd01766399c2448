import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { UPC_MSG, UPLOAD_MSG, DRAFT_MSG, MAX_FILE_BYTES, MEDIA_MSG } from '@portal/domain';
import { draftFiles, productSubmissions, submissionFiles } from '../src/db/schema.ts';
import { barcodeImage, barcodePdf, datasetPhoto, plainImage, smallHeicPhoto } from './fixtures.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let supplier: Client;
beforeAll(async () => {
  server = await startTestServer();
  supplier = new Client(server.url);
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
});
afterAll(() => server?.close());

const DRAFT_QUERY = `query($id: ID!) { getDraftSubmission(id: $id) { id creatorEmail can { edit delete }
  files { fileName kind upc productName detectedUpc detectedUpcs detectionStatus isMarketingImage imageUrl thumbnailUrl } } }`;
const storedFiles = () =>
  readdirSync(path.join(server.config.dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((e) =>
    e.isFile(),
  );
const incomingLeft = () => readdirSync(server.ctx.uploadTempDir);

describe(`draft uploads (${databaseKind})`, () => {
  it('creates a draft from several files, stores them, and reads their barcodes in the background', async () => {
    const res = await supplier.upload('/api/draftSubmissions', [
      { name: 'front.png', data: await barcodeImage('4006381333931'), type: 'image/png' },
      { name: 'label.pdf', data: await barcodePdf('036000291452'), type: 'application/pdf' },
      { name: 'side.tif', data: await barcodeImage('4006381333931', { format: 'tiff' }), type: 'image/tiff' },
    ]);
    expect(res.status).toBe(201);
    expect(res.json.files.map((f: { fileName: string }) => f.fileName)).toEqual(['front.png', 'label.pdf', 'side.tif']);
    expect(res.json.files[1].imageUrl).toBe(`/draftSubmissions/${res.json.id}/image/label.pdf.jpg`);
    expect(res.json.files[2].imageUrl).toBe(`/draftSubmissions/${res.json.id}/image/side.tif.png`);

    await server.ctx.jobs!.drain();
    const draft = (await supplier.graphql(DRAFT_QUERY, { id: res.json.id })).json.data.getDraftSubmission;
    expect(draft.files.map((f: { detectedUpc: string }) => f.detectedUpc)).toEqual([
      '4006381333931',
      '0036000291452',
      '4006381333931',
    ]);
    expect(draft.files.every((f: { detectionStatus: string }) => f.detectionStatus === 'done')).toBe(true);
    expect(draft.can).toEqual({ edit: true, delete: true });
  });

  it("serves images and thumbnails: PDF as JPEG, TIFF as WebP at the spec's .png URL, with caching headers", async () => {
    const res = await supplier.upload('/api/draftSubmissions', [
      { name: 'label.pdf', data: await barcodePdf('036000291452') },
      { name: 'side.tif', data: await barcodeImage('036000291452', { format: 'tiff' }) },
      { name: 'front.jpg', data: await barcodeImage('036000291452', { format: 'jpeg' }) },
    ]);
    const id = res.json.id;
    const pdf = await supplier.get(`/draftSubmissions/${id}/image/label.pdf.jpg`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('image/jpeg');
    const tif = await supplier.get(`/draftSubmissions/${id}/image/side.tif.png?thumbnail=true`);
    expect(tif.headers.get('content-type')).toBe('image/webp');
    const jpg = await supplier.get(`/draftSubmissions/${id}/image/front.jpg`);
    expect(jpg.headers.get('content-type')).toBe('image/jpeg');
    const etag = jpg.headers.get('etag')!;
    expect(jpg.headers.get('cache-control')).toMatch(/private/);
    const again = await supplier.request('GET', `/draftSubmissions/${id}/image/front.jpg`, undefined, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect((await supplier.get(`/draftSubmissions/${id}/image/missing.png`)).status).toBe(404);
  });

  it('accepts a HEIC phone photo, keeps it as JPEG under its own name and reads its barcode; a damaged one is refused', async () => {
    const heic = smallHeicPhoto();
    const res = await supplier.upload('/api/draftSubmissions', [{ name: 'IMG_0001.HEIC', data: heic }]);
    expect(res.status).toBe(201);
    await server.ctx.jobs!.drain();
    const draft = (await supplier.graphql(DRAFT_QUERY, { id: res.json.id })).json.data.getDraftSubmission;
    expect(draft.files[0]).toMatchObject({ fileName: 'IMG_0001.HEIC', kind: 'jpeg', detectedUpc: '0036000291452' });
    const image = await supplier.get(`/draftSubmissions/${res.json.id}/image/IMG_0001.HEIC`);
    expect(image.headers.get('content-type')).toBe('image/jpeg');

    const cut = await supplier.upload('/api/draftSubmissions', [
      { name: 'IMG_0002.HEIC', data: heic.subarray(0, 2000) },
    ]);
    expect(cut.status).toBe(400);
    expect(cut.json.message).toBe(`IMG_0002.HEIC: ${MEDIA_MSG.unreadableImage}`);
  });

  it('reads the code in a real photo from the dataset', async () => {
    const photo = datasetPhoto('ean13-1/1.png');
    const res = await supplier.upload('/api/draftSubmissions', [{ name: photo.name, data: photo.data }]);
    await server.ctx.jobs!.drain();
    const draft = (await supplier.graphql(DRAFT_QUERY, { id: res.json.id })).json.data.getDraftSubmission;
    expect(draft.files[0].detectedUpcs).toContain(photo.expected);
  });

  it('refuses a file that lies about its type, keeping nothing', async () => {
    const before = storedFiles().length;
    const res = await supplier.upload('/api/draftSubmissions', [
      { name: 'ok.png', data: await plainImage(), type: 'image/png' },
      { name: 'script.png', data: Buffer.from('#!/bin/sh\necho hi\n'), type: 'image/png' },
    ]);
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/^script\.png: /);
    expect(storedFiles().length).toBe(before);
    expect(incomingLeft()).toEqual([]);
  });

  it('refuses a truncated image and an empty file', async () => {
    const png = await plainImage();
    const truncated = await supplier.upload('/api/draftSubmissions', [
      { name: 'cut.png', data: png.subarray(0, png.length / 2) },
    ]);
    expect(truncated.status).toBe(400);
    const empty = await supplier.upload('/api/draftSubmissions', [{ name: 'empty.png', data: new Uint8Array(0) }]);
    expect(empty.status).toBe(400);
    expect(empty.json.message).toContain(UPLOAD_MSG.size);
  });

  it('answers 413 for a file over 15 MB, while streaming, and keeps nothing', async () => {
    const before = storedFiles().length;
    const big = new Uint8Array(MAX_FILE_BYTES + 1);
    big.set(await plainImage());
    const res = await supplier.upload('/api/draftSubmissions', [{ name: 'huge.png', data: big }]);
    expect(res.status).toBe(413);
    expect(storedFiles().length).toBe(before);
    expect(incomingLeft()).toEqual([]);
  });

  it('refuses more than 10 files, and duplicate names case-insensitively', async () => {
    const png = await plainImage();
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, data: png }));
    expect((await supplier.upload('/api/draftSubmissions', eleven)).status).toBe(413);
    const dup = await supplier.upload('/api/draftSubmissions', [
      { name: 'Front.png', data: png },
      { name: 'front.PNG', data: png },
    ]);
    expect(dup.status).toBe(400);
    expect(dup.json.message).toContain(UPLOAD_MSG.unique);
  });

  it('treats file names as labels only: "../" and odd characters are harmless', async () => {
    const res = await supplier.upload('/api/draftSubmissions', [
      { name: '../../etc/pa\u0001sswd.png', data: await plainImage() },
    ]);
    expect(res.status).toBe(201);
    expect(res.json.files[0].fileName).toBe('passwd.png');
    const [row] = await server.database.db.select().from(draftFiles).where(eq(draftFiles.draftId, res.json.id));
    expect(row.storageKey).toMatch(/^drafts\/[0-9a-f-]+\/[0-9a-f-]+$/);
  });

  it('adds files to a draft up to 10 in all', async () => {
    const png = await plainImage();
    const created = await supplier.upload(
      '/api/draftSubmissions',
      Array.from({ length: 8 }, (_, i) => ({ name: `a${i}.png`, data: png })),
    );
    const id = created.json.id;
    const more = await supplier.upload(`/api/draftSubmissions/${id}/image`, [
      { name: 'b1.png', data: png },
      { name: 'b2.png', data: png },
    ]);
    expect(more.status).toBe(200);
    expect(more.json.files).toHaveLength(10);
    const over = await supplier.upload(`/api/draftSubmissions/${id}/image`, [{ name: 'c.png', data: png }]);
    expect(over.status).toBe(400);
    expect(over.json.message).toBe(UPLOAD_MSG.tooMany);
    const clash = await supplier.upload(
      `/api/draftSubmissions/${(await supplier.upload('/api/draftSubmissions', [{ name: 'x.png', data: png }])).json.id}/image`,
      [{ name: 'X.PNG', data: png }],
    );
    expect(clash.status).toBe(400);
  });
});

describe(`who may see and change a draft (${databaseKind})`, () => {
  it('another company gets "not found" for every draft call; a colleague sees but cannot change', async () => {
    const png = await plainImage();
    const id = (await supplier.upload('/api/draftSubmissions', [{ name: 'mine.png', data: png }])).json.id;
    const other = new Client(server.url);
    await other.login('other@example.com', 'Other-demo-1');
    expect((await other.graphql(DRAFT_QUERY, { id })).json.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await other.get(`/draftSubmissions/${id}/image/mine.png`)).status).toBe(404);
    expect((await other.upload(`/api/draftSubmissions/${id}/image`, [{ name: 'x.png', data: png }])).status).toBe(404);
    const upd = await other.graphql(
      `mutation($id: ID!) { updateDraftSubmission(id: $id, input: { files: [] }) { id } }`,
      { id },
    );
    expect(upd.json.errors[0].extensions.code).toBe('NOT_FOUND');
    const del = await other.graphql(`mutation($id: ID!) { deleteDraftSubmission(id: $id) }`, { id });
    expect(del.json.errors[0].extensions.code).toBe('NOT_FOUND');
    const sub = await other.graphql(`mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`, { id });
    expect(sub.json.errors[0].extensions.code).toBe('NOT_FOUND');
    const list = await other.graphql('{ getDraftSubmissions { id } }');
    expect(list.json.data.getDraftSubmissions.map((d: { id: string }) => d.id)).not.toContain(id);

    const colleague = new Client(server.url);
    await colleague.login('supplier2@example.com', 'Supplier-demo-2');
    const seen = (await colleague.graphql(DRAFT_QUERY, { id })).json.data.getDraftSubmission;
    expect(seen.can).toEqual({ edit: false, delete: false });
    expect(
      (await colleague.graphql(`mutation($id: ID!) { deleteDraftSubmission(id: $id) }`, { id })).json.errors[0]
        .extensions.code,
    ).toBe('FORBIDDEN');

    const viewer = new Client(server.url);
    await viewer.login('viewer@example.com', 'Viewer-demo-1');
    expect((await viewer.graphql(DRAFT_QUERY, { id })).json.data.getDraftSubmission.can.edit).toBe(false);
    expect((await viewer.upload('/api/draftSubmissions', [{ name: 'v.png', data: png }])).status).toBe(403);
    expect((await new Client(server.url).upload('/api/draftSubmissions', [{ name: 'v.png', data: png }])).status).toBe(
      401,
    );
  });
});

describe(`saving and submitting a draft (${databaseKind})`, () => {
  const update = (c: Client, id: string, files: object[]) =>
    c.graphql(
      `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) {
      files { fileName upc productName isMarketingImage } } }`,
      { id, input: { files } },
    );
  const submit = (c: Client, id: string) =>
    c.graphql(
      `mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id upc ean13Upc productName itemStatus } }`,
      { id },
    );

  it('saves what was typed (digits only, names cleaned), refuses an invalid draft with the rule message, then submits one product per UPC', async () => {
    const created = await supplier.upload('/api/draftSubmissions', [
      { name: 'a.png', data: await barcodeImage('4006381333931') },
      { name: 'b.png', data: await barcodeImage('4006381333931') },
      { name: 'c.png', data: await plainImage() },
    ]);
    const id = created.json.id;
    await server.ctx.jobs!.drain();

    const saved = await update(supplier, id, [
      { fileName: 'a.png', upc: '', productName: 'Crunchy 🥜 Butter' },
      { fileName: 'b.png', upc: null, productName: 'Crunchy Butter' },
      { fileName: 'c.png', upc: '0-12345-67890-0', productName: 'Oats' },
    ]);
    expect(saved.json.data.updateDraftSubmission.files).toEqual([
      { fileName: 'a.png', upc: null, productName: 'Crunchy Butter', isMarketingImage: false },
      { fileName: 'b.png', upc: null, productName: 'Crunchy Butter', isMarketingImage: false },
      { fileName: 'c.png', upc: '012345678900', productName: 'Oats', isMarketingImage: false },
    ]);

    const bad = await submit(supplier, id);
    expect(bad.json.errors[0].message).toBe('The check digit is wrong: for 01234567890 it should be 5.');
    expect(bad.json.errors[0].extensions.fields['c.png.upc']).toBeDefined();

    await update(supplier, id, [{ fileName: 'c.png', upc: '012345678905' }]);
    const ok = await submit(supplier, id);
    expect(ok.json.errors).toBeUndefined();
    const created2 = ok.json.data.submitProductsFromDraftSubmission;
    expect(created2).toHaveLength(2);
    const butter = created2.find((s: { ean13Upc: string }) => s.ean13Upc === '4006381333931');
    expect(butter).toMatchObject({ upc: '4006381333931', productName: 'Crunchy Butter', itemStatus: 'SUBMITTED' });
    const files = await server.database.db
      .select()
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, butter.id));
    expect(files.map((f) => f.fileName).sort()).toEqual(['a.png', 'b.png']);
    expect((await supplier.graphql(DRAFT_QUERY, { id })).json.errors[0].extensions.code).toBe('NOT_FOUND');
    // A second submit of the same draft (a retry after a lost answer) answers the same submissions and creates nothing.
    const again = await submit(supplier, id);
    expect(again.json.errors).toBeUndefined();
    expect(again.json.data.submitProductsFromDraftSubmission.map((s: { id: string }) => s.id).sort()).toEqual(
      created2.map((s: { id: string }) => s.id).sort(),
    );
    const fromDraft = await server.database.db
      .select({ id: productSubmissions.id })
      .from(productSubmissions)
      .where(eq(productSubmissions.draftId, id));
    expect(fromDraft).toHaveLength(2);
    // Another company's supplier learns nothing of it.
    const other = new Client(server.url);
    await other.login('other@example.com', 'Other-demo-1');
    expect((await other.graphql(DRAFT_QUERY, { id })).json.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await submit(other, id)).json.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('refuses two versions of the same UPC and different names for one UPC', async () => {
    const png = await plainImage();
    const id = (
      await supplier.upload('/api/draftSubmissions', [
        { name: 'a.png', data: png },
        { name: 'b.png', data: png },
      ])
    ).json.id;
    await update(supplier, id, [
      { fileName: 'a.png', upc: '036000291452' },
      { fileName: 'b.png', upc: '0036000291452' },
    ]);
    expect((await submit(supplier, id)).json.errors[0].message).toBe(UPC_MSG.duplicateVersions);
    await update(supplier, id, [
      { fileName: 'b.png', upc: '036000291452', productName: 'Other' },
      { fileName: 'a.png', productName: 'One' },
    ]);
    expect((await submit(supplier, id)).json.errors[0].message).toBe(DRAFT_MSG.sameUpcDifferentNames);
  });

  it('refuses a UPC of all zeros, whose check digit passes', async () => {
    const id = (await supplier.upload('/api/draftSubmissions', [{ name: 'a.png', data: await plainImage() }])).json.id;
    for (const upc of ['00000000000000', '00000000']) {
      await update(supplier, id, [{ fileName: 'a.png', upc, productName: 'Zero' }]);
      const refused = await submit(supplier, id);
      expect(refused.json.errors[0].message).toBe(UPC_MSG.allZeros);
      expect(refused.json.errors[0].extensions.fields['a.png.upc']).toBe(UPC_MSG.allZeros);
    }
  });

  it('through a partner portal: product name and a primary image are required', async () => {
    const c = new Client(server.url);
    const res = await c.post(
      '/api/auth/login',
      { username: 'supplier2@example.com', password: 'Supplier-demo-2', partner: '30443' },
      { form: true },
    );
    expect(res.json.sessionPartnerCompanyId).toBe(30443);
    const id = (await c.upload('/api/draftSubmissions', [{ name: 'a.png', data: await plainImage() }])).json.id;
    await update(c, id, [{ fileName: 'a.png', upc: '036000291452' }]);
    expect((await submit(c, id)).json.errors[0].message).toBe(
      'Please indicate which picture(s) we should use as the marketing image(s) for the product with upc 0036000291452',
    );
    await update(c, id, [{ fileName: 'a.png', isMarketingImage: true }]);
    expect((await submit(c, id)).json.errors[0].message).toBe(DRAFT_MSG.productNameRequired);
    await update(c, id, [{ fileName: 'a.png', productName: 'Tomato Soup' }]);
    const ok = (await submit(c, id)).json.data.submitProductsFromDraftSubmission;
    const [row] = await server.database.db.select().from(productSubmissions).where(eq(productSubmissions.id, ok[0].id));
    expect(row.partnerCompanyId).toBe(30443);
  });

  it('removes one file with what was entered for it, never the last, and only for whoever may change the draft', async () => {
    const png = await plainImage();
    const photo = await barcodeImage('4006381333931');
    const created = await supplier.upload('/api/draftSubmissions', [
      { name: 'front.png', data: photo },
      { name: 'copy.png', data: photo },
      { name: 'side.png', data: png },
    ]);
    const id = created.json.id;
    await server.ctx.jobs!.drain();
    const remove = (c: Client, fileName: string) =>
      c.graphql(
        `mutation($id: ID!, $fileName: String!) { removeDraftFile(id: $id, fileName: $fileName) {
        files { fileName qualityIssues { code message } } } }`,
        { id, fileName },
      );
    const issuesOf = async (fileName: string) => {
      const rows = await server.database.db.select().from(draftFiles).where(eq(draftFiles.draftId, id));
      return (rows.find((r) => r.fileName === fileName)?.qualityIssues ?? []) as { code: string }[];
    };
    // The copy is flagged as the same picture as front.png in this draft (or front.png as the copy's).
    const flagged = (await issuesOf('front.png')).concat(await issuesOf('copy.png'));
    expect(flagged.map((i) => i.code)).toContain('DUPLICATE');

    const colleague = new Client(server.url);
    await colleague.login('supplier2@example.com', 'Supplier-demo-2');
    expect((await remove(colleague, 'copy.png')).json.errors[0].extensions.code).toBe('FORBIDDEN');
    const other = new Client(server.url);
    await other.login('other@example.com', 'Other-demo-1');
    expect((await remove(other, 'copy.png')).json.errors[0].extensions.code).toBe('NOT_FOUND');

    const removed = await remove(supplier, 'COPY.png');
    const files = removed.json.data.removeDraftFile.files;
    expect(files.map((f: { fileName: string }) => f.fileName)).toEqual(['front.png', 'side.png']);
    // The repeat is gone, and so is the warning about it.
    expect((await issuesOf('front.png')).map((i) => i.code)).not.toContain('DUPLICATE');
    expect((await supplier.get(`/draftSubmissions/${id}/image/copy.png`)).status).toBe(404);
    expect((await remove(supplier, 'copy.png')).json.errors[0].extensions.code).toBe('NOT_FOUND');

    expect((await remove(supplier, 'side.png')).json.data.removeDraftFile.files).toHaveLength(1);
    const last = await remove(supplier, 'front.png');
    expect(last.json.errors[0].message).toBe(DRAFT_MSG.lastFile);
    expect(await server.database.db.select().from(draftFiles).where(eq(draftFiles.draftId, id))).toHaveLength(1);
  });

  it('deleting a draft removes its rows and stored files', async () => {
    await server.ctx.jobs!.drain(); // earlier tests' renditions first, so the count below is this draft's alone
    const before = storedFiles().length;
    const id = (await supplier.upload('/api/draftSubmissions', [{ name: 'gone.png', data: await plainImage() }])).json
      .id;
    await server.ctx.jobs!.drain();
    expect(storedFiles().length).toBeGreaterThan(before);
    expect(
      (await supplier.graphql(`mutation($id: ID!) { deleteDraftSubmission(id: $id) }`, { id })).json.data
        .deleteDraftSubmission,
    ).toBe(true);
    expect(await server.database.db.select().from(draftFiles).where(eq(draftFiles.draftId, id))).toEqual([]);
    expect(storedFiles().length).toBe(before);
  });
});
