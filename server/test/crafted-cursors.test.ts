/**
 * Every cursor of the API refuses one it did not make as 400 INVALID_CURSOR (problem+json on REST, the code in the
 * GraphQL error), never a 500: malformed, negative, with leading zeros, or naming numbers past what PostgreSQL holds
 * (a 20-digit transaction id, a 19-digit microsecond key, a timestamp past the years a row can have). A real cursor is
 * taken from each list and only its number changed, so the rest of it (its list and filters) is right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_TABS, MSG, REVIEW_STATUSES, type ReviewQueueFilters } from '@portal/domain';
import { Client, databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let c: Awaited<ReturnType<typeof demoClients>>;
let token: Client;
beforeAll(async () => {
  server = await startTestServer();
  c = await demoClients(server);
  token = (await c.supplier.tokenClient(['read:productsubmissions'])).client;
});
afterAll(() => server?.close());

const b64 = (text: string) => Buffer.from(text).toString('base64url');
/** A real keyset cursor with its sort key replaced. */
const withKey = (cursor: string, k: string) =>
  b64(JSON.stringify({ ...JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')), k }));

/** Keys past `bigint` (19 digits), at its ends (past a timestamp), and past the year 9999. */
const BAD_KEYS = ['9999999999999999999', '9223372036854775807', '-9223372036854775808', '253402300800000000', '01'];

function expectInvalidCursor(res: { status: number; json: { code?: string }; headers: Headers }, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.json)}`).toBe(400);
  expect(res.json.code, what).toBe('INVALID_CURSOR');
  expect(res.headers.get('content-type'), what).toContain('application/problem+json');
}

describe(`crafted cursors (${databaseKind})`, () => {
  it('the change feed: malformed, negative, leading zeros, past bigint or past every transaction yet is a 400 INVALID_CURSOR', async () => {
    for (const text of [
      'f:99999999999999999999.1',
      'f:9223372036854775808.1',
      'f:1.99999999999999999999',
      'f:1.9223372036854775808',
      'f:-1.1',
      'f:1.-1',
      'f:01.1',
      'f:1',
      'f:1.2.3',
      // Within bigint but past any transaction yet: never handed out.
      'f:9223372036854775807.1',
    ])
      expectInvalidCursor(await token.get(`/api/v1/events?after=${b64(text)}`), text);
    expectInvalidCursor(await token.get(`/api/v1/events?after=${'A'.repeat(100)}`), 'long');
    // A cursor the feed made still works.
    const page = await token.get('/api/v1/events?limit=1');
    expect(page.status).toBe(200);
    expect((await token.get(`/api/v1/events?after=${page.json.next_cursor}`)).status).toBe(200);
  });

  it('the submission list (microsecond keys): a key past bigint or past a timestamp is a 400 INVALID_CURSOR', async () => {
    const first = await token.get('/api/v1/submissions?limit=1');
    expect(first.status).toBe(200);
    const cursor = first.json.next_cursor as string;
    expect(cursor).toBeTruthy();
    expect((await token.get(`/api/v1/submissions?limit=1&cursor=${cursor}`)).status).toBe(200);
    for (const k of BAD_KEYS)
      expectInvalidCursor(await token.get(`/api/v1/submissions?limit=1&cursor=${withKey(cursor, k)}`), k);
  });

  it('the review queue, the activity list and the catalogue pages: the same keys are refused as INVALID_CURSOR', async () => {
    // The first status the demo data has items of.
    let queue: { status: string; cursor: string } | null = null;
    for (const status of REVIEW_STATUSES) {
      const res = await c.admin.get(`/api/review/queue?status=${status}`);
      expect(res.status).toBe(200);
      if (res.json.endCursor) {
        queue = { status, cursor: res.json.endCursor };
        break;
      }
    }
    expect(queue).not.toBeNull();
    for (const k of BAD_KEYS)
      expectInvalidCursor(
        await c.admin.get(`/api/review/queue?status=${queue!.status}&page=2&boundary=${withKey(queue!.cursor, k)}`),
        `review ${k}`,
      );

    // A cursor belongs to its list: under any other filter, or another page size, it is refused too.
    const otherList: Record<Exclude<keyof ReviewQueueFilters, 'status'>, string> & { size: string } = {
      partner: '30443',
      company: '1001',
      photo: 'BLURRY',
      duplicates: '1',
      notReady: '1',
      rule: 'R-IMG-MIN-2',
      from: '2020-01-01',
      to: '2099-12-31',
      q: 'soup',
      mismatch: '1',
      olderThan: '1',
      assignee: 'me',
      overSla: '1',
      approval: '1',
      sort: 'newest',
      size: '10',
    };
    for (const [key, value] of Object.entries(otherList))
      expectInvalidCursor(
        await c.admin.get(`/api/review/queue?status=${queue!.status}&page=2&${key}=${value}&boundary=${queue!.cursor}`),
        `review cursor under ${key}=${value}`,
      );
    expect(
      (await c.admin.get(`/api/review/queue?status=${queue!.status}&page=2&boundary=${queue!.cursor}`)).status,
    ).toBe(200);

    const activity = (vars: Record<string, unknown>) =>
      c.supplier.graphql(
        `query($tab: ActivityTab, $boundary: String, $page: Int) { getProductSubmissionsByStatuses(tab: $tab, page: $page, pageSize: 10, boundary: $boundary) { endCursor } }`,
        vars,
      );
    let shown: { tab: string; cursor: string } | null = null;
    for (const tab of Object.keys(ACTIVITY_TABS)) {
      const cursor = (await activity({ tab })).json.data.getProductSubmissionsByStatuses.endCursor;
      if (cursor) {
        shown = { tab, cursor };
        break;
      }
    }
    expect(shown).not.toBeNull();
    for (const k of BAD_KEYS) {
      const res = await activity({ tab: shown!.tab, page: 2, boundary: withKey(shown!.cursor, k) });
      expect(res.json.errors?.[0], `activity ${k}`).toMatchObject({
        message: MSG.invalidCursor,
        extensions: { code: 'INVALID_CURSOR' },
      });
    }

    const catalogue = (vars: Record<string, unknown>) =>
      c.admin.graphql(
        `query($after: String) { getCataloguedProducts(pageSize: 1, sortBy: updatedDate, after: $after) { endCursor } }`,
        vars,
      );
    const edge = (await catalogue({})).json.data.getCataloguedProducts.endCursor as string;
    expect(edge).toBeTruthy();
    expect((await catalogue({ after: edge })).json.errors).toBeUndefined();
    for (const k of [...BAD_KEYS, 'not a number']) {
      const res = await catalogue({ after: withKey(edge, k) });
      expect(res.json.errors?.[0], `catalogue ${k}`).toMatchObject({ extensions: { code: 'INVALID_CURSOR' } });
    }
  });
});
