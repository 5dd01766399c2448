import { ASSIGN_MSG, type ReviewAssignBody, type ReviewAssignResult, type ReviewReviewer } from '@portal/domain';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/record.ts';
import type { UserRow } from '../users/repository.ts';
import { reviewPolicy } from './policy.ts';
import { assignable, reviewers, setAssignment } from './queries/assignments.ts';

/** Staff an item can be assigned to, with their open assignments (the assign menu's choices). */
export async function listReviewers(ctx: AppContext, user: UserRow): Promise<ReviewReviewer[]> {
  authorize(reviewPolicy.workspace(user));
  return reviewers(ctx.db);
}

/**
 * Assigns items to the caller, to a reviewer, to no one, or round-robin: each item in turn to the reviewer with the
 * fewest open assignments (ties: the lowest id), so a partner's backlog selected on the queue is shared out evenly.
 * One transaction; each item whose assignee changes gets an audit row.
 */
export async function assignItems(ctx: AppContext, user: UserRow, body: ReviewAssignBody): Promise<ReviewAssignResult> {
  authorize(reviewPolicy.assign(user));
  const staff = await reviewers(ctx.db);
  const byId = new Map(staff.map((r) => [r.id, r]));
  const next = chooser(body.to, user, staff, byId);
  const rows = await assignable(ctx.db, body.ids);
  if (!rows.length) throw notFound('Submission not found.');
  const order = new Map(body.ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const assigned: ReviewAssignResult['assigned'] = [];
  await ctx.db.transaction(async (tx) => {
    assigned.length = 0;
    for (const row of rows) {
      const to = next();
      const before = row.user_id == null ? null : Number(row.user_id);
      if ((to?.id ?? null) !== before) {
        await setAssignment(tx, row.id, to?.id ?? null, user.id);
        await recordAudit(tx, {
          actor: user,
          action: 'review.assigned',
          target: { type: 'submission', id: row.id, companyId: row.company_id, label: row.product_name || row.upc },
          before: { assignee: before === null ? null : (byId.get(before)?.name ?? `user ${before}`) },
          after: { assignee: to?.name ?? null },
        });
      }
      assigned.push({
        id: row.id,
        assignee: to ? { userId: to.id, name: to.name, mine: to.id === user.id } : null,
      });
    }
  });
  return { assigned };
}

/** Who each item goes to, in turn. */
function chooser(
  to: ReviewAssignBody['to'],
  user: UserRow,
  staff: ReviewReviewer[],
  byId: Map<number, ReviewReviewer>,
): () => ReviewReviewer | null {
  if (to === 'none') return () => null;
  if (to === 'round_robin') {
    if (!staff.length) throw conflict(ASSIGN_MSG.noReviewers);
    const load = new Map(staff.map((r) => [r.id, r.open]));
    return () => {
      const pick = [...staff].sort((a, b) => load.get(a.id)! - load.get(b.id)! || a.id - b.id)[0];
      load.set(pick.id, load.get(pick.id)! + 1);
      return pick;
    };
  }
  const id = to === 'me' ? user.id : to.userId;
  const reviewer = byId.get(id);
  if (!reviewer) throw badRequest(ASSIGN_MSG.notAReviewer, { to: ASSIGN_MSG.notAReviewer });
  return () => reviewer;
}
