import { describe, expect, it } from 'vitest';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { activityPage, activityRead, type ActivityQuery } from './activity-list.ts';
import { rebuildCounts } from '../../submissions/counts.ts';
import { submissionListPage, submissionListStatement } from './submission-list.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { V1SubmissionListQuery } from '@portal/domain';
import { auditPage } from '../../audit/service.ts';
import { auditPageReads } from '../../audit/repository.ts';
import type { AuditPageQuery } from '@portal/domain';
import { parseReviewQueueSearch, type ReviewQueueQuery } from '@portal/domain';
import { queuePage, queueRead } from '../../review/queries/queue.ts';
import { explainPlan, planDatabase } from '../../../../test/support/plans.ts';
import { listJobs } from '../../../jobs/inspect.ts';

/**
 * The activity list at a realistic size (100,000 submissions, 60,000 of them one company's): every page is an index
 * read of at most a page per status, whatever its number, so page 1 and page 3,001 read the same rows. Held by the
 * plan PostgreSQL runs (EXPLAIN ANALYZE): no sequential scan of the submissions, and the rows each scan returns.
 */
const BIG = 9001;
const PARTNER = 9000;
const ALL = ['SUBMITTED', 'ADMIN_REJECTED', 'AUTO_REJECTED', 'ACCEPTED'];
const seeded = planDatabase(
  async (db) => {
    await db.execute(sql`
      insert into companies (id, name, kind) values (${PARTNER}, 'Plan Partner', 'partner')`);
    await db.execute(sql`
      insert into companies (id, name, kind) select ${BIG} + g, 'Plan Company ' || g, 'supplier' from generate_series(0, 200) g`);
    await db.execute(sql`
      insert into users (company_id, email, first_name, last_name, password_hash)
      select ${BIG} + g, 'plan-' || g || '@example.com', 'Plan', 'User', 'x' from generate_series(0, 200) g`);
    // 60,000 rows for the big company, 40,000 across the 200 others; a third sent to the partner.
    await db.execute(sql`
      insert into product_submissions (company_id, user_id, partner_company_id, upc, ean13_upc, item_status, updated_at)
      select c, (select id from users where company_id = c), case when g % 3 = 0 then ${PARTNER}::int end,
        lpad(g::text, 12, '0'), lpad(g::text, 13, '0'),
        (array['SUBMITTED', 'ADMIN_REJECTED', 'AUTO_REJECTED', 'ACCEPTED', 'CATALOGUED'])[1 + g % 5],
        now() - g * interval '1 second' - (g % 7) * interval '1 microsecond'
      from generate_series(1, 100000) g, lateral (select case when g <= 60000 then ${BIG}::int else ${BIG}::int + 1 + g % 200 end as c) as owner`);
    await db.execute(sql`
      insert into draft_submissions (company_id, user_id, updated_at)
      select ${BIG}, (select id from users where company_id = ${BIG}), now() - g * interval '1 minute' from generate_series(1, 500) g`);
    // 100,000 staff actions: a third on the big company, every tenth an accept, spread over 400 days.
    await db.execute(sql`
      insert into audit_log (actor_user_id, action, target_type, target_id, company_id, at)
      select (select id from users where company_id = ${BIG}), case when g % 10 = 0 then 'submission.accepted' else 'job.retried' end,
        'job', 'plan-' || g, case when g % 3 = 0 then ${BIG}::int else ${BIG}::int + 1 + g % 200 end,
        now() - (100000 - g) * interval '345 seconds'
      from generate_series(1, 100000) g`);
    // 100,000 jobs, most done, a few thousand failed or queued.
    await db.execute(sql`
      insert into jobs (name, payload, status, finished_at)
      select case when g % 2 = 0 then 'media.draftFile' else 'webhooks.deliver' end, '{}'::jsonb,
        case when g % 50 = 0 then 'failed' when g % 50 = 1 then 'queued' else 'done' end, now() - g * interval '1 second'
      from generate_series(1, 100000) g`);
    await rebuildCounts(db);
  },
  { analyse: ['product_submissions', 'draft_submissions', 'audit_log', 'jobs'] },
);

/** The plan PostgreSQL runs for an activity page's statement, with the values bound. */
async function planOf(q: ActivityQuery) {
  const { statement, values } = await activityRead(seeded.database.db, q);
  expect(statement).not.toBeNull();
  return explain(statement!.compiled.sql, fillPlaceholders(statement!.compiled.params, values));
}

const explain = (text: string, params: unknown[]) => explainPlan(seeded.explainer, text, params);

