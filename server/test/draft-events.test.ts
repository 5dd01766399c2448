import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { DRAFT_EVENT_STREAMS_PER_USER_MAX, DRAFT_EVENTS_MSG } from '@portal/domain';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { readEvents } from './support/event-stream.ts';
import { streamTiming } from '../src/modules/drafts/events.ts';
import { HANG_LIMIT } from './support/wait.ts';

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

  it('signing out ends the streams of that session at once; another session of the user keeps its own', async () => {
    const session = new Client(server.url);
    await session.login('supplier@example.com', 'Supplier-demo-1');
    const ending = await readEvents(server.url, eventsPath(draftId), session);
    const staying = await readEvents(server.url, eventsPath(draftId), supplier);
    await ending.next();
    await staying.next();
    expect((await session.get('/api/auth/logout')).status).toBe(204);
    await vi.waitFor(() => expect(ending.hasEnded()).toBe(true), { ...HANG_LIMIT, interval: 20 });
    // Reconnecting (as the browser does) is refused: the page falls back to reading the draft, which asks to sign in.
    expect((await readEvents(server.url, eventsPath(draftId), session)).status).toBe(401);
    expect(staying.hasEnded()).toBe(false);
    // (left open: closing the server ends it; a stream the client aborts keeps the server's close waiting, see below)
  });

  it('a session that expires, or ends on another server, ends its stream by the next heartbeat', async () => {
    const session = new Client(server.url);
    await session.login('supplier@example.com', 'Supplier-demo-1');
    // Beats every half second for this stream (set when its first event is sent): no wait for the real 15 s.
    streamTiming.heartbeatMs = 500;
    const events = await readEvents(server.url, eventsPath(draftId), session);
    await events.next().finally(() => (streamTiming.heartbeatMs = 15_000));
    // The cookie is the session id and its signature.
    const cookie = decodeURIComponent(session.cookies.get('sid') ?? '');
    const sid = cookie.slice(0, cookie.lastIndexOf('.'));
    const expired = await server.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where sid = ${sid} returning sid`,
    );
    expect((expired as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    // No request of this session comes: only the stream's own check (at each heartbeat) can find it ended.
    await vi.waitFor(() => expect(events.hasEnded()).toBe(true), { ...HANG_LIMIT, interval: 100 });
  });

  it(`a user holds at most ${DRAFT_EVENT_STREAMS_PER_USER_MAX} streams open; one more is 429 until one ends`, async () => {
    const tabs = new Client(server.url);
    await tabs.login('supplier2@example.com', 'Supplier-demo-2');
    const open: Awaited<ReturnType<typeof readEvents>>[] = [];
    for (let i = 0; i < DRAFT_EVENT_STREAMS_PER_USER_MAX; i++) {
      const events = await readEvents(server.url, eventsPath(draftId), tabs);
      expect(events.status).toBe(200);
      open.push(events);
    }
    // The same user in another session counts too.
    const refused = await readEvents(server.url, eventsPath(draftId), colleague);
    expect({ status: refused.status, body: refused.json }).toMatchObject({
      status: 429,
      body: { code: 'TOO_MANY_STREAMS', message: DRAFT_EVENTS_MSG.tooMany(DRAFT_EVENT_STREAMS_PER_USER_MAX) },
    });
    // Another user is not held to this one's streams.
    expect((await readEvents(server.url, eventsPath(draftId), supplier)).status).toBe(200);
    // Signing out the first session ends its streams, and the user may open one again.
    expect((await tabs.get('/api/auth/logout')).status).toBe(204);
    await vi.waitFor(() => expect(open.every((e) => e.hasEnded())).toBe(true), { ...HANG_LIMIT, interval: 20 });
    expect((await readEvents(server.url, eventsPath(draftId), colleague)).status).toBe(200);
  });

  it('closing the server ends the open streams instead of waiting for them', async () => {
    const events = await readEvents(server.url, eventsPath(draftId), supplier);
    await events.next();
    await server.close();
    await events.ended();
    server = undefined as never;
  });
});
