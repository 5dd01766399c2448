import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EMPTY_PRODUCT_FACTS, v1CataloguePage, v1FeedPage, v1Submission, type ProductFacts } from '@portal/domain';
import { draftFiles } from '../src/db/schema.ts';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';

// Product facts past the draft: Submit carries them with their sources into the submission, resubmit and images of a
// catalogued product let the supplier edit them, cataloguing certifies them; every surface answers them.
let server: TestServer;
let c: Awaited<ReturnType<typeof demoClients>>;
beforeAll(async () => {
  server = await startTestServer();
  c = await demoClients(server);
});
afterAll(() => server?.close());

const UPC = '036000291452';
const REGION = { x: 0.1, y: 0.3, width: 0.5, height: 0.05 };
/** A label whose calories (300) disagree with its macronutrients (4 × 37 + 4 × 3 + 9 × 8 = 232). */
const LABEL: ProductFacts = {
  ...EMPTY_PRODUCT_FACTS,
  servingSize: { printed: '2/3 cup (55g)', quantity: 55, unit: 'GRM' },
  calories: 300,
  nutrients: {
    totalFat: { amount: 8, unit: 'GRM', dailyValuePercent: 10 },
    totalCarbohydrate: { amount: 37, unit: 'GRM', dailyValuePercent: 13 },
    protein: { amount: 3, unit: 'GRM', dailyValuePercent: null },
    // Printed as a % Daily Value alone, as labels before 2016 print vitamins and minerals: no amount.
    calcium: { amount: null, unit: 'MGM', dailyValuePercent: 4 },
  },
  allergens: 'Contains: oats.',
};

const DETAIL = `query($id: ID!) { getProductSubmission(id: $id) { itemStatus
  facts { basis calories servingSize { printed quantity unit } nutrients { key amount unit dailyValuePercent } allergens }
  factSources { field source fileName region { x y width height } }
  labelDisagreements { check message } } }`;
const detail = async (client: Client, id: string) => (await client.graphql(DETAIL, { id })).json;
const decide = (id: string, status: string, reason?: string) =>
  c.admin.graphql(
    `mutation($id: ID!, $status: DecisionStatus!, $reason: String) {
      updateProductSubmissionStatus(id: $id, status: $status, reason: $reason) { itemStatus } }`,
    { id, status, reason },
  );

async function latestEventCursor(client: Client) {
  const res = await client.get('/api/v1/events?limit=1');
  let cursor: string = res.json.next_cursor;
  for (let page = res.json; page.has_more;) {
    page = (await client.get(`/api/v1/events?limit=100&after=${cursor}`)).json;
    cursor = page.next_cursor;
  }
  return cursor;
}

