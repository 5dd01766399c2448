import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  parseReviewQueueSearch,
  reviewQueueSearch,
  VIEW_MSG,
  REVIEW_VIEWS_MAX,
  type ReviewQueueItem,
  type ReviewQueueQuery,
  type ReviewSavedView,
} from '@portal/domain';
import { partnerConfigurations, productSubmissions, submissionStatusTotals } from '../src/db/schema.ts';
import type { Tx } from '../src/db/client.ts';
import { TOTAL_STRIPES } from '../src/modules/submissions/counts.ts';
import { viewsWithCounts } from '../src/modules/review/queries/saved-views.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { aReviewer, aUpc, BLUE_HARBOR, FRESH_MARKET, GREEN_VALLEY, submissions, userOf } from './support/factories.ts';

/**
 * Saved views of the review queue over HTTP (each reviewer's own, with counts of the queue as it is now), and the
 * queue's "over SLA first" order (pages and J/K neighbours across the two parts).
 */

let server: TestServer;
let admin: Client;
let second: Client;
let supplier: Client;
let viewer: Client;

beforeAll(async () => {
  server = await startTestServer();
  await aReviewer(server);
  [admin, second, supplier, viewer] = [1, 2, 3, 4].map(() => new Client(server.url));
  await admin.login('admin@example.com', 'Admin-demo-1');
  await second.login('reviewer2@example.com', 'Reviewer-two-1');
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await viewer.login('viewer@example.com', 'Viewer-demo-1');
});
afterAll(() => server?.close());

