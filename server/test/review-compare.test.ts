import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { EMPTY_PRODUCT_FACTS, toEan13, type ProductFacts } from '@portal/domain';
import { cataloguedProducts, productSubmissions } from '../src/db/schema.ts';
import { barcodeImage } from './fixtures.ts';
import { Client, startTestServer, type TestServer } from './harness.ts';
import { aSubmission, aUpc, FRESH_MARKET } from './support/factories.ts';

/**
 * Deciding with the context (GET /api/review/items/{id}/compare): the catalogued product's certified values and
 * images beside the proposal, differences marked; a resubmission beside the version rejected, with that rejection's
 * comments, among them comments on any attribute of the proposal. Staff with review rights only.
 */

let server: TestServer;
let admin: Client;
let viewer: Client;
let supplier: Client;
let other: Client;

beforeAll(async () => {
  server = await startTestServer();
  [admin, viewer, supplier, other] = [1, 2, 3, 4].map(() => new Client(server.url));
  await admin.login('admin@example.com', 'Admin-demo-1');
  await viewer.login('viewer@example.com', 'Viewer-demo-1');
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await other.login('other@example.com', 'Other-demo-1');
});
afterAll(() => server?.close());

/** A pending submission of the demo supplier with two files (front.png, back.png) and a brand. */
async function pending(upc: string): Promise<string> {
  const row = await aSubmission(server, {
    partner: FRESH_MARKET,
    imported: true,
    upc,
    name: 'Sparkling water',
    files: [{ name: 'front.png' }, { name: 'back.png' }],
  });
  await server.database.db
    .update(productSubmissions)
    .set({ brand: 'Green Valey', msrp: 3.5 })
    .where(eq(productSubmissions.id, row.id));
  await server.ctx.jobs!.drain();
  return row.id;
}

const compare = (client: Client, id: string) => client.get(`/api/review/items/${id}/compare`);

