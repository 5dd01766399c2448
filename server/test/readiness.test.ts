/**
 * Stored readiness per partner: written when a submission is made or changed, recomputed by a fenced background job
 * in batches after a rule change (progress in the jobs console), a dry run before saving, bad rule sets refused with
 * the old version kept, the stored readiness in GraphQL, GET /api/v1/submissions and webhook payloads, and the
 * `submission.readiness_changed` event for every submission a rule change moves.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDryRun, mergeDryRuns, PARTNER_FIELDS, READINESS_MSG } from '@portal/domain';
import { minTwoImagesRule } from '@portal/domain/readiness.fixture';
import { partnerConfigurations, productSubmissions, users } from '../src/db/schema.ts';
import { ClaimLostError } from '../src/jobs/queue.ts';
import {
  addFiles,
  createSubmissions,
  deleteSubmissionRecord,
  type NewSubmissionFile,
} from '../src/modules/submissions/lifecycle.ts';
import { recomputeReadinessOfPartner } from '../src/modules/readiness/jobs.ts';
import { readinessCondition } from '../src/modules/readiness/queries/filter.ts';
import { dryRunOwnRules } from '../src/modules/readiness/service.ts';
import { jobs } from '../src/db/schema.ts';
import { databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';
import { until } from './support/wait.ts';
import { SAVE_READINESS_RULES as SAVE } from './support/readiness-rules.ts';

const PARTNER = 30443;
const MIN_2 = minTwoImagesRule(2);
const DRY_RUN = `query($p: Int!, $rules: [ReadinessRuleInput!]!, $after: String) {
  dryRunReadinessRules(partnerCompanyId: $p, rules: $rules, after: $after) {
    judged total next becomesNotReady becomesReady scoreChanges openDrafts draftsBlocked draftsNewlyBlocked
    rules { code failing becomesNotReady becomesReady draftsBlocked } } }`;
const RULES = `query($p: Int!) { getReadinessRules(partnerCompanyId: $p) { version } }`;
const RULE_CODES = `query($p: Int!) { getReadinessRules(partnerCompanyId: $p) { version rules { code kind severity weight message fix min } } }`;
const ACTIVITY = `query { getProductSubmissionsByStatuses(statuses: [SUBMITTED]) { items { id readiness { percent ready version failing { code severity message fix } } } } }`;

let server: TestServer;
let c: Awaited<ReturnType<typeof demoClients>>;
const received: { type: string; data: any }[] = [];
let receiver: http.Server;
/** The three submissions: one image, two images, one image. */
let ids: { one: string; two: string; alsoOne: string };

const file = (name: string): NewSubmissionFile => ({
  fileName: name,
  storageKey: `test/${name}`,
  kind: 'png',
  size: 100,
  isMarketingImage: true,
  detectionStatus: 'done',
});

beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'on' });
  c = await demoClients(server);
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const { db } = server.database;
  // The partner asks for nothing of its own fields: the rules are the UPC and a marketing image, both met.
  await db
    .update(partnerConfigurations)
    .set({ fieldRules: Object.fromEntries(PARTNER_FIELDS.map((f) => [f, { required: false }])) })
    .where(eq(partnerConfigurations.companyId, PARTNER));
  const [u] = await db.select().from(users).where(eq(users.email, 'supplier@example.com'));
  const made = await db.transaction((tx) =>
    createSubmissions(
      tx,
      [
        ['036000291452', ['a.png']],
        ['4006381333931', ['b1.png', 'b2.png']],
        ['0012345678905', ['c.png']],
      ].map(([upc, names]) => ({
        companyId: u.companyId,
        userId: u.id,
        partnerCompanyId: PARTNER,
        upc: upc as string,
        ean13Upc: (upc as string).padStart(13, '0'),
        productName: 'Oat Crisps',
        files: (names as string[]).map(file),
        from: null,
      })),
      { actor: 'supplier', userId: u.id },
    ),
  );
  ids = { one: made[0].id, two: made[1].id, alsoOne: made[2].id };
  // Their files are not in the store: the automated checks are not what these tests are about.
  await db.delete(jobs).where(eq(jobs.name, 'submissions.automatedChecks'));
  const hook = await c.supplier.post(`/api/companies/${u.companyId}/webhooks`, {
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    events: ['submission.readiness_changed'],
  });
  expect(hook.status).toBe(201);
});
afterAll(async () => {
  await new Promise((r) => receiver?.close(r));
  await server?.close();
});

