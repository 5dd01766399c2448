import { sql, type SQL } from 'drizzle-orm';
import { REVIEW_CLAIM_MINUTES, type ReviewClaim } from '@portal/domain';
import { queryRows, type Tx } from '../../../db/client.ts';
import { LOCK, taken } from '../../../db/lock-order.ts';

/**
 * Soft claims (review_claims): the item a reviewer has open. A claim holds while its reviewer is active (the
 * workspace renews it); REVIEW_CLAIM_MINUTES after the last renewal it is as if it were not there. Claims refuse
 * nothing: another reviewer sees "Being reviewed by NAME", J passes the item by, and a decision still goes through.
 */

/** A claim row still in force (alias `c`), on the database's clock. */
export const liveClaim = (c: SQL) => sql`${c}.last_active_at > now() - make_interval(mins => ${REVIEW_CLAIM_MINUTES})`;

/** Claimed by someone other than `userId`, and in force: J skips the item. */
export const claimedByOther = (submission: SQL, userId: number) =>
  sql`exists (select 1 from review_claims oc where oc.submission_id = ${submission}.id
    and oc.user_id <> ${userId} and ${liveClaim(sql`oc`)})`;

type ClaimRow = { user_id: number; first_name: string; last_name: string; email: string };

export const claimName = (r: Pick<ClaimRow, 'first_name' | 'last_name' | 'email'>) =>
  [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email;

const present = (r: ClaimRow | undefined, userId: number): ReviewClaim | null =>
  r ? { userId: r.user_id, name: claimName(r), mine: r.user_id === userId } : null;

/**
 * Claims the item for this reviewer, or renews their claim; another reviewer's claim in force stays theirs.
 * Returns the claim that holds afterwards (null: the item is gone).
 */
export async function claim(db: Tx, submissionId: string, userId: number): Promise<ReviewClaim | null> {
  await queryRows(
    db,
    sql`insert into review_claims (submission_id, user_id, last_active_at)
      select ${submissionId}::uuid, ${userId}, now() where exists (select 1 from product_submissions where id = ${submissionId}::uuid)
      on conflict (submission_id) do update set user_id = excluded.user_id, last_active_at = now()
      where review_claims.user_id = excluded.user_id or not ${liveClaim(sql`review_claims`)}`,
  );
  return claimOf(db, submissionId, userId);
}

/** Lets go of this reviewer's claim (the item was left or decided). */
export async function release(db: Tx, submissionId: string, userId: number): Promise<void> {
  await queryRows(
    db,
    sql`delete from review_claims where submission_id = ${submissionId}::uuid and user_id = ${userId}`,
  );
}

/** A decided item needs no claim, whoever held it. */
export async function releaseAll(db: Tx, submissionId: string): Promise<void> {
  taken(db, LOCK.reviewClaim, [submissionId]);
  await queryRows(db, sql`delete from review_claims where submission_id = ${submissionId}::uuid`);
}

export async function claimOf(db: Tx, submissionId: string, userId: number): Promise<ReviewClaim | null> {
  const [row] = await queryRows<ClaimRow>(
    db,
    sql`select c.user_id, u.first_name, u.last_name, u.email from review_claims c join users u on u.id = c.user_id
      where c.submission_id = ${submissionId}::uuid and ${liveClaim(sql`c`)}`,
  );
  return present(row, userId);
}
