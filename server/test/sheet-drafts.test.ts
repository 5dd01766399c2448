import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_EDIT_MSG,
  SHEET_BULK_EDIT_MSG,
  SHEET_CARRY_MSG,
  SHEET_MSG,
  TOKEN_SCOPES,
  type SheetDryRun,
  type SheetImport,
} from '@portal/domain';
import { minTwoImagesRule } from '@portal/domain/readiness.fixture';
import { barcodeImage, plainImage } from './fixtures.ts';
import { Client, databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';
import type { z } from 'zod';
import type { draftViewSchema } from '@portal/domain';
import { aSubmission, aUpc, BLUE_HARBOR } from './support/factories.ts';
import { SAVE_READINESS_RULES } from './support/readiness-rules.ts';

/**
 * "Create drafts" after a sheet's dry run, over HTTP: one draft per product, photos already uploaded attached by the
 * file names the sheet gives and by the code read from them, the same sheet again changing nothing, another company's
 * drafts untouched; the partner's readiness rules in the dry run; the integration API's paths.
 */
type DraftView = z.infer<typeof draftViewSchema>;
let server: TestServer;
let c: Awaited<ReturnType<typeof demoClients>>;
const PARTNER = 30443;

beforeAll(async () => {
  server = await startTestServer();
  c = await demoClients(server);
});
afterAll(() => server?.close());

const SHEET = [
  'UPC;Product;Size;Photos',
  '36000291452;Tomato Soup;12 oz wt;soup-front.png, soup-back.png',
  '012345678905;Sweet Corn;340 g;',
  '4006381333931;Spaghetti;500 g;',
  '3.6E+11;Bean Soup;340 g;',
].join('\r\n');
const sheet = (text = SHEET) => [{ name: 'products.csv', data: new Uint8Array(Buffer.from(text)) }];

const startImport = (client: Client, text = SHEET, fields: Record<string, string> = {}, base = '/api/sheetImports') =>
  client.upload(base, sheet(text), 'file', fields);

/** The dry run of a sheet, as the page asks for it. */
async function dryRunOf(client: Client, text: string) {
  const res = await client.upload('/api/sheetImports/dryRun', sheet(text), 'file');
  expect(res.status).toBe(200);
  return res.json as SheetDryRun;
}

/** The import once its job has run (the runner is drained: no waiting on time). */
async function finished(client: Client, id: string, base = '/api/sheetImports') {
  await server.ctx.jobs!.drain();
  const res = await client.get(`${base}/${id}`);
  expect(res.status).toBe(200);
  return res.json as SheetImport;
}

type ListedDraft = { id: string; updatedDate: string; files: { fileName: string; upc: string; productName: string }[] };
const draftsOf = async (client: Client) =>
  (await client.graphql(`query { getDraftSubmissions { id updatedDate files { fileName upc productName } } }`)).json
    .data.getDraftSubmissions as ListedDraft[];
const activityDrafts = async (client: Client) =>
  (
    await client.graphql(
      `query { getProductSubmissionsByStatuses(statuses: [IN_PROGRESS]) { items { kind upc productName } } }`,
    )
  ).json.data.getProductSubmissionsByStatuses.items.filter((i: { kind: string }) => i.kind === 'Draft');

describe(`sheet import: create drafts (${databaseKind})`, () => {
  let photosDraft: string;
  let firstDrafts: ListedDraft[];

  beforeAll(async () => {
    // Photos uploaded before the sheet: two named as the sheet names them, one whose barcode is the corn's UPC.
    const res = await c.supplier.upload('/api/draftSubmissions', [
      { name: 'soup-front.png', data: await plainImage(), type: 'image/png' },
      { name: 'soup-back.png', data: await plainImage(), type: 'image/png' },
      { name: 'IMG_0042.png', data: await barcodeImage('012345678905'), type: 'image/png' },
    ]);
    expect(res.status).toBe(201);
    photosDraft = res.json.id;
    await server.ctx.jobs!.drain();
  });

  it('the dry run knows the uploaded photos: a row without one is warned, not blocked', async () => {
    const res = await c.supplier.upload('/api/sheetImports/dryRun', sheet(), 'file');
    expect(res.status).toBe(200);
    const run = res.json as SheetDryRun;
    expect(run.mapping.map((m) => m.target)).toEqual(['upc', 'productName', 'size', 'imageFiles']);
    expect(run.issues.filter((i) => i.row === 4).map((i) => i.severity)).toEqual(['warning']);
    expect(run.issues.filter((i) => i.row === 3)).toEqual([]);
    expect(run.totals).toEqual({ rows: 4, ready: 1, warnings: 2, blocked: 1 });
  });

  it('creates a draft per product, the photos attached by name and by detected code, in the background', async () => {
    const res = await startImport(c.supplier);
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ status: 'queued', total: 3, done: 0, skipped: 1, fileName: 'products.csv' });
    const done = await finished(c.supplier, res.json.id);
    expect(done).toMatchObject({ status: 'done', total: 3, done: 3, created: 3, updated: 0, unchanged: 0 });
    expect(done.photosAttached).toBe(3);

    firstDrafts = await draftsOf(c.supplier);
    // The draft that held only the photos is gone: they moved into their products' drafts.
    expect(firstDrafts.map((d) => d.id)).not.toContain(photosDraft);
    const files = firstDrafts.flatMap((d) => d.files.map((f) => [f.fileName, f.upc, f.productName]));
    expect(files).toEqual(
      expect.arrayContaining([
        ['soup-front.png', '0036000291452', 'Tomato Soup'],
        ['soup-back.png', '0036000291452', 'Tomato Soup'],
        ['IMG_0042.png', '0012345678905', 'Sweet Corn'],
      ]),
    );
    const listed = await activityDrafts(c.supplier);
    expect(listed.map((d: { upc: string; productName: string }) => [d.upc, d.productName])).toEqual(
      expect.arrayContaining([
        ['0036000291452', 'Tomato Soup'],
        ['0012345678905', 'Sweet Corn'],
        ['4006381333931', 'Spaghetti'],
      ]),
    );
  });

  it('the same sheet again changes nothing; a changed row updates its draft', async () => {
    const again = await startImport(c.supplier);
    expect(again.status).toBe(202);
    expect(await finished(c.supplier, again.json.id)).toMatchObject({
      status: 'done',
      created: 0,
      updated: 0,
      unchanged: 3,
      photosAttached: 0,
    });
    const after = await draftsOf(c.supplier);
    expect(after.map((d) => [d.id, d.updatedDate]).sort()).toEqual(
      firstDrafts.map((d) => [d.id, d.updatedDate]).sort(),
    );

    const renamed = await startImport(c.supplier, SHEET.replace('Spaghetti', 'Spaghetti No. 5'));
    expect(await finished(c.supplier, renamed.json.id)).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    const listed = await activityDrafts(c.supplier);
    expect(listed.map((d: { productName: string }) => d.productName)).toContain('Spaghetti No. 5');
  });

  it("another company's import makes its own drafts and leaves these untouched", async () => {
    const before = await draftsOf(c.supplier);
    const theirs = await startImport(c.other);
    expect(theirs.status).toBe(202);
    // Their sheet names photos they never uploaded: nothing of this company's is taken.
    expect(await finished(c.other, theirs.json.id)).toMatchObject({ created: 3, photosAttached: 0 });
    const after = await draftsOf(c.supplier);
    expect(after.map((d) => [d.id, d.updatedDate, d.files.length])).toEqual(
      before.map((d) => [d.id, d.updatedDate, d.files.length]),
    );
    // Nor can they read this company's import.
    expect((await c.other.get(`/api/sheetImports/${(await startImport(c.supplier)).json.id}`)).status).toBe(404);
  });

  it('bad input is a 400: a mapping that is not JSON, a sheet whose every row is blocked, an unknown partner', async () => {
    const notJson = await startImport(c.supplier, SHEET, { mapping: '[{' });
    expect(notJson.status).toBe(400);
    expect(notJson.json.message).toBe('mapping: not valid JSON.');
    const noUpc = await startImport(c.supplier, SHEET, {
      mapping: JSON.stringify([{ column: 1, target: 'productName' }]),
    });
    expect(noUpc.status).toBe(400);
    const blocked = await startImport(c.supplier, 'UPC;Product\r\n3.6E+11;Bean Soup\r\n');
    expect(blocked.status).toBe(400);
    expect(blocked.json.message).toBe(SHEET_MSG.nothingToCreate);
    const token = (
      await c.supplier.tokenClient([TOKEN_SCOPES.readProductSubmissions, TOKEN_SCOPES.writeProductSubmissions])
    ).client;
    const partner = await startImport(token, SHEET, { partner_company_id: 'x1' }, '/api/v1/sheet_imports');
    expect(partner.status).toBe(400);
    expect((await c.supplier.get('/api/sheetImports/not-an-id')).status).toBe(404);
    expect((await c.viewer.upload('/api/sheetImports', sheet(), 'file')).status).toBe(403);
  });
});

