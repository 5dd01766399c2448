/**
 * The change feed is exact: read from the start or from any cursor, in pages of any size, it gives every event once,
 * in the order of the transactions that wrote them, also where the writing transaction's id gains a digit (text
 * order would put 1000 before 999); a cursor that is not one of ours, or names numbers past PostgreSQL's, is a 400.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v1FeedPage } from '@portal/domain';
import { queryRows } from '../src/db/client.ts';
import { recordFeedEvent } from '../src/modules/events/service.ts';
import { Client, databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';
import { until } from './support/wait.ts';

const COMPANY = 1001;
let server: TestServer;
let supplier: Client;
beforeAll(async () => {
  server = await startTestServer();
  supplier = (await demoClients(server)).supplier;
});
afterAll(() => server?.close());

interface Page {
  items: { id: string; type: string; created_at: string; data: { jobId: number; source: string } }[];
  next_cursor: string | null;
  has_more: boolean;
}

async function page(after: string | null, limit: number): Promise<Page> {
  const res = await supplier.get(`/api/v1/events?limit=${limit}${after ? `&after=${after}` : ''}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return v1FeedPage.parse(res.json) as Page;
}

/** Every page from a cursor until `has_more` is false, each page's `has_more` checked against what came after it. */
async function readAll(after: string | null, limit: number) {
  const pages: Page[] = [];
  let cursor = after;
  for (;;) {
    const p = await page(cursor, limit);
    pages.push(p);
    expect(p.items.length).toBeLessThanOrEqual(limit);
    if (p.next_cursor) cursor = p.next_cursor;
    if (!p.has_more) break;
    expect(p.items.length).toBe(limit);
    expect(pages.length).toBeLessThan(1000);
  }
  return { events: pages.flatMap((p) => p.items), cursor, pages };
}

const currentXid = async () =>
  BigInt((await queryRows<{ x: string }>(server.database.db, sql`select pg_current_xact_id()::text as x`))[0].x);

/** Spends transaction ids, each in a transaction of its own, until the next one handed out is `next`. */
async function burnUntil(next: bigint) {
  for (;;) {
    const now = await currentXid();
    if (now + 1n >= next) return;
    const n = Number(next - now - 1n);
    await server.database.db.execute(
      sql.raw(`do $$ begin for i in 1..${n} loop perform pg_current_xact_id(); commit; end loop; end $$`),
    );
  }
}

/** One event per transaction, `count` of them, each naming its place in the order they were written. */
async function writeEvents(first: number, count: number) {
  const txids: bigint[] = [];
  for (let i = first; i < first + count; i++)
    await server.database.db.transaction(async (tx) => {
      await recordFeedEvent(tx, COMPANY, 'ingestion.job_completed', {
        jobId: i,
        companyId: COMPANY,
        source: 'test',
        counts: {},
      });
      txids.push(BigInt((await queryRows<{ x: string }>(tx, sql`select pg_current_xact_id()::text as x`))[0].x));
    });
  return txids;
}

/** The next power of ten at least `margin` past `n`. */
const nextDigit = (n: bigint, margin: bigint) => {
  let p = 10n;
  while (p < n + margin) p *= 10n;
  return p;
};

/** Sets the event id sequence so that the next 30 events' ids gain a digit halfway (past every id in the table). */
async function nextEventIdsGainADigit() {
  const [{ max }] = await queryRows<{ max: string }>(
    server.database.db,
    sql`select greatest(coalesce(max(id), 0), (select last_value from feed_events_id_seq))::text as max from feed_events`,
  );
  const idBoundary = nextDigit(BigInt(max), 40n);
  await server.database.db.execute(sql`select setval('feed_events_id_seq', ${String(idBoundary - 16n)}::bigint)`);
}

/**
 * 30 events, numbered in the order written, half before and half after a transaction id that gains a digit, their
 * own ids gaining one too (the sequence set just below a power of ten). Where the next digit is near (a fresh
 * database: PGlite, a new server), transaction ids are spent until the writing transactions cross it. A long-lived
 * server shared by other databases may be millions of ids from its next digit: there the events are those of
 * transactions long finished on either side of the last digit the server's ids gained (their ids given as written
 * then), read through the same feed.
 */
