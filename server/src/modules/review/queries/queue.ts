import { sql, type SQL } from 'drizzle-orm';
import type {
  PhotoIssueCode,
  ReviewNeighbours,
  ReviewQueueFilters,
  ReviewQueuePage,
  ReviewQueueQuery,
  ReviewQueueItem,
} from '@portal/domain';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '../../../db/client.ts';
import { decodeCursor, encodeCursor, keyOf, pastPosition } from '../../../lib/keyset.ts';
import { planPageRead } from '../../../lib/numbered-pages.ts';
import { boundCountExpression, countSubmissions } from '../../submissions/counts.ts';
import { readinessOfColumns } from '../../submissions/shapes.ts';
import { claimName, claimedByOther, liveClaim } from './claims.ts';
import { pendingColumns, pendingJoins, pendingOfRow } from './pending-decisions.ts';
import {
  countable,
  duplicateOf,
  overSla,
  queueWhere,
  upcMismatch,
  withSearch,
  type QueueFilters,
} from './queue-filters.ts';

/**
 * The review queue: submissions of one status in the order they were submitted (oldest first unless asked
 * otherwise), filtered (queue-filters.ts), in numbered pages read by keyset from the nearest known place (the top,
 * the bottom, or a boundary of a page already shown: lib/numbered-pages.ts), so a deep page costs what the first
 * does. "Down the list" is ascending submitted_at for the oldest-first order and descending for newest-first.
 */

/**
 * What a cursor of the queue is bound to: every filter and the page size, so another list makes it a 400. Taken as
 * the whole query less its position, so a filter added later is bound too.
 */
const cursorFilters = ({ page: _page, boundary: _boundary, ...list }: ReviewQueueQuery & { boundary?: unknown }) => ({
  ...list,
  photo: [...list.photo].sort(),
});

/** Down the list in the queue's order: 'older' in keyset.ts means descending. */
const down = (sort: ReviewQueueFilters['sort']) => (sort === 'oldest' ? 'newer' : 'older');
const up = (sort: ReviewQueueFilters['sort']) => (sort === 'oldest' ? 'older' : 'newer');
const listOrder = (sort: ReviewQueueFilters['sort'], reverse = false) =>
  sql.raw((sort === 'oldest') !== reverse ? 'asc' : 'desc');

/** The maintained counts' query of the queue's filters, when they can total them (countable). */
const countsQuery = (f: ReviewQueueFilters) => ({
  companyId: f.company ?? null,
  // partner 0 is the counts' own key for "no partner".
  partnerCompanyId: f.partner ?? null,
  statuses: [f.status],
});

/**
 * How many items the queue lists for these filters at `now`, as an expression (an integer): the one definition of
 * the queue's total, read alone by queueTotal and folded into one statement with others (saved views' counts).
 */
export const queueCount = (f: QueueFilters, viewer: number, now: Date): SQL =>
  countable(f)
    ? boundCountExpression(countsQuery(f))
    : sql`(select count(*)::int from product_submissions s where ${queueWhere(f, viewer, now)})`;

/** queueCount read alone (the maintained counts' shapes through their statements prepared once: counts.ts). */
export async function queueTotal(db: Tx, f: QueueFilters, viewer: number, now: Date): Promise<number> {
  if (countable(f)) return countSubmissions(db, countsQuery(f));
  const [row] = await queryRows<{ n: number }>(db, sql`select ${queueCount(f, viewer, now)} as n`);
  return Number(row.n);
}

/**
 * A page and its counts are read by several statements: in one read-only transaction, REPEATABLE READ on the
 * PostgreSQL server so that all of them see one snapshot (a decision committed between them is in none or all), and
 * at one `now` for the SLA, so an item crossing its deadline meanwhile is counted and listed on the same side. On
 * PGlite (one connection) the transaction keeps every other statement out until the page is read.
 */
const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

