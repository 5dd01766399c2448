import {
  DUPLICATE_STATUSES,
  needsSecondApproval,
  REASON_CODE_MSG,
  isDecidable,
  REVIEW_COMPANY_SEARCH_LIMIT,
  REVIEW_STOCK_REASONS_MAX,
  commentsAsReason,
  rejectionReasonProblem,
  WORKSPACE_MSG,
  type ItemStatus,
  type ReviewDecisionBody,
  type ReviewDecisionOutcome,
  type ReviewItemContext,
  type ReviewQueueFilters,
  type ReviewQueueOptions,
  type ReviewRelatedSubmission,
  type ReviewStockReason,
  type ReviewStockReasonBody,
  type ReviewUndoBody,
  type ReviewUndoOutcome,
} from '@portal/domain';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { authorize } from '../../lib/authorize.ts';
import { recordAudit } from '../audit/record.ts';
import { isDependencyUnavailable } from '../../lib/dependency-errors.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { findSubmission } from '../submissions/repository.ts';
import { revertDecision } from '../submissions/lifecycle.ts';
import { auditTarget, staffStatusChange } from '../submissions/service.ts';
import { companyExists, type UserRow } from '../users/repository.ts';
import { claim, claimOf, release, releaseAll } from './queries/claims.ts';
import { proposeDecision, refuseWhileWaiting } from './approvals.ts';
import { pendingDecisionOf, secondApprovalOf } from './queries/pending-decisions.ts';
import { reviewPolicy } from './policy.ts';
import { neighbours } from './queries/queue.ts';
import {
  companyName,
  deleteStockReasonRow,
  insertStockReason,
  itemStatusOf,
  knownReasonCodes,
  lockStockReasonsOf,
  partnerCompanies,
  sameUpcRows,
  statusAndLastUser,
  stockReasonsFor,
  supplierCompany,
  suppliersNamedLike,
  undoWindowOn,
} from './repository.ts';

/** The review view's context of one item: duplicates and the same UPC elsewhere, the claim, J and K, reasons. */
export async function itemContext(
  ctx: AppContext,
  user: UserRow,
  id: string,
  filters: ReviewQueueFilters,
): Promise<ReviewItemContext> {
  authorize(reviewPolicy.workspace(user));
  const s = await findSubmission(ctx.db, id);
  if (!s) throw notFound('Submission not found.');
  const [sameUpc, claimNow, around, reasons, partner, pending] = await Promise.all([
    sameUpcOf(ctx.db, s),
    claimOf(ctx.db, id, user.id),
    neighbours(ctx.db, id, filters, user.id, new Date()),
    stockReasonsFor(ctx.db, s.partnerCompanyId),
    s.partnerCompanyId == null ? Promise.resolve(null) : companyName(ctx.db, s.partnerCompanyId),
    pendingDecisionOf(ctx.db, id, user.id),
  ]);
  return {
    id: s.id,
    itemStatus: s.itemStatus as ItemStatus,
    decidable: isDecidable(s.itemStatus),
    partnerCompanyId: s.partnerCompanyId,
    partnerName: partner,
    duplicate: sameUpc.some((o) => o.duplicate),
    sameUpc,
    claim: claimNow,
    neighbours: around,
    stockReasons: reasons,
    pendingDecision: pending,
  };
}

/** The queue filters' choices: every partner (the companies are searched: searchCompanies). */
export async function queueOptions(ctx: AppContext, user: UserRow): Promise<ReviewQueueOptions> {
  authorize(reviewPolicy.workspace(user));
  const rows = await partnerCompanies(ctx.db);
  return { partners: rows.map((r) => ({ id: Number(r.id), name: r.name })) };
}

const likeEscaped = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The queue's company filter, as the reviewer types: supplier companies whose name starts with the text (an index
 * range: companies_kind_lower_name_idx), then, for 2 letters or more and room left, those with it inside a word
 * (a scan, stopped at the limit). Nothing for no text; `id` names one company (the filter read from the address).
 */
export async function searchCompanies(
  ctx: AppContext,
  user: UserRow,
  q: { q: string; id?: number },
): Promise<{ id: number; name: string }[]> {
  authorize(reviewPolicy.workspace(user));
  const as = (rows: { id: number; name: string }[]) => rows.map((r) => ({ id: Number(r.id), name: r.name }));
  if (q.id !== undefined) return as(await supplierCompany(ctx.db, q.id));
  const text = q.q.trim();
  if (!text) return [];
  const start = `${likeEscaped(text)}%`;
  const found = as(await suppliersNamedLike(ctx.db, start, REVIEW_COMPANY_SEARCH_LIMIT));
  if (text.length < 2 || found.length >= REVIEW_COMPANY_SEARCH_LIMIT) return found;
  const inside = as(
    await suppliersNamedLike(ctx.db, `%${likeEscaped(text)}%`, REVIEW_COMPANY_SEARCH_LIMIT - found.length, start),
  );
  return [...found, ...inside];
}

