import { sql, type SQL } from 'drizzle-orm';
import { SUBMISSION_STATUSES, type V1SubmissionListQuery, type V1SubmissionSummary } from '@portal/domain';
import { queryRows, type Tx } from '../../../db/client.ts';
import { decodeCursor, encodeCursor, keyOf, pastPosition, type KeysetSort } from '../../../lib/keyset.ts';
import { readinessOfColumns } from '../../submissions/shapes.ts';

/**
 * The integration API's list of submissions: newest first by `updated_at` or `created_at`, paged by cursor. Each
 * status is its own index range (`(company_id, item_status, sort, id)`, or `(item_status, sort, id)` for staff, or
 * `(partner_company_id, item_status, updated_at, id)` for a partner), read from the cursor with its own limit, then
 * merged: every page costs the same, however deep (docs/decisions/database.md, "Each list reads one index range
 * per status").
 */
export async function submissionListPage(
  db: Tx,
  q: V1SubmissionListQuery & { companyId: number | null },
): Promise<{ items: V1SubmissionSummary[]; next_cursor: string | null }> {
  const { statement, filters } = submissionListStatement(q);
  const rows = await queryRows<Record<string, unknown>>(db, statement);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toSummary),
    next_cursor:
      rows.length > q.limit && last
        ? encodeCursor({ sort: q.sort, key: String(last.sort_key), id: String(last.id) }, filters)
        : null,
  };
}

/** The page's statement (one row more than the limit: whether a next page exists), and what its cursors are bound to. */
export function submissionListStatement(q: V1SubmissionListQuery & { companyId: number | null }) {
  const statuses = [...(q.status ?? SUBMISSION_STATUSES)].sort();
  const since = q.updated_since ? new Date(q.updated_since) : null;
  const filters = { companyId: q.companyId, statuses, partner: q.partner ?? null, since: q.updated_since ?? null };
  const after = q.cursor ? decodeCursor(q.cursor, { sort: q.sort, filters }) : null;
  const sort = sql.raw(`s.${q.sort satisfies KeysetSort}`);
  const where = (status: string): SQL[] => [
    sql`s.item_status = ${status}`,
    ...(q.companyId === null ? [] : [sql`s.company_id = ${q.companyId}`]),
    ...(q.partner === undefined ? [] : [sql`s.partner_company_id = ${q.partner}`]),
    ...(since ? [sql`s.updated_at >= ${since.toISOString()}::timestamptz`] : []),
    ...(after ? [pastPosition({ sort, id: sql`s.id` }, { key: after.key, id: after.id }, 'older')] : []),
  ];
  const reach = q.limit + 1;
  const branches = statuses.map(
    (status) => sql`(
      select s.id, s.upc, s.ean13_upc, s.product_name, s.item_status, s.company_id, s.partner_company_id,
        s.partner_status_label, s.readiness_percent, s.readiness_ready, s.readiness_version, s.readiness_failing,
        s.created_at, s.updated_at, ${keyOf(sort)} as sort_key, ${sort} as sorted_by
      from product_submissions s where ${sql.join(where(status), sql` and `)}
      order by ${sort} desc, s.id desc limit ${reach})`,
  );
  const statement = sql`select * from (${sql.join(branches, sql` union all `)}) as page
    order by sorted_by desc, id desc limit ${reach}`;
  return { statement, filters };
}

const iso = (value: unknown) => new Date(value as string).toISOString();

const toSummary = (r: Record<string, unknown>): V1SubmissionSummary => ({
  id: String(r.id),
  upc: String(r.upc),
  ean13_upc: String(r.ean13_upc),
  product_name: (r.product_name as string | null) ?? null,
  status: r.item_status as V1SubmissionSummary['status'],
  company_id: Number(r.company_id),
  partner_company_id: r.partner_company_id == null ? null : Number(r.partner_company_id),
  partner_status: r.partner_status_label as V1SubmissionSummary['partner_status'],
  readiness: readinessOfColumns(r),
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});
