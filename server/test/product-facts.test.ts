import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFactSuggestion, EMPTY_PRODUCT_FACTS, SURE_CONFIDENCE, type FactReading } from '@portal/domain';
import { readEvents } from './support/event-stream.ts';
import { nutritionPanelPhoto, PANEL_FACTS } from './support/nutrition-panel.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { aCatalogueProduct, aSubmission } from './support/factories.ts';
import { eq } from 'drizzle-orm';
import { productSubmissions } from '../src/db/schema.ts';

// The one test file that runs the OCR models: one photo, read once (about 5 s of CPU); the rest of label reading is
// tested on text lines (packages/domain/src/label-reading.test.ts).
let server: TestServer;
let supplier: Client;
let other: Client;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer({ READ_PHOTO_TEXT: 'on' });
  [supplier, other, admin] = [new Client(server.url), new Client(server.url), new Client(server.url)];
  await admin.login('admin@example.com', 'Admin-demo-1');
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await other.login('other@example.com', 'Other-demo-1');
});
afterAll(() => server?.close());

type File = {
  fileName: string;
  facts: typeof EMPTY_PRODUCT_FACTS | null;
  factSources: Record<string, { source: string; region: object | null }>;
  factReadingStatus: string;
  factSuggestions: FactReading[];
};

describe(`product facts read from a package photo (${databaseKind})`, () => {
  let draftId: string;
  let suggestions: FactReading[];
  const facts = () => `/api/draftSubmissions/${draftId}/facts/panel.jpg`;

  it('reads an uploaded panel photo in the background and pushes its suggestions to the open page', async () => {
    const photo = await nutritionPanelPhoto({ angle: 3, blur: 0.7 });
    const created = await supplier.upload('/api/draftSubmissions', [{ name: 'panel.jpg', data: photo }]);
    expect(created.status).toBe(201);
    draftId = created.json.id;
    expect(created.json.files[0]).toMatchObject({ factReadingStatus: 'pending', factSuggestions: [], facts: null });

    const events = await readEvents(server.url, `/api/draftSubmissions/${draftId}/events`, supplier);
    try {
      await server.ctx.jobs!.drain();
      const read = await events.until((e) => e.event === 'file' && (e.data as File).factReadingStatus === 'done');
      suggestions = (read.data as File).factSuggestions;
    } finally {
      events.close();
    }
    const value = (field: string) => suggestions.find((s) => s.field === field)?.value;
    expect(value('calories')).toBe(PANEL_FACTS.calories);
    expect(value('servingSize')).toEqual({ printed: PANEL_FACTS.servingSize, quantity: 55, unit: 'GRM' });
    expect(value('servingsPerContainer')).toEqual({ printed: '8', value: 8 });
    expect(value('totalFat')).toEqual({ amount: 8, unit: 'GRM', dailyValuePercent: 10 });
    expect(value('saturatedFat')).toEqual({ amount: 1, unit: 'GRM', dailyValuePercent: 5 });
    expect(value('sodium')).toEqual({ amount: 160, unit: 'MGM', dailyValuePercent: 7 });
    expect(value('totalCarbohydrate')).toEqual({ amount: 37, unit: 'GRM', dailyValuePercent: 13 });
    expect(value('protein')).toEqual({ amount: 3, unit: 'GRM', dailyValuePercent: null });
    expect(value('netContent')).toMatchObject({ quantity: 340, unit: 'GRM' });
    expect(value('allergens')).toBe(PANEL_FACTS.allergens);
    expect(String(value('ingredients'))).toMatch(/^WHOLE ?GRAIN ?OATS, SUGAR, SALT\.$/);
    // Each with the region it was read from: the calories in the upper part of the photo, on its left half.
    const calories = suggestions.find((s) => s.field === 'calories')!;
    expect(calories.confidence).toBeGreaterThanOrEqual(SURE_CONFIDENCE);
    expect(calories.region.y).toBeGreaterThan(0.25);
    expect(calories.region.y).toBeLessThan(0.45);
    expect(calories.region.x).toBeLessThan(0.5);
  });

  it('records accepted values as read from the photo, a corrected one as corrected; dismissed readings never return', async () => {
    let accepted = { ...EMPTY_PRODUCT_FACTS };
    for (const s of suggestions) if (s.field !== 'allergens') accepted = applyFactSuggestion(accepted, s);
    const corrected = {
      ...accepted,
      nutrients: { ...accepted.nutrients, protein: { amount: 4, unit: 'GRM' as const, dailyValuePercent: null } },
    };
    const saved = await supplier.request('PUT', facts(), { facts: corrected, dismiss: ['allergens'] });
    expect(saved.status).toBe(200);
    const file: File = saved.json.files[0];
    expect(file.facts).toEqual(corrected);
    expect(file.factSources.calories).toEqual({
      source: 'photo',
      region: suggestions.find((s) => s.field === 'calories')!.region,
    });
    // A nutrient too (an object, which the database stores with its keys in another order).
    expect(file.factSources.totalFat).toEqual({
      source: 'photo',
      region: suggestions.find((s) => s.field === 'totalFat')!.region,
    });
    expect(file.factSources.protein).toMatchObject({ source: 'corrected' });
    expect(file.factSuggestions).toEqual([]); // every field is filled or dismissed

    // Saved again as is: the typed protein stays, the dismissed allergens are not offered again.
    const again = await supplier.request('PUT', facts(), { facts: corrected, dismiss: [] });
    expect(again.json.files[0].facts.nutrients.protein.amount).toBe(4);
    expect(again.json.files[0].factSuggestions).toEqual([]);
  });

  it('clearing a field brings its reading back; a typed value with no reading is recorded as typed', async () => {
    const current = (await supplier.request('PUT', facts(), { facts: null, dismiss: [] })).json.files[0] as File;
    expect(current.factSuggestions.map((s) => s.field)).toContain('calories');
    expect(current.factSuggestions.map((s) => s.field)).not.toContain('allergens');
    const typed = {
      ...EMPTY_PRODUCT_FACTS,
      nutrients: { iron: { amount: 2, unit: 'MGM' as const, dailyValuePercent: 10 } },
    };
    const saved = (await supplier.request('PUT', facts(), { facts: typed, dismiss: [] })).json.files[0] as File;
    expect(saved.factSources).toEqual({ iron: { source: 'typed', region: null } });
  });

  it('refuses facts that break the schema, and another company', async () => {
    const bad = await supplier.request('PUT', facts(), {
      facts: { ...EMPTY_PRODUCT_FACTS, calories: -5 },
      dismiss: [],
    });
    expect(bad.status).toBe(400);
    // Only a vitamin or mineral may be a % Daily Value alone: a fat's amount is printed on every label.
    const percentOnly = await supplier.request('PUT', facts(), {
      facts: { ...EMPTY_PRODUCT_FACTS, nutrients: { totalFat: { amount: null, unit: 'GRM', dailyValuePercent: 10 } } },
      dismiss: [],
    });
    expect(percentOnly.status).toBe(400);
    expect(percentOnly.text).toContain('Enter the amount as well as the % Daily Value.');
    const unknown = await supplier.request('PUT', facts(), { facts: null, dismiss: ['caffeine'] });
    expect(unknown.status).toBe(400);
    const foreign = await other.request('PUT', facts(), { facts: null, dismiss: [] });
    expect(foreign.status).toBe(404);
  });
});