describe('the proposal beside the catalogue and the rejected version', () => {
  it('shows the catalogued product of the UPC, its certified values beside the proposal with the differences marked', async () => {
    const upc = aUpc('77');
    const id = await pending(upc);
    const before = await compare(admin, id);
    expect(before.status, before.text).toBe(200);
    expect(before.json).toMatchObject({ catalogued: null, previous: null });
    expect(before.json.values).toMatchObject({
      upc,
      productName: 'Sparkling water',
      brand: 'Green Valey',
      msrp: '3.5',
    });

    await server.database.db.insert(cataloguedProducts).values({
      ean13Upc: toEan13(upc)!,
      description: 'SPARKLING  WATER',
      brand: 'Blue Spring',
      department: 'Beverages',
      itemSize: '1',
      unitsOfMeasure: 'L',
      packCount: 6,
    });
    const res = await compare(admin, id);
    expect(res.status, res.text).toBe(200);
    const c = res.json.catalogued;
    expect(c).toMatchObject({ ean13Upc: toEan13(upc), isDelisted: false });
    const row = (label: string) => c.rows.find((r: { label: string }) => r.label === label);
    // Case and spacing do not make a difference; another brand does; an empty proposal field says nothing.
    expect(row('Description (product name)')).toEqual({
      label: 'Description (product name)',
      certified: 'SPARKLING  WATER',
      proposed: 'Sparkling water',
      differs: false,
    });
    expect(row('Brand')).toMatchObject({ certified: 'Blue Spring', proposed: 'Green Valey', differs: true });
    expect(row('Size')).toMatchObject({ certified: '1', proposed: null, differs: false });
    expect(row('Department')).toEqual({ label: 'Department', certified: 'Beverages', differs: false });
    expect(Array.isArray(c.images)).toBe(true);
  });

  it('diffs a resubmission against the rejected version, with the comments of that rejection on any attribute', async () => {
    const upc = aUpc('77');
    const id = await pending(upc);
    const rejected = await admin.post('/api/review/decisions', {
      ids: [id],
      decision: 'reject',
      reason: 'Please fix the brand and the back photo.',
      comments: [
        { target: 'brand', text: 'The brand is misspelt.' },
        { target: 'msrp', text: 'The MSRP looks too low.' },
        { target: 'file', fileName: 'back.png', text: 'The back is out of focus.' },
      ],
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.json.results[0].outcome).toBe('rejected');

    // The supplier sees the comments on the attributes at their fields (GraphQL names the target).
    const seen = await supplier.graphql(
      'query($id: ID!) { getProductSubmission(id: $id) { reviewComments { target text } } }',
      { id },
    );
    expect(seen.json.data.getProductSubmission.reviewComments).toEqual([
      { target: 'brand', text: 'The brand is misspelt.' },
      { target: 'msrp', text: 'The MSRP looks too low.' },
      { target: 'file', text: 'The back is out of focus.' },
    ]);

    const image = await barcodeImage(upc);
    const resubmitted = await supplier.upload(
      '/api/productSubmissions/resubmit',
      [
        { name: 'front.png', data: image, type: 'image/png' },
        { name: 'side.png', data: image, type: 'image/png' },
      ],
      'files',
      { id, upc },
    );
    expect(resubmitted.status, resubmitted.text).toBe(200);
    await server.ctx.jobs!.drain();
    // Edited after the resubmission too (the bulk edit): the diff is against what was rejected, whatever came since.
    await server.database.db
      .update(productSubmissions)
      .set({ brand: 'Green Valley' })
      .where(eq(productSubmissions.id, id));

    const res = await compare(admin, id);
    expect(res.status, res.text).toBe(200);
    const p = res.json.previous;
    expect(p).toMatchObject({
      rejectedBy: 'Ada Admin',
      toStatus: 'ADMIN_REJECTED',
      reason: 'Please fix the brand and the back photo.',
    });
    expect(p.comments.map((c: { target: string; text: string }) => [c.target, c.text])).toEqual([
      ['brand', 'The brand is misspelt.'],
      ['msrp', 'The MSRP looks too low.'],
      ['file', 'The back is out of focus.'],
    ]);
    const field = (name: string) => p.fields.find((f: { field: string }) => f.field === name);
    expect(field('brand')).toEqual({
      field: 'brand',
      label: 'Brand',
      before: 'Green Valey',
      after: 'Green Valley',
      changed: true,
    });
    expect(field('upc')).toMatchObject({ before: upc, after: upc, changed: false });
    expect(field('msrp')).toMatchObject({ before: '3.5', after: '3.5', changed: false });
    expect(p.files.map((f: { fileName: string; change: string }) => [f.fileName, f.change])).toEqual([
      ['front.png', 'replaced'],
      ['side.png', 'added'],
      ['back.png', 'removed'],
    ]);
  });

  it('shows the product facts before and after: each fact that changed, added or removed', async () => {
    const upc = aUpc('77');
    const id = await pending(upc);
    const rejectedFacts: ProductFacts = {
      ...EMPTY_PRODUCT_FACTS,
      calories: 300,
      nutrients: {
        sodium: { amount: 510, unit: 'MGM', dailyValuePercent: 22 },
        protein: { amount: 3, unit: 'GRM', dailyValuePercent: null },
      },
      netContent: { printed: 'NET WT 12 OZ (340 g)', quantity: 340, unit: 'GRM' },
      allergens: 'Contains: milk.',
    };
    await server.database.db
      .update(productSubmissions)
      .set({ facts: rejectedFacts })
      .where(eq(productSubmissions.id, id));
    const rejected = await admin.post('/api/review/decisions', {
      ids: [id],
      decision: 'reject',
      reason: 'Sodium is 150 mg on the panel.',
      comments: [{ target: 'sodium', text: 'The panel says 150 mg.' }],
    });
    expect(rejected.status, rejected.text).toBe(200);

    const resubmittedFacts: ProductFacts = {
      ...rejectedFacts,
      nutrients: {
        sodium: { amount: 150, unit: 'MGM', dailyValuePercent: 7 },
        totalSugars: { amount: 12, unit: 'GRM', dailyValuePercent: null },
      },
      allergens: null,
    };
    const image = await barcodeImage(upc);
    const resubmitted = await supplier.upload(
      '/api/productSubmissions/resubmit',
      [{ name: 'front.png', data: image, type: 'image/png' }],
      'files',
      { id, upc, facts: JSON.stringify(resubmittedFacts) },
    );
    expect(resubmitted.status, resubmitted.text).toBe(200);

    const res = await compare(admin, id);
    expect(res.status, res.text).toBe(200);
    expect(res.json.previous.facts).toEqual([
      { field: 'sodium', label: 'Sodium', before: '510 mg (22 % DV)', after: '150 mg (7 % DV)', change: 'changed' },
      { field: 'totalSugars', label: 'Total Sugars', before: null, after: '12 g', change: 'added' },
      { field: 'protein', label: 'Protein', before: '3 g', after: null, change: 'removed' },
      { field: 'allergens', label: 'Allergens', before: 'Contains: milk.', after: null, change: 'removed' },
    ]);
    // The values left alone (calories, net content) are not listed: nothing changed there.

    // A version kept before its facts were says so (null), rather than claiming every fact was added.
    await server.database.db.execute(
      sql`update submission_versions set facts = null, facts_kept = false where submission_id = ${id}::uuid`,
    );
    expect((await compare(admin, id)).json.previous.facts).toBeNull();
  });

  it('is for staff with review rights only: suppliers, a read-only administrator and strangers are refused', async () => {
    const id = await pending(aUpc('77'));
    expect((await compare(supplier, id)).status).toBe(403);
    expect((await compare(other, id)).status).toBe(403);
    expect((await compare(viewer, id)).status).toBe(403);
    expect((await compare(new Client(server.url), id)).status).toBe(401);
    expect((await compare(admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await compare(admin, 'not-a-uuid')).status).toBe(400);
  });

  it('refuses a comment on a field that is not an attribute of the proposal', async () => {
    const id = await pending(aUpc('77'));
    const res = await admin.post('/api/review/decisions', {
      ids: [id],
      decision: 'reject',
      reason: 'No.',
      comments: [{ target: 'colour', text: 'Not a field.' }],
    });
    expect(res.status).toBe(400);
  });
});