const supplierAll = (page: number, boundary?: string | null): ActivityQuery => ({
  statuses: ALL,
  companyId: BIG,
  partnerCompanyId: null,
  includeDrafts: false,
  page,
  pageSize: 10,
  boundary,
});

describe('activity list plans at 100,000 submissions (postgres)', () => {
  it('page 1, the page after page 3,000 and the last page each read at most a page per status, by index', async () => {
    const deep = await activityPage(seeded.database.db, supplierAll(3_000));
    expect(deep.total).toBe(48_000);
    const plans = {
      first: await planOf(supplierAll(1)),
      afterDeep: await planOf(supplierAll(3_001, deep.endCursor)),
      beforeDeep: await planOf(supplierAll(2_999, deep.startCursor)),
      last: await planOf(supplierAll(4_800)),
    };
    for (const [name, plan] of Object.entries(plans)) {
      expect(plan.seqScans, name).toEqual([]);
      expect(
        plan.scans('product_submissions').every((t) => t.startsWith('Index')),
        name,
      ).toBe(true);
      // Four statuses, a page of ten each at most: the same for every page.
      expect(plan.rowsRead('product_submissions'), name).toBeLessThanOrEqual(4 * 10);
      expect(plan.rowsRead('product_submissions'), name).toBeGreaterThanOrEqual(10);
    }
  });

  it('the pages read from a boundary are the pages counted from the top', async () => {
    const third = await activityPage(seeded.database.db, supplierAll(3));
    const fromNext = await activityPage(
      seeded.database.db,
      supplierAll(3, (await activityPage(seeded.database.db, supplierAll(2))).endCursor),
    );
    const fromPrevious = await activityPage(
      seeded.database.db,
      supplierAll(3, (await activityPage(seeded.database.db, supplierAll(4))).startCursor),
    );
    expect(fromNext.rows.map((r) => r.id)).toEqual(third.rows.map((r) => r.id));
    expect(fromPrevious.rows.map((r) => r.id)).toEqual(third.rows.map((r) => r.id));
    expect(third.rows).toHaveLength(10);
  });

  it('staff lists (every company, or one partner) and the requires-action tab with drafts read by index too', async () => {
    const shapes: [string, ActivityQuery][] = [
      ['staff, pending', { ...supplierAll(1), companyId: null, statuses: ['SUBMITTED'] }],
      ['staff, partner', { ...supplierAll(2), companyId: null, partnerCompanyId: PARTNER }],
      ['supplier, partner', { ...supplierAll(1), partnerCompanyId: PARTNER }],
      ['requires action', { ...supplierAll(1), statuses: ['PREPOPULATED'], includeDrafts: true }],
    ];
    for (const [name, q] of shapes) {
      const plan = await planOf(q);
      expect(plan.seqScans, name).toEqual([]);
      expect(plan.rowsRead('product_submissions'), name).toBeLessThanOrEqual(q.statuses.length * 20);
      expect(plan.rowsRead('draft_submissions'), name).toBeLessThanOrEqual(20);
    }
  });
});

describe('the integration API list plans at 100,000 submissions (postgres)', () => {
  const listQuery = (over: Partial<V1SubmissionListQuery & { companyId: number | null }> = {}) => ({
    limit: 25,
    sort: 'updated_at' as const,
    companyId: BIG as number | null,
    ...over,
  });
  const planOfList = (q: ReturnType<typeof listQuery>) => {
    const { sql: text, params } = new PgDialect().sqlToQuery(submissionListStatement(q).statement);
    return explain(text, params);
  };

  it('the first page and a page 40,000 rows deep read a page per status at most, by index, in either sort', async () => {
    let deep = await submissionListPage(seeded.database.db, listQuery({ limit: 100 }));
    for (let i = 0; i < 3; i++)
      deep = await submissionListPage(seeded.database.db, listQuery({ limit: 100, cursor: deep.next_cursor! }));
    expect(deep.next_cursor).not.toBeNull();
    const shapes: [string, ReturnType<typeof listQuery>][] = [
      ['first page', listQuery()],
      ['deep page', listQuery({ cursor: deep.next_cursor! })],
      ['by creation', listQuery({ sort: 'created_at' })],
      ['staff, one status', listQuery({ companyId: null, status: ['SUBMITTED'] })],
      ['staff, a partner', listQuery({ companyId: null, partner: PARTNER })],
      ['changed since', listQuery({ updated_since: new Date(Date.now() - 3_600_000).toISOString() })],
    ];
    for (const [name, q] of shapes) {
      const plan = await planOfList(q);
      expect(plan.seqScans, name).toEqual([]);
      // Seven statuses, a page (and one more) each at most.
      expect(plan.rowsRead('product_submissions'), name).toBeLessThanOrEqual(7 * 26);
      expect(plan.rowsRead('product_submissions'), name).toBeGreaterThanOrEqual(25);
    }
  });
});