describe(`sheet import: every value a draft holds is carried (${databaseKind})`, () => {
  const upc = aUpc('71');
  const ean = '0' + upc;
  const chili = (name: string, calories: string, ingredients: string) =>
    [
      'UPC;Product;Brand;Size;Calories;Ingredients;Allergens;Case pack;Photos',
      `${upc};${name};Hormel;15 oz;${calories};${ingredients};Contains: soy.;12;chili-front.png`,
    ].join('\r\n');
  const first = chili('Beef Chili', '250', 'Beef, beans, tomatoes.');
  let draftId: string;

  const chiliFile = async () => {
    const drafts = await draftsOf(c.supplier);
    draftId = drafts.find((d) => d.files.some((f) => f.fileName === 'chili-front.png'))!.id;
    const res = await c.supplier.get(`/api/draftSubmissions/${draftId}`);
    expect(res.status).toBe(200);
    return (res.json as DraftView).files.find((f) => f.fileName === 'chili-front.png')!;
  };

  beforeAll(async () => {
    const res = await c.supplier.upload('/api/draftSubmissions', [
      { name: 'chili-front.png', data: await plainImage(), type: 'image/png' },
    ]);
    expect(res.status).toBe(201);
    await server.ctx.jobs!.drain();
  });

  it('the dry run says, per column, what neither a draft nor its submission has a place for', async () => {
    const run = await dryRunOf(c.supplier, first);
    expect(run.mapping.map((m) => m.target)).toEqual([
      'upc',
      'productName',
      'brand',
      'size',
      'calories',
      'ingredients',
      'allergens',
      'packCount',
      'imageFiles',
    ]);
    // The brand goes on to the submission's bulk edit at Submit; the case pack has no place on either.
    expect(run.issues.map((i) => [i.row, i.column, i.severity, i.message])).toEqual([
      [1, 'Case pack', 'warning', SHEET_CARRY_MSG.notCarried('Case pack')],
    ]);
    expect(run.totals).toEqual({ rows: 1, ready: 1, warnings: 0, blocked: 0 });
  });

  it('carries the size (as typed, with its UN/ECE code), calories, ingredients and allergens as facts', async () => {
    const res = await startImport(c.supplier, first);
    expect(res.status).toBe(202);
    expect(await finished(c.supplier, res.json.id)).toMatchObject({
      status: 'done',
      created: 1,
      photosAttached: 1,
      kept: 0,
    });
    const file = await chiliFile();
    expect(file).toMatchObject({ upc: ean, productName: 'Beef Chili' });
    expect(file.facts).toMatchObject({
      netContent: { printed: '15 oz', quantity: 15, unit: 'ONZ' },
      calories: 250,
      ingredients: 'Beef, beans, tomatoes.',
      allergens: 'Contains: soy.',
    });
    expect(file.factSources.calories).toEqual({ source: 'typed', region: null });
  });

  it('keeps what the supplier typed in the portal since; the same sheet again changes nothing', async () => {
    const file = await chiliFile();
    const typed = await c.supplier.put(`/api/draftSubmissions/${draftId}/facts/chili-front.png`, {
      facts: { ...file.facts!, calories: 260 },
    });
    expect(typed.status).toBe(200);
    const renamed = await c.supplier.graphql(
      `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`,
      {
        id: draftId,
        input: { files: [{ fileName: 'chili-front.png', upc: ean, productName: 'Beef Chili, family size' }] },
      },
    );
    expect(renamed.json.errors).toBeUndefined();
    const before = (await draftsOf(c.supplier)).find((d) => d.id === draftId)!;

    const again = await startImport(c.supplier, first);
    expect(await finished(c.supplier, again.json.id)).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect((await draftsOf(c.supplier)).find((d) => d.id === draftId)!.updatedDate).toBe(before.updatedDate);

    const changed = await startImport(c.supplier, chili('Beef Chili Hot', '270', 'Beef, beans, tomatoes, chili.'));
    expect(await finished(c.supplier, changed.json.id)).toMatchObject({
      created: 0,
      updated: 1,
      unchanged: 0,
      kept: 1,
    });
    const after = await chiliFile();
    // The sheet's own values follow the sheet; the name and calories typed in the portal stay.
    expect(after.productName).toBe('Beef Chili, family size');
    expect(after.facts).toMatchObject({
      netContent: { printed: '15 oz', quantity: 15, unit: 'ONZ' },
      calories: 260,
      ingredients: 'Beef, beans, tomatoes, chili.',
    });
  });
});

