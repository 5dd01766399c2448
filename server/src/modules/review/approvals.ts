import {
  APPROVAL_MSG,
  isDecidable,
  REVIEW_COMMENT_MSG,
  type ReviewApprovalBody,
  type ReviewApprovalResult,
  type ReviewCommentParsed,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { authorize } from '../../lib/authorize.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/record.ts';
import { filesOf, findSubmission } from '../submissions/repository.ts';
import { auditTarget, staffStatusChange } from '../submissions/service.ts';
import type { UserRow } from '../users/repository.ts';
import { reviewPolicy } from './policy.ts';
import { releaseAll } from './queries/claims.ts';
import { deletePending, insertPending, pendingRow } from './queries/pending-decisions.ts';

/**
 * The second approval a partner may want (its settings: for rejections, acceptances or both). The first reviewer's
 * decision is kept as a proposal and the item stays as it was (SUBMITTED): the supplier hears nothing, and the queue
 * shows it "Waiting for second approval". A different reviewer approves it, and only then does the lifecycle make
 * the change (history, e-mail, webhooks, counts), with no undo window: the second look is the check against a slip.
 * Or a reviewer sends it back (the proposer too: withdrawing it), and the item waits for a decision again. Every step
 * is audited; every write happens under the item's row lock, taken first.
 */

export interface Proposal {
  decision: 'accept' | 'reject';
  reason: string | null;
  reasonCode: string | null;
  comments: readonly ReviewCommentParsed[];
}

/** Keeps a decision waiting for a second reviewer (the caller's transaction). A 409 when it cannot wait. */
export async function proposeDecision(tx: Tx, user: UserRow, id: string, proposal: Proposal): Promise<void> {
  const s = await findSubmission(tx, id, { lock: true });
  if (!s) throw notFound('Submission not found.');
  if (!isDecidable(s.itemStatus))
    throw new HttpError(409, 'INVALID_TRANSITION', 'This item no longer waits for a decision.');
  if (await pendingRow(tx, id)) throw new HttpError(409, 'AWAITING_APPROVAL', APPROVAL_MSG.waiting);
  if (proposal.comments.length) {
    const names = new Set((await filesOf(tx, id)).map((f) => f.fileName));
    const unknown = proposal.comments.find((c) => c.fileName != null && !names.has(c.fileName));
    if (unknown?.fileName)
      throw badRequest(REVIEW_COMMENT_MSG.unknownFile(unknown.fileName), {
        comments: REVIEW_COMMENT_MSG.unknownFile(unknown.fileName),
      });
  }
  await insertPending(tx, { submissionId: id, proposedBy: user.id, ...proposal });
  await recordAudit(tx, {
    actor: user,
    action: 'review.decision_proposed',
    target: auditTarget(s),
    before: { status: s.itemStatus },
    after: {
      decision: proposal.decision,
      ...(proposal.reason && { reason: proposal.reason }),
      ...(proposal.reasonCode && { reasonCode: proposal.reasonCode }),
    },
  });
}

/** Refuses a direct decision on an item whose decision waits for a second reviewer (under its lock). */
export async function refuseWhileWaiting(tx: Tx, id: string): Promise<void> {
  await findSubmission(tx, id, { lock: true });
  if (await pendingRow(tx, id)) throw new HttpError(409, 'AWAITING_APPROVAL', APPROVAL_MSG.waiting);
}

/**
 * The second reviewer's answer. Approve: the decision is made through the lifecycle as the proposer made it (reason,
 * reason code, comments), and the supplier hears now. Send back: the proposal is dropped. The proposer cannot approve
 * their own decision (403 saying so).
 */
export async function answerApproval(
  ctx: AppContext,
  user: UserRow,
  id: string,
  body: ReviewApprovalBody,
): Promise<ReviewApprovalResult> {
  authorize(reviewPolicy.decide(user));
  return ctx.db.transaction(async (tx) => {
    const s = await findSubmission(tx, id, { lock: true });
    if (!s) throw notFound('Submission not found.');
    const pending = await pendingRow(tx, id);
    if (!pending) throw conflict(APPROVAL_MSG.notWaiting);
    const proposal = {
      decision: pending.decision,
      reason: pending.reason,
      reasonCode: pending.reasonCode,
      proposedBy: pending.proposedBy,
      proposedAt: pending.proposedAt.toISOString(),
    };
    if (body.action === 'send_back') {
      await deletePending(tx, id);
      await recordAudit(tx, {
        actor: user,
        action: 'review.decision_sent_back',
        target: auditTarget(s),
        before: proposal,
        after: { status: s.itemStatus },
      });
      return { id, outcome: 'sent_back', itemStatus: s.itemStatus };
    }
    if (pending.proposedBy === user.id) throw forbidden(APPROVAL_MSG.ownDecision);
    await deletePending(tx, id);
    const to = pending.decision === 'accept' ? 'ACCEPTED' : 'ADMIN_REJECTED';
    const updated = await staffStatusChange(
      tx,
      user,
      id,
      to,
      pending.decision === 'accept' ? 'submission.accepted' : 'submission.rejected',
      pending.reason,
      undefined,
      pending.comments as ReviewCommentParsed[],
      null,
      pending.reasonCode,
    );
    await releaseAll(tx, id);
    await recordAudit(tx, {
      actor: user,
      action: 'review.decision_approved',
      target: auditTarget(updated),
      before: proposal,
      after: { status: updated.itemStatus },
    });
    return { id, outcome: 'approved', itemStatus: updated.itemStatus };
  });
}
