import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { reviewQueueSearch, type ReviewQueueQuery, type StoredPhotoIssue } from '@portal/domain';
import { minTwoImagesRule } from '@portal/domain/readiness.fixture';
import { mailOutbox, submissionHistory, webhookDeliveries } from '../src/db/schema.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import {
  aReviewer,
  aUpc,
  BLUE_HARBOR,
  FRESH_MARKET,
  GREEN_VALLEY,
  NORTHSIDE,
  submissions,
} from './support/factories.ts';

/**
 * The reviewer's workspace over HTTP: the queue's filters and duplicate flags, bulk decisions racing another
 * reviewer, soft claims and their expiry. Submissions are made through the lifecycle (as bulk ingestion makes them)
 * with files whose checks are already done, so nothing waits on media work.
 */

let server: TestServer;
let admin: Client;
let second: Client;
let supplier: Client;
let viewer: Client;
let secondReviewerId: number;

beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'on' });
  secondReviewerId = (await aReviewer(server)).id;
  [admin, second, supplier, viewer] = [1, 2, 3, 4].map(() => new Client(server.url));
  await admin.login('admin@example.com', 'Admin-demo-1');
  await second.login('reviewer2@example.com', 'Reviewer-two-1');
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await viewer.login('viewer@example.com', 'Viewer-demo-1');
});
afterAll(() => server?.close());

/** Submissions made as a supplier's import would make them: SUBMITTED, one checked file each. */
async function seed(
  items: { companyId?: number; partner?: number | null; upc?: string; issues?: StoredPhotoIssue[] }[],
): Promise<string[]> {
  const rows = await submissions(
    server,
    items.map((it) => ({
      company: it.companyId ?? GREEN_VALLEY,
      partner: it.partner === undefined ? FRESH_MARKET : it.partner,
      upc: it.upc,
      imported: true,
      files: [{ issues: it.issues ?? [] }],
    })),
  );
  return rows.map((r) => r.id);
}

