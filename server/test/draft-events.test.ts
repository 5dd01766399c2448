import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { readEvents } from './support/event-stream.ts';

// Issue 20 item 5: GET /api/draftSubmissions/:id/events pushes each file's result (its codes, how they were read,
// its photo checks) to Enter UPC(s) the moment the media job stores it; readable exactly by who may read the draft.
let server: TestServer;
let supplier: Client;
let colleague: Client;
let other: Client;
let draftId: string;
beforeAll(async () => {
  server = await startTestServer();
  [supplier, colleague, other] = [new Client(server.url), new Client(server.url), new Client(server.url)];
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await colleague.login('supplier2@example.com', 'Supplier-demo-2');
  await other.login('other@example.com', 'Other-demo-1');
  const draft = await supplier.upload('/api/draftSubmissions', [
    { name: 'front.png', data: await barcodeImage('036000291452'), type: 'image/png' },
    { name: 'back.png', data: await barcodeImage('4006381333931'), type: 'image/png' },
  ]);
  expect(draft.status).toBe(201);
  draftId = draft.json.id;
});
afterAll(() => server?.close());

const eventsPath = (id: string) => `/api/draftSubmissions/${id}/events`;

describe(`draft events (${databaseKind})`, () => {
  it('refuses a visitor (401), and answers 404 to a supplier of another company and to an unknown draft', async () => {
    for (const [client, status] of [
      [new Client(server.url), 401],
      [other, 404],
    ] as const) {
      const res = await readEvents(server.url, eventsPath(draftId), client);
      expect(res.status).toBe(status);
      expect(res.json).toMatchObject({ code: status === 401 ? 'UNAUTHORIZED' : 'NOT_FOUND' });
      expect(JSON.stringify(res.json)).not.toContain('front.png');
    }
    expect((await readEvents(server.url, eventsPath('00000000-0000-4000-8000-000000000000'), supplier)).status).toBe(
      404,
    );
  });

  it("sends every file at once, then each file's codes, how they were read and its photo checks when its job stores them", async () => {
    const events = await readEvents(server.url, eventsPath(draftId), supplier);
    try {
      expect(events.status).toBe(200);
      expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(events.headers.get('cache-control')).toBe('no-store');
      const first = [await events.next(), await events.next()];
      expect(first.map((e) => [e.event, e.data.fileName, e.data.detectionStatus])).toEqual([
        ['file', 'front.png', 'pending'],
        ['file', 'back.png', 'pending'],
      ]);
      // The media jobs run (here by draining the queue; in the portal a woken worker); no request asks for anything.
      await server.ctx.jobs!.drain();
      const done = new Map<string, Record<string, unknown>>();
      while (done.size < 2) {
        const e = await events.until((x) => x.data.detectionStatus === 'done');
        done.set(e.data.fileName, e.data);
      }
      expect(done.get('front.png')).toMatchObject({
        detectedUpcs: ['0036000291452'],
        detectedUpc: '0036000291452',
        detectedFrom: 'bars',
        thumbnailReady: true,
      });
      // The small generated picture fails the resolution check: its warning comes with the code.
      expect(done.get('front.png')!.qualityIssues).toEqual([expect.objectContaining({ code: 'LOW_RESOLUTION' })]);
      expect(done.get('back.png')).toMatchObject({ detectedUpcs: ['4006381333931'], detectedFrom: 'bars' });
    } finally {
      events.close();
    }
  });

  it('a colleague of the same company may follow the draft, as they may read it', async () => {
    const events = await readEvents(server.url, eventsPath(draftId), colleague);
    try {
      expect(events.status).toBe(200);
      expect((await events.next()).data).toMatchObject({ fileName: 'front.png', detectedUpcs: ['0036000291452'] });
    } finally {
      events.close();
    }
  });

  it('tells the page when the draft is gone (submitted or deleted) and ends the stream', async () => {
    const draft = await supplier.upload('/api/draftSubmissions', [
      { name: 'gone.png', data: await barcodeImage('036000291452'), type: 'image/png' },
    ]);
    const events = await readEvents(server.url, eventsPath(draft.json.id), supplier);
    expect((await events.next()).data.fileName).toBe('gone.png');
    const deleted = await supplier.graphql('mutation($id: ID!) { deleteDraftSubmission(id: $id) }', {
      id: draft.json.id,
    });
    expect(deleted.json.errors).toBeUndefined();
    expect((await events.until((e) => e.event !== 'file')).event).toBe('gone');
    await events.ended();
  });

  it('closing the server ends the open streams instead of waiting for them', async () => {
    const events = await readEvents(server.url, eventsPath(draftId), supplier);
    await events.next();
    await server.close();
    await events.ended();
    server = undefined as never;
  });
});