/** Every other submission of the same EAN-13, any status, any company (the newest 50), flagged when it duplicates. */
async function sameUpcOf(
  db: Tx,
  s: { id: string; ean13Upc: string; partnerCompanyId: number | null },
): Promise<ReviewRelatedSubmission[]> {
  const rows = await sameUpcRows(db, s);
  return rows.map((r) => {
    const partnerCompanyId = r.partner_company_id == null ? null : Number(r.partner_company_id);
    const itemStatus = r.item_status as ItemStatus;
    return {
      id: String(r.id),
      upc: String(r.upc),
      productName: (r.product_name as string | null) ?? null,
      itemStatus,
      companyName: String(r.company_name),
      partnerCompanyId,
      submittedAt: new Date(r.submitted_at as string).toISOString(),
      duplicate: partnerCompanyId === s.partnerCompanyId && DUPLICATE_STATUSES.includes(itemStatus),
    };
  });
}

export async function claimItem(ctx: AppContext, user: UserRow, id: string) {
  authorize(reviewPolicy.claim(user));
  const held = await claim(ctx.db, id, user.id);
  if (!held) throw notFound('Submission not found.');
  return held;
}

export async function releaseItem(ctx: AppContext, user: UserRow, id: string) {
  authorize(reviewPolicy.claim(user));
  await release(ctx.db, id, user.id);
}

/** After this many items in a row fail for an outage, the rest are reported untried instead of each waiting it out. */
const OUTAGE_STREAK_TO_STOP = 3;

/**
 * Accepts or rejects items, each in a transaction of its own, through the submissions lifecycle: each gets its own
 * history row, e-mail to its creator, webhook event and audit row. Every item gets its outcome, and one item's
 * failure neither undoes nor hides the others: an item someone decided first (or no longer SUBMITTED or
 * AUTO_REJECTED) is `already_decided`, naming who ("you" for the caller); an item whose transaction failed is
 * `failed` with the reason, and the loop goes on.
 */
export async function decide(
  ctx: AppContext,
  user: UserRow,
  body: ReviewDecisionBody,
): Promise<ReviewDecisionOutcome[]> {
  authorize(reviewPolicy.decide(user));
  const comments = body.comments ?? [];
  const reason =
    body.decision === 'reject'
      ? body.reason?.trim() || (comments.length ? commentsAsReason(comments.length) : '')
      : null;
  if (reason !== null) {
    const problem = rejectionReasonProblem(reason);
    if (problem) throw badRequest(problem, { reason: problem });
  }
  const reasonCode = body.decision === 'reject' ? (body.reasonCode ?? null) : null;
  await checkReasonCodes(ctx.db, [reasonCode, ...comments.map((c) => c.reasonCode)]);
  const to: ItemStatus = body.decision === 'accept' ? 'ACCEPTED' : 'ADMIN_REJECTED';
  const action = body.decision === 'accept' ? 'submission.accepted' : 'submission.rejected';
  const results: ReviewDecisionOutcome[] = [];
  let outageStreak = 0;
  const ids = [...new Set(body.ids)];
  const seconds = ctx.config.decisionUndoSeconds;
  // Whose partner keeps the undo window (an outage here holds nothing: the items' own transactions meet it too).
  const undoable = seconds > 0 ? await undoWindowOn(ctx.db, ids).catch(() => new Set<string>()) : new Set<string>();
  // Whose partner wants a second reviewer for this decision (read again under each item's lock would not change it:
  // a settings change between the two is the same race as a change just after the decision).
  const approval = await secondApprovalOf(ctx.db, ids);
  for (const id of ids) {
    if (outageStreak >= OUTAGE_STREAK_TO_STOP) {
      results.push(failed(id, null, WORKSPACE_MSG.itemNotTried));
      continue;
    }
    try {
      if (needsSecondApproval(approval.get(id), body.decision)) {
        const status = await ctx.db.transaction(async (tx) => {
          await proposeDecision(tx, user, id, { decision: body.decision, reason, reasonCode, comments });
          await releaseAll(tx, id);
          return itemStatusOf(tx, id);
        });
        outageStreak = 0;
        results.push({
          id,
          outcome: 'awaiting_approval',
          itemStatus: (status as ItemStatus | undefined) ?? null,
          decidedBy: null,
          decidedByYou: false,
          message: null,
        });
        continue;
      }
      const hold = undoable.has(id) ? { key: randomUUID(), seconds } : null;
      const updated = await ctx.db.transaction(async (tx) => {
        await refuseWhileWaiting(tx, id);
        const changed = await staffStatusChange(
          tx,
          user,
          id,
          to,
          action,
          reason,
          undefined,
          comments,
          hold,
          reasonCode,
        );
        await releaseAll(tx, id);
        return changed;
      });
      outageStreak = 0;
      results.push({
        id,
        outcome: body.decision === 'accept' ? 'accepted' : 'rejected',
        itemStatus: updated.itemStatus as ItemStatus,
        decidedBy: null,
        decidedByYou: false,
        message: null,
        ...(hold && { undo: hold }),
      });
    } catch (error) {
      // A refused request (the comments, which come with one item only) is the request's answer, as for one item.
      if (error instanceof HttpError && error.status === 400) throw error;
      const outage = isDependencyUnavailable(error);
      outageStreak = outage ? outageStreak + 1 : 0;
      results.push(await outcomeOfFailure(ctx, user, id, error));
    }
  }
  return results;
}