describe(`sheet import: brand, dimensions and prices reach the submission's bulk edit at Submit (${databaseKind})`, () => {
  const cocoa = aUpc('72');
  const tea = aUpc('72');
  const HEADER = 'UPC;Product;Brand;Case pack;Width;Height;Depth;Weight;Cost;Retail;Photos';
  const rows = (cocoaRetail: string) =>
    [
      HEADER,
      `${cocoa};Cocoa Mix;Sweet Valley;12;3.5;6.25;2;0.75;1.85;${cocoaRetail};cocoa-front.png`,
      // A retail price the bulk edit refuses (at most 3 digits before the point): the rest of the row is carried.
      `${tea};Green Tea;Sweet Valley;20;3;5;3;0.3;2.10;1250;tea-front.png`,
    ].join('\r\n');
  const ROW = `id upc companyName width height depth wholesaleCost msrp fobCost size fromSheet
    partnerStatuses { type message }`;
  const GET = `query($ids: [ID!]!) { getProductSubmissions(ids: $ids) { ${ROW} } }`;
  let viaPartner: Client;
  const submitted = new Map<string, string>();

  beforeAll(async () => {
    // Through Fresh Market Grocers' portal: its drafts and submissions are that partner's, judged by its field rules.
    viaPartner = new Client(server.url);
    const login = await viaPartner.post(
      '/api/auth/login',
      { username: 'supplier@example.com', password: 'Supplier-demo-1', partner: String(PARTNER) },
      { form: true },
    );
    expect(login.status).toBe(200);
    const res = await viaPartner.upload('/api/draftSubmissions', [
      { name: 'cocoa-front.png', data: await plainImage(), type: 'image/png' },
      { name: 'tea-front.png', data: await plainImage(), type: 'image/png' },
    ]);
    expect(res.status).toBe(201);
    await server.ctx.jobs!.drain();
  });

  it('the dry run warns only of the case pack and weight, and of a price the bulk edit refuses, on its row', async () => {
    const run = await dryRunOf(viaPartner, rows('4.49'));
    expect(run.mapping.map((m) => m.target).join(' ')).toBe(
      'upc productName brand packCount width height depth weight costPrice retailPrice imageFiles',
    );
    expect(run.issues.map((i) => [i.row, i.column, i.value, i.severity, i.message])).toEqual([
      [1, 'Case pack', '', 'warning', SHEET_CARRY_MSG.notCarried('Case pack')],
      [1, 'Weight', '', 'warning', SHEET_CARRY_MSG.notCarried('Weight')],
      [3, 'Retail', '1250', 'warning', SHEET_BULK_EDIT_MSG.refused('1250', BULK_EDIT_MSG.money)],
    ]);
  });

  it('carries the latest import into the bulk edit at Submit, read back by staff, counted by the partner statuses', async () => {
    // An earlier sheet, then the one the supplier sends last: the last import is what Submit carries. The same sheet
    // again changes nothing.
    const outcomes = [];
    for (const text of [rows('3.99'), rows('4.49'), rows('4.49')]) {
      const res = await startImport(viaPartner, text);
      expect(res.status).toBe(202);
      outcomes.push(await finished(viaPartner, res.json.id));
    }
    expect(outcomes.map((o) => [o.status, o.created, o.updated, o.unchanged])).toEqual([
      ['done', 2, 0, 0],
      ['done', 0, 1, 1],
      ['done', 0, 0, 2],
    ]);
    const drafts = await draftsOf(viaPartner);
    for (const upc of [cocoa, tea]) {
      const draft = drafts.find((d) => d.files.some((f) => f.upc === '0' + upc))!;
      const res = await viaPartner.graphql(`mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`, {
        id: draft.id,
      });
      expect(res.json.errors).toBeUndefined();
      submitted.set(upc, res.json.data.submitProductsFromDraftSubmission[0].id);
    }

    const read = await c.admin.graphql(GET, { ids: [submitted.get(cocoa), submitted.get(tea)] });
    expect(read.json.errors).toBeUndefined();
    const [cocoaRow, teaRow] = read.json.data.getProductSubmissions;
    expect(cocoaRow).toMatchObject({
      companyName: 'Sweet Valley',
      width: 3.5,
      height: 6.25,
      depth: 2,
      wholesaleCost: 1.85,
      msrp: 4.49,
      // Nothing in the sheet fills these: the case pack and weight are not a bulk edit's.
      fobCost: null,
      size: null,
    });
    expect([...cocoaRow.fromSheet].sort()).toEqual([
      'companyName',
      'depth',
      'height',
      'msrp',
      'wholesaleCost',
      'width',
    ]);
    // The partner requires a brand and the dimensions: the sheet gave them, the supplier is not asked for them again.
    for (const label of ['Brand', 'Height (in)', 'Width (in)', 'Depth (in)', 'MSRP', 'Wholesale Cost'])
      expect(cocoaRow.partnerStatuses).toContainEqual({ type: 'Pass', message: `${label} is provided` });
    // The price the bulk edit refused is not carried; the rest of its row is.
    expect(teaRow).toMatchObject({ companyName: 'Sweet Valley', width: 3, wholesaleCost: 2.1, msrp: null });
    expect(teaRow.fromSheet).not.toContain('msrp');
    expect(teaRow.partnerStatuses).toContainEqual({ type: 'Fail', message: 'MSRP is required' });
  });

  it("what staff edit in the bulk edit wins: it is no longer the sheet's, and the same sheet again leaves it", async () => {
    const id = submitted.get(cocoa)!;
    const saved = await c.admin.graphql(
      `mutation($rows: [ProductSubmissionRowInput!]!) { updateProductSubmissions(rows: $rows) { ${ROW} } }`,
      { rows: [{ id, msrp: 4.79 }] },
    );
    expect(saved.json.errors).toBeUndefined();
    expect(saved.json.data.updateProductSubmissions[0]).toMatchObject({ msrp: 4.79, companyName: 'Sweet Valley' });
    expect(saved.json.data.updateProductSubmissions[0].fromSheet).not.toContain('msrp');

    // The company imports the sheet again (outside the partner's portal, whose duplicate-UPC rule would block it): new
    // drafts of the products, the submission left as staff saved it.
    const again = await startImport(c.supplier, rows('4.49'));
    expect(again.status).toBe(202);
    expect(await finished(c.supplier, again.json.id)).toMatchObject({ status: 'done', created: 2 });
    const read = await c.admin.graphql(GET, { ids: [id] });
    expect(read.json.data.getProductSubmissions[0]).toMatchObject({ msrp: 4.79, width: 3.5 });
    expect([...read.json.data.getProductSubmissions[0].fromSheet].sort()).toEqual([
      'companyName',
      'depth',
      'height',
      'wholesaleCost',
      'width',
    ]);
  });
});