type SubmissionFacts = {
  fileName: string | null;
  imageUrl: string | null;
  facts: typeof EMPTY_PRODUCT_FACTS | null;
  factSources: Record<string, { source: string; region: object | null; fileName: string | null }>;
  factReadingStatus: string;
  factSuggestions: FactReading[];
  canDecide: boolean;
};

describe(`facts read from photos added on resubmit and for a catalogued product (${databaseKind})`, () => {
  let id: string;
  const view = async (client: Client = supplier) => {
    const res = await client.get(`/api/productSubmissions/${id}/facts`);
    expect(res.status, res.text).toBe(200);
    return res.json as SubmissionFacts;
  };
  const decide = (body: object, client: Client = supplier) =>
    client.request('PUT', `/api/productSubmissions/${id}/facts/panel.jpg`, body);

  it('resubmit with a panel photo: its facts are offered as suggestions, never over a value the supplier typed', async () => {
    const rejected = await aSubmission(server, { status: 'ADMIN_REJECTED', files: [{ name: 'front.png' }] });
    id = rejected.id;
    // The supplier typed the calories before: no reading replaces them.
    await server.database.db
      .update(productSubmissions)
      .set({
        facts: { ...EMPTY_PRODUCT_FACTS, calories: 250 },
        factSources: { calories: { source: 'typed', region: null, fileName: null } },
      })
      .where(eq(productSubmissions.id, id));
    const before = await view();
    expect(before).toMatchObject({ factReadingStatus: 'none', factSuggestions: [], fileName: null });
    // The detail page asks for the facts to decide only when a photo is read: each file says whether it is.
    const readingOfFiles = async () => {
      const res = await supplier.graphql(
        'query($id: ID!) { getProductSubmission(id: $id) { files { fileName factReadingStatus } } }',
        { id },
      );
      return (
        res.json.data as { getProductSubmission: { files: { fileName: string; factReadingStatus: string | null }[] } }
      ).getProductSubmission.files;
    };
    expect(await readingOfFiles()).toEqual([{ fileName: 'front.png', factReadingStatus: null }]);

    const resubmitted = await supplier.upload(
      '/api/productSubmissions/resubmit',
      [{ name: 'panel.jpg', data: await nutritionPanelPhoto({ angle: 2, blur: 0.5 }), type: 'image/jpeg' }],
      'files',
      { id, upc: rejected.upc },
    );
    expect(resubmitted.status, resubmitted.text).toBe(200);
    expect(await view()).toMatchObject({ factReadingStatus: 'pending', factSuggestions: [], canDecide: true });

    await server.ctx.jobs!.drain();
    const read = await view();
    expect(read).toMatchObject({ factReadingStatus: 'done', fileName: 'panel.jpg', canDecide: true });
    expect(await readingOfFiles()).toContainEqual({ fileName: 'panel.jpg', factReadingStatus: 'done' });
    expect(read.imageUrl).toBe(`/api/productSubmissions/${id}/image/panel.jpg`);
    const fields = read.factSuggestions.map((s) => s.field);
    expect(fields).toEqual(expect.arrayContaining(['servingSize', 'sodium', 'totalFat', 'allergens']));
    expect(fields).not.toContain('calories');
    expect(read.facts?.calories).toBe(250);
    // The other company's supplier never reaches it.
    expect((await other.get(`/api/productSubmissions/${id}/facts`)).status).toBe(404);
  });

  it('records accepted readings as read from that photo, a dismissed one never returns', async () => {
    const { factSuggestions, facts } = await view();
    const sodium = factSuggestions.find((s) => s.field === 'sodium')!;
    const totalFat = factSuggestions.find((s) => s.field === 'totalFat')!;
    const accepted = applyFactSuggestion(applyFactSuggestion(facts!, sodium), totalFat);
    const corrected = { ...accepted, ingredients: 'WHOLE GRAIN OATS, SUGAR, SALT.' };
    const saved = await decide({ facts: corrected, dismiss: ['allergens'] });
    expect(saved.status, saved.text).toBe(200);
    const after = saved.json as SubmissionFacts;
    expect(after.facts).toEqual(corrected);
    expect(after.factSources.sodium).toEqual({ source: 'photo', region: sodium.region, fileName: 'panel.jpg' });
    expect(after.factSources.calories).toEqual({ source: 'typed', region: null, fileName: null });
    expect(after.factSources.ingredients?.source).toMatch(/^(photo|corrected)$/);
    const left = after.factSuggestions.map((s) => s.field);
    expect(left).not.toContain('sodium');
    expect(left).not.toContain('allergens');
    expect(left).not.toContain('ingredients');
    // What the reviewer and the supplier read is the submission's facts.
    const seen = await supplier.graphql('query($id: ID!) { getProductSubmission(id: $id) { facts { calories } } }', {
      id,
    });
    expect(seen.json.data.getProductSubmission.facts).toEqual({ calories: 250 });

    expect((await decide({ facts: corrected, dismiss: [] }, other)).status).toBe(404);
    expect((await decide({ facts: { ...corrected, calories: -1 }, dismiss: [] })).status).toBe(400);
    const unknownFile = await supplier.request('PUT', `/api/productSubmissions/${id}/facts/front.png`, {
      facts: corrected,
      dismiss: [],
    });
    expect(unknownFile.status).toBe(404);
  });

  it('takes no decision once the item no longer waits for review', async () => {
    const rejected = await admin.post('/api/review/decisions', { ids: [id], decision: 'reject', reason: 'Blurred.' });
    expect(rejected.status, rejected.text).toBe(200);
    expect(await view()).toMatchObject({ canDecide: false, factSuggestions: [] });
    expect((await decide({ facts: null, dismiss: [] })).status).toBe(409);
  });

  it('images for a catalogued product: the facts read from them are offered on the new submission', async () => {
    const { product } = await aCatalogueProduct(server, {});
    const added = await supplier.upload(
      `/api/cataloguedProducts/${product.ean13Upc}/images`,
      [{ name: 'panel.jpg', data: await nutritionPanelPhoto(), type: 'image/jpeg' }],
      'files',
    );
    expect(added.status, added.text).toBe(201);
    id = added.json.id;
    await server.ctx.jobs!.drain();
    const read = await view();
    expect(read).toMatchObject({ factReadingStatus: 'done', fileName: 'panel.jpg', canDecide: true, facts: null });
    expect(read.factSuggestions.find((s) => s.field === 'calories')?.value).toBe(PANEL_FACTS.calories);
  });
});
