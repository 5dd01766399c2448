import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { parseReviewQueueSearch, type ReviewQueueQuery } from '@portal/domain';
import { partnerConfigurations, productSubmissions } from '../src/db/schema.ts';
import type { Tx } from '../src/db/client.ts';
import { queuePage } from '../src/modules/review/queries/queue.ts';
import { reviewSubmission } from '../src/modules/submissions/service.ts';
import { databaseKind, startTestServer, type TestServer } from './harness.ts';
import { BLUE_HARBOR, FRESH_MARKET, submissions, userOf } from './support/factories.ts';

/**
 * The review queue's "over SLA first" page and its counts (the total, and how many items are over SLA) are read by
 * several statements. They must tell one story: the counts of the page's rows, at one instant, whatever is committed
 * or whatever deadline passes between the statements.
 */

let server: TestServer;
let reviewer: number;

beforeAll(async () => {
  server = await startTestServer();
  reviewer = (await userOf(server, 'admin@example.com')).id;
  await server.database.db
    .update(partnerConfigurations)
    .set({ reviewSlaHours: 24 })
    .where(eq(partnerConfigurations.companyId, FRESH_MARKET));
});
afterAll(() => server?.close());

const HOUR = 3_600_000;

/** Moves items' submission back by these hours before `now` (as if they had waited that long). */
async function waited(ids: readonly string[], hours: number, now = Date.now()) {
  await server.database.db
    .update(productSubmissions)
    .set({ submittedAt: new Date(now - hours * HOUR) })
    .where(inArray(productSubmissions.id, [...ids]));
}

/** Three items of their own company and partner: over SLA (30 h), within it (23 h), well within it (10 h). */
async function threeItems() {
  const [over, crossing, within] = await submissions(server, [
    { company: BLUE_HARBOR, partner: FRESH_MARKET },
    { company: BLUE_HARBOR, partner: FRESH_MARKET },
    { company: BLUE_HARBOR, partner: FRESH_MARKET },
  ]);
  await waited([over.id], 30);
  await waited([crossing.id], 23);
  await waited([within.id], 10);
  made = [over.id, crossing.id, within.id];
  return { over, crossing, within };
}

let made: string[] = [];
// Each test's items are decided after it (those still waiting), so the next test's three are the queue's only ones.
afterEach(async () => {
  const admin = await userOf(server, 'admin@example.com');
  const waiting = await server.database.db
    .select({ id: productSubmissions.id })
    .from(productSubmissions)
    .where(and(inArray(productSubmissions.id, made), eq(productSubmissions.itemStatus, 'SUBMITTED')));
  for (const { id } of waiting) await reviewSubmission(server.ctx, admin, id, 'ACCEPTED', null);
  made = [];
});

const query = (company: number): ReviewQueueQuery => ({
  ...parseReviewQueueSearch(''),
  company,
  partner: FRESH_MARKET,
  sort: 'overSla',
  size: 100,
});

/**
 * The database as the queue reads it, with `between` run once, after its first statement through `execute` (a count)
 * and before the rest, and awaited: another connection commits its change there and then. Except inside a
 * transaction on PGlite, which has one connection: a change from outside cannot run until the transaction ends, so it
 * is queued there and awaited after the page is read.
 */
function withChangeBetween(db: Tx, between: () => Promise<unknown>) {
  let fired = false;
  let pending: Promise<unknown> = Promise.resolve();
  const hooked = (target: Tx): Tx =>
    new Proxy(target, {
      get(t, key, receiver) {
        if (key === 'execute')
          return async (...args: unknown[]) => {
            const result: unknown = await (t.execute as (...a: unknown[]) => Promise<unknown>).apply(t, args);
            if (!fired) {
              fired = true;
              pending = between();
              if (databaseKind === 'postgres' || !(t instanceof PgTransaction)) await pending;
            }
            return result;
          };
        if (key === 'transaction')
          return (fn: (tx: Tx) => Promise<unknown>, ...rest: unknown[]) =>
            (t.transaction as (...a: unknown[]) => Promise<unknown>).call(t, (tx: Tx) => fn(hooked(tx)), ...rest);
        return Reflect.get(t, key, receiver) as unknown;
      },
    });
  return { db: hooked(db), settled: () => pending, fired: () => fired };
}

describe(`the "over SLA first" page and its counts are read at one instant, in one snapshot (${databaseKind})`, () => {
  it('an item crossing its SLA deadline between the statements is counted and listed on the same side', async () => {
    const { over, crossing, within } = await threeItems();
    // Its deadline passes while the page is read (as if an hour went by between the counts and the rows).
    const change = withChangeBetween(server.database.db, () => waited([crossing.id], 25));
    const page = await queuePage(change.db, query(BLUE_HARBOR), reviewer);
    await change.settled();
    expect(change.fired()).toBe(true);
    // As it was when the read began: one item over SLA, then the two within it, each part oldest first.
    expect(page.total).toBe(3);
    expect(page.items.map((i) => [i.id, i.overSla])).toEqual([
      [over.id, true],
      [crossing.id, false],
      [within.id, false],
    ]);
    // Read again, it has crossed: over SLA, and the older of the two over it is first.
    const again = await queuePage(server.database.db, query(BLUE_HARBOR), reviewer);
    expect(again.items.map((i) => [i.id, i.overSla])).toEqual([
      [over.id, true],
      [crossing.id, true],
      [within.id, false],
    ]);
  });

  it('a decision committed between the statements is in none of them: the total is the rows listed', async () => {
    const { over, crossing, within } = await threeItems();
    const admin = await userOf(server, 'admin@example.com');
    const change = withChangeBetween(server.database.db, () =>
      reviewSubmission(server.ctx, admin, over.id, 'ACCEPTED', null),
    );
    const page = await queuePage(change.db, query(BLUE_HARBOR), reviewer);
    await change.settled();
    expect(change.fired()).toBe(true);
    expect(page.total).toBe(3);
    expect(page.items.map((i) => i.id)).toEqual([over.id, crossing.id, within.id]);
    // The next read has it decided: gone from the queue, from the rows and the total alike.
    const after = await queuePage(server.database.db, query(BLUE_HARBOR), reviewer);
    expect(after.total).toBe(2);
    expect(after.items.map((i) => i.id)).toEqual([crossing.id, within.id]);
  });

  it('one `now` for the counts and the rows: an item whose deadline lies before it is over SLA in both', async () => {
    const { over, crossing, within } = await threeItems();
    // The crossing item's deadline is an hour away by the database's clock; the read is made two hours later.
    const later = new Date(Date.now() + 2 * HOUR);
    const page = await queuePage(server.database.db, query(BLUE_HARBOR), reviewer, later);
    expect(page.items.map((i) => [i.id, i.overSla])).toEqual([
      [over.id, true],
      [crossing.id, true],
      [within.id, false],
    ]);
    const overOnly = await queuePage(server.database.db, { ...query(BLUE_HARBOR), overSla: true }, reviewer, later);
    expect(overOnly.total).toBe(2);
    expect(overOnly.items.map((i) => i.id)).toEqual([over.id, crossing.id]);
    // And at the database's own time, not yet.
    const now = await queuePage(server.database.db, { ...query(BLUE_HARBOR), overSla: true }, reviewer);
    expect(now.items.map((i) => i.id)).toEqual([over.id]);
  });
});