describe(`product facts past the draft (${databaseKind})`, () => {
  let id: string;
  let token: Client;
  let feedStart: string;

  it('Submit carries the facts and their sources (photo region with its file, typed) into the submission', async () => {
    token = (await c.supplier.tokenClient(['read:productsubmissions', 'write:productsubmissions'])).client;
    feedStart = await latestEventCursor(token);
    const draft = await c.supplier.upload('/api/draftSubmissions', [
      { name: 'panel.png', data: await barcodeImage(UPC), type: 'image/png' },
    ]);
    expect(draft.status).toBe(201);
    const draftId = draft.json.id as string;
    // The photo's reading of the calories, as the text-reading job stores it (the OCR itself is product-facts.test.ts).
    await server.database.db
      .update(draftFiles)
      .set({ factReadings: [{ field: 'calories', value: 300, confidence: 0.97, region: REGION }] })
      .where(eq(draftFiles.draftId, draftId));
    const saved = await c.supplier.request('PUT', `/api/draftSubmissions/${draftId}/facts/panel.png`, {
      facts: LABEL,
      dismiss: [],
    });
    expect(saved.status, saved.text).toBe(200);
    await c.supplier.graphql(
      `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`,
      { id: draftId, input: { files: [{ fileName: 'panel.png', upc: UPC, productName: 'Rolled oats' }] } },
    );
    const submitted = await c.supplier.graphql(
      `mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`,
      { id: draftId },
    );
    expect(submitted.json.errors, submitted.text).toBeUndefined();
    id = submitted.json.data.submitProductsFromDraftSubmission[0].id;

    const shown = (await detail(c.supplier, id)).data.getProductSubmission;
    expect(shown.facts).toMatchObject({ basis: 'serving', calories: 300, allergens: 'Contains: oats.' });
    expect(shown.facts.nutrients.map((n: { key: string }) => n.key)).toEqual([
      'totalFat',
      'totalCarbohydrate',
      'protein',
      'calcium',
    ]);
    expect(shown.facts.nutrients[3]).toEqual({ key: 'calcium', amount: null, unit: 'MGM', dailyValuePercent: 4 });
    expect(shown.factSources).toContainEqual({
      field: 'calories',
      source: 'photo',
      fileName: 'panel.png',
      region: REGION,
    });
    expect(shown.factSources).toContainEqual({ field: 'protein', source: 'typed', fileName: null, region: null });
    // The label's arithmetic names the numbers that disagree.
    expect(shown.labelDisagreements).toEqual([
      {
        check: 'calories',
        message: 'Calories 300 disagree with 4 × 37 g carbohydrate + 4 × 3 g protein + 9 × 8 g fat = 232.',
      },
    ]);
  });

  it('a supplier of another company cannot see them', async () => {
    const foreign = await detail(c.other, id);
    expect(foreign.data?.getProductSubmission ?? null).toBeNull();
    expect(foreign.errors[0].extensions.code).toBe('NOT_FOUND');
    const otherToken = (await c.other.tokenClient(['read:productsubmissions'])).client;
    expect((await otherToken.get(`/api/v1/submissions/${id}`)).status).toBe(404);
  });

  it('REST v1 answers them typed, and the change feed (as the webhooks) carries them', async () => {
    const res = await token.get(`/api/v1/submissions/${id}`);
    expect(res.status).toBe(200);
    const body = v1Submission.parse(res.json);
    expect(body.facts).toEqual(LABEL);
    expect(body.fact_sources.calories).toEqual({ source: 'photo', region: REGION, fileName: 'panel.png' });
    expect(body.label_disagreements.map((d) => d.check)).toEqual(['calories']);

    const feed = await token.get(`/api/v1/events?limit=100&after=${feedStart}`);
    const created = v1FeedPage
      .parse(feed.json)
      .items.find((e) => e.type === 'submission.created' && e.data.submissionId === id);
    expect(created?.data).toMatchObject({ facts: LABEL, factSources: { calories: { source: 'photo' } } });
  });

  it('resubmit refuses invalid facts with a clear 400, and lets the supplier edit them (an edited value is typed)', async () => {
    expect((await decide(id, 'ADMIN_REJECTED', 'The calories are wrong.')).json.errors).toBeUndefined();
    const files = [{ name: 'panel2.png', data: await barcodeImage(UPC), type: 'image/png' }];
    const bad = await c.supplier.upload('/api/productSubmissions/resubmit', files, 'files', {
      id,
      upc: UPC,
      facts: JSON.stringify({ ...LABEL, calories: -5 }),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^facts\.calories: /);
    const notJson = await c.supplier.upload('/api/productSubmissions/resubmit', files, 'files', {
      id,
      upc: UPC,
      facts: '{calories: 230',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.json.message).toContain('The product facts are not valid JSON.');

    const corrected = { ...LABEL, calories: 230 };
    const ok = await c.supplier.upload('/api/productSubmissions/resubmit', files, 'files', {
      id,
      upc: UPC,
      facts: JSON.stringify(corrected),
    });
    expect(ok.status, ok.text).toBe(200);
    const shown = (await detail(c.supplier, id)).data.getProductSubmission;
    expect(shown.facts.calories).toBe(230);
    expect(shown.factSources).toContainEqual({ field: 'calories', source: 'typed', fileName: null, region: null });
    expect(shown.factSources).toContainEqual({ field: 'protein', source: 'typed', fileName: null, region: null });
    expect(shown.labelDisagreements).toEqual([]);
  });

  it('a resubmit without facts keeps them; REST v1 resubmit refuses invalid ones', async () => {
    expect((await decide(id, 'ADMIN_REJECTED', 'Blurry.')).json.errors).toBeUndefined();
    const files = [{ name: 'panel3.png', data: await barcodeImage(UPC), type: 'image/png' }];
    const bad = await token.upload(`/api/v1/submissions/${id}/resubmit`, files, 'files', {
      upc: UPC,
      facts: JSON.stringify({ ...LABEL, basis: 'per litre' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toHaveProperty(['facts.basis']);
    const kept = await token.upload(`/api/v1/submissions/${id}/resubmit`, files, 'files', { upc: UPC });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json.facts.calories).toBe(230);
  });

  it('cataloguing certifies them on the product (GraphQL, REST v1); new images start from them or edit them', async () => {
    expect((await decide(id, 'ACCEPTED')).json.errors).toBeUndefined();
    const catalogued = await c.admin.graphql(
      `mutation($id: ID!, $input: CertifiedValuesInput!) { catalogueSubmission(id: $id, input: $input) { itemStatus } }`,
      { id, input: { description: 'Rolled oats', brand: 'Green Valley', itemSize: '55', unitsOfMeasure: 'g' } },
    );
    expect(catalogued.json.errors, catalogued.text).toBeUndefined();
    const ean = `0${UPC}`;
    const product = await c.supplier.graphql(
      `query($e: String!) { getCataloguedProduct(ean13Upc: $e) { facts { calories allergens } } }`,
      { e: ean },
    );
    expect(product.json.data.getCataloguedProduct.facts).toEqual({ calories: 230, allergens: 'Contains: oats.' });
    const page = v1CataloguePage.parse((await token.get('/api/v1/catalogue/products?limit=100')).json);
    expect(page.items.find((p) => p.ean13_upc === ean)?.facts?.calories).toBe(230);

    const files = [{ name: 'new.png', data: await barcodeImage(UPC), type: 'image/png' }];
    const bad = await c.supplier.upload(`/api/cataloguedProducts/${ean}/images`, files, 'files', {
      facts: JSON.stringify({ ...LABEL, nutrients: { caffeine: { amount: 1, unit: 'MGM', dailyValuePercent: null } } }),
    });
    expect(bad.status).toBe(400);
    const same = await c.supplier.upload(`/api/cataloguedProducts/${ean}/images`, files);
    expect(same.status, same.text).toBe(201);
    expect((await detail(c.supplier, same.json.id)).data.getProductSubmission).toMatchObject({
      facts: { calories: 230 },
      factSources: [],
    });
    const edited = await c.supplier.upload(`/api/cataloguedProducts/${ean}/images`, files, 'files', {
      facts: JSON.stringify({ ...LABEL, calories: 240 }),
    });
    expect(edited.status, edited.text).toBe(201);
    const shown = (await detail(c.supplier, edited.json.id)).data.getProductSubmission;
    expect(shown.facts.calories).toBe(240);
    expect(shown.factSources).toContainEqual({ field: 'calories', source: 'typed', fileName: null, region: null });
  });
});