describe(`sheet import: the partner's readiness rules and the integration API (${databaseKind})`, () => {
  it("judges every row by the partner's rules: rows ready, with warnings and blocked", async () => {
    const rule = { ...minTwoImagesRule(2), severity: 'blocking' };
    expect((await c.admin.graphql(SAVE_READINESS_RULES, { p: PARTNER, rules: [rule] })).json.errors).toBeUndefined();
    const token = (
      await c.supplier2.tokenClient([TOKEN_SCOPES.readProductSubmissions, TOKEN_SCOPES.writeProductSubmissions])
    ).client;
    const text = ['UPC;Product', '036000291452;Tomato Soup', '012345678905;Sweet Corn'].join('\r\n');
    const plain = await token.upload('/api/v1/sheet_imports/dry_run', sheet(text), 'file');
    expect(plain.status).toBe(200);
    const underPartner = await token.upload('/api/v1/sheet_imports/dry_run', sheet(text), 'file', {
      partner_company_id: String(PARTNER),
    });
    expect(underPartner.status).toBe(200);
    const run = underPartner.json as SheetDryRun;
    expect(run.totals.blocked).toBe(2);
    expect(run.issues.some((i) => i.message.startsWith(`${rule.code}:`) && i.severity === 'blocked')).toBe(true);
    expect((plain.json as SheetDryRun).totals.blocked).toBe(0);

    const made = await token.upload('/api/v1/sheet_imports', sheet(text), 'file');
    expect(made.status).toBe(202);
    // The same company as the first supplier: its drafts of these UPCs are brought to what this sheet says.
    expect(await finished(token, made.json.id, '/api/v1/sheet_imports')).toMatchObject({ status: 'done', done: 2 });
  });

  it('GraphQL: the dry run, create drafts and the import, the sheet sent as base64', async () => {
    const input = {
      fileName: 'products.csv',
      contentBase64: Buffer.from(['UPC;Product', '036000291452;Tomato Soup'].join('\r\n')).toString('base64'),
      mapping: [
        { column: 0, target: 'upc' },
        { column: 1, target: 'productName' },
      ],
    };
    const run = await c.supplier.graphql(
      `mutation($input: SheetInput!) { dryRunSheetImport(input: $input) { mapping { header target } totals { rows ready } } }`,
      { input },
    );
    expect(run.json.data.dryRunSheetImport).toEqual({
      mapping: [
        { header: 'UPC', target: 'upc' },
        { header: 'Product', target: 'productName' },
      ],
      totals: { rows: 1, ready: 1 },
    });
    const made = await c.supplier.graphql(
      `mutation($input: SheetInput!) { createSheetImport(input: $input) { id status total } }`,
      { input },
    );
    expect(made.json.data.createSheetImport).toMatchObject({ status: 'queued', total: 1 });
    await server.ctx.jobs!.drain();
    const read = await c.supplier.graphql(`query($id: ID!) { getSheetImport(id: $id) { status done } }`, {
      id: made.json.data.createSheetImport.id,
    });
    expect(read.json.data.getSheetImport).toEqual({ status: 'done', done: 1 });
    const theirs = await c.other.graphql(`query($id: ID!) { getSheetImport(id: $id) { status } }`, {
      id: made.json.data.createSheetImport.id,
    });
    expect(theirs.json.errors[0].message).toBe('Sheet import not found.');
  });

  it("judges the partner's duplicate-UPC rule by the codes it already has, whatever form the sheet types", async () => {
    const rule = {
      code: 'R-UPC-DUP',
      kind: 'duplicate-upc',
      severity: 'blocking',
      weight: 1,
      message: 'We already have this UPC.',
      fix: 'Update the product we have instead.',
    };
    expect((await c.admin.graphql(SAVE_READINESS_RULES, { p: PARTNER, rules: [rule] })).json.errors).toBeUndefined();
    // Another company's submission to the partner; the sheet types its UPC-A with the leading zero lost.
    const upc = aUpc('07');
    await aSubmission(server, { company: BLUE_HARBOR, partner: PARTNER, upc, name: 'Rolled oats' });
    const text = [`UPC;Product`, `${upc.slice(1)};Rolled oats`, '012345678905;Sweet Corn'].join('\r\n');
    const token = (await c.supplier2.tokenClient([TOKEN_SCOPES.writeProductSubmissions])).client;
    const res = await token.upload('/api/v1/sheet_imports/dry_run', sheet(text), 'file', {
      partner_company_id: String(PARTNER),
    });
    expect(res.status).toBe(200);
    const run = res.json as SheetDryRun;
    expect(run.issues.filter((i) => i.message.startsWith(`${rule.code}:`)).map((i) => [i.row, i.severity])).toEqual([
      [2, 'blocked'],
    ]);
  });
});
