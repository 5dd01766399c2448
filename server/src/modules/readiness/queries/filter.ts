import { and, sql, type SQL } from 'drizzle-orm';
import { readinessFilterSchema, type ReadinessFilter } from '@portal/domain';
import { productSubmissions } from '../../../db/schema.ts';

/**
 * The readiness filters of a submissions list (the staff review queue's "not ready" and "fails rule X"), as a
 * condition on product_submissions to AND into the list's own WHERE; undefined when the filter asks for nothing.
 *
 * Index-backed: "not ready" is written exactly as the predicate of the partial indexes
 * product_submissions_not_ready_idx (item_status, updated_at, id) and product_submissions_partner_not_ready_idx
 * (partner_company_id, item_status, updated_at, id), so a list read by status and updated_at (one branch per status,
 * as the activity list does) reads only not-ready rows in order; "fails rule X" is an array containment the GIN index
 * product_submissions_failing_codes_idx answers. The literal `false` matters: a bound parameter would keep a generic
 * plan from using the partial indexes.
 *
 * `s` is the alias the caller's query gives product_submissions (raw SQL); without it, the drizzle columns.
 */
export function readinessCondition(filter: ReadinessFilter, alias?: string): SQL | undefined {
  const f = readinessFilterSchema.parse(filter);
  const ready = alias ? sql.raw(`${alias}.readiness_ready`) : sql`${productSubmissions.readinessReady}`;
  const codes = alias ? sql.raw(`${alias}.readiness_failing_codes`) : sql`${productSubmissions.readinessFailingCodes}`;
  const parts: SQL[] = [];
  if (f.notReady) parts.push(sql`${ready} = false`);
  if (f.failsRule) parts.push(sql`${codes} @> array[${f.failsRule}]::text[]`);
  return parts.length ? and(...parts) : undefined;
}
