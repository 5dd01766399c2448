import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FACTS } from '@portal/domain';
import { plainImage } from './fixtures.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';

// Enter UPC(s) reads each file's product facts (with their sources and the readings still to decide) from
// GET /api/draftSubmissions/:id; photos are not read here (READ_PHOTO_TEXT is off in the harness).
let server: TestServer;
let supplier: Client;
let other: Client;
let signedOut: Client;
beforeAll(async () => {
  server = await startTestServer();
  [supplier, other, signedOut] = [new Client(server.url), new Client(server.url), new Client(server.url)];
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await other.login('other@example.com', 'Other-demo-1');
});
afterAll(() => server?.close());

describe(`a draft's product facts for Enter UPC(s) (${databaseKind})`, () => {
  it('answers the draft with the facts the supplier saved and where each came from; only to its company', async () => {
    const created = await supplier.upload('/api/draftSubmissions', [
      { name: 'back.png', data: await plainImage(), type: 'image/png' },
    ]);
    expect(created.status).toBe(201);
    // Reading is off here: nothing will read the photo, and the page must not wait for it.
    expect(created.json.files[0]).toMatchObject({ factReadingStatus: 'done', factSuggestions: [] });
    const id: string = created.json.id;
    const typed = { ...EMPTY_PRODUCT_FACTS, calories: 120, allergens: 'Contains: milk.' };
    const saved = await supplier.request('PUT', `/api/draftSubmissions/${id}/facts/back.png`, {
      facts: typed,
      dismiss: ['ingredients'],
    });
    expect(saved.status).toBe(200);

    const read = await supplier.request('GET', `/api/draftSubmissions/${id}`);
    expect(read.status).toBe(200);
    expect(read.json.files[0]).toMatchObject({
      fileName: 'back.png',
      facts: typed,
      factSources: { calories: { source: 'typed', region: null }, allergens: { source: 'typed', region: null } },
      factSuggestions: [],
    });

    expect((await other.request('GET', `/api/draftSubmissions/${id}`)).status).toBe(404);
    expect((await signedOut.request('GET', `/api/draftSubmissions/${id}`)).status).toBe(401);
  });
});
