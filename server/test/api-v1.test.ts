/**
 * The integration API v1 (`/api/v1`) carries the supplier's whole flow with a token: create a draft from files, read
 * the detected UPC, name the product, submit, read the submission, staff decide, resubmit; safe to retry
 * (Idempotency-Key, ETag/If-Match); and the change feed gives every event in order, none twice.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TOKEN_MSG,
  SCOPES,
  TOKEN_SCOPES,
  v1CataloguePage,
  v1Draft,
  v1FeedPage,
  v1Submission,
  v1SubmitResult,
  v1TokenInfo,
} from '@portal/domain';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, demoClients, send, startTestServer, type TestServer } from './harness.ts';
import { until } from './support/wait.ts';

let server: TestServer;
let c: Awaited<ReturnType<typeof demoClients>>;
let token: Client;
beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'on' });
  c = await demoClients(server);
  token = (await c.supplier.tokenClient(['read:productsubmissions', 'write:productsubmissions'])).client;
});
afterAll(() => server?.close());

const photo = async (name: string, code: string) => ({ name, data: await barcodeImage(code), type: 'image/png' });
const json = (client: Client, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  client.request(method, path, body, { headers });

/** Every event of the supplier's company after a cursor, following the pages. */
async function eventsAfter(client: Client, after: string | null, limit = 100) {
  const events: { id: string; type: string; data: Record<string, unknown> }[] = [];
  let cursor = after;
  for (;;) {
    const res = await client.get(`/api/v1/events?limit=${limit}${cursor ? `&after=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    v1FeedPage.parse(res.json);
    events.push(...res.json.items);
    cursor = res.json.next_cursor;
    if (!res.json.has_more) return { events, cursor };
  }
}

describe(`REST API v1 (${databaseKind})`, () => {
  it('drives the supplier flow with a token: one draft per Idempotency-Key, If-Match, submit retried after a dropped connection, staff decision, resubmit, change feed', async () => {
    const start = (await eventsAfter(token, null)).cursor;

    // The same upload twice with one key: one draft, the same answer.
    const files = [await photo('front.png', '036000291452')];
    const first = await token.upload('/api/v1/drafts', files, 'files', {}, { 'idempotency-key': 'upload-1' });
    expect(first.status).toBe(201);
    const again = await token.upload('/api/v1/drafts', files, 'files', {}, { 'idempotency-key': 'upload-1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json.id).toBe(first.json.id);
    const other = await token.upload(
      '/api/v1/drafts',
      [await photo('back.png', '4006381333931')],
      'files',
      {},
      { 'idempotency-key': 'upload-1' },
    );
    expect(other.status).toBe(422);
    expect(other.json.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const drafts = await c.supplier.graphql('{ getDraftSubmissions { id } }');
    expect(drafts.json.data.getDraftSubmissions.filter((d: { id: string }) => d.id === first.json.id)).toHaveLength(1);
    const id = first.json.id as string;

    // The barcode is read in the background; the draft then shows it, with photo checks and readiness.
    await server.ctx.jobs!.drain();
    const read = await token.get(`/api/v1/drafts/${id}`);
    expect(read.status).toBe(200);
    const draft = v1Draft.parse(read.json);
    expect(draft.files[0]).toMatchObject({
      file_name: 'front.png',
      detection_status: 'done',
      detected_upc: '0036000291452',
    });
    const etag = read.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);

    // Two clients holding the same ETag change the file at once: one wins, the other gets 412.
    const path = `/api/v1/drafts/${id}/files/front.png`;
    const [a, b] = await Promise.all([
      json(token, 'PATCH', path, { product_name: 'Sparkling water' }, { 'if-match': etag }),
      json(token, 'PATCH', path, { product_name: 'Still water' }, { 'if-match': etag }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    const winner = a.status === 200 ? a : b;
    expect((await json(token, 'PATCH', path, { upc: null }, { 'if-match': etag })).json.code).toBe(
      'PRECONDITION_FAILED',
    );
    const named = await json(
      token,
      'PATCH',
      path,
      { upc: draft.files[0].detected_upc },
      { 'if-match': winner.headers.get('etag')! },
    );
    expect(named.status).toBe(200);
    expect(v1Draft.parse(named.json).files[0].upc).toBe('0036000291452');

    // The submit's answer is lost (the connection drops); the retry with the key gets the same submissions.
    await dropAfterSending(`/api/v1/drafts/${id}/submit`, 'submit-1');
    const retried = await until(async () => {
      const res = await json(token, 'POST', `/api/v1/drafts/${id}/submit`, undefined, {
        'idempotency-key': 'submit-1',
      });
      return res.status === 409 ? null : res;
    });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    const submitted = v1SubmitResult.parse(retried.json).submissions;
    expect(submitted).toHaveLength(1);
    const twice = await json(token, 'POST', `/api/v1/drafts/${id}/submit`, undefined, {
      'idempotency-key': 'submit-1',
    });
    expect(twice.json.submissions.map((s: { id: string }) => s.id)).toEqual(submitted.map((s) => s.id));
    // Without a key too: the draft became these submissions, and a retried submit answers them (idempotent by nature).
    const unkeyed = await json(token, 'POST', `/api/v1/drafts/${id}/submit`);
    expect(unkeyed.status).toBe(201);
    expect(unkeyed.headers.get('idempotent-replayed')).toBe('true');
    expect(v1SubmitResult.parse(unkeyed.json).submissions.map((s) => s.id)).toEqual(submitted.map((s) => s.id));
    // Changing it now is a conflict that names what happened.
    const late = await token.upload(`/api/v1/drafts/${id}/files`, [await photo('late.png', '036000291452')], 'files');
    expect(late.status).toBe(409);
    expect(late.json.code).toBe('DRAFT_SUBMITTED');
    const sid = submitted[0].id;

    // Read it; staff reject it with If-Match; the supplier resubmits.
    await server.ctx.jobs!.drain();
    const detail = await token.get(`/api/v1/submissions/${sid}`);
    expect(detail.status).toBe(200);
    const s = v1Submission.parse(detail.json);
    expect(s).toMatchObject({
      status: 'SUBMITTED',
      upc: '0036000291452',
      product_name: winner === a ? 'Sparkling water' : 'Still water',
    });
    expect(s.files[0].download_url).toBe(`/api/productSubmissions/${sid}/image/front.png`);
    expect((await token.get(s.files[0].download_url)).status).toBe(200);
    const staff = (await c.admin.tokenClient(['write:allproductsubmissions', 'read:allproductsubmissions'])).client;
    const stale = await json(
      staff,
      'POST',
      `/api/v1/submissions/${sid}/decision`,
      { status: 'ACCEPTED' },
      { 'if-match': '"submission-0"' },
    );
    expect(stale.status).toBe(412);
    const rejected = await json(
      staff,
      'POST',
      `/api/v1/submissions/${sid}/decision`,
      { status: 'ADMIN_REJECTED', reason: 'The front of the pack is missing.' },
      { 'if-match': detail.headers.get('etag')! },
    );
    expect(rejected.status).toBe(200);
    expect(v1Submission.parse(rejected.json)).toMatchObject({
      status: 'ADMIN_REJECTED',
      rejection: { message: 'The front of the pack is missing.', by_staff: true },
    });
    expect((await json(token, 'POST', `/api/v1/submissions/${sid}/decision`, { status: 'ACCEPTED' })).status).toBe(403);
    const resubmitted = await token.upload(
      `/api/v1/submissions/${sid}/resubmit`,
      [await photo('new-front.png', '036000291452')],
      'files',
      {
        upc: '036000291452',
      },
    );
    expect(resubmitted.status).toBe(200);
    const after = v1Submission.parse(resubmitted.json);
    expect(after.status).toBe('SUBMITTED');
    expect(after.history.map((h) => h.to_status)).toEqual(['SUBMITTED', 'ADMIN_REJECTED', 'SUBMITTED']);
    expect(after.history[1].reason).toBe('The front of the pack is missing.');

    // The change feed: every event since the start, in order, none twice, the same whatever the page size.
    // An event is read once every older transaction has finished (on a shared server, other databases' too).
    const { events } = await until(async () => {
      const feed = await eventsAfter(token, start);
      return feed.events.filter((e) => e.data.submissionId === sid).length >= 4 && feed;
    });
    const mine = events.filter((e) => e.data.submissionId === sid);
    expect(mine.map((e) => [e.type, e.data.from ?? null, e.data.to ?? null])).toEqual([
      ['submission.created', null, null],
      ['submission.status_changed', 'IN_PROGRESS', 'SUBMITTED'],
      ['submission.status_changed', 'SUBMITTED', 'ADMIN_REJECTED'],
      ['submission.status_changed', 'ADMIN_REJECTED', 'SUBMITTED'],
    ]);
    const paged = await eventsAfter(token, start, 1);
    expect(paged.events.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    // Nothing new: no events, and a cursor where the feed stands (never one before what was read).
    const quiet = await token.get(`/api/v1/events?after=${paged.cursor}`);
    expect(quiet.json).toMatchObject({ items: [], has_more: false });
    const seen = new Set(events.map((e) => e.id));
    expect((await eventsAfter(token, quiet.json.next_cursor)).events.filter((e) => seen.has(e.id))).toEqual([]);
    // Another company's feed stays hidden.
    expect((await c.other.get('/api/v1/events?company_id=1001')).status).toBe(404);
    expect((await token.get('/api/v1/events?after=bm9wZQ')).status).toBe(400);
  });

  it('tells a token its own scopes, owner and expiry; /api/user shows what a read-only token may do; rate-limit headers; 415 for text; the missing scope named', async () => {
    const readOnly = await c.supplier.tokenClient(['read:productsubmissions'], { name: 'reader' });
    const info = await readOnly.client.get('/api/v1/token');
    expect(info.status).toBe(200);
    expect(v1TokenInfo.parse(info.json)).toMatchObject({
      id: readOnly.id,
      name: 'reader',
      scopes: ['read:productsubmissions'],
      effective_scopes: ['read:productsubmissions'],
      can_write: false,
      owner: { email: 'supplier@example.com', company_id: 1001 },
    });
    expect((await c.supplier.get('/api/v1/token')).status).toBe(401); // a session has no token to describe
    expect((await readOnly.client.get('/api/user')).json.scopes).toEqual(['read:productsubmissions']);
    expect(info.headers.get('ratelimit-policy')).toMatch(/^"default";q=\d+;w=60$/);
    expect(info.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
    expect(info.headers.get('x-ratelimit-limit')).toBeNull();

    const res = await send(`${server.url}/api/v1/submissions/00000000-0000-4000-8000-000000000000/decision`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.bearer}`, 'content-type': 'text/plain' },
      body: 'ACCEPTED',
    });
    expect(res.status).toBe(415);
    expect((await res.json()).code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const list = await readOnly.client.get('/api/companies/1001/webhooks');
    expect(list.status).toBe(403);
    // The missing scope is named: the token's area check answers before the webhooks policy.
    expect(list.json).toMatchObject({
      code: 'TOKEN_SCOPE_MISSING',
      message: API_TOKEN_MSG.areaNotCovered('reading webhooks', [TOKEN_SCOPES.readWebhooks, SCOPES.writeWebhooks]),
    });
  });

  it('after a receiver was down, the change feed gives every event it missed, in order, none twice: the same as the deliveries it never got', async () => {
    const webhooks = (await c.supplier.tokenClient(['write:productsubmissions', 'write:webhooks'])).client;
    const from = (await eventsAfter(token, null)).cursor;
    // A receiver that is down: nothing listens on the discard port.
    const created = await webhooks.post('/api/companies/1001/webhooks', {
      url: 'http://127.0.0.1:9/down',
      events: ['submission.created', 'submission.status_changed', 'submission.catalogued'],
    });
    expect(created.status).toBe(201);
    const ids: string[] = [];
    for (const code of ['4006381333931', '036000291452']) {
      const up = await token.upload('/api/v1/drafts', [await photo(`p${code}.png`, code)]);
      await server.ctx.jobs!.drain();
      const submit = await json(token, 'POST', `/api/v1/drafts/${up.json.id}/submit`);
      ids.push(...submit.json.submissions.map((x: { id: string }) => x.id));
    }
    await server.ctx.jobs!.drain(); // the checks; the deliveries fail and wait for their retry
    const staff = (await c.admin.tokenClient(['write:allproductsubmissions'])).client;
    expect((await json(staff, 'POST', `/api/v1/submissions/${ids[0]}/decision`, { status: 'ACCEPTED' })).status).toBe(
      200,
    );
    await server.ctx.jobs!.drain();

    const deliveries = (await webhooks.get(`/api/webhooks/${created.json.webhook.id}/deliveries`)).json as {
      status: string;
      payload: string;
    }[];
    expect(deliveries.every((d) => d.status !== 'SUCCEEDED')).toBe(true);
    const missed = deliveries
      .reverse()
      .map((d) => JSON.parse(d.payload) as { type: string; data: Record<string, unknown> })
      .map((p) => [p.type, p.data.submissionId, p.data.to ?? null]);
    expect(missed.length).toBeGreaterThanOrEqual(5);
    const { events } = await until(async () => {
      const feed = await eventsAfter(token, from, 2);
      return feed.events.length >= missed.length && feed;
    });
    expect(events.map((e) => [e.type, e.data.submissionId, e.data.to ?? null])).toEqual(missed);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it('lists catalogued products by cursor', async () => {
    const res = await c.admin.get('/api/v1/catalogue/products?limit=2');
    expect(res.status).toBe(200);
    const page = v1CataloguePage.parse(res.json);
    if (page.next_cursor) {
      const next = v1CataloguePage.parse(
        (await c.admin.get(`/api/v1/catalogue/products?limit=2&cursor=${page.next_cursor}`)).json,
      );
      expect(next.items[0]?.ean13_upc > page.items[1].ean13_upc).toBe(true);
    }
    expect((await c.admin.get('/api/v1/catalogue/products?limit=101')).status).toBe(400);
    expect((await c.admin.get('/api/v1/catalogue/products?cursor=bm9wZQ')).status).toBe(400);
  });
});

/**
 * Sends a POST and drops the connection as its answer starts to arrive, before a byte of the body is read: the client
 * never learns what it did (the submission ids are lost, as with a proxy that cut the line).
 */
function dropAfterSending(path: string, key: string) {
  return new Promise<void>((resolve) => {
    const req = http.request(server.url + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.bearer}`, 'idempotency-key': key, 'content-length': '0' },
    });
    req.on('error', () => resolve());
    req.on('response', (res) => {
      res.destroy();
      req.destroy();
      resolve();
    });
    req.end();
  });
}
