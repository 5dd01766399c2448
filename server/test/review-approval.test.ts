import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  APPROVAL_MSG,
  reviewQueueSearch,
  type ReviewDecisionOutcome,
  type ReviewQueueItem,
  type SecondApprovalMode,
} from '@portal/domain';
import { queryRows } from '../src/db/client.ts';
import {
  auditLog,
  feedEvents,
  mailOutbox,
  submissionComments,
  submissionHistory,
  webhookDeliveries,
} from '../src/db/schema.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { aReviewer, FRESH_MARKET, GREEN_VALLEY, NORTHSIDE, submissions } from './support/factories.ts';

/**
 * Work shared between reviewers, over HTTP: a partner's optional second approval (a decision that needs one waits,
 * visible in the queue; another reviewer approves it or sends it back; the same reviewer is refused; the supplier
 * hears only after the approval; every step audited), and reason codes (kept on stock reasons, stored with the
 * rejection and its comments, counted per partner by the report).
 */

let server: TestServer;
let admin: Client;
let second: Client;
let supplier: Client;
let viewer: Client;
let configId: number;

beforeAll(async () => {
  // No undo window: a decision is told at once, so "nothing told yet" is the second approval's doing.
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'on', DECISION_UNDO_SECONDS: '0' });
  await aReviewer(server);
  [admin, second, supplier, viewer] = [1, 2, 3, 4].map(() => new Client(server.url));
  await admin.login('admin@example.com', 'Admin-demo-1');
  await second.login('reviewer2@example.com', 'Reviewer-two-1');
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await viewer.login('viewer@example.com', 'Viewer-demo-1');
  const hook = await supplier.post(`/api/companies/${GREEN_VALLEY}/webhooks`, {
    url: 'http://127.0.0.1:9/hook',
    events: ['submission.status_changed'],
    active: true,
  });
  expect(hook.status, hook.text).toBe(201);
  const list = await admin.graphql('query { getPartnerConfigurations { id companyId } }');
  configId = list.json.data.getPartnerConfigurations.find((c: { companyId: number }) => c.companyId === FRESH_MARKET)
    .id as number;
});
afterAll(() => server?.close());

const UPDATE = `mutation($id: Int!, $input: PartnerConfigurationInput!) {
  updatePartnerConfiguration(partnerConfigurationId: $id, input: $input) { secondApproval reviewSlaHours } }`;
async function setSecondApproval(mode: SecondApprovalMode) {
  const res = await admin.graphql(UPDATE, {
    id: configId,
    input: { primaryColor: '#1f5f8b', landingPageEnabled: true, secondApproval: mode },
  });
  expect(res.json.errors, JSON.stringify(res.json)).toBeUndefined();
  expect(res.json.data.updatePartnerConfiguration.secondApproval).toBe(mode);
}

const seed = async (count: number, partner: number | null = FRESH_MARKET) =>
  (
    await submissions(
      server,
      Array.from({ length: count }, () => ({ company: GREEN_VALLEY, partner, imported: true })),
    )
  ).map((r) => r.id);

async function decide(
  ids: string[],
  decision: 'accept' | 'reject',
  by = admin,
  extra: Record<string, unknown> = {},
): Promise<ReviewDecisionOutcome[]> {
  const res = await by.post('/api/review/decisions', {
    ids,
    decision,
    ...(decision === 'reject' && { reason: 'The photo is blurred.' }),
    ...extra,
  });
  expect(res.status, res.text).toBe(200);
  return res.json.results;
}

const statusOf = async (id: string) =>
  (
    await queryRows<{ s: string }>(
      server.database.db,
      sql`select item_status s from product_submissions where id = ${id}`,
    )
  )[0].s;