/**
 * Undoes decisions the caller has just made, each in a transaction of its own, while their e-mail and events still
 * wait (lifecycle.ts revertDecision): the item is back where it was, the history says so, the audit trail has a row,
 * and nothing ever leaves about the decision. Each item gets its outcome; when none could be undone, the answer is the
 * first refusal itself (409 "Too late to undo: …", or 404).
 */
export async function undoDecisions(
  ctx: AppContext,
  user: UserRow,
  body: ReviewUndoBody,
): Promise<ReviewUndoOutcome[]> {
  authorize(reviewPolicy.decide(user));
  const results: ReviewUndoOutcome[] = [];
  let firstRefusal: HttpError | null = null;
  for (const { id, key } of body.decisions) {
    try {
      const undone = await ctx.db.transaction(async (tx) => {
        const before = await itemStatusOf(tx, id);
        const row = await revertDecision(tx, id, key, { actor: 'staff', userId: user.id });
        await recordAudit(tx, {
          actor: user,
          action: 'submission.decision_undone',
          target: auditTarget(row),
          before: { status: before },
          after: { status: row.itemStatus },
        });
        return row;
      });
      results.push({ id, outcome: 'undone', itemStatus: undone.itemStatus as ItemStatus, message: null });
    } catch (error) {
      if (!(error instanceof HttpError)) {
        if (!isDependencyUnavailable(error)) ctx.log.error({ err: error, submissionId: id }, 'undo failed');
        results.push({ id, outcome: 'failed', itemStatus: null, message: WORKSPACE_MSG.itemUnavailable });
        continue;
      }
      firstRefusal ??= error;
      const status = ((await itemStatusOf(ctx.db, id).catch(() => null)) as ItemStatus | undefined) ?? null;
      results.push({
        id,
        outcome: error.status === 404 ? 'not_found' : 'refused',
        itemStatus: status,
        message: error.message,
      });
    }
  }
  if (firstRefusal && !results.some((r) => r.outcome === 'undone' || r.outcome === 'failed')) throw firstRefusal;
  return results;
}

const failed = (id: string, itemStatus: ItemStatus | null, message: string): ReviewDecisionOutcome => ({
  id,
  outcome: 'failed',
  itemStatus,
  decidedBy: null,
  decidedByYou: false,
  message,
});

/** What an item's failed transaction means for the reviewer: gone, decided before, or failed with why. */
async function outcomeOfFailure(
  ctx: AppContext,
  user: UserRow,
  id: string,
  error: unknown,
): Promise<ReviewDecisionOutcome> {
  if (error instanceof HttpError && error.status === 404)
    return { id, outcome: 'not_found', itemStatus: null, decidedBy: null, decidedByYou: false, message: null };
  if (error instanceof HttpError && error.code === 'AWAITING_APPROVAL')
    return failed(id, await currentStatus(ctx, id).catch(() => null), error.message);
  if (error instanceof HttpError && error.status === 409) {
    const last = await lastDecider(ctx, id).catch(() => undefined);
    if (last) {
      const you = last.userId === user.id;
      return {
        id,
        outcome: 'already_decided',
        itemStatus: last.itemStatus,
        decidedBy: you ? 'you' : last.name,
        decidedByYou: you,
        message: null,
      };
    }
    return failed(id, null, error.message);
  }
  // The database is away: asking it the item's status would wait as long again.
  if (isDependencyUnavailable(error)) {
    ctx.log.warn({ err: { message: (error as Error).message }, submissionId: id }, 'bulk decision item unavailable');
    return failed(id, null, WORKSPACE_MSG.itemUnavailable);
  }
  const status = await currentStatus(ctx, id).catch(() => null);
  if (error instanceof HttpError) return failed(id, status, error.message);
  ctx.log.error({ err: error, submissionId: id }, 'bulk decision item failed');
  return failed(id, status, WORKSPACE_MSG.itemError);
}