const queue = async (c: Client, q: Partial<ReviewQueueQuery>) => {
  const res = await c.get(`/api/review/queue?${reviewQueueSearch(q)}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as {
    items: { id: string; duplicate: boolean; photoIssues: string[]; claim: unknown }[];
    total: number;
  };
};

describe(`review workspace (${databaseKind})`, () => {
  it('only staff with review rights reach it: a supplier and a read-only administrator are refused', async () => {
    for (const c of [supplier, viewer]) {
      expect((await c.get('/api/review/queue')).status).toBe(403);
      expect((await c.post('/api/review/decisions', { ids: [], decision: 'accept' })).status).toBe(403);
    }
  });

  it('filters by company and by each photo-issue code; oldest submitted first; pages of the chosen size', async () => {
    const [blurry, dark, both] = await seed([
      { companyId: BLUE_HARBOR, issues: [{ code: 'BLURRY' }] },
      { companyId: BLUE_HARBOR, issues: [{ code: 'TOO_DARK' }] },
      { companyId: BLUE_HARBOR, issues: [{ code: 'BLURRY' }, { code: 'TOO_DARK' }] },
    ]);
    const mine = await queue(admin, { company: BLUE_HARBOR, size: 10 });
    expect(mine.items.map((i) => i.id)).toEqual([blurry, dark, both]);
    expect(mine.total).toBe(3);
    expect((await queue(admin, { company: BLUE_HARBOR, sort: 'newest' })).items[0].id).toBe(both);
    expect((await queue(admin, { company: BLUE_HARBOR, photo: ['BLURRY'] })).items.map((i) => i.id)).toEqual([
      blurry,
      both,
    ]);
    const each = await queue(admin, { company: BLUE_HARBOR, photo: ['BLURRY', 'TOO_DARK'] });
    expect(each.items.map((i) => i.id)).toEqual([both]);
    expect(each.items[0].photoIssues).toEqual(['BLURRY', 'TOO_DARK']);
    // A page size the workspace does not offer is a 400.
    expect((await admin.get('/api/review/queue?size=7')).status).toBe(400);
  });

  it('flags duplicates of the same UPC for the same partner across companies, never for another partner', async () => {
    const upc = aUpc();
    const [green, blue, elsewhere] = await seed([
      { companyId: GREEN_VALLEY, upc },
      { companyId: BLUE_HARBOR, upc },
      { companyId: BLUE_HARBOR, upc, partner: NORTHSIDE },
    ]);
    const flagged = await queue(admin, { duplicates: true, partner: FRESH_MARKET, size: 100 });
    expect(flagged.items.map((i) => i.id)).toEqual(expect.arrayContaining([green, blue]));
    expect(flagged.items.map((i) => i.id)).not.toContain(elsewhere);
    const context = (await admin.get(`/api/review/items/${elsewhere}`)).json;
    expect(context.duplicate).toBe(false);
    // Every other submission of the UPC is linked, whatever its partner or company.
    expect(context.sameUpc.map((s: { id: string }) => s.id).sort()).toEqual([green, blue].sort());
    const ofGreen = (await admin.get(`/api/review/items/${green}`)).json;
    expect(ofGreen.duplicate).toBe(true);
    expect(ofGreen.sameUpc).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: blue, companyName: 'Blue Harbor Snacks', duplicate: true }),
        expect.objectContaining({ id: elsewhere, duplicate: false }),
      ]),
    );
    // A rejected twin no longer makes a duplicate; the flag never blocks an accept.
    await admin.post('/api/review/decisions', { ids: [blue], decision: 'reject', reason: 'Wrong company' });
    expect((await admin.get(`/api/review/items/${green}`)).json.duplicate).toBe(false);
  });

  it('bulk reject of 50 with one decided by another reviewer first: 49 rejected, each with its history row, e-mail and webhook event', async () => {
    const hook = await supplier.post(`/api/companies/${GREEN_VALLEY}/webhooks`, {
      url: 'http://127.0.0.1:9/hook',
      events: ['submission.status_changed'],
      active: true,
    });
    expect(hook.status).toBe(201);
    const ids = await seed(Array.from({ length: 50 }, () => ({ partner: NORTHSIDE })));
    const raced = ids[17];
    const first = await second.post('/api/review/decisions', { ids: [raced], decision: 'accept' });
    expect(first.json.results).toEqual([
      { id: raced, outcome: 'accepted', itemStatus: 'ACCEPTED', decidedBy: null, decidedByYou: false, message: null },
    ]);
    await server.ctx.jobs!.drain();
    const mailsBefore = await server.database.db.$count(mailOutbox, eq(mailOutbox.to, 'supplier@example.com'));

    const res = await admin.post('/api/review/decisions', {
      ids,
      decision: 'reject',
      reason: 'The front of the pack is not shown.',
    });
    expect(res.status).toBe(200);
    const results = res.json.results as { id: string; outcome: string; decidedBy: string | null }[];
    expect(results.filter((r) => r.outcome === 'rejected')).toHaveLength(49);
    expect(results.find((r) => r.id === raced)).toEqual({
      id: raced,
      outcome: 'already_decided',
      itemStatus: 'ACCEPTED',
      decidedBy: 'Rita Reviewer',
      decidedByYou: false,
      message: null,
    });

    const db = server.database.db;
    const rejectedRows = await db
      .select()
      .from(submissionHistory)
      .where(and(inArray(submissionHistory.submissionId, ids), eq(submissionHistory.toStatus, 'ADMIN_REJECTED')));
    expect(rejectedRows).toHaveLength(49);
    expect(new Set(rejectedRows.map((h) => h.reason))).toEqual(new Set(['The front of the pack is not shown.']));
    await server.ctx.jobs!.drain();
    const mailsAfter = await db.$count(mailOutbox, eq(mailOutbox.to, 'supplier@example.com'));
    expect(mailsAfter - mailsBefore).toBe(49);
    const events = await db
      .select({ body: webhookDeliveries.body })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventType, 'submission.status_changed'));
    const rejectedEvents = events.filter(
      (e) => e.body.includes('"to":"ADMIN_REJECTED"') && ids.some((id) => e.body.includes(id)),
    );
    expect(rejectedEvents).toHaveLength(49);
  });

  it('a claim shows who reviews the item to others, J passes it by, and it lapses after 5 minutes without activity', async () => {
    const [a, b, c] = await seed([{ partner: null }, { partner: null }, { partner: null }]);
    const filters = { partner: 0 } as const;
    const held = await second.put(`/api/review/claims/${b}`);
    expect(held.json).toEqual({ userId: secondReviewerId, name: 'Rita Reviewer', mine: true });
    // The admin's claim attempt leaves it with Rita.
    expect((await admin.put(`/api/review/claims/${b}`)).json).toMatchObject({ name: 'Rita Reviewer', mine: false });
    const context = (await admin.get(`/api/review/items/${a}?${reviewQueueSearch(filters)}`)).json;
    expect(context.neighbours.next).toBe(c);
    expect((await admin.get(`/api/review/items/${b}`)).json.claim).toMatchObject({ name: 'Rita Reviewer' });
    const listed = await queue(admin, { ...filters, size: 100 });
    expect(listed.items.find((i) => i.id === b)?.claim).toMatchObject({ name: 'Rita Reviewer', mine: false });
    // Rita's own J does not skip her own claim.
    expect((await second.get(`/api/review/items/${a}?${reviewQueueSearch(filters)}`)).json.neighbours.next).toBe(b);

    // Five minutes pass without activity from Rita.
    await server.database.db.execute(
      sql`update review_claims set last_active_at = now() - interval '5 minutes 1 second' where submission_id = ${b}::uuid`,
    );
    expect((await admin.get(`/api/review/items/${b}`)).json.claim).toBeNull();
    expect((await admin.get(`/api/review/items/${a}?${reviewQueueSearch(filters)}`)).json.neighbours.next).toBe(b);
    expect((await admin.put(`/api/review/claims/${b}`)).json).toMatchObject({ name: 'Ada Admin', mine: true });
    // A decision lets go of the item's claim.
    await admin.post('/api/review/decisions', { ids: [b], decision: 'accept' });
    expect((await second.get(`/api/review/items/${b}`)).json.claim).toBeNull();
  });

  it('stock reasons are kept per partner, with those for every partner after them', async () => {
    const add = (partnerCompanyId: number | null, text: string) =>
      admin.post('/api/review/stock-reasons', { partnerCompanyId, text });
    expect((await add(FRESH_MARKET, 'Barcode not visible')).status).toBe(201);
    expect((await add(null, 'Image too small')).status).toBe(201);
    expect((await add(FRESH_MARKET, 'Barcode not visible')).status).toBe(409);
    expect((await add(FRESH_MARKET, '   ')).status).toBe(400);
    const listed = (await admin.get(`/api/review/stock-reasons?partner=${FRESH_MARKET}`)).json as { text: string }[];
    expect(listed.map((r) => r.text)).toEqual(['Barcode not visible', 'Image too small']);
    expect(
      ((await admin.get(`/api/review/stock-reasons?partner=${NORTHSIDE}`)).json as { text: string }[]).map(
        (r) => r.text,
      ),
    ).toEqual(['Image too small']);
  });

  it('the company filter searches by name as the reviewer types, among thousands of companies', async () => {
    await server.database.db.execute(
      sql`insert into companies (name, kind) select 'Acme Supplies ' || lpad(g::text, 5, '0'), 'supplier' from generate_series(1, 5000) g`,
    );
    const search = async (q: string) => {
      const res = await admin.get(`/api/review/companies?${new URLSearchParams({ q })}`);
      expect(res.status, res.text).toBe(200);
      return (res.json.companies as { id: number; name: string }[]).map((c) => c.name);
    };
    expect(await search('blue h')).toEqual(['Blue Harbor Snacks']);
    // A part of a name inside it, after the names that start with it.
    expect(await search('harbor')).toEqual(['Blue Harbor Snacks']);
    const many = await search('acme supplies 01');
    expect(many).toHaveLength(20);
    expect(many[0]).toBe('Acme Supplies 01000');
    expect(await search('acme supplies 04999')).toEqual(['Acme Supplies 04999']);
    // What is typed is text, not a pattern.
    expect(await search('%')).toEqual([]);
    expect(await search('')).toEqual([]);
    const one = await admin.get(`/api/review/companies?id=${BLUE_HARBOR}`);
    expect(one.json).toEqual({ companies: [{ id: BLUE_HARBOR, name: 'Blue Harbor Snacks' }] });
    // Partners are not submitting companies; suppliers may not search.
    expect((await admin.get(`/api/review/companies?id=${FRESH_MARKET}`)).json).toEqual({ companies: [] });
    expect((await supplier.get('/api/review/companies?q=blue')).status).toBe(403);
  });

  // Last: the partner's rule would make the other cases' items not ready.
  it('filters by readiness: not ready for the partner, and failing a given rule; each item shows its score and failing rules', async () => {
    const ids = await seed([{ companyId: BLUE_HARBOR }, { companyId: BLUE_HARBOR }]);
    const SAVE = `mutation($p: Int!, $rules: [ReadinessRuleInput!]!) { saveReadinessRules(partnerCompanyId: $p, rules: $rules) { version } }`;
    const saved = await admin.graphql(SAVE, { p: FRESH_MARKET, rules: [minTwoImagesRule(2)] });
    expect(saved.json.errors).toBeUndefined();
    await server.ctx.jobs!.drain();
    type Judged = { id: string; readiness: { ready: boolean; percent: number; failing: { code: string }[] } | null };
    const notReady = (await queue(admin, { company: BLUE_HARBOR, notReady: true, size: 100 })) as unknown as {
      items: Judged[];
    };
    expect(notReady.items.map((i) => i.id)).toEqual(expect.arrayContaining(ids));
    for (const item of notReady.items) {
      expect(item.readiness?.ready).toBe(false);
      expect(item.readiness?.failing.map((f) => f.code)).toContain('R-IMG-MIN-2');
    }
    const failing = await queue(admin, { company: BLUE_HARBOR, rule: 'R-IMG-MIN-2', size: 100 });
    expect(failing.items.map((i) => i.id)).toEqual(expect.arrayContaining(ids));
    expect((await queue(admin, { company: BLUE_HARBOR, rule: 'R-NO-SUCH-RULE' })).total).toBe(0);
    expect((await admin.get('/api/review/queue?rule=not a code')).status).toBe(400);
    // The rule taken away: no item fails it any more.
    expect((await admin.graphql(SAVE, { p: FRESH_MARKET, rules: [] })).json.errors).toBeUndefined();
    await server.ctx.jobs!.drain();
    expect((await queue(admin, { company: BLUE_HARBOR, rule: 'R-IMG-MIN-2' })).total).toBe(0);
  });
});