async function inSnapshot<T>(db: Tx, read: (tx: Tx) => Promise<T>): Promise<T> {
  // Inside a transaction already: its snapshot is the caller's.
  if (db instanceof PgTransaction) return read(db);
  return db.transaction(read, SNAPSHOT);
}

export async function queuePage(
  db: Tx,
  q: ReviewQueueQuery & { boundary?: string | null },
  viewer: number,
  now: Date = new Date(),
): Promise<ReviewQueuePage & { startCursor: string | null; endCursor: string | null }> {
  return inSnapshot(db, (tx) => readPage(tx, q, viewer, now));
}

async function readPage(
  db: Tx,
  q: ReviewQueueQuery & { boundary?: string | null },
  viewer: number,
  now: Date,
): Promise<ReviewQueuePage & { startCursor: string | null; endCursor: string | null }> {
  const { total, statement } = await queueRead(db, q, viewer, now);
  if (!statement) return { items: [], total, page: q.page, size: q.size, startCursor: null, endCursor: null };
  const rows = await queryRows<Record<string, unknown>>(db, statement);
  const boundary = (r: Record<string, unknown> | undefined, edge: 'start' | 'end') =>
    r && q.sort !== 'overSla'
      ? encodeCursor(
          { sort: 'submitted_at', key: String(r.sort_key), id: String(r.id), boundary: { page: q.page, edge } },
          cursorFilters(q),
        )
      : null;
  return {
    items: rows.map(toItem),
    total,
    page: q.page,
    size: q.size,
    startCursor: boundary(rows[0], 'start'),
    endCursor: boundary(rows[rows.length - 1], 'end'),
  };
}

/** The page's total, and the statement that reads its rows (none past the end). The plan test explains it. */
export async function queueRead(
  db: Tx,
  query: ReviewQueueQuery & { boundary?: string | null },
  viewer: number,
  now: Date,
): Promise<{ total: number; statement: SQL | null }> {
  const q = await withSearch(db, query);
  if (q.sort === 'overSla') return overSlaFirstRead(db, q, viewer, now);
  const anchor = q.boundary ? decodeCursor(q.boundary, { sort: 'submitted_at', filters: cursorFilters(query) }) : null;
  const total = await queueTotal(db, q, viewer, now);
  const read = planPageRead(q.page, q.size, total, anchor?.boundary && { ...anchor.boundary, ...anchor });
  if (!read) return { total, statement: null };
  // `older` in the plan is down the list, whatever the list's own order.
  const reverse = read.direction === 'newer';
  const position = read.from
    ? pastPosition(
        { sort: sql`s.submitted_at`, id: sql`s.id` },
        { key: read.from.key, id: read.from.id },
        reverse ? up(q.sort) : down(q.sort),
        read.from.inclusive,
      )
    : sql`true`;
  const order = listOrder(q.sort, reverse);
  return {
    total,
    statement: sql`select ${itemColumns(viewer, now)}, ${keyOf(sql`page.submitted_at`)} as sort_key
      from (select s.* from product_submissions s where ${queueWhere(q, viewer, now)} and ${position}
        order by s.submitted_at ${order}, s.id ${order} limit ${read.take} offset ${read.skip}) as page
      ${itemJoins}
      order by page.submitted_at ${listOrder(q.sort)}, page.id ${listOrder(q.sort)}`,
  };
}

/**
 * "Over SLA first": the filtered queue in two parts, the items past their partner's SLA then the rest, each oldest
 * first. A page is read from each part it covers, each from its nearer end (the top, or the bottom in reverse), as
 * one statement. No boundary cursors: which part an item is in changes as the clock passes its SLA, so a position
 * kept from a page shown earlier may no longer be where it was; reviewers who sort by SLA work the top pages.
 */
