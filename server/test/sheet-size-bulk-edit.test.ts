import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_EDIT_MSG,
  SHEET_BULK_EDIT_MSG,
  SHEET_CARRY_MSG,
  type SheetDryRun,
  type SheetImport,
} from '@portal/domain';
import { plainImage } from './fixtures.ts';
import { databaseKind, demoClients, startTestServer, type Client, type TestServer } from './harness.ts';
import { aUpc } from './support/factories.ts';

/**
 * A sheet's size reaches the submission's bulk edit at Submit, over HTTP: as its Size and UOM, converted to the bulk
 * edit's ounces where the sheet weighs or pours in other units, named by the row's fromSheet until staff edit it; a
 * unit the bulk edit has no unit of measure for is warned of in the dry run and not carried. The pack count is not: the
 * bulk edit has no field for it.
 */
let server: TestServer;
let c: Awaited<ReturnType<typeof demoClients>>;

beforeAll(async () => {
  server = await startTestServer();
  c = await demoClients(server);
});
afterAll(() => server?.close());

const upload = (client: Client, path: string, text: string) =>
  client.upload(path, [{ name: 'sizes.csv', data: new Uint8Array(Buffer.from(text)) }], 'file');

describe(`sheet import: the size reaches the submission's bulk edit Size and UOM at Submit (${databaseKind})`, () => {
  const mix = aUpc('73');
  const rice = aUpc('73');
  const oil = aUpc('73');
  const vitamin = aUpc('73');
  const SHEET = [
    'UPC;Product;Size;Case pack;Photos',
    `${mix};Trail Mix;12 oz;12;size-mix.png`,
    `${rice};Jasmine Rice;340 g;6;size-rice.png`,
    `${oil};Olive Oil;1.5 L;6;size-oil.png`,
    // Milligrams size a dose, not a pack: the bulk edit has no unit of measure for them.
    `${vitamin};Vitamin C Tablets;500 mg;24;size-vitamin.png`,
  ].join('\r\n');
  const ROW = 'id upc size uom fromSheet';
  const GET = `query($ids: [ID!]!) { getProductSubmissions(ids: $ids) { ${ROW} } }`;
  const submitted = new Map<string, string>();

  beforeAll(async () => {
    const res = await c.supplier.upload(
      '/api/draftSubmissions',
      await Promise.all(
        ['mix', 'rice', 'oil', 'vitamin'].map(async (n) => ({
          name: `size-${n}.png`,
          data: await plainImage(),
          type: 'image/png',
        })),
      ),
    );
    expect(res.status).toBe(201);
    await server.ctx.jobs!.drain();
  });

  it('the dry run warns of the case pack on its header, and of a size in milligrams on its row', async () => {
    const res = await upload(c.supplier, '/api/sheetImports/dryRun', SHEET);
    expect(res.status).toBe(200);
    const run = res.json as SheetDryRun;
    expect(run.mapping.map((m) => m.target).join(' ')).toBe('upc productName size packCount imageFiles');
    expect(run.issues.map((i) => [i.row, i.column, i.value, i.severity, i.message])).toEqual([
      [1, 'Case pack', '', 'warning', SHEET_CARRY_MSG.notCarried('Case pack')],
      [5, 'Size', '500 mg', 'warning', SHEET_BULK_EDIT_MSG.refused('500 mg', SHEET_BULK_EDIT_MSG.noUom('mg'))],
    ]);
    expect(run.issues[1]!.message).toBe(
      "500 mg is not carried into the submission's bulk edit: it has no unit of measure for mg, only count and oz.",
    );
    expect(run.totals).toEqual({ rows: 4, ready: 3, warnings: 1, blocked: 0 });
  });

  it('staff read the Size and UOM the sheet gave, in ounces, named as from the sheet', async () => {
    const res = await upload(c.supplier, '/api/sheetImports', SHEET);
    expect(res.status).toBe(202);
    await server.ctx.jobs!.drain();
    const done = await c.supplier.get(`/api/sheetImports/${res.json.id}`);
    expect(done.json as SheetImport).toMatchObject({ status: 'done', created: 4 });

    const drafts = (await c.supplier.graphql(`query { getDraftSubmissions { id files { upc } } }`)).json.data
      .getDraftSubmissions as { id: string; files: { upc: string }[] }[];
    for (const upc of [mix, rice, oil, vitamin]) {
      const draft = drafts.find((d) => d.files.some((f) => f.upc === '0' + upc))!;
      const sub = await c.supplier.graphql(`mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`, {
        id: draft.id,
      });
      expect(sub.json.errors).toBeUndefined();
      submitted.set(upc, sub.json.data.submitProductsFromDraftSubmission[0].id);
    }

    const read = await c.admin.graphql(GET, { ids: [mix, rice, oil, vitamin].map((u) => submitted.get(u)) });
    expect(read.json.errors).toBeUndefined();
    const rows = read.json.data.getProductSubmissions as {
      size: number | null;
      uom: string | null;
      fromSheet: string[];
    }[];
    // 340 g and 1.5 L in the bulk edit's ounces, to its 3 decimals; the draft keeps the size as printed.
    expect(rows.map((r) => [r.size, r.uom, [...r.fromSheet].sort()])).toEqual([
      [12, 'oz', ['size', 'uom']],
      [11.993, 'oz', ['size', 'uom']],
      [50.721, 'oz', ['size', 'uom']],
      [null, null, []],
    ]);
  });

  it('the bulk edit has no pack count or weight for a sheet to fill', async () => {
    const res = await c.admin.graphql(`query { __type(name: "ProductSubmissionRow") { fields { name } } }`);
    const fields = (res.json.data.__type.fields as { name: string }[]).map((f) => f.name);
    expect(fields).toEqual(expect.arrayContaining(['size', 'uom', 'fromSheet']));
    expect(fields).not.toContain('packCount');
    expect(fields.filter((f) => /weight/i.test(f))).toEqual([]);
  });

  it("a Size staff save is theirs, no longer the sheet's; the UOM they left stays the sheet's", async () => {
    const id = submitted.get(rice)!;
    const saved = await c.admin.graphql(
      `mutation($rows: [ProductSubmissionRowInput!]!) { updateProductSubmissions(rows: $rows) { ${ROW} } }`,
      { rows: [{ id, size: 12 }] },
    );
    expect(saved.json.errors).toBeUndefined();
    expect(saved.json.data.updateProductSubmissions[0]).toMatchObject({ size: 12, uom: 'oz', fromSheet: ['uom'] });

    // A value the bulk edit's own rules refuse is refused for staff too: the sheet's carried value stays.
    const refused = await c.admin.graphql(
      `mutation($rows: [ProductSubmissionRowInput!]!) { updateProductSubmissions(rows: $rows) { id } }`,
      { rows: [{ id: submitted.get(oil), uom: 'ml' }] },
    );
    expect(JSON.stringify(refused.json.errors)).toContain(BULK_EDIT_MSG.uom);
    const read = await c.admin.graphql(GET, { ids: [id, submitted.get(oil)] });
    expect(read.json.data.getProductSubmissions.map((r: { fromSheet: string[] }) => [...r.fromSheet].sort())).toEqual([
      ['uom'],
      ['size', 'uom'],
    ]);
  });
});
