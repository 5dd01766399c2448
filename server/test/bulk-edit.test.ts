import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { SUGGESTED_CLASSES, UOM_OPTIONS } from '@portal/domain';
import { productSubmissions } from '../src/db/schema.ts';
import { loadBulkEditOptions, readBulkEditOptions } from '../src/modules/reference-data/bulk-edit-options.ts';
import { plainImage } from './fixtures.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let supplier: Client;
let supplier2: Client;
let other: Client;
let admin: Client;
let viewer: Client;
beforeAll(async () => {
  server = await startTestServer();
  [supplier, supplier2, other, admin, viewer] = [1, 2, 3, 4, 5].map(() => new Client(server.url));
  // The supplier signs in through Fresh Market Grocers' portal, so its submissions go to that partner.
  const res = await supplier.post(
    '/api/auth/login',
    { username: 'supplier@example.com', password: 'Supplier-demo-1', partner: '30443' },
    { form: true },
  );
  expect(res.status).toBe(200);
  await supplier2.login('supplier2@example.com', 'Supplier-demo-2');
  await other.login('other@example.com', 'Other-demo-1');
  await admin.login('admin@example.com', 'Admin-demo-1');
  await viewer.login('viewer@example.com', 'Viewer-demo-1');
});
afterAll(() => server?.close());

let upcSeq = 100;
/** A valid UPC-A not used before in this file. */
function nextUpc() {
  const body = `08512${String(upcSeq++).padStart(6, '0')}`;
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(body[i]) * (i % 2 === 0 ? 3 : 1);
  return body + ((10 - (sum % 10)) % 10);
}

/** Submits one product through the real draft flow as this client. */
async function submit(client: Client, name: string | null = 'Apple chips') {
  const draft = (await client.upload('/api/draftSubmissions', [{ name: 'front.png', data: await plainImage() }])).json;
  const upc = nextUpc();
  await client.graphql(
    `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`,
    {
      id: draft.id,
      input: { files: [{ fileName: 'front.png', upc, productName: name, isMarketingImage: true }] },
    },
  );
  const res = await client.graphql(`mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`, {
    id: draft.id,
  });
  if (res.json.errors) throw new Error(JSON.stringify(res.json.errors));
  return res.json.data.submitProductsFromDraftSubmission[0].id as string;
}

const ROW = `id upc productName companyName suggestedClass marketAccounts { id name marketId } attributes { id name }
  height width depth size uom fobCost msrp edlp deliveredCost wholesaleCost
  freeFill inStoreDemo fairShareMerchandisingSupport paidAds offInvoice tpr
  partnerCompanyId partnerStatuses { type message } partnerStatusLabel canEdit`;
const GET = `query($ids: [ID!]!) { getProductSubmissions(ids: $ids) { ${ROW} } }`;
const UPDATE = `mutation($rows: [ProductSubmissionRowInput!]!) { updateProductSubmissions(rows: $rows) { ${ROW} } }`;
const errorOf = (res: { json: any }) => res.json.errors?.[0];

const complete = {
  productName: 'Honeycrisp apple chips',
  companyName: 'Green Valley Foods',
  suggestedClass: 'FOOD & BEVERAGE - SNACKS & CANDY',
  marketAccounts: [{ id: 1, name: 'ignored' }, { id: 7 }],
  attributes: [{ id: 3 }, { id: 13 }],
  height: 6.25,
  width: 4,
  depth: 1.5,
  size: 3.5,
  uom: 'oz',
  fobCost: 1.2,
  msrp: 4.99,
  edlp: 4.49,
  deliveredCost: 1.5,
  wholesaleCost: 2.75,
  freeFill: true,
  inStoreDemo: false,
  fairShareMerchandisingSupport: false,
  paidAds: true,
  offInvoice: false,
  tpr: false,
};

const stored = async (id: string) =>
  (await server.database.db.select().from(productSubmissions).where(eq(productSubmissions.id, id)))[0];