async function overSlaFirstRead(
  db: Tx,
  q: ReviewQueueQuery & QueueFilters,
  viewer: number,
  now: Date,
): Promise<{ total: number; statement: SQL | null }> {
  const total = await queueTotal(db, q, viewer, now);
  const overCount = q.overSla ? total : await queueTotal(db, { ...q, overSla: true }, viewer, now);
  const start = (q.page - 1) * q.size;
  const end = Math.min(start + q.size, total);
  if (start >= end) return { total, statement: null };
  const where = queueWhere(q, viewer, now);
  const parts = [
    {
      part: 0,
      where: sql`${where} and ${overSla(sql`s`, now)}`,
      count: overCount,
      from: start,
      to: Math.min(end, overCount),
    },
    {
      part: 1,
      where: sql`${where} and not ${overSla(sql`s`, now)}`,
      count: total - overCount,
      from: Math.max(start, overCount) - overCount,
      to: end - overCount,
    },
  ].filter((p) => p.to > p.from);
  const reads = parts.map((p) => {
    // From the bottom when fewer rows lie below the range than above it.
    const reverse = p.count - p.to < p.from;
    const order = sql.raw(reverse ? 'desc' : 'asc');
    return sql`(select s.*, ${p.part}::int as part from product_submissions s where ${p.where}
      order by s.submitted_at ${order}, s.id ${order} limit ${p.to - p.from} offset ${reverse ? p.count - p.to : p.from})`;
  });
  return {
    total,
    statement: sql`select ${itemColumns(viewer, now)}, ${keyOf(sql`page.submitted_at`)} as sort_key
      from (${sql.join(reads, sql` union all `)}) as page
      ${itemJoins}
      order by page.part, page.submitted_at asc, page.id asc`,
  };
}

/**
 * The items before and after `id` in the filtered queue, from its place in the queue's order (it need not match
 * the filters any more: a decided item still has its place). `next` passes by the items another reviewer has claimed
 * (J); `previous` does not (K goes back to what was there).
 */
export async function neighbours(
  db: Tx,
  id: string,
  filters: ReviewQueueFilters,
  viewer: number,
  now: Date,
): Promise<ReviewNeighbours> {
  const f = await withSearch(db, filters);
  const [at] = await queryRows<{ key: string; over: boolean }>(
    db,
    sql`select ${keyOf(sql`s.submitted_at`)} as key, ${overSla(sql`s`, now)} as over from product_submissions s
      where s.id = ${id}::uuid`,
  );
  if (!at) return { previous: null, next: null };
  /** The first row from the position (none: the part's top or bottom) in `direction`, within `part`. */
  const side = async (
    direction: 'older' | 'newer',
    skipClaimed: boolean,
    from: boolean,
    part: SQL = sql`true`,
  ): Promise<string | null> => {
    const order = sql.raw(direction === 'older' ? 'desc' : 'asc');
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`select s.id from product_submissions s where ${queueWhere(f, viewer, now)} and ${part}
        and ${from ? pastPosition({ sort: sql`s.submitted_at`, id: sql`s.id` }, { key: at.key, id }, direction) : sql`true`}
        and ${skipClaimed ? sql`not ${claimedByOther(sql`s`, viewer)}` : sql`true`}
        order by s.submitted_at ${order}, s.id ${order} limit 1`,
    );
    return row?.id ?? null;
  };
  if (f.sort === 'overSla') {
    // Each part oldest first: past the end of the over-SLA part comes the top of the rest, and back again.
    const over = sql`${overSla(sql`s`, now)}`;
    const rest = sql`not ${overSla(sql`s`, now)}`;
    const orElse = async (first: Promise<string | null>, then: () => Promise<string | null>) => (await first) ?? then();
    const [previous, next] = await Promise.all([
      at.over
        ? side('older', false, true, over)
        : orElse(side('older', false, true, rest), () => side('older', false, false, over)),
      at.over
        ? orElse(side('newer', true, true, over), () => side('newer', true, false, rest))
        : side('newer', true, true, rest),
    ]);
    return { previous, next };
  }
  const [previous, next] = await Promise.all([side(up(f.sort), false, true), side(down(f.sort), true, true)]);
  return { previous, next };
}

