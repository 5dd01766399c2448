import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { UNDO_MSG, type ReviewDecisionOutcome } from '@portal/domain';
import { queryRows } from '../src/db/client.ts';
import { auditLog, feedEvents, jobs, mailOutbox, submissionHistory, webhookDeliveries } from '../src/db/schema.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { aReviewer, FRESH_MARKET, GREEN_VALLEY, NORTHSIDE, submissions, userOf } from './support/factories.ts';
import { until } from './support/wait.ts';

/**
 * A review decision can be undone for a window (10 s by default): the status changes at once, the supplier's e-mail
 * and the events for webhooks and the change feed wait out the window, and an undo within it puts the item back and
 * cancels them, so nothing about the decision ever leaves. Past the window the undo is refused (409) and they leave.
 * The window is the server's setting, changed here between tests; no test waits for it with a fixed sleep.
 */

let server: TestServer;
let admin: Client;
let second: Client;
let supplierEmail: string;

beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'on', DECISION_UNDO_SECONDS: '600' });
  await aReviewer(server);
  [admin, second] = [new Client(server.url), new Client(server.url)];
  await admin.login('admin@example.com', 'Admin-demo-1');
  await second.login('reviewer2@example.com', 'Reviewer-two-1');
  supplierEmail = (await userOf(server, 'supplier@example.com')).email;
  const supplier = new Client(server.url);
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  const hook = await supplier.post(`/api/companies/${GREEN_VALLEY}/webhooks`, {
    url: 'http://127.0.0.1:9/hook',
    events: ['submission.status_changed'],
    active: true,
  });
  expect(hook.status, hook.text).toBe(201);
});
afterAll(() => server?.close());

const seed = async (count: number, partner: number | null = NORTHSIDE) =>
  (
    await submissions(
      server,
      Array.from({ length: count }, () => ({ company: GREEN_VALLEY, partner, imported: true })),
    )
  ).map((r) => r.id);

async function decide(ids: string[], decision: 'accept' | 'reject', by = admin): Promise<ReviewDecisionOutcome[]> {
  const res = await by.post('/api/review/decisions', {
    ids,
    decision,
    ...(decision === 'reject' && { reason: 'The photo is blurred.' }),
  });
  expect(res.status, res.text).toBe(200);
  return res.json.results;
}

const undo = (results: ReviewDecisionOutcome[], by = admin) =>
  by.post('/api/review/decisions/undo', { decisions: results.map((r) => ({ id: r.id, key: r.undo!.key })) });

