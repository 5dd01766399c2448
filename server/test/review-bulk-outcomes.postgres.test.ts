import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { WORKSPACE_MSG, type ReviewDecisionOutcome } from '@portal/domain';
import { queryRows } from '../src/db/client.ts';
import { mailOutbox, submissionHistory } from '../src/db/schema.ts';
import { Client, startTestServer, type TestServer } from './harness.ts';
import { aReviewer, GREEN_VALLEY, NORTHSIDE, submissions } from './support/factories.ts';
import { until } from './support/wait.ts';

/**
 * A bulk decision that meets a real failure part-way: the test holds item 40's row lock, and while the decision's
 * own transaction waits on it, its connection is terminated (as a failover or an administrator would). Items 1-39
 * and 41-100 are decided, item 40 is reported failed, and the answer says so item by item.
 */

let server: TestServer;
let admin: Client;
let second: Client;

beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'on' });
  await aReviewer(server);
  [admin, second] = [new Client(server.url), new Client(server.url)];
  await admin.login('admin@example.com', 'Admin-demo-1');
  await second.login('reviewer2@example.com', 'Reviewer-two-1');
});
afterAll(() => server?.close());

/** SUBMITTED items of Green Valley for Northside, one checked file each, one submit each. */
async function seed(count: number): Promise<string[]> {
  const rows = await submissions(
    server,
    Array.from({ length: count }, () => ({ company: GREEN_VALLEY, partner: NORTHSIDE, imported: true })),
  );
  return rows.map((r) => r.id);
}

/**
 * Holds these rows' locks until the decision's transaction waits on one, then terminates that waiting backend, once
 * per row: the decision meets a real connection failure on exactly those items.
 */
async function holdLocksOf(ids: string[]) {
  let letGo!: () => void;
  const released = new Promise<void>((r) => (letGo = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const holder = server.database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from product_submissions where id = any(${`{${ids.join(',')}}`}::uuid[]) for update`);
    locked();
    await released;
  });
  await isLocked;
  return {
    failTheWaiter: async <T>(decision: Promise<T>): Promise<T> => {
      for (const _ of ids) {
        const pid = await until(async () => {
          const [row] = await queryRows<{ pid: number }>(
            server.database.db,
            sql`select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
              and query ilike '%product_submissions%' limit 1`,
          );
          return row?.pid;
        });
        await server.database.db.execute(sql`select pg_terminate_backend(${pid})`);
        // The next wait is another backend's: the terminated one has left pg_stat_activity.
        await until(async () => {
          const [row] = await queryRows<{ n: number }>(
            server.database.db,
            sql`select count(*)::int as n from pg_stat_activity where pid = ${pid}`,
          );
          return row?.n === 0;
        });
      }
      letGo();
      await holder;
      return decision;
    },
  };
}

const decisionsOf = (res: { json: unknown }) => (res.json as { results: ReviewDecisionOutcome[] }).results;

describe('bulk decisions report each item (postgres)', () => {
  it('accept of 100 where item 40 meets a connection failure: 200, 98 accepted, item 40 failed with its message, item 70 already decided by another reviewer, and the retry names the caller as "you"', async () => {
    const ids = await seed(100);
    const raced = ids[69];
    const first = await second.post('/api/review/decisions', { ids: [raced], decision: 'reject', reason: 'Blurry.' });
    expect(first.status).toBe(200);
    expect(decisionsOf(first)).toEqual([
      expect.objectContaining({ id: raced, outcome: 'rejected', itemStatus: 'ADMIN_REJECTED' }),
    ]);
    await server.ctx.jobs!.drain();
    const mailsBefore = await server.database.db.$count(mailOutbox, eq(mailOutbox.to, 'supplier@example.com'));

    const failing = ids[39];
    const lock = await holdLocksOf([failing]);
    const res = await lock.failTheWaiter(admin.post('/api/review/decisions', { ids, decision: 'accept' }));

    expect(res.status, res.text).toBe(200);
    const results = decisionsOf(res);
    expect(results.map((r) => r.id)).toEqual(ids);
    expect(results.filter((r) => r.outcome === 'accepted')).toHaveLength(98);
    expect(results[39]).toEqual({
      id: failing,
      outcome: 'failed',
      itemStatus: null,
      decidedBy: null,
      decidedByYou: false,
      message: WORKSPACE_MSG.itemUnavailable,
    });
    expect(results[69]).toEqual({
      id: raced,
      outcome: 'already_decided',
      itemStatus: 'ADMIN_REJECTED',
      decidedBy: 'Rita Reviewer',
      decidedByYou: false,
      message: null,
    });
    // Items 1-39 and 41-100 are decided for good, each with its history row and e-mail; item 40 is untouched.
    const db = server.database.db;
    const accepted = await db
      .select({ id: submissionHistory.submissionId })
      .from(submissionHistory)
      .where(and(inArray(submissionHistory.submissionId, ids), eq(submissionHistory.toStatus, 'ACCEPTED')));
    expect(accepted).toHaveLength(98);
    expect(accepted.map((h) => h.id)).not.toContain(failing);
    await server.ctx.jobs!.drain();
    expect((await db.$count(mailOutbox, eq(mailOutbox.to, 'supplier@example.com'))) - mailsBefore).toBe(98);

    // The reviewer retries the same selection: their own decisions are theirs ("you"), item 40 goes through.
    const retry = await admin.post('/api/review/decisions', { ids, decision: 'accept' });
    expect(retry.status).toBe(200);
    const again = decisionsOf(retry);
    expect(again[39]).toMatchObject({ id: failing, outcome: 'accepted', itemStatus: 'ACCEPTED' });
    expect(again[0]).toEqual({
      id: ids[0],
      outcome: 'already_decided',
      itemStatus: 'ACCEPTED',
      decidedBy: 'you',
      decidedByYou: true,
      message: null,
    });
    expect(again.filter((r) => r.outcome === 'already_decided' && r.decidedBy === 'you')).toHaveLength(98);
    expect(again[69]).toMatchObject({ outcome: 'already_decided', decidedBy: 'Rita Reviewer', decidedByYou: false });
  });

  it('after three items in a row meet an outage, the rest are reported untried instead of each waiting it out', async () => {
    const ids = await seed(5);
    const lock = await holdLocksOf(ids.slice(0, 3));
    const res = await lock.failTheWaiter(admin.post('/api/review/decisions', { ids, decision: 'accept' }));
    expect(res.status, res.text).toBe(200);
    const results = decisionsOf(res);
    expect(results.map((r) => r.outcome)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
    expect(results.slice(0, 3).every((r) => r.message === WORKSPACE_MSG.itemUnavailable)).toBe(true);
    expect(results.slice(3).map((r) => r.message)).toEqual([WORKSPACE_MSG.itemNotTried, WORKSPACE_MSG.itemNotTried]);
    const history = await server.database.db
      .select({ id: submissionHistory.submissionId })
      .from(submissionHistory)
      .where(and(inArray(submissionHistory.submissionId, ids), eq(submissionHistory.toStatus, 'ACCEPTED')));
    expect(history).toEqual([]);
  });
});