/** One queue row's columns (from `page`, a product_submissions row), each read through an index. */
const itemColumns = (viewer: number, now: Date) => sql`page.id, page.company_id, co.name as company_name,
  u.first_name, u.last_name, u.email, page.partner_company_id, pa.name as partner_name, page.upc, page.ean13_upc,
  page.product_name, page.submitted_at, page.item_status, page.partner_status_label,
  page.readiness_percent, page.readiness_ready, page.readiness_version, page.readiness_failing,
  (select count(*) from submission_files f where f.submission_id = page.id)::int as file_count,
  (select coalesce(array_agg(distinct i->>'code'), '{}') from submission_files f, jsonb_array_elements(f.quality_issues) i
    where f.submission_id = page.id) as photo_issues,
  ${duplicateOf(sql`page`)} as duplicate,
  cl.user_id as claim_user_id, cu.first_name as claim_first_name, cu.last_name as claim_last_name,
  cu.email as claim_email, ${viewer}::int as viewer,
  page.detected_upcs, ${upcMismatch(sql`page`)} as upc_mismatch,
  ra.user_id as assignee_user_id, au.first_name as assignee_first_name, au.last_name as assignee_last_name,
  au.email as assignee_email, sla.review_sla_hours, ${overSla(sql`page`, now)} as over_sla,
  ${pendingColumns}`;

const itemJoins: SQL = sql`join companies co on co.id = page.company_id
  join users u on u.id = page.user_id
  left join companies pa on pa.id = page.partner_company_id
  left join review_claims cl on cl.submission_id = page.id and ${liveClaim(sql`cl`)}
  left join users cu on cu.id = cl.user_id
  left join review_assignments ra on ra.submission_id = page.id
  left join users au on au.id = ra.user_id
  left join partner_configurations sla on sla.company_id = page.partner_company_id
  ${pendingJoins}`;

export const toItem = (r: Record<string, unknown>): ReviewQueueItem => ({
  id: String(r.id),
  companyId: Number(r.company_id),
  companyName: String(r.company_name),
  submitter: [r.first_name, r.last_name].filter(Boolean).join(' ') || String(r.email),
  partnerCompanyId: r.partner_company_id == null ? null : Number(r.partner_company_id),
  partnerName: (r.partner_name as string | null) ?? null,
  upc: String(r.upc),
  ean13Upc: String(r.ean13_upc),
  productName: (r.product_name as string | null) ?? null,
  fileCount: Number(r.file_count),
  submittedAt: new Date(r.submitted_at as string).toISOString(),
  itemStatus: r.item_status as ReviewQueueItem['itemStatus'],
  partnerStatusLabel: r.partner_status_label as ReviewQueueItem['partnerStatusLabel'],
  photoIssues: ((r.photo_issues as string[] | null) ?? []).sort() as PhotoIssueCode[],
  duplicate: Boolean(r.duplicate),
  readiness: readinessOfColumns(r),
  claim:
    r.claim_user_id == null
      ? null
      : {
          userId: Number(r.claim_user_id),
          name: claimName({
            first_name: (r.claim_first_name as string | null) ?? '',
            last_name: (r.claim_last_name as string | null) ?? '',
            email: (r.claim_email as string | null) ?? '',
          }),
          mine: Number(r.claim_user_id) === Number(r.viewer),
        },
  detectedUpcs: (r.detected_upcs as string[] | null) ?? [],
  upcMismatch: Boolean(r.upc_mismatch),
  assignee:
    r.assignee_user_id == null
      ? null
      : {
          userId: Number(r.assignee_user_id),
          name: claimName({
            first_name: (r.assignee_first_name as string | null) ?? '',
            last_name: (r.assignee_last_name as string | null) ?? '',
            email: (r.assignee_email as string | null) ?? '',
          }),
          mine: Number(r.assignee_user_id) === Number(r.viewer),
        },
  slaHours: r.review_sla_hours == null ? null : Number(r.review_sla_hours),
  overSla: Boolean(r.over_sla),
  pendingDecision: pendingOfRow(r),
});