/** What has left, or is on its way out, about these items' decisions: e-mails, webhook deliveries, feed events. */
async function told(ids: string[]) {
  await server.ctx.jobs!.drain();
  const upcs = await queryRows<{ upc: string }>(
    server.database.db,
    sql`select upc from product_submissions where id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  const mails = await server.database.db.select({ text: mailOutbox.text }).from(mailOutbox);
  const deliveries = await server.database.db.select({ body: webhookDeliveries.body }).from(webhookDeliveries);
  const feed = await server.database.db.select({ data: feedEvents.data }).from(feedEvents);
  const decisionOf = (data: unknown) => {
    const d = data as { submissionId?: string; to?: string };
    return ids.includes(d.submissionId ?? '') && (d.to === 'ACCEPTED' || d.to === 'ADMIN_REJECTED');
  };
  return {
    mails: mails.filter((m) => upcs.some((u) => m.text.includes(u.upc))).length,
    deliveries: deliveries.filter((d) => decisionOf(JSON.parse(d.body).data)).length,
    feed: feed.filter((f) => decisionOf(f.data)).length,
  };
}

const queue = async (c: Client, q: Record<string, unknown>) => {
  const res = await c.get(`/api/review/queue?${reviewQueueSearch({ size: 100, ...q })}`);
  expect(res.status, res.text).toBe(200);
  return res.json as { items: ReviewQueueItem[]; total: number };
};

const auditOf = (id: string, action: string) =>
  server.database.db
    .select({ before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, action as never), eq(auditLog.targetId, id)));

describe(`second approval of review decisions (${databaseKind})`, () => {
  it('a rejection waits for a second reviewer; the same reviewer is refused; the supplier hears only after approval', async () => {
    await setSecondApproval('reject');
    const [id] = await seed(1);
    const [outcome] = await decide([id], 'reject');
    expect(outcome).toMatchObject({ outcome: 'awaiting_approval', itemStatus: 'SUBMITTED' });
    expect(await statusOf(id)).toBe('SUBMITTED');
    expect(await told([id])).toEqual({ mails: 0, deliveries: 0, feed: 0 });

    // "Waiting for second approval" in the queue, for everyone; "mine" for the reviewer who decided.
    const waiting = await queue(second, { approval: true });
    const row = waiting.items.find((i) => i.id === id);
    expect(row?.pendingDecision).toMatchObject({ decision: 'reject', reason: 'The photo is blurred.', mine: false });
    expect((await queue(admin, { approval: true })).items.find((i) => i.id === id)?.pendingDecision?.mine).toBe(true);
    const context = await admin.get(`/api/review/items/${id}`);
    expect(context.json.pendingDecision).toMatchObject({ decision: 'reject', mine: true });

    // A second decision on it, by anyone, is refused while the first waits.
    const [again] = await decide([id], 'accept', second);
    expect(again).toMatchObject({ outcome: 'failed', message: APPROVAL_MSG.waiting });

    const own = await admin.post(`/api/review/approvals/${id}`, { action: 'approve' });
    expect(own.status).toBe(403);
    expect(own.json.message).toBe(APPROVAL_MSG.ownDecision);
    expect(await statusOf(id)).toBe('SUBMITTED');
    expect(await told([id])).toEqual({ mails: 0, deliveries: 0, feed: 0 });

    const approved = await second.post(`/api/review/approvals/${id}`, { action: 'approve' });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json).toEqual({ id, outcome: 'approved', itemStatus: 'ADMIN_REJECTED' });
    expect(await statusOf(id)).toBe('ADMIN_REJECTED');
    expect(await told([id])).toEqual({ mails: 1, deliveries: 1, feed: 1 });
    expect((await queue(second, { approval: true })).items.map((i) => i.id)).not.toContain(id);

    // The rejection carries its reason; the audit trail has both reviewers.
    const [last] = await server.database.db
      .select({ reason: submissionHistory.reason })
      .from(submissionHistory)
      .where(eq(submissionHistory.submissionId, id))
      .orderBy(sql`${submissionHistory.id} desc`)
      .limit(1);
    expect(last.reason).toBe('The photo is blurred.');
    expect(await auditOf(id, 'review.decision_proposed')).toHaveLength(1);
    const [approval] = await auditOf(id, 'review.decision_approved');
    expect(approval.before).toMatchObject({ decision: 'reject', reason: 'The photo is blurred.' });
    expect(approval.after).toEqual({ status: 'ADMIN_REJECTED' });
  });

  it('sent back, the item waits for a decision again and no one is told; acceptances pass when only rejections wait', async () => {
    await setSecondApproval('reject');
    const [id, other] = await seed(2);
    expect((await decide([id], 'reject'))[0].outcome).toBe('awaiting_approval');
    const back = await second.post(`/api/review/approvals/${id}`, { action: 'send_back' });
    expect(back.status, back.text).toBe(200);
    expect(back.json).toEqual({ id, outcome: 'sent_back', itemStatus: 'SUBMITTED' });
    expect(await auditOf(id, 'review.decision_sent_back')).toHaveLength(1);
    expect((await second.post(`/api/review/approvals/${id}`, { action: 'approve' })).status).toBe(409);
    expect(await told([id])).toEqual({ mails: 0, deliveries: 0, feed: 0 });

    // Decided again, now by the second reviewer: it waits once more (for a reviewer other than them).
    expect((await decide([id], 'reject', second))[0].outcome).toBe('awaiting_approval');
    expect((await admin.post(`/api/review/approvals/${id}`, { action: 'approve' })).status).toBe(200);
    expect(await statusOf(id)).toBe('ADMIN_REJECTED');

    const [accepted] = await decide([other], 'accept');
    expect(accepted).toMatchObject({ outcome: 'accepted', itemStatus: 'ACCEPTED' });
  });

  it('"both" holds acceptances too, in a bulk decision; a partner with it off decides at once', async () => {
    await setSecondApproval('both');
    const ids = await seed(3);
    const [elsewhere] = await seed(1, NORTHSIDE);
    const results = await decide([...ids, elsewhere], 'accept');
    expect(results.map((r) => r.outcome)).toEqual([
      'awaiting_approval',
      'awaiting_approval',
      'awaiting_approval',
      'accepted',
    ]);
    for (const id of ids)
      expect((await second.post(`/api/review/approvals/${id}`, { action: 'approve' })).status).toBe(200);
    expect(await told(ids)).toEqual({ mails: 3, deliveries: 3, feed: 3 });
    await setSecondApproval('off');
    const [later] = await seed(1);
    expect((await decide([later], 'reject'))[0].outcome).toBe('rejected');
  });

  it('only reviewers approve: suppliers and read-only administrators are refused, the partner setting is validated', async () => {
    await setSecondApproval('reject');
    const [id] = await seed(1);
    await decide([id], 'reject');
    for (const c of [supplier, viewer]) {
      expect((await c.post(`/api/review/approvals/${id}`, { action: 'approve' })).status).toBe(403);
      expect((await c.post(`/api/review/approvals/${id}`, { action: 'send_back' })).status).toBe(403);
    }
    expect((await second.post(`/api/review/approvals/${id}`, { action: 'maybe' })).status).toBe(400);
    const bad = await admin.graphql(UPDATE, {
      id: configId,
      input: { primaryColor: '#1f5f8b', landingPageEnabled: true, secondApproval: 'sometimes' },
    });
    expect(bad.json.errors?.[0]).toBeDefined();
    expect(await statusOf(id)).toBe('SUBMITTED');
  });
});

describe(`second approval is not passed by (${databaseKind})`, () => {
  it('a direct decision through GraphQL is refused while the partner wants a second approval, and allowed without', async () => {
    await setSecondApproval('reject');
    const [id] = await seed(1);
    const REVIEW = `mutation($id: ID!, $status: DecisionStatus!, $reason: String) {
      updateProductSubmissionStatus(id: $id, status: $status, reason: $reason) { itemStatus } }`;
    const refused = await admin.graphql(REVIEW, { id, status: 'ADMIN_REJECTED', reason: 'Blurred.' });
    expect(refused.json.errors?.[0]?.message).toBe(APPROVAL_MSG.decideInWorkspace);
    expect(await statusOf(id)).toBe('SUBMITTED');
    // An acceptance needs none under "reject" (nothing waits for this item): it goes through.
    const accepted = await admin.graphql(REVIEW, { id, status: 'ACCEPTED' });
    expect(accepted.json.errors, JSON.stringify(accepted.json)).toBeUndefined();
    expect(await statusOf(id)).toBe('ACCEPTED');
  });
});

describe(`reason codes (${databaseKind})`, () => {
  it('a stock reason keeps its code; a rejection and its comments store theirs; the report counts them per partner', async () => {
    await setSecondApproval('off');
    const added = await admin.post('/api/review/stock-reasons', {
      partnerCompanyId: FRESH_MARKET,
      text: 'The barcode is not readable on the photo.',
      code: 'barcode_unreadable',
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json.code).toBe('BARCODE_UNREADABLE');
    await admin.post('/api/review/stock-reasons', { partnerCompanyId: null, text: 'Wrong name.', code: 'NAME' });
    const listed = await admin.get(`/api/review/stock-reasons?partner=${FRESH_MARKET}`);
    expect(listed.json.map((r: { code: string | null }) => r.code)).toEqual(
      expect.arrayContaining(['BARCODE_UNREADABLE', 'NAME']),
    );
    expect(
      (
        await admin.post('/api/review/stock-reasons', {
          partnerCompanyId: FRESH_MARKET,
          text: 'x',
          code: 'not a code!',
        })
      ).status,
    ).toBe(400);

    const [a, b, c] = await seed(3);
    const [d] = await seed(1, NORTHSIDE);
    const reject = (ids: string[], reasonCode: string, extra: Record<string, unknown> = {}) =>
      decide(ids, 'reject', admin, { reasonCode, ...extra });
    expect(
      (
        await reject([a], 'BARCODE_UNREADABLE', {
          comments: [{ target: 'upc', text: 'Check the digits.', reasonCode: 'NAME' }],
        })
      )[0].outcome,
    ).toBe('rejected');
    expect((await reject([b, c], 'BARCODE_UNREADABLE')).map((r) => r.outcome)).toEqual(['rejected', 'rejected']);
    expect((await reject([d], 'NAME'))[0].outcome).toBe('rejected');

    // An unknown code is refused, whole; a code with an acceptance too.
    const unknown = await admin.post('/api/review/decisions', {
      ids: [d],
      decision: 'reject',
      reason: 'x',
      reasonCode: 'NOPE',
    });
    expect(unknown.status).toBe(400);
    expect(
      (await admin.post('/api/review/decisions', { ids: [d], decision: 'accept', reasonCode: 'NAME' })).status,
    ).toBe(400);

    const stored = await server.database.db
      .select({ code: submissionHistory.reasonCode })
      .from(submissionHistory)
      .where(and(eq(submissionHistory.submissionId, a), eq(submissionHistory.toStatus, 'ADMIN_REJECTED')));
    expect(stored).toEqual([{ code: 'BARCODE_UNREADABLE' }]);
    const comments = await server.database.db
      .select({ code: submissionComments.reasonCode })
      .from(submissionComments)
      .where(inArray(submissionComments.submissionId, [a]));
    expect(comments).toEqual([{ code: 'NAME' }]);

    const today = new Date().toISOString().slice(0, 10);
    const report = await admin.get(`/api/review/reports/reason-codes?from=${today}&to=${today}`);
    expect(report.status, report.text).toBe(200);
    const rows = report.json.rows as { partnerCompanyId: number; code: string; decisions: number; comments: number }[];
    const of = (partner: number, code: string) => rows.find((r) => r.partnerCompanyId === partner && r.code === code);
    expect(of(FRESH_MARKET, 'BARCODE_UNREADABLE')).toMatchObject({ decisions: 3, comments: 0 });
    expect(of(FRESH_MARKET, 'NAME')).toMatchObject({ decisions: 0, comments: 1 });
    expect(of(NORTHSIDE, 'NAME')).toMatchObject({ decisions: 1, comments: 0 });
    const one = await admin.get(`/api/review/reports/reason-codes?from=${today}&to=${today}&partner=${NORTHSIDE}`);
    expect(one.json.rows.map((r: { partnerCompanyId: number }) => r.partnerCompanyId)).toEqual([NORTHSIDE]);
    const before = await admin.get('/api/review/reports/reason-codes?from=2020-01-01&to=2020-01-31');
    expect(before.json.rows).toEqual([]);
    expect((await admin.get(`/api/review/reports/reason-codes?from=${today}&to=2020-01-01`)).status).toBe(400);

    for (const c of [supplier, viewer])
      expect((await c.get(`/api/review/reports/reason-codes?from=${today}&to=${today}`)).status).toBe(403);
  });
});