async function writeAcrossDigits(): Promise<{ txids: bigint[]; boundary: bigint }> {
  await nextEventIdsGainADigit();
  const now = await currentXid();
  const boundary = nextDigit(now, 40n);
  if (boundary - now <= 200_000n) {
    await burnUntil(boundary - 15n);
    const txids = await writeEvents(1, 30);
    if (txids.some((x) => x < boundary) && txids.some((x) => x >= boundary)) return { txids, boundary };
    // Other clients of a shared server took the ids around the boundary: write below a past boundary instead.
    await server.database.db.execute(sql`delete from feed_events where data->>'source' = 'test'`);
    // Those events took the ids around the event ids' digit: the events written instead need a digit of their own.
    await nextEventIdsGainADigit();
  }
  const past = boundary / 10n;
  const txids = Array.from({ length: 30 }, (_, i) => past - 15n + BigInt(i));
  await server.database.db.transaction(async (tx) => {
    for (const [i, txid] of txids.entries())
      await tx.execute(
        sql`insert into feed_events (txid, company_id, type, data) values (${String(txid)}::bigint, ${COMPANY},
          'ingestion.job_completed', ${JSON.stringify({ jobId: i + 1, companyId: COMPANY, source: 'test', counts: {} })}::jsonb)`,
      );
  });
  return { txids, boundary: past };
}

describe(`the change feed (${databaseKind})`, () => {
  it('gives every event once and in order in pages of 1, 2, 3 and 100 across a transaction id and an event id gaining a digit, has_more right, from the start and from every next_cursor', async () => {
    const start = null;
    const { txids, boundary } = await writeAcrossDigits();
    // Any transaction ids on both sides of the digit boundary sort wrongly as text ('10003' < '9995'). Other clients of
    // a shared server take ids too, so which ids this test gets around the boundary is not its own to choose.
    expect(txids.some((x) => x < boundary) && txids.some((x) => x >= boundary)).toBe(true);
    const [{ below, above }] = await queryRows<{ below: number; above: number }>(
      server.database.db,
      sql`select count(*) filter (where length(id::text) < max_len)::int as below,
            count(*) filter (where length(id::text) = max_len)::int as above
          from feed_events, (select max(length(id::text)) as max_len from feed_events) m
          where data->>'source' = 'test'`,
    );
    expect(below).toBeGreaterThan(0);
    expect(above).toBeGreaterThan(0);

    const written = Array.from({ length: 30 }, (_, i) => i + 1);
    const mine = (events: Page['items']) =>
      events.filter((e) => e.type === 'ingestion.job_completed' && e.data.source === 'test' && e.data.jobId <= 30);
    // Once every transaction before the last event's has finished, all 30 are served.
    await until(async () => mine((await readAll(start, 100)).events).length === 30);
    for (const limit of [1, 2, 3, 100]) {
      const { events } = await readAll(start, limit);
      expect(
        mine(events).map((e) => e.data.jobId),
        `limit ${limit}`,
      ).toEqual(written);
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
      // From every event's own id (a cursor too): exactly the ones after it.
      for (const [i, e] of mine(events).entries())
        if (limit === 3 || i === 14)
          expect(
            mine((await readAll(e.id, limit)).events).map((x) => x.data.jobId),
            `after event ${i + 1}, limit ${limit}`,
          ).toEqual(written.slice(i + 1));
    }
  });

  it('hands out a cursor where the feed stands even when nothing is there yet, so nothing from before it comes back as new', async () => {
    // As the README's walkthrough does: read to the end, keep next_cursor, then read what happened since.
    const { cursor } = await readAll(null, 100);
    expect(cursor).not.toBeNull();
    const quiet = await page(cursor, 100);
    expect(quiet.items).toEqual([]);
    expect(quiet.has_more).toBe(false);
    expect(quiet.next_cursor).not.toBeNull();
    await writeEvents(1001, 1);
    const since = await until(async () => {
      const { events } = await readAll(cursor, 100);
      return events.length > 0 && events;
    });
    expect(since.map((e) => e.data.jobId)).toEqual([1001]);
  });
});
