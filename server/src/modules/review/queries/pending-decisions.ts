import { eq, sql } from 'drizzle-orm';
import type { ReviewCommentParsed, ReviewPendingDecision, SecondApprovalMode } from '@portal/domain';
import { queryRows, type Tx } from '../../../db/client.ts';
import { reviewPendingDecisions } from '../../../db/schema.ts';
import { claimName } from './claims.ts';

/**
 * Decisions waiting for a second reviewer (review_pending_decisions). Every write happens under the submission's row
 * lock (taken first: the lock order), so a proposal, its approval and its sending back take turns per item.
 */

export type PendingRow = typeof reviewPendingDecisions.$inferSelect;

/** The queue row's columns of its pending decision (the join below, `pd` and `pu`). */
export const pendingColumns = sql`pd.decision as pending_decision, pd.reason as pending_reason,
  pd.reason_code as pending_reason_code, jsonb_array_length(pd.comments)::int as pending_comment_count,
  pd.proposed_by as pending_user_id, pd.proposed_at as pending_at, pu.first_name as pending_first_name,
  pu.last_name as pending_last_name, pu.email as pending_email`;
export const pendingJoins = sql`left join review_pending_decisions pd on pd.submission_id = page.id
  left join users pu on pu.id = pd.proposed_by`;

/** A row read with pendingColumns (and `viewer`) as the API shows it; null when nothing waits. */
export function pendingOfRow(r: Record<string, unknown>): ReviewPendingDecision | null {
  if (r.pending_decision == null) return null;
  const userId = Number(r.pending_user_id);
  return {
    decision: r.pending_decision as 'accept' | 'reject',
    reason: (r.pending_reason as string | null) ?? null,
    reasonCode: (r.pending_reason_code as string | null) ?? null,
    commentCount: Number(r.pending_comment_count ?? 0),
    proposedBy: {
      userId,
      name: claimName({
        first_name: (r.pending_first_name as string | null) ?? '',
        last_name: (r.pending_last_name as string | null) ?? '',
        email: (r.pending_email as string | null) ?? '',
      }),
    },
    proposedAt: new Date(r.pending_at as string).toISOString(),
    mine: userId === Number(r.viewer),
  };
}

/** One item's pending decision as the item view shows it. */
export async function pendingDecisionOf(db: Tx, id: string, viewer: number): Promise<ReviewPendingDecision | null> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${pendingColumns}, ${viewer}::int as viewer from (select ${id}::uuid as id) as page ${pendingJoins}`,
  );
  return row ? pendingOfRow(row) : null;
}

/** The stored pending decision of an item (read under the item's lock by the caller). */
export async function pendingRow(db: Tx, id: string): Promise<PendingRow | undefined> {
  const [row] = await db.select().from(reviewPendingDecisions).where(eq(reviewPendingDecisions.submissionId, id));
  return row;
}

export async function insertPending(
  db: Tx,
  values: {
    submissionId: string;
    decision: 'accept' | 'reject';
    reason: string | null;
    reasonCode: string | null;
    comments: readonly ReviewCommentParsed[];
    proposedBy: number;
  },
): Promise<void> {
  await db.insert(reviewPendingDecisions).values({ ...values, comments: [...values.comments] });
}

export async function deletePending(db: Tx, id: string): Promise<void> {
  await db.delete(reviewPendingDecisions).where(eq(reviewPendingDecisions.submissionId, id));
}

/** Each item's partner's second-approval setting (off for an item without a partner or configuration). */
export async function secondApprovalOf(db: Tx, ids: readonly string[]): Promise<Map<string, SecondApprovalMode>> {
  if (!ids.length) return new Map();
  const rows = await queryRows<{ id: string; mode: SecondApprovalMode }>(
    db,
    sql`select s.id, coalesce(pc.second_approval, 'off') as mode from product_submissions s
      left join partner_configurations pc on pc.company_id = s.partner_company_id
      where s.id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return new Map(rows.map((r) => [String(r.id), r.mode]));
}