const stored = async (id: string) => {
  const [row] = await server.database.db.select().from(productSubmissions).where(eq(productSubmissions.id, id));
  return { percent: row.readinessPercent, ready: row.readinessReady, version: row.readinessVersion };
};
const version = async () =>
  (await c.admin.graphql(RULES, { p: PARTNER })).json.data.getReadinessRules.version as number;

describe(`stored readiness (${databaseKind})`, () => {
  it('a new submission stores its readiness, answered by GraphQL (enum severities) and GET /api/v1/submissions', async () => {
    const v = await version();
    expect(await stored(ids.one)).toEqual({ percent: 100, ready: true, version: v });
    const items = (await c.supplier.graphql(ACTIVITY)).json.data.getProductSubmissionsByStatuses.items;
    expect(items.find((i: { id: string }) => i.id === ids.two).readiness).toEqual({
      percent: 100,
      ready: true,
      version: v,
      failing: [],
    });
    const rest = await c.supplier.get(`/api/v1/submissions?partner=${PARTNER}`);
    expect(rest.status).toBe(200);
    expect(rest.json.items.find((i: { id: string }) => i.id === ids.one).readiness).toEqual({
      percent: 100,
      ready: true,
      version: v,
      failing: [],
    });
  });

  it('bad input: more images than a draft holds, or an unknown field, is refused naming the rule; the old version stays', async () => {
    // A version of the partner's own to keep: every rule of it must still be there after the refusals.
    const kept = { ...MIN_2, code: 'R-IMG-KEPT', min: 1 };
    expect((await c.admin.graphql(SAVE, { p: PARTNER, rules: [kept] })).json.errors).toBeUndefined();
    const rulesBefore = (await c.admin.graphql(RULE_CODES, { p: PARTNER })).json.data.getReadinessRules;
    expect(rulesBefore.rules.map((r: { code: string }) => r.code)).toContain('R-IMG-KEPT');
    const before = await version();
    const tooMany = { ...MIN_2, code: 'R-IMG-MIN-11', min: 11 };
    const unknown = { ...MIN_2, code: 'R-FLD-COLOUR', kind: 'field-present', field: 'colour', min: undefined };
    for (const [rules, message] of [
      [[tooMany], READINESS_MSG.tooManyImages('R-IMG-MIN-11')],
      [[unknown], READINESS_MSG.unknownField('R-FLD-COLOUR', 'colour')],
    ] as const) {
      for (const op of [SAVE, DRY_RUN]) {
        const res = await c.admin.graphql(op, { p: PARTNER, rules });
        expect(res.json.errors[0].message).toBe(message);
      }
    }
    expect(await version()).toBe(before);
    expect((await c.admin.graphql(RULE_CODES, { p: PARTNER })).json.data.getReadinessRules).toEqual(rulesBefore);
    // Back to no rule of its own (a version of its own), so the tests below start from every submission ready.
    expect((await c.admin.graphql(SAVE, { p: PARTNER, rules: [] })).json.errors).toBeUndefined();
    await recomputeReadinessOfPartner(server.database.db, PARTNER);
    // A supplier may not try rules at all.
    const denied = await c.supplier.graphql(DRY_RUN, { p: PARTNER, rules: [MIN_2] });
    expect(denied.json.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('the dry run counts the submissions a rule would make not ready, per rule, and writes nothing', async () => {
    const before = await version();
    const res = await c.admin.graphql(DRY_RUN, { p: PARTNER, rules: [MIN_2] });
    expect(res.json.data.dryRunReadinessRules).toEqual({
      judged: 3,
      total: 3,
      next: null,
      becomesNotReady: 2,
      becomesReady: 0,
      scoreChanges: 0,
      openDrafts: 0,
      draftsBlocked: 0,
      draftsNewlyBlocked: 0,
      rules: [{ code: 'R-IMG-MIN-2', failing: 2, becomesNotReady: 2, becomesReady: 0, draftsBlocked: 0 }],
    });
    expect(await version()).toBe(before);
    expect(await stored(ids.one)).toMatchObject({ percent: 100, ready: true });
  });

  it('the dry run in steps: each goes on where the last stopped, the steps add up to the whole; a bad cursor is refused', async () => {
    const whole = (await c.admin.graphql(DRY_RUN, { p: PARTNER, rules: [MIN_2] })).json.data.dryRunReadinessRules;
    // One submission per step, each step answering at once (a big partner's steps stop after about a second).
    const steps = [];
    let after: string | null = null;
    do {
      const step = await dryRunOwnRules(server.ctx, PARTNER, [MIN_2], { after, batch: 1, stepMs: 0 });
      steps.push(step);
      after = step.next;
    } while (after && steps.length < 10);
    expect(steps.length).toBeGreaterThan(1);
    expect(steps.every((s) => s.total === 3 && s.judged <= 1)).toBe(true);
    const { total: _total, next: _next, ...counts } = whole;
    const merged = steps.reduce((run, step) => mergeDryRuns(run, step), emptyDryRun());
    expect(merged).toEqual(counts);
    const bad = await c.admin.graphql(DRY_RUN, { p: PARTNER, rules: [MIN_2], after: 'not-a-cursor' });
    expect(bad.json.errors[0].message).toBe('The dry run cannot go on from there: start it again.');
  });

  it('a run whose claim passed to another worker rolls its batch back; the next goes on from the last batch recorded', async () => {
    const saved = (await c.admin.graphql(SAVE, { p: PARTNER, rules: [MIN_2] })).json.data.saveReadinessRules.version;
    const { db } = server.database;
    const lost = { id: 0, savedProgress: null, reportProgress: async () => Promise.reject(new ClaimLostError(0)) };
    await expect(recomputeReadinessOfPartner(db, PARTNER, lost, 1)).rejects.toBeInstanceOf(ClaimLostError);
    const sorted = (
      await db
        .select({ id: productSubmissions.id })
        .from(productSubmissions)
        .where(inArray(productSubmissions.id, Object.values(ids)))
        .orderBy(asc(productSubmissions.id))
    ).map((r) => r.id);
    for (const id of sorted) expect((await stored(id)).version).not.toBe(saved);
    // Taken over after the first batch was recorded: only the others are judged by this run.
    const progress: object[] = [];
    const resumed = {
      id: 0,
      savedProgress: { done: 1, total: 3, after: sorted[0] },
      reportProgress: async (_tx: unknown, p: object) => void progress.push(p),
    };
    expect(await recomputeReadinessOfPartner(db, PARTNER, resumed, 1)).toBe(3);
    expect((await stored(sorted[0])).version).not.toBe(saved);
    expect((await stored(sorted[1])).version).toBe(saved);
    expect(progress.at(-1)).toEqual({ done: 3, total: 3, after: sorted[2] });
  });

  it('saving recomputes in the background with progress in the jobs console; each moved submission sends submission.readiness_changed', async () => {
    received.length = 0;
    // A rule change back to none and then the blocking rule again: the job enqueued by the second judges them all.
    await c.admin.graphql(SAVE, { p: PARTNER, rules: [] });
    await server.ctx.jobs!.drain();
    received.length = 0;
    const saved = (await c.admin.graphql(SAVE, { p: PARTNER, rules: [MIN_2] })).json.data.saveReadinessRules.version;
    await server.ctx.jobs!.drain();

    // The UPC and the marketing image (weight 1 each) pass; 2 images (weight 2) fails. The bulk edit's product name
    // applies after submit: staff's, in the partner statuses, not in this score.
    expect(await stored(ids.one)).toEqual({ percent: 50, ready: false, version: saved });
    expect(await stored(ids.two)).toEqual({ percent: 100, ready: true, version: saved });
    const console = await c.admin.get('/api/admin/jobs?type=submissions.recomputeReadiness&state=done');
    expect(console.json.jobs[0].progress).toEqual({ done: 3, total: 3 });

    await until(() => received.length >= 2);
    const moved = received.filter((r) => r.type === 'submission.readiness_changed');
    expect(moved.map((m) => m.data.submissionId).sort()).toEqual([ids.one, ids.alsoOne].sort());
    expect(moved[0].data.previousReadiness).toMatchObject({ percent: 100, ready: true });
    expect(moved[0].data.readiness).toEqual({
      percent: 50,
      ready: false,
      version: saved,
      failing: [{ code: 'R-IMG-MIN-2', severity: 'blocking', message: MIN_2.message, fix: MIN_2.fix, fileNames: [] }],
    });

    // The review queue's filters: "not ready" and "fails rule X", each a condition on the stored columns.
    const matching = async (filter: Parameters<typeof readinessCondition>[0]) =>
      (
        await server.database.db
          .select({ id: productSubmissions.id })
          .from(productSubmissions)
          .where(readinessCondition(filter))
      )
        .map((r) => r.id)
        .sort();
    expect(await matching({ notReady: true })).toEqual([ids.one, ids.alsoOne].sort());
    expect(await matching({ failsRule: 'R-IMG-MIN-2' })).toEqual([ids.one, ids.alsoOne].sort());
    expect(await matching({ notReady: true, failsRule: 'R-IMG-MARKETING' })).toEqual([]);
  });

  it('the filters read their indexes: "not ready" in the queue\'s order by the partial index, "fails rule X" by the GIN index', async () => {
    const plan = async (where: ReturnType<typeof readinessCondition>, inQueueOrder: boolean) =>
      server.database.db.transaction(async (tx) => {
        // Three rows would be read whole anyway: the question is whether an index can serve the filter at all.
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(
          inQueueOrder
            ? sql`explain select id from product_submissions s
                where s.item_status = 'SUBMITTED' and ${where} order by s.updated_at desc, s.id desc limit 10`
            : sql`explain select id from product_submissions s where ${where}`,
        );
        return JSON.stringify((result as { rows: unknown[] }).rows);
      });
    expect(await plan(readinessCondition({ notReady: true }, 's'), true)).toContain(
      'product_submissions_not_ready_idx',
    );
    // The rows failing one rule, found by the GIN index (a list then orders the few it finds).
    expect(await plan(readinessCondition({ failsRule: 'R-IMG-MIN-2' }, 's'), false)).toContain(
      'product_submissions_failing_codes_idx',
    );
  });

  it("a submission's own change stores its readiness again (a second image: 100%), without a readiness_changed event", async () => {
    received.length = 0;
    await server.database.db.transaction((tx) =>
      addFiles(tx, ids.one, [file('a-back.png')], { userId: null, reason: 'Test' }),
    );
    expect(await stored(ids.one)).toMatchObject({ percent: 100, ready: true });
    await server.database.db.delete(jobs).where(eq(jobs.name, 'submissions.automatedChecks'));
    await server.ctx.jobs!.drain();
    expect(received).toEqual([]);
  });

  it('duplicate-upc: a new submission with the UPC of another to the partner makes both repeat it; deleting it, neither', async () => {
    const DUP = { ...MIN_2, code: 'R-UPC-DUP', kind: 'duplicate-upc', min: undefined, weight: 1 };
    await c.admin.graphql(SAVE, { p: PARTNER, rules: [DUP] });
    await server.ctx.jobs!.drain();
    expect(await stored(ids.two)).toMatchObject({ ready: true });
    const { db } = server.database;
    const [existing] = await db.select().from(productSubmissions).where(eq(productSubmissions.id, ids.two));
    const [again] = await db.transaction((tx) =>
      createSubmissions(
        tx,
        [
          {
            companyId: existing.companyId,
            userId: existing.userId,
            partnerCompanyId: existing.partnerCompanyId,
            upc: existing.upc,
            ean13Upc: existing.ean13Upc,
            productName: existing.productName,
            files: [file('again.png')],
            from: null,
          },
        ],
        {
          actor: 'supplier',
          userId: existing.userId,
        },
      ),
    );
    expect(await stored(again.id)).toMatchObject({ ready: false });
    // The other is judged again once the change commits, by a job of its own (so two changes of one UPC never wait
    // on each other's rows).
    await server.ctx.jobs!.drain();
    expect(await stored(ids.two)).toMatchObject({ ready: false });
    await db.transaction((tx) => deleteSubmissionRecord(tx, again.id));
    await server.ctx.jobs!.drain();
    expect(await stored(ids.two)).toMatchObject({ ready: true });
    await db.delete(jobs).where(eq(jobs.name, 'submissions.automatedChecks'));
  });
});
