import { sql, type SQL } from 'drizzle-orm';
import { DUPLICATE_STATUSES, type ReviewQueueFilters } from '@portal/domain';
import { queryRows, type Tx } from '../../../db/client.ts';
import {
  companySearchText,
  searchMatches,
  submissionSearchCondition,
  type SearchTerm,
} from '../../../db/search-text.ts';
import { searchTermOf } from '../../../db/search-words.ts';
import { readinessCondition } from '../../readiness/queries/filter.ts';

/**
 * The review queue's filters, each one predicate on a submission `s` (product_submissions). Every read of the queue
 * (a page, its total, an item's neighbours for J and K) goes through `queueWhere`, so a new filter (say "not
 * ready" or "fails rule X", once readiness results are stored per submission) is one field in the domain's
 * reviewQueueQuery and one entry here.
 *
 * The status (and the partner, when given) lead every read: the queue's indexes are (item_status, submitted_at, id)
 * and (partner_company_id, item_status, submitted_at, id), so a page is a range read in the queue's order and the
 * other predicates filter inside that range.
 */
type Predicate<K extends keyof ReviewQueueFilters> = (
  value: NonNullable<ReviewQueueFilters[K]>,
  now: Date,
) => SQL | null;

const PREDICATES: { [K in keyof ReviewQueueFilters]?: Predicate<K> } = {
  status: (status) => sql`s.item_status = ${status}`,
  // 0: items sent to no partner.
  partner: (partner) => (partner === 0 ? sql`s.partner_company_id is null` : sql`s.partner_company_id = ${partner}`),
  company: (company) => sql`s.company_id = ${company}`,
  // Each code asked for: some file of the item failed that check (codes are stored as [{code, ...}]).
  photo: (codes) =>
    codes.length
      ? sql.join(
          codes.map(
            (code) =>
              sql`exists (select 1 from submission_files pf where pf.submission_id = s.id
                and pf.quality_issues @> jsonb_build_array(jsonb_build_object('code', ${code}::text)))`,
          ),
          sql` and `,
        )
      : null,
  duplicates: (on) => (on ? duplicateOf(sql`s`) : null),
  notReady: (on) => (on ? (readinessCondition({ notReady: true }, 's') ?? null) : null),
  rule: (code) => readinessCondition({ failsRule: code }, 's') ?? null,
  from: (day) => sql`s.submitted_at >= ${day}::date`,
  to: (day) => sql`s.submitted_at < ${day}::date + 1`,
  mismatch: (on) => (on ? upcMismatch(sql`s`) : null),
  olderThan: (hours, now) => sql`s.submitted_at <= ${instant(now)} - make_interval(hours => ${hours}::int)`,
  overSla: (on, now) => (on ? overSla(sql`s`, now) : null),
  approval: (on) => (on ? sql`exists (select 1 from review_pending_decisions pd where pd.submission_id = s.id)` : null),
};

/**
 * The filters with their search looked up once: what queueWhere reads. The search box's matching needs the
 * catalogue's words (searchTermOf), and the queue's own, the submitting company by name, the companies named: both
 * known before the statement is built, so that the planner weighs the rows they match (a company found by a subquery
 * in the same statement made it walk the whole backlog in order, testing each row's words).
 */
export type QueueFilters = ReviewQueueFilters & { search: { term: SearchTerm; companies: number[] } | null };

export async function withSearch<F extends ReviewQueueFilters>(db: Tx, f: F): Promise<F & QueueFilters> {
  if (!f.q) return { ...f, search: null };
  const term = await searchTermOf(db, f.q);
  const companies =
    'exact' in term
      ? []
      : await queryRows<{ id: number }>(
          db,
          sql`select qc.id from companies qc where ${searchMatches(companySearchText('qc'), term.text)}`,
        );
  return { ...f, search: { term, companies: companies.map((c) => Number(c.id)) } };
}

/** The search box's search (a name or brand by its words, a UPC by the EAN-13), or a company the search named. */
function searchWhere({ term, companies }: NonNullable<QueueFilters['search']>) {
  const found = submissionSearchCondition('s', term);
  if (!companies.length) return found;
  return sql`(${found} or s.company_id in (${sql.join(
    companies.map((id) => sql`${id}`),
    sql`, `,
  )}))`;
}

/** The filters that depend on the viewer: "assigned to me". */
const assigneeWhere = (assignee: string, viewer: number) =>
  assignee === 'none'
    ? sql`not exists (select 1 from review_assignments ra where ra.submission_id = s.id)`
    : sql`exists (select 1 from review_assignments ra where ra.submission_id = s.id
        and ra.user_id = ${assignee === 'me' ? viewer : Number(assignee)})`;

/**
 * The photos show codes and none of them is the typed UPC in any form (ean13_of, migration review_triage): what
 * the automated checks reject an item for, and what a reviewer looks for in items sent to human review.
 */
export const upcMismatch = (row: SQL) =>
  sql`(cardinality(${row}.detected_upcs) > 0 and not exists (select 1 from unnest(${row}.detected_upcs) dc
    where public.ean13_of(dc) = ${row}.ean13_upc))`;

/**
 * The instant a read of the queue is made at, as a value the caller gives, not each statement's now(): a page and its
 * counts, read by several statements, then put an item on the same side of its SLA deadline (queue.ts, queuePage).
 */
const instant = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** Waiting longer than its partner's review SLA at `now` (none: never over). */
export const overSla = (row: SQL, now: Date) =>
  sql`exists (select 1 from partner_configurations pc where pc.company_id = ${row}.partner_company_id
    and pc.review_sla_hours is not null
    and ${row}.submitted_at < ${instant(now)} - make_interval(hours => pc.review_sla_hours))`;

/** The filters' predicates joined (sort is no filter); `true` when none applies. `viewer` is "me", `now` the instant. */
export function queueWhere(filters: QueueFilters, viewer: number, now: Date): SQL {
  const parts: SQL[] = [];
  if (filters.assignee) parts.push(assigneeWhere(filters.assignee, viewer));
  if (filters.search) parts.push(searchWhere(filters.search));
  for (const key of Object.keys(PREDICATES) as (keyof ReviewQueueFilters)[]) {
    const value = filters[key];
    if (value === undefined || value === null) continue;
    const predicate = PREDICATES[key] as Predicate<typeof key> | undefined;
    const part = predicate?.(value, now);
    if (part) parts.push(part);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * Filters the maintained counts (submission_counts; for every company, submission_status_totals) can total: status,
 * partner and company. Any other filter is counted over the rows it matches, which the status range bounds (the
 * backlog, not the whole table).
 */
export const countable = (f: ReviewQueueFilters) =>
  !f.photo.length &&
  !f.duplicates &&
  !f.notReady &&
  !f.rule &&
  !f.from &&
  !f.to &&
  !f.q &&
  !f.mismatch &&
  !f.olderThan &&
  !f.assignee &&
  !f.overSla &&
  !f.approval;

/**
 * Another submission of the same EAN-13 for the same partner (the same absence of one) that is pending, accepted
 * or catalogued, whatever its company: what flags `row` as a duplicate. Read through the EAN-13 index.
 */
export const duplicateOf = (row: SQL) =>
  sql`exists (select 1 from product_submissions d where d.ean13_upc = ${row}.ean13_upc
    and d.partner_company_id is not distinct from ${row}.partner_company_id and d.id <> ${row}.id
    and d.item_status in (${sql.join(
      DUPLICATE_STATUSES.map((st) => sql`${st}`),
      sql`, `,
    )}))`;