/** The item's status and who moved it there last (null for the system). */
async function lastDecider(ctx: AppContext, id: string) {
  const last = await statusAndLastUser(ctx.db, id);
  if (!last) return undefined;
  return {
    itemStatus: last.item_status as ItemStatus,
    userId: last.user_id == null ? null : Number(last.user_id),
    name: last.email ? [last.first_name, last.last_name].filter(Boolean).join(' ') || last.email : null,
  };
}

async function currentStatus(ctx: AppContext, id: string): Promise<ItemStatus | null> {
  return ((await itemStatusOf(ctx.db, id)) as ItemStatus | undefined) ?? null;
}

/** Every reason code given must be one some stock reason carries (the code list): a 400 otherwise. */
async function checkReasonCodes(db: Tx, given: readonly (string | null | undefined)[]) {
  const codes = [...new Set(given.filter((c): c is string => !!c))];
  if (!codes.length) return;
  const known = await knownReasonCodes(db, codes);
  const unknown = codes.find((c) => !known.has(c));
  if (unknown) throw badRequest(REASON_CODE_MSG.unknown(unknown), { reasonCode: REASON_CODE_MSG.unknown(unknown) });
}

export async function listStockReasons(ctx: AppContext, user: UserRow, partnerCompanyId: number | null) {
  authorize(reviewPolicy.workspace(user));
  return stockReasonsFor(ctx.db, partnerCompanyId);
}

export async function addStockReason(ctx: AppContext, user: UserRow, body: ReviewStockReasonBody) {
  authorize(reviewPolicy.maintainStockReasons(user));
  const added = ctx.db.transaction(async (tx) => {
    if (body.partnerCompanyId != null) {
      if (!(await companyExists(tx, body.partnerCompanyId)))
        throw badRequest('Unknown partner.', { partnerCompanyId: 'Unknown partner.' });
    }
    // One partner's reasons are added one at a time, so that two at once cannot both pass the cap; the text's unique
    // index holds the rest.
    const existing = await lockStockReasonsOf(tx, body.partnerCompanyId);
    if (existing.length >= REVIEW_STOCK_REASONS_MAX) throw conflict(WORKSPACE_MSG.tooManyStockReasons);
    if (existing.includes(body.text)) throw conflict(STOCK_REASON_TWICE);
    const row = await insertStockReason(tx, {
      partnerCompanyId: body.partnerCompanyId,
      text: body.text,
      code: body.code ?? null,
      createdBy: user.id,
    });
    await recordAudit(tx, {
      actor: user,
      action: 'review.stock_reason_added',
      target: stockReasonTarget(row),
      before: null,
      after: { text: row.text, ...(row.code && { code: row.code }), partnerCompanyId: row.partnerCompanyId },
    });
    return row;
  });
  return added.catch((err: unknown) => {
    if (isUniqueViolation(err)) throw conflict(STOCK_REASON_TWICE);
    throw err;
  });
}

const STOCK_REASON_TWICE = 'This reason is there already.';

export async function deleteStockReason(ctx: AppContext, user: UserRow, id: number) {
  authorize(reviewPolicy.maintainStockReasons(user));
  await ctx.db.transaction(async (tx) => {
    const deleted = await deleteStockReasonRow(tx, id);
    if (!deleted) throw notFound('Stock reason not found.');
    await recordAudit(tx, {
      actor: user,
      action: 'review.stock_reason_removed',
      target: stockReasonTarget(deleted),
      before: { text: deleted.text, partnerCompanyId: deleted.partnerCompanyId },
      after: null,
    });
  });
}

/** A stock reason as the audit trail names it: its text, under its partner (none: every partner's). */
const stockReasonTarget = (r: ReviewStockReason) =>
  ({ type: 'stock_reason', id: r.id, companyId: r.partnerCompanyId, label: r.text }) as const;