const queue = async (c: Client, q: Partial<ReviewQueueQuery>) => {
  const res = await c.get(`/api/review/queue?${reviewQueueSearch({ size: 100, ...q })}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as { items: ReviewQueueItem[]; total: number };
};
const views = async (c: Client) => {
  const res = await c.get('/api/review/views');
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json as { views: ReviewSavedView[] }).views;
};
const save = (c: Client, name: string, filters: string) => c.post('/api/review/views', { name, filters });

/** Moves items' submission back by these hours (as if they had waited that long). */
async function waited(ids: readonly string[], hours: number) {
  await server.database.db
    .update(productSubmissions)
    .set({ submittedAt: new Date(Date.now() - hours * 3_600_000) })
    .where(inArray(productSubmissions.id, [...ids]));
}

async function setSla(partner: number, hours: number | null) {
  await server.database.db
    .update(partnerConfigurations)
    .set({ reviewSlaHours: hours })
    .where(eq(partnerConfigurations.companyId, partner));
}

describe(`saved views of the review queue (${databaseKind})`, () => {
  it('saves the filters under a name, counts what each view holds now, renames and deletes', async () => {
    await submissions(server, [
      { company: BLUE_HARBOR, partner: FRESH_MARKET },
      { company: BLUE_HARBOR, partner: FRESH_MARKET },
    ]);
    // Page and page size are not part of a view; the filters come back normalized as the address writes them.
    const created = await save(
      admin,
      '  Blue Harbor at Fresh Market ',
      `company=${BLUE_HARBOR}&partner=${FRESH_MARKET}&page=3&size=50`,
    );
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const view = created.json as ReviewSavedView;
    expect(view).toMatchObject({
      name: 'Blue Harbor at Fresh Market',
      filters: `partner=${FRESH_MARKET}&company=${BLUE_HARBOR}`,
    });
    const total = (await queue(admin, { company: BLUE_HARBOR, partner: FRESH_MARKET })).total;
    expect(total).toBeGreaterThanOrEqual(2);
    expect(view.count).toBe(total);

    const later = await save(admin, 'Over SLA first', 'sort=overSla');
    expect(later.status).toBe(201);
    expect((await views(admin)).map((v) => [v.name, v.count])).toEqual([
      ['Blue Harbor at Fresh Market', total],
      ['Over SLA first', (await queue(admin, {})).total],
    ]);

    // The count follows the queue: one more item, one more in the view.
    await submissions(server, [{ company: BLUE_HARBOR, partner: FRESH_MARKET }]);
    expect((await views(admin)).find((v) => v.id === view.id)?.count).toBe(total + 1);

    const renamed = await admin.patch(`/api/review/views/${view.id}`, { name: 'Blue Harbor, fresh' });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(renamed.json).toMatchObject({ id: view.id, name: 'Blue Harbor, fresh', count: total + 1 });

    expect((await admin.request('DELETE', `/api/review/views/${view.id}`)).status).toBe(204);
    expect((await admin.request('DELETE', `/api/review/views/${view.id}`)).status).toBe(404);
    expect((await views(admin)).map((v) => v.name)).toEqual(['Over SLA first']);
  });

  it('refuses a name already used (any case), filters that are not the queue’s, and a view past the most kept', async () => {
    expect((await save(admin, 'Mine', 'assignee=me')).status).toBe(201);
    const taken = await save(admin, ' MINE ', 'status=ACCEPTED');
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(VIEW_MSG.nameTaken('MINE'));
    // The same name is another reviewer's to use too.
    expect((await save(second, 'Mine', 'assignee=me')).status).toBe(201);

    for (const filters of ['colour=red', 'status=NOPE', 'partner=x', 'sort=cheapest', 'partner=1&partner=2'])
      expect((await save(admin, `Bad ${filters}`, filters)).status, filters).toBe(400);
    expect((await save(admin, '   ', '')).status).toBe(400);
    expect((await save(admin, 'x'.repeat(61), '')).status).toBe(400);

    const kept = (await views(admin)).length;
    for (let i = kept; i < REVIEW_VIEWS_MAX; i++)
      expect((await save(admin, `View ${i}`, `olderThan=${i + 1}`)).status).toBe(201);
    const tooMany = await save(admin, 'One more', '');
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.message).toBe(VIEW_MSG.tooMany);
    // Leave room for the other tests.
    for (const v of (await views(admin)).filter((v) => v.name.startsWith('View ')))
      expect((await admin.request('DELETE', `/api/review/views/${v.id}`)).status).toBe(204);
  });

  it('a view is its owner’s alone: another reviewer neither lists, counts, renames nor deletes it', async () => {
    const mine = (await save(admin, 'Admin only', `partner=${FRESH_MARKET}`)).json as ReviewSavedView;
    expect((await views(second)).map((v) => v.name)).not.toContain('Admin only');
    expect((await second.patch(`/api/review/views/${mine.id}`, { name: 'Taken over' })).status).toBe(404);
    expect((await second.request('DELETE', `/api/review/views/${mine.id}`)).status).toBe(404);
    expect((await views(admin)).find((v) => v.id === mine.id)?.name).toBe('Admin only');
  });

  it('suppliers and read-only staff have no views and can make none', async () => {
    const [one] = await views(admin);
    for (const c of [supplier, viewer]) {
      expect((await c.get('/api/review/views')).status).toBe(403);
      expect((await save(c, 'Sneaky', '')).status).toBe(403);
      expect((await c.patch(`/api/review/views/${one.id}`, { name: 'Sneaky' })).status).toBe(403);
      expect((await c.request('DELETE', `/api/review/views/${one.id}`)).status).toBe(403);
    }
    expect((await new Client(server.url).get('/api/review/views')).status).toBe(401);
    expect((await views(admin)).find((v) => v.id === one.id)?.name).toBe(one.name);
  });

  it('"assigned to me" counts each owner’s own items', async () => {
    const [item] = await submissions(server, [{ company: GREEN_VALLEY, partner: FRESH_MARKET }]);
    expect((await second.post('/api/review/assignments', { ids: [item.id], to: 'me' })).status).toBe(200);
    const ownCount = (await queue(second, { assignee: 'me' })).total;
    expect((await views(second)).find((v) => v.name === 'Mine')?.count).toBe(ownCount);
    expect(ownCount).toBeGreaterThanOrEqual(1);
    expect((await views(admin)).find((v) => v.name === 'Mine')?.count).toBe(
      (await queue(admin, { assignee: 'me' })).total,
    );
  });

  it('counts every view of a list in one statement, however many views there are', async () => {
    const user = await userOf(server, 'admin@example.com');
    const before = await views(admin);
    let statements = 0;
    const db = server.database.db as Tx;
    const counting = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'execute')
          return (...args: unknown[]) => {
            statements++;
            return (target.execute as (...a: unknown[]) => unknown).apply(target, args);
          };
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const listed = await viewsWithCounts(counting, user.id);
    expect(listed.length).toBe(before.length);
    expect(listed.length).toBeGreaterThanOrEqual(3);
    // One read of the views, one of their counts.
    expect(statements).toBe(2);
  });
});

describe(`a saved view counts what the queue lists when it is opened (${databaseKind})`, () => {
  it('status, partner, mine, not ready, UPC mismatch, search text and over SLA, alone and together', async () => {
    await setSla(FRESH_MARKET, 24);
    const other = aUpc('81');
    const made = await submissions(server, [
      { company: BLUE_HARBOR, partner: FRESH_MARKET, name: 'Saffron crackers' },
      { company: GREEN_VALLEY, partner: FRESH_MARKET, name: 'Saffron tea' },
      { company: GREEN_VALLEY, partner: null, name: 'Saffron rice' },
      // Another code on its photo: the automated checks reject it.
      { company: BLUE_HARBOR, partner: FRESH_MARKET, name: 'Saffron salt', files: [{ detectedUpcs: [other] }] },
    ]);
    await waited([made[0].id, made[2].id], 30);
    expect((await second.post('/api/review/assignments', { ids: [made[1].id], to: 'me' })).status).toBe(200);
    const combinations = [
      '',
      'status=AUTO_REJECTED',
      `partner=${FRESH_MARKET}`,
      'partner=0',
      `company=${BLUE_HARBOR}&partner=${FRESH_MARKET}`,
      'assignee=me',
      'assignee=none&partner=0',
      'notReady=true',
      `notReady=true&partner=${FRESH_MARKET}`,
      'mismatch=true',
      'status=AUTO_REJECTED&mismatch=true',
      'q=saffron',
      `q=saffron&partner=${FRESH_MARKET}&assignee=me`,
      'overSla=true',
      `sort=overSla&partner=${FRESH_MARKET}`,
      'status=AUTO_REJECTED&q=saffron&mismatch=true',
      `overSla=true&q=saffron&sort=overSla`,
    ];
    const saved: ReviewSavedView[] = [];
    for (const [i, filters] of combinations.entries()) {
      const res = await save(second, `Agree ${i}`, filters);
      expect(res.status, `${filters}: ${JSON.stringify(res.json)}`).toBe(201);
      saved.push(res.json as ReviewSavedView);
    }
    const listed = new Map((await views(second)).map((v) => [v.id, v.count]));
    for (const view of saved) {
      const opened = await queue(second, parseReviewQueueSearch(view.filters));
      expect(view.count, view.filters).toBe(opened.total);
      expect(listed.get(view.id), view.filters).toBe(opened.total);
      expect(opened.items.length, view.filters).toBe(Math.min(opened.total, 100));
    }
    // Each filter finds what it was made for, so no agreement above is an empty one's.
    const count = (filters: string) =>
      saved.find((v) => v.filters === reviewQueueSearch(parseReviewQueueSearch(filters)))!.count;
    for (const filters of [
      'assignee=me',
      'status=AUTO_REJECTED&mismatch=true',
      'q=saffron',
      'overSla=true',
      'partner=0',
      'status=AUTO_REJECTED',
    ])
      expect(count(filters), filters).toBeGreaterThanOrEqual(1);
    await setSla(FRESH_MARKET, null);
    for (const view of saved) expect((await second.request('DELETE', `/api/review/views/${view.id}`)).status).toBe(204);
  });
  it('counts through the queue’s own total: the maintained counts where the queue reads them', async () => {
    // The queue totals a status and partner from the maintained counts (submissions/counts.ts), not the rows; a view
    // of the same filters tells the same number, even while a count is off until its recount repairs it.
    const [item] = await submissions(server, [{ company: BLUE_HARBOR, partner: FRESH_MARKET }]);
    const view = (await save(second, 'Fresh Market waiting', `partner=${FRESH_MARKET}`)).json as ReviewSavedView;
    const drift = (by: number) =>
      server.database.db
        .update(submissionStatusTotals)
        .set({ n: sql`${submissionStatusTotals.n} + ${by}` })
        .where(
          and(
            eq(submissionStatusTotals.itemStatus, 'SUBMITTED'),
            eq(submissionStatusTotals.partnerKey, FRESH_MARKET),
            eq(submissionStatusTotals.stripe, item.companyId % TOTAL_STRIPES),
          ),
        )
        .returning();
    expect(await drift(1)).toHaveLength(1);
    try {
      const opened = await queue(second, { partner: FRESH_MARKET });
      expect((await views(second)).find((v) => v.id === view.id)?.count).toBe(opened.total);
    } finally {
      await drift(-1);
    }
    expect((await second.request('DELETE', `/api/review/views/${view.id}`)).status).toBe(204);
  });
});

describe(`the queue's "over SLA first" order (${databaseKind})`, () => {
  it('puts the items past their partner’s SLA first, then the rest, each part oldest first, across pages', async () => {
    await setSla(FRESH_MARKET, 24);
    const made = await submissions(
      server,
      Array.from({ length: 14 }, () => ({ company: GREEN_VALLEY, partner: FRESH_MARKET })),
    );
    // Six past the 24-hour SLA (30 to 80 hours), eight within it (up to 20 hours).
    for (const [i, s] of made.entries()) await waited([s.id], i < 6 ? 30 + i * 10 : 20 - i);
    const f = { partner: FRESH_MARKET, company: GREEN_VALLEY, sort: 'overSla' } as const;
    const all = await queue(admin, f);
    expect(all.total).toBe(all.items.length);
    const firstRest = all.items.findIndex((i) => !i.overSla);
    expect(all.items.slice(0, firstRest).every((i) => i.overSla)).toBe(true);
    expect(all.items.slice(firstRest).every((i) => !i.overSla)).toBe(true);
    const oldestFirst = (items: ReviewQueueItem[]) =>
      items.every((it, i) => i === 0 || items[i - 1].submittedAt <= it.submittedAt);
    expect(oldestFirst(all.items.slice(0, firstRest))).toBe(true);
    expect(oldestFirst(all.items.slice(firstRest))).toBe(true);
    // The oldest over-SLA item leads; the over-SLA items come before any item within its SLA, however old.
    expect(all.items[0].id).toBe(made[5].id);

    // Pages of 10 cut across the two parts (and read the rest's last page from its bottom).
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 10); page++) {
      const p = await queue(admin, { ...f, size: 10, page });
      expect(p.total).toBe(all.total);
      pages.push(...p.items.map((i) => i.id));
    }
    expect(pages).toEqual(all.items.map((i) => i.id));

    // J and K on an item walk the same order: past the last over-SLA item comes the oldest within its SLA.
    const lastOver = all.items[firstRest - 1];
    const firstWithin = all.items[firstRest];
    const at = async (id: string) =>
      (await admin.get(`/api/review/items/${id}?${reviewQueueSearch(f)}`)).json as {
        neighbours: { previous: string | null; next: string | null };
      };
    expect((await at(lastOver.id)).neighbours.next).toBe(firstWithin.id);
    expect((await at(firstWithin.id)).neighbours.previous).toBe(lastOver.id);
    expect((await at(all.items[0].id)).neighbours.previous).toBeNull();

    // With no SLA, nothing is over it: the order is oldest first.
    await setSla(FRESH_MARKET, null);
    const none = await queue(admin, f);
    expect(none.items.map((i) => i.id)).toEqual((await queue(admin, { ...f, sort: 'oldest' })).items.map((i) => i.id));
  });
});
