import { sql } from 'drizzle-orm';
import { SCOPES, type ReviewAssignee, type ReviewReviewer } from '@portal/domain';
import { queryRows, type Tx } from '../../../db/client.ts';
import { claimName } from './claims.ts';

/**
 * Assignments (review_assignments): which reviewer an item is given to. One statement each, so two reviewers
 * assigning at once both succeed and the last one holds; nothing else waits on them.
 */

type ReviewerRow = { id: number; first_name: string; last_name: string; email: string; open: number };

/** Staff with review rights (enabled accounts), with how many pending items each has assigned, by name. */
export async function reviewers(db: Tx): Promise<ReviewReviewer[]> {
  const rows = await queryRows<ReviewerRow>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.email,
        (select count(*) from review_assignments ra join product_submissions s on s.id = ra.submission_id
          where ra.user_id = u.id and s.item_status in ('SUBMITTED', 'AUTO_REJECTED'))::int as open
      from users u where ${SCOPES.writeAllProductSubmissions} = any(u.scopes) and u.disabled_at is null
      order by lower(u.first_name), lower(u.last_name), u.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: claimName(r), open: Number(r.open) }));
}

/** The submissions of these ids that exist, with what the audit trail names them by and who has them now. */
export const assignable = (db: Tx, ids: readonly string[]) =>
  queryRows<{
    id: string;
    company_id: number;
    upc: string;
    product_name: string | null;
    user_id: number | null;
  }>(
    db,
    sql`select s.id, s.company_id, s.upc, s.product_name, ra.user_id from product_submissions s
      left join review_assignments ra on ra.submission_id = s.id
      where s.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );

/** Gives the item to `userId`, by `by` (replacing any earlier assignment), or to no one (null). */
export async function setAssignment(tx: Tx, submissionId: string, userId: number | null, by: number) {
  if (userId === null) {
    await queryRows(tx, sql`delete from review_assignments where submission_id = ${submissionId}::uuid`);
    return;
  }
  await queryRows(
    tx,
    sql`insert into review_assignments (submission_id, user_id, assigned_by, assigned_at)
      values (${submissionId}::uuid, ${userId}, ${by}, now())
      on conflict (submission_id) do update set user_id = excluded.user_id, assigned_by = excluded.assigned_by,
        assigned_at = now()`,
  );
}

/** An item's assignee as the queue shows it. */
export const presentAssignee = (
  r: { id: number; first_name: string; last_name: string; email: string },
  viewer: number,
): ReviewAssignee => ({ userId: r.id, name: claimName(r), mine: r.id === viewer });