describe(`bulk edit of submissions (${databaseKind})`, () => {
  it('getProductSubmissions returns bulk-edit rows in the order asked, with the partner statuses computed at submit', async () => {
    const a = await submit(supplier);
    const b = await submit(supplier);
    // The partner requires a name at intake; a name cleared afterwards is a Fail of the partner status.
    await supplier.graphql(`mutation($id: ID!) { updateProductSubmissionProductName(id: $id, name: "") { id } }`, {
      id: b,
    });
    const res = await supplier.graphql(GET, { ids: [b, a] });
    expect(res.json.errors).toBeUndefined();
    const rows = res.json.data.getProductSubmissions;
    expect(rows.map((r: any) => r.id)).toEqual([b, a]);
    expect(rows[1]).toMatchObject({
      productName: 'Apple chips',
      partnerCompanyId: 30443,
      canEdit: true,
      marketAccounts: [],
      msrp: null,
      partnerStatusLabel: 'Incomplete',
    });
    // Fresh Market Grocers requires every bulk-edit field by default (flags absent mean true).
    expect(rows[1].partnerStatuses).toContainEqual({ type: 'Fail', message: 'MSRP is required' });
    expect(rows[1].partnerStatuses).toContainEqual({ type: 'Pass', message: 'Product Name is provided' });
    expect(rows[0].partnerStatuses).toContainEqual({ type: 'Fail', message: 'Product Name is required' });
  });

  it('saves rows, rounds numbers and money, and recomputes the partner statuses to Complete', async () => {
    const id = await submit(supplier);
    const res = await supplier.graphql(UPDATE, { rows: [{ id, ...complete, height: 6.25049, msrp: 4.987 }] });
    expect(res.json.errors).toBeUndefined();
    const [row] = res.json.data.updateProductSubmissions;
    expect(row).toMatchObject({
      height: 6.25,
      msrp: 4.99,
      uom: 'oz',
      companyName: 'Green Valley Foods',
      partnerStatusLabel: 'Complete',
    });
    expect(row.marketAccounts.map((m: any) => m.name)).toEqual([
      'Whole Foods Market - Northeast',
      'Sprouts Farmers Market',
    ]);
    expect(row.attributes.map((a: any) => a.name)).toEqual(['Gluten Free', 'Vegan']);
    expect(row.partnerStatuses.every((s: any) => s.type === 'Pass')).toBe(true);
    // The activity column reads the stored label.
    const list = await supplier.graphql(
      `query { getProductSubmissionsByStatuses(tab: all, pageSize: 50, partnerCompanyId: 30443) { items { id partnerStatusLabel } } }`,
    );
    expect(list.json.data.getProductSubmissionsByStatuses.items.find((i: any) => i.id === id).partnerStatusLabel).toBe(
      'Complete',
    );
    // A field left out keeps its value; null clears it and the status follows.
    const cleared = (await supplier.graphql(UPDATE, { rows: [{ id, msrp: null }] })).json.data
      .updateProductSubmissions[0];
    expect(cleared).toMatchObject({
      productName: 'Honeycrisp apple chips',
      msrp: null,
      partnerStatusLabel: 'Incomplete',
    });
    expect(cleared.partnerStatuses.filter((s: any) => s.type === 'Fail')).toEqual([
      { type: 'Fail', message: 'MSRP is required' },
    ]);
  });

  it('a bad row gets field-level errors keyed by row, and no row is written (one transaction)', async () => {
    const good = await submit(supplier);
    const bad = await submit(supplier);
    const res = await supplier.graphql(UPDATE, {
      rows: [
        { id: good, ...complete },
        {
          id: bad,
          ...complete,
          msrp: 1000,
          size: 12345678,
          uom: 'kg',
          suggestedClass: 'TOYS',
          attributes: [{ id: 9999 }],
        },
      ],
    });
    const err = errorOf(res);
    expect(err.extensions.code).toBe('VALIDATION_FAILED');
    expect(err.extensions.fields).toEqual({
      [`${bad}.msrp`]: 'Must be an amount with at most 3 digits before the point and 2 after.',
      [`${bad}.size`]: 'Must be a number with at most 7 digits and 3 decimals.',
      [`${bad}.uom`]: 'Please choose count or oz.',
      [`${bad}.suggestedClass`]: 'Please choose one of the suggested classes.',
    });
    expect(err.message).toMatch(/Nothing was saved/);
    // The valid row was not half-written.
    expect((await stored(good)).msrp).toBeNull();
    // Unknown reference ids are field errors too.
    const refs = errorOf(
      await supplier.graphql(UPDATE, { rows: [{ id: bad, attributes: [{ id: 9999 }], marketAccounts: [{ id: 1 }] }] }),
    );
    expect(refs.extensions.fields).toEqual({ [`${bad}.attributes`]: 'Unknown attribute.' });
    expect(await server.database.db.$count(productSubmissions, inArray(productSubmissions.id, [good, bad]))).toBe(2);
  });

  it('only submissions the user may edit: another company’s id is "not found" and nothing is written', async () => {
    const mine = await submit(supplier);
    const theirs = await submit(other);
    expect(errorOf(await supplier.graphql(GET, { ids: [mine, theirs] })).extensions.code).toBe('NOT_FOUND');
    expect(errorOf(await supplier.graphql(GET, { ids: ['not-a-uuid'] })).extensions.code).toBe('NOT_FOUND');
    const res = await supplier.graphql(UPDATE, {
      rows: [
        { id: mine, msrp: 3 },
        { id: theirs, msrp: 3 },
      ],
    });
    expect(errorOf(res).extensions).toMatchObject({
      code: 'NOT_FOUND',
      fields: { [`${theirs}.id`]: 'Submission not found.' },
    });
    expect((await stored(mine)).msrp).toBeNull();
    expect((await stored(theirs)).msrp).toBeNull();
    // A second user of the same company may edit; a read-only administrator may read but not edit; staff who write all may edit.
    expect(
      (await supplier2.graphql(UPDATE, { rows: [{ id: mine, msrp: 3 }] })).json.data.updateProductSubmissions[0].msrp,
    ).toBe(3);
    const viewed = await viewer.graphql(GET, { ids: [mine] });
    expect(viewed.json.data.getProductSubmissions[0].canEdit).toBe(false);
    expect(errorOf(await viewer.graphql(UPDATE, { rows: [{ id: mine, msrp: 4 }] })).extensions.code).toBe('NOT_FOUND');
    expect(
      (await admin.graphql(UPDATE, { rows: [{ id: theirs, msrp: 5 }] })).json.data.updateProductSubmissions[0].msrp,
    ).toBe(5);
    // Signed out: 401.
    expect(errorOf(await new Client(server.url).graphql(GET, { ids: [mine] })).extensions.code).toBe('UNAUTHORIZED');
  });

  it('a partner configuration change recomputes the statuses of its submissions (background job)', async () => {
    const id = await submit(supplier);
    await supplier.graphql(UPDATE, { rows: [{ id, ...complete, msrp: null, edlp: null }] });
    expect((await stored(id)).partnerStatusLabel).toBe('Incomplete');
    const configs = (await admin.graphql(`query { getPartnerConfigurations { id companyId } }`)).json.data
      .getPartnerConfigurations;
    const configId = configs.find((c: any) => c.companyId === 30443).id;
    const UPDATE_CONFIG = `mutation($id: Int!, $input: PartnerConfigurationInput!) { updatePartnerConfiguration(partnerConfigurationId: $id, input: $input) { id } }`;
    // The seeded intake rules stay as they are (name required, shipping profile not).
    const intake = [
      { field: 'productName', required: true },
      { field: 'shippingProfile', required: false },
    ];
    const res = await admin.graphql(UPDATE_CONFIG, {
      id: configId,
      input: {
        primaryColor: '#2e7d32',
        landingPageEnabled: true,
        fieldRules: [...intake, { field: 'msrp', required: false }, { field: 'edlp', visible: false }],
      },
    });
    expect(res.json.errors).toBeUndefined();
    await server.ctx.jobs!.drain();
    const after = await stored(id);
    expect(after.partnerStatusLabel).toBe('Complete');
    expect(after.partnerStatuses).not.toContainEqual(expect.objectContaining({ message: 'MSRP is required' }));
    // Requiring them again brings the Fail back; hiding the pricing section takes its fields out.
    await admin.graphql(UPDATE_CONFIG, {
      id: configId,
      input: { primaryColor: '#2e7d32', landingPageEnabled: true, fieldRules: intake },
    });
    await server.ctx.jobs!.drain();
    expect((await stored(id)).partnerStatuses).toContainEqual({ type: 'Fail', message: 'MSRP is required' });
    await admin.graphql(UPDATE_CONFIG, {
      id: configId,
      input: { primaryColor: '#2e7d32', landingPageEnabled: true, fieldRules: intake, pricingFieldsVisible: false },
    });
    await server.ctx.jobs!.drain();
    expect((await stored(id)).partnerStatusLabel).toBe('Complete');
    expect((await stored(id)).partnerStatuses).not.toContainEqual(
      expect.objectContaining({ message: expect.stringMatching(/MSRP|EDLP/) }),
    );
    await admin.graphql(UPDATE_CONFIG, {
      id: configId,
      input: { primaryColor: '#2e7d32', landingPageEnabled: true, fieldRules: intake, pricingFieldsVisible: true },
    });
    await server.ctx.jobs!.drain();
    // Renaming the product is a change of the submission's fields too.
    const named = await submit(supplier);
    await supplier.graphql(`mutation($id: ID!) { updateProductSubmissionProductName(id: $id, name: "") { id } }`, {
      id: named,
    });
    expect((await stored(named)).partnerStatuses).toContainEqual({ type: 'Fail', message: 'Product Name is required' });
    await supplier.graphql(
      `mutation($id: ID!) { updateProductSubmissionProductName(id: $id, name: "Pear bar") { id } }`,
      { id: named },
    );
    expect((await stored(named)).partnerStatuses).toContainEqual({ type: 'Pass', message: 'Product Name is provided' });
  });

  it('submissions made before partner statuses existed get them through the job queued at start', async () => {
    const id = await submit(supplier);
    await server.database.db
      .update(productSubmissions)
      .set({ partnerStatuses: [], partnerStatusLabel: 'N/A' })
      .where(eq(productSubmissions.id, id));
    const { enqueueMissingReadiness } = await import('../src/modules/readiness/jobs.ts');
    await enqueueMissingReadiness(server.database.db);
    await server.ctx.jobs!.drain();
    expect((await stored(id)).partnerStatusLabel).toBe('Incomplete');
    // The detail query carries them too (part 1 section 3).
    const detail = await supplier.graphql(
      `query($id: ID!) { getProductSubmission(id: $id) { partnerStatusLabel partnerStatuses { type message } } }`,
      { id },
    );
    expect(detail.json.data.getProductSubmission.partnerStatusLabel).toBe('Incomplete');
    expect(detail.json.data.getProductSubmission.partnerStatuses).toContainEqual({
      type: 'Fail',
      message: 'MSRP is required',
    });
  });

  it('a submission without a partner has no partner statuses: N/A', async () => {
    const id = await submit(supplier2);
    const [row] = (await supplier2.graphql(GET, { ids: [id] })).json.data.getProductSubmissions;
    expect(row).toMatchObject({ partnerCompanyId: null, partnerStatuses: [], partnerStatusLabel: 'N/A' });
    await supplier2.graphql(UPDATE, { rows: [{ id, ...complete }] });
    expect((await stored(id)).partnerStatusLabel).toBe('N/A');
  });

  it('the activity partner filter lists only that partner’s submissions', async () => {
    const withPartner = await submit(supplier);
    const without = await submit(supplier2);
    const q = `query($p: Int) { getProductSubmissionsByStatuses(tab: all, pageSize: 100, partnerCompanyId: $p) { total items { id partnerCompanyId partnerStatusLabel } } }`;
    const filtered = (await supplier.graphql(q, { p: 30443 })).json.data.getProductSubmissionsByStatuses;
    expect(filtered.items.map((i: any) => i.id)).toContain(withPartner);
    expect(filtered.items.map((i: any) => i.id)).not.toContain(without);
    expect(filtered.items.every((i: any) => i.partnerCompanyId === 30443 && i.partnerStatusLabel !== 'N/A')).toBe(true);
    const all = (await supplier.graphql(q, { p: null })).json.data.getProductSubmissionsByStatuses;
    expect(all.items.find((i: any) => i.id === without).partnerStatusLabel).toBe('N/A');
  });
});