/** What has left, or is on its way out, about these items: e-mails, webhook deliveries, change-feed events. */
async function told(ids: string[]) {
  const mails = await server.database.db.select({ text: mailOutbox.text }).from(mailOutbox);
  const upcs = await queryRows<{ upc: string }>(
    server.database.db,
    sql`select upc from product_submissions where id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  const about = (text: string) => upcs.some((u) => text.includes(u.upc));
  const deliveries = await server.database.db.select({ body: webhookDeliveries.body }).from(webhookDeliveries);
  const feed = await server.database.db.select({ data: feedEvents.data }).from(feedEvents);
  // A decision's event: the status change to ACCEPTED or ADMIN_REJECTED (not the item's making).
  const decisionOf = (data: unknown) => {
    const d = data as { submissionId?: string; to?: string };
    return ids.includes(d.submissionId ?? '') && (d.to === 'ACCEPTED' || d.to === 'ADMIN_REJECTED');
  };
  return {
    mails: mails.filter((m) => about(m.text)).length,
    deliveries: deliveries.filter((d) => decisionOf(JSON.parse(d.body).data)).length,
    feed: feed.filter((f) => decisionOf(f.data)).length,
  };
}

const statusOf = async (id: string) =>
  (
    await queryRows<{ s: string }>(
      server.database.db,
      sql`select item_status s from product_submissions where id = ${id}`,
    )
  )[0].s;

const heldJobs = (key: string) => server.database.db.select().from(jobs).where(eq(jobs.holdKey, key));

describe(`undoing a review decision (${databaseKind})`, () => {
  it('an accept undone within the window: the item waits for review again, and no e-mail, webhook or feed event leaves', async () => {
    const [id] = await seed(1);
    const [accepted] = await decide([id], 'accept');
    expect(accepted).toMatchObject({ outcome: 'accepted', itemStatus: 'ACCEPTED', undo: { seconds: 600 } });
    expect(await statusOf(id)).toBe('ACCEPTED');
    // The worker runs everything that is due: the e-mail and the events are not, yet.
    await server.ctx.jobs!.drain();
    expect(await told([id])).toEqual({ mails: 0, deliveries: 0, feed: 0 });
    expect((await heldJobs(accepted.undo!.key)).map((j) => j.name).sort()).toEqual([
      'submissions.statusMail',
      'webhooks.publishHeld',
    ]);

    const res = await undo([accepted]);
    expect(res.status, res.text).toBe(200);
    expect(res.json.results).toEqual([{ id, outcome: 'undone', itemStatus: 'SUBMITTED', message: null }]);
    expect(await statusOf(id)).toBe('SUBMITTED');
    expect(await heldJobs(accepted.undo!.key)).toEqual([]);
    await server.ctx.jobs!.drain();
    expect(await told([id])).toEqual({ mails: 0, deliveries: 0, feed: 0 });

    // The history and the audit trail keep both steps.
    const history = await server.database.db
      .select({ to: submissionHistory.toStatus, reason: submissionHistory.reason })
      .from(submissionHistory)
      .where(eq(submissionHistory.submissionId, id))
      .orderBy(submissionHistory.id);
    expect(history.slice(-2)).toEqual([
      { to: 'ACCEPTED', reason: null },
      { to: 'SUBMITTED', reason: 'Decision undone' },
    ]);
    const [audit] = await server.database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'submission.decision_undone'), eq(auditLog.targetId, id)));
    expect(audit).toEqual({ before: { status: 'ACCEPTED' }, after: { status: 'SUBMITTED' } });

    // It can be decided again, and that decision is told as any other once its window is over.
    server.config.decisionUndoSeconds = 0;
    try {
      const [again] = await decide([id], 'reject');
      expect(again.outcome).toBe('rejected');
      expect(again.undo).toBeUndefined();
      await server.ctx.jobs!.drain();
      expect(await told([id])).toEqual({ mails: 1, deliveries: 1, feed: 1 });
    } finally {
      server.config.decisionUndoSeconds = 600;
    }
  });

  it('a bulk rejection undone within the window: every item back, the reason gone, nothing told', async () => {
    const ids = await seed(3);
    const results = await decide(ids, 'reject');
    expect(results.map((r) => r.outcome)).toEqual(['rejected', 'rejected', 'rejected']);
    const res = await undo(results);
    expect(res.status, res.text).toBe(200);
    expect(res.json.results.map((r: { outcome: string }) => r.outcome)).toEqual(['undone', 'undone', 'undone']);
    for (const id of ids) expect(await statusOf(id)).toBe('SUBMITTED');
    const reasons = await queryRows<{ r: string | null }>(
      server.database.db,
      sql`select rejection_reason r from product_submissions where id = any(${`{${ids.join(',')}}`}::uuid[])`,
    );
    expect(reasons.map((r) => r.r)).toEqual([null, null, null]);
    await server.ctx.jobs!.drain();
    expect(await told(ids)).toEqual({ mails: 0, deliveries: 0, feed: 0 });
  });

  it('after the window: 409 with a clear message, the item stays decided, and the e-mail and the events leave once', async () => {
    server.config.decisionUndoSeconds = 0.05;
    try {
      const [id] = await seed(1);
      const [accepted] = await decide([id], 'accept');
      // The database's clock decides when held work is due: wait until it says the window is over.
      await until(async () => {
        const [row] = await queryRows<{ due: boolean }>(
          server.database.db,
          sql`select bool_and(run_at <= clock_timestamp()) due from jobs where hold_key = ${accepted.undo!.key}`,
        );
        return row.due;
      });
      const res = await undo([accepted]);
      expect(res.status).toBe(409);
      expect(res.json.message).toBe(UNDO_MSG.tooLate);
      expect(await statusOf(id)).toBe('ACCEPTED');
      await server.ctx.jobs!.drain();
      expect(await told([id])).toEqual({ mails: 1, deliveries: 1, feed: 1 });
      const [mail] = await server.database.db
        .select({ to: mailOutbox.to, subject: mailOutbox.subject })
        .from(mailOutbox)
        .orderBy(sql`${mailOutbox.id} desc`)
        .limit(1);
      expect(mail.to).toBe(supplierEmail);
      expect(mail.subject).toContain('Accepted');
      // Once sent, still too late.
      expect((await undo([accepted])).status).toBe(409);
    } finally {
      server.config.decisionUndoSeconds = 600;
    }
  });

  it('a partner that turned the window off in its settings: its decisions are told at once and cannot be undone', async () => {
    const setWindow = async (on: boolean) => {
      const list = await admin.graphql('{ getPartnerConfigurations { id companyId primaryColor landingPageEnabled } }');
      const config = list.json.data.getPartnerConfigurations.find(
        (c: { companyId: number }) => c.companyId === FRESH_MARKET,
      );
      const res = await admin.graphql(
        `mutation($id: Int!, $input: PartnerConfigurationInput!) {
          updatePartnerConfiguration(partnerConfigurationId: $id, input: $input) { decisionUndo } }`,
        {
          id: config.id,
          input: { primaryColor: config.primaryColor, landingPageEnabled: config.landingPageEnabled, decisionUndo: on },
        },
      );
      expect(res.json.errors).toBeUndefined();
      expect(res.json.data.updatePartnerConfiguration.decisionUndo).toBe(on);
    };
    await setWindow(false);
    try {
      const [id] = await seed(1, FRESH_MARKET);
      const [accepted] = await decide([id], 'accept');
      expect(accepted.undo).toBeUndefined();
      await server.ctx.jobs!.drain();
      expect(await told([id])).toEqual({ mails: 1, deliveries: 1, feed: 1 });
      const res = await admin.post('/api/review/decisions/undo', {
        decisions: [{ id, key: '5d0c6d55-3a8e-4f53-9d7a-2f2c3c0b9e11' }],
      });
      expect(res.status).toBe(409);
      expect(res.json.message).toBe(UNDO_MSG.changed);
      // The audit trail names the change of the setting.
      const [audit] = await server.database.db
        .select({ before: auditLog.before, after: auditLog.after })
        .from(auditLog)
        .where(eq(auditLog.action, 'partner_configuration.updated'))
        .orderBy(sql`${auditLog.id} desc`)
        .limit(1);
      expect(audit.before).toMatchObject({ decisionUndo: true });
      expect(audit.after).toMatchObject({ decisionUndo: false });
    } finally {
      await setWindow(true);
    }
  });

  it('only the reviewer who decided can undo, and only while the decision is the last change', async () => {
    const [id, other] = await seed(2);
    const [accepted] = await decide([id], 'accept');
    const theirs = await undo([accepted], second);
    expect(theirs.status).toBe(409);
    expect(theirs.json.message).toBe(UNDO_MSG.notYours);
    expect(await statusOf(id)).toBe('ACCEPTED');
    // A key of another item's decision undoes nothing.
    const [otherDecision] = await decide([other], 'accept');
    const crossed = await admin.post('/api/review/decisions/undo', {
      decisions: [{ id, key: otherDecision.undo!.key }],
    });
    expect(crossed.status).toBe(409);
    expect(crossed.json.message).toBe(UNDO_MSG.changed);
    // Undone once, the second undo finds the decision gone.
    expect((await undo([accepted])).status).toBe(200);
    expect((await undo([accepted])).json.message).toBe(UNDO_MSG.changed);
    // Nor may a signed-out caller.
    expect((await undo([accepted], new Client(server.url))).status).toBe(401);
  });
});
