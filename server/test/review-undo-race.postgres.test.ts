import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { UNDO_MSG, type ReviewDecisionOutcome } from '@portal/domain';
import { queryRows } from '../src/db/client.ts';
import { claimStatement } from '../src/jobs/queue.ts';
import { revertDecision } from '../src/modules/submissions/lifecycle.ts';
import { Client, startTestServer, type TestServer } from './harness.ts';
import { GREEN_VALLEY, NORTHSIDE, submissions, userOf } from './support/factories.ts';
import { until } from './support/wait.ts';

/**
 * An undo racing the worker that sends the decision's e-mail and events: never both. The held jobs' row locks decide
 * (jobs/queue.ts cancelHeldJobs): a worker's claim skips rows an undo holds, and an undo that finds a job claimed is
 * refused. Each order is forced here with a transaction held open on a real PostgreSQL server.
 */

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'on', DECISION_UNDO_SECONDS: '600' });
  admin = new Client(server.url);
  await admin.login('admin@example.com', 'Admin-demo-1');
  const supplier = new Client(server.url);
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await supplier.post(`/api/companies/${GREEN_VALLEY}/webhooks`, {
    url: 'http://127.0.0.1:9/hook',
    events: ['submission.status_changed'],
    active: true,
  });
});
afterAll(() => server?.close());

async function accepted(): Promise<ReviewDecisionOutcome> {
  const [row] = await submissions(server, [{ company: GREEN_VALLEY, partner: NORTHSIDE, imported: true }]);
  const res = await admin.post('/api/review/decisions', { ids: [row.id], decision: 'accept' });
  expect(res.status, res.text).toBe(200);
  return res.json.results[0];
}

const dueNow = (key: string) =>
  until(async () => {
    const [row] = await queryRows<{ due: boolean }>(
      server.database.db,
      sql`select bool_and(run_at <= clock_timestamp()) due from jobs where hold_key = ${key}`,
    );
    return row.due;
  });

/** E-mails, deliveries and feed events of the item's acceptance. */
async function told(id: string) {
  const [row] = await queryRows<{ mails: number; deliveries: number; feed: number }>(
    server.database.db,
    sql`select
      (select count(*)::int from mail_outbox m join product_submissions s on m.text like '%' || s.upc || '%'
        where s.id = ${id}) mails,
      (select count(*)::int from webhook_deliveries d where d.body::jsonb -> 'data' ->> 'submissionId' = ${id}
        and d.body::jsonb -> 'data' ->> 'to' = 'ACCEPTED') deliveries,
      (select count(*)::int from feed_events f where f.data ->> 'submissionId' = ${id}
        and f.data ->> 'to' = 'ACCEPTED') feed`,
  );
  return row;
}
const statusOf = async (id: string) =>
  (
    await queryRows<{ s: string }>(
      server.database.db,
      sql`select item_status s from product_submissions where id = ${id}`,
    )
  )[0].s;

describe('undo racing the sender (postgres)', () => {
  it('the undo holds the held jobs first: a worker whose turn comes meanwhile skips them, and nothing ever leaves', async () => {
    const reviewer = await userOf(server, 'admin@example.com');
    let letGo!: () => void;
    const released = new Promise<void>((r) => (letGo = r));
    // A short window, so that it ends while the undo is open; doubled until this machine starts the undo within it.
    let decision: ReviewDecisionOutcome | undefined;
    let undoing: Promise<void> | undefined;
    for (let seconds = 0.5; !undoing; seconds *= 2) {
      server.config.decisionUndoSeconds = seconds;
      const made = await accepted();
      let holding!: (ok: boolean) => void;
      const held = new Promise<boolean>((r) => (holding = r));
      // The undo's own transaction, paused after it has reverted the item and taken the jobs' locks.
      const tx = server.database.db.transaction(async (tx) => {
        await revertDecision(tx, made.id, made.undo!.key, { actor: 'staff', userId: reviewer.id });
        holding(true);
        await released;
      });
      const running = tx.catch((err: unknown) => {
        holding(false);
        if (!(err instanceof Error && err.message === UNDO_MSG.tooLate)) throw err;
      });
      if (await held) [decision, undoing] = [made, running];
    }
    server.config.decisionUndoSeconds = 600;
    try {
      // The window ends while the undo is still open: the jobs are due, and the worker looks for work.
      await dueNow(decision!.undo!.key);
      await server.ctx.jobs!.drain();
      expect(await told(decision!.id)).toEqual({ mails: 0, deliveries: 0, feed: 0 });
    } finally {
      letGo();
      await undoing;
    }
    await server.ctx.jobs!.drain();
    expect(await statusOf(decision!.id)).toBe('SUBMITTED');
    expect(await told(decision!.id)).toEqual({ mails: 0, deliveries: 0, feed: 0 });
  });

  it('the worker claims first: the undo waits for its claim, is refused (409), and the e-mail and events leave once', async () => {
    server.config.decisionUndoSeconds = 0.05;
    let decision: ReviewDecisionOutcome;
    try {
      decision = await accepted();
    } finally {
      server.config.decisionUndoSeconds = 600;
    }
    const key = decision.undo!.key;
    await dueNow(key);
    let letGo!: () => void;
    const released = new Promise<void>((r) => (letGo = r));
    let claimed!: (n: number) => void;
    const claimedN = new Promise<number>((r) => (claimed = r));
    // A worker's claim of the e-mail (its own statement, with a claim that lapses at once), not yet committed.
    const claim = server.database.db.transaction(async (tx) => {
      const result = await tx.execute(claimStatement(['submissions.statusMail'], 10, 1, []));
      claimed((result as { rows: unknown[] }).rows.length);
      await released;
    });
    expect(await claimedN).toBeGreaterThanOrEqual(1);
    const undo = admin.post('/api/review/decisions/undo', { decisions: [{ id: decision.id, key }] });
    // The undo waits on the claimed row's lock.
    await until(async () => {
      const rows = await queryRows<{ n: number }>(
        server.database.db,
        sql`select count(*)::int n from pg_stat_activity where datname = current_database()
          and wait_event_type = 'Lock' and query ilike '%hold_key%'`,
      );
      return rows[0].n > 0;
    });
    letGo();
    await claim;
    const res = await undo;
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(UNDO_MSG.tooLate);
    expect(await statusOf(decision.id)).toBe('ACCEPTED');
    // The claim lapsed (1 ms): the worker takes the e-mail up again, and the events; each leaves once.
    await until(async () => {
      await server.ctx.jobs!.drain();
      const t = await told(decision.id);
      return t.mails === 1 && t.deliveries === 1 && t.feed === 1;
    });
    expect(await told(decision.id)).toEqual({ mails: 1, deliveries: 1, feed: 1 });
  });
});