describe('the audit trail plans at 100,000 rows (postgres)', () => {
  const q = (over: Partial<AuditPageQuery>): AuditPageQuery => ({ page: 1, pageSize: 25, ...over });
  const planOfAudit = async (query: AuditPageQuery) => {
    const reads = await auditPageReads(seeded.database.db, query);
    const rows = reads.rows!.toSQL();
    const count = reads.count.toSQL();
    return { rows: await explain(rows.sql, rows.params), count: await explain(count.sql, count.params) };
  };

  it('a filtered page, a page read from an edge and a date range read by index, each within the rows counted', async () => {
    const top = await auditPage(seeded.database.db, q({ companyId: BIG }));
    expect(top).toMatchObject({ total: 10_000, more: true });
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const shapes: [string, AuditPageQuery][] = [
      ['every row', q({})],
      ['a company', q({ companyId: BIG })],
      ['an action, from an edge', q({ action: 'submission.accepted', page: 2, after: top.items.at(-1)!.id })],
      ['a company in a date range', q({ companyId: BIG, from: monthAgo })],
      ['a deep page', q({ companyId: BIG, page: 300 })],
    ];
    for (const [name, shape] of shapes) {
      const plan = await planOfAudit(shape);
      expect(plan.rows.seqScans, name).toEqual([]);
      // Unfiltered, the count may read the table in its order: it stops at the limit all the same.
      if (name !== 'every row') expect(plan.count.seqScans, name).toEqual([]);
      // The page's rows and those it skips; the count stops past AUDIT_COUNT_LIMIT.
      expect(plan.rows.rowsRead('audit_log'), name).toBeLessThanOrEqual(300 * 25);
      expect(plan.count.rowsRead('audit_log'), name).toBeLessThanOrEqual(10_001);
    }
  });
});

describe('the jobs console list at 100,000 jobs (postgres)', () => {
  it('a state, and a state and type, are read newest first by index, a page and what it skips', async () => {
    for (const filter of [
      { state: 'failed' as const, page: 1, pageSize: 20 },
      { state: 'queued' as const, type: 'webhooks.deliver', page: 5, pageSize: 20 },
    ]) {
      const { sql: text, params } = listJobs(seeded.database.db, filter).toSQL();
      const plan = await explain(text, params);
      expect(plan.seqScans).toEqual([]);
      expect(plan.rowsRead('jobs')).toBeLessThanOrEqual(filter.page * filter.pageSize);
      expect(plan.rowsRead('jobs')).toBeGreaterThanOrEqual(filter.pageSize);
    }
  });
});

describe('the review queue plans at 100,000 submissions (postgres)', () => {
  const dialect = new PgDialect();
  const q = (over: Partial<ReviewQueueQuery> & { boundary?: string | null }) => ({
    ...parseReviewQueueSearch(''),
    ...over,
  });
  async function planOfQueue(query: ReturnType<typeof q>) {
    const { statement } = await queueRead(seeded.database.db, query, 0, new Date());
    expect(statement).not.toBeNull();
    const { sql: text, params } = dialect.sqlToQuery(statement!);
    return explain(text, params);
  }

  it('page 1, a partner page, oldest, newest or over SLA first, and a deep page read from its neighbour read a page by index', async () => {
    const deepFrom = await queuePage(seeded.database.db, q({ page: 399, size: 25 }), 0);
    const shapes: [string, ReturnType<typeof q>][] = [
      ['every partner, oldest first', q({})],
      ['newest first', q({ sort: 'newest' })],
      // No partner of the seed has an SLA: the page is the top of the second part, by the same index.
      ['over SLA first', q({ sort: 'overSla' })],
      ['one partner', q({ partner: PARTNER })],
      ['one company', q({ company: BIG })],
      ['page 400 from the end of page 399', q({ page: 400, size: 25, boundary: deepFrom.endCursor })],
    ];
    for (const [name, shape] of shapes) {
      const plan = await planOfQueue(shape);
      // Companies, users and claims are small tables the planner may hash whole; the submissions and files never.
      expect(
        plan.seqScans.filter((t) => t === 'product_submissions' || t === 'submission_files'),
        name,
      ).toEqual([]);
      // The page's 25 rows, and for each the index probe of its duplicate flag (same EAN-13).
      expect(plan.rowsRead('product_submissions'), name).toBeLessThanOrEqual(25 * 3);
    }
  });
});