describe(`bulk edit reference data (${databaseKind})`, () => {
  it('searchMarketAccountsByName finds by part of the name, case-insensitive, with the market id', async () => {
    const res = await supplier.graphql(
      `query($n: String!) { searchMarketAccountsByName(name: $n) { id name marketId } }`,
      { n: 'whole foods' },
    );
    expect(res.json.data.searchMarketAccountsByName).toEqual([
      { id: 1, name: 'Whole Foods Market - Northeast', marketId: 1 },
      { id: 2, name: 'Whole Foods Market - Pacific Northwest', marketId: 2 },
      { id: 3, name: 'Whole Foods Market - Southern Pacific', marketId: 3 },
    ]);
    const wild = await supplier.graphql(`query($n: String!) { searchMarketAccountsByName(name: $n) { id } }`, {
      n: '%',
    });
    expect(wild.json.data.searchMarketAccountsByName).toEqual([]);
  });

  it('attributes, suggested classes and UOM come from the reference tables loaded from the seed files', async () => {
    const res = await supplier.graphql(`query { attributes { id name } suggestedClasses unitsOfMeasure }`);
    expect(res.json.data.attributes).toHaveLength(readBulkEditOptions().attributes.length);
    expect(res.json.data.attributes[0]).toEqual({ id: 1, name: 'Dairy Free' });
    expect(res.json.data.suggestedClasses).toEqual([...SUGGESTED_CLASSES]);
    expect(res.json.data.unitsOfMeasure).toEqual([...UOM_OPTIONS]);
    expect(errorOf(await new Client(server.url).graphql(`query { attributes { id } }`)).extensions.code).toBe(
      'UNAUTHORIZED',
    );
  });

  it('loading the reference data again is idempotent', async () => {
    await loadBulkEditOptions(server.database.db);
    const res = await supplier.graphql(`query { attributes { id } suggestedClasses }`);
    expect(res.json.data.attributes).toHaveLength(readBulkEditOptions().attributes.length);
    expect(res.json.data.suggestedClasses).toHaveLength(14);
  });

  it('brand search: a supplier sees only its own company, staff any supplier', async () => {
    const q = `query($n: String!) { searchBrandsByName(name: $n) { id name } }`;
    expect((await supplier.graphql(q, { n: '' })).json.data.searchBrandsByName).toEqual([
      { id: 1001, name: 'Green Valley Foods' },
    ]);
    expect((await supplier.graphql(q, { n: 'harbor' })).json.data.searchBrandsByName).toEqual([]);
    expect((await admin.graphql(q, { n: 'harbor' })).json.data.searchBrandsByName).toEqual([
      { id: 1002, name: 'Blue Harbor Snacks' },
    ]);
  });

  it('bulkEditSettings lists the steps and columns from the partner rules (at most 4 steps)', async () => {
    const q = `query($p: Int) { bulkEditSettings(partnerCompanyId: $p) { partnerCompanyId steps { name columns { field label kind required } } } }`;
    const res = (await supplier.graphql(q, { p: null })).json.data.bulkEditSettings;
    expect(res.steps.map((s: any) => s.name)).toEqual(['Basic Attributes', 'Placement', 'Pricing', 'Promotion']);
    expect(res.steps[0].columns[0]).toEqual({
      field: 'productName',
      label: 'Product Name',
      kind: 'text',
      required: true,
    });
    expect(errorOf(await supplier.graphql(q, { p: 1002 })).extensions.code).toBe('NOT_FOUND');
  });
});
