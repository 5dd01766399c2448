import {
  APPROVAL_MSG,
  isRejected,
  REVIEW_MSG,
  rejectionReasonProblem,
  sanitizeProductName,
  toEan13,
  transitionError,
  upcDigits,
  upcError,
  type AuditAction,
  type ItemStatus,
  REVIEW_COMMENT_MSG,
  type ReviewCommentParsed,
  supportTicketSchema,
  type SupportTicketInput,
  sourcesAfterEdit,
  type ProductFacts,
  carriedSourcesAfterSave,
  submissionSuggestions,
  type FactsDecision,
  type FactReading,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { JobHold } from '../../jobs/queue.ts';
import { lock, LOCK } from '../../db/lock-order.ts';
import { badRequest, forbidden, HttpError, notFound, zodFields } from '../../lib/errors.ts';
import { recordAudit, recordIfStaffAction } from '../audit/record.ts';
import { renditionKeys } from '../media-files/renditions.ts';
import type { ReceivedFile } from '../uploads/receive.ts';
import type { UserRow } from '../users/repository.ts';
import { storeThenRecord } from '../uploads/store-first.ts';
import { recordWithinQuota } from '../uploads/quota.ts';
import {
  changeStatus,
  decideFacts,
  deleteSubmissionRecord,
  recordSupportTicket,
  replaceFiles,
  updateDetails,
  type NewSubmissionFile,
} from './lifecycle.ts';
import { imagePath } from './shapes.ts';
import { submissionPolicy } from './policy.ts';
import {
  filesOf,
  findSubmission,
  secondApprovalStands,
  storageKeysInUse,
  submissionVersion,
  withLockedSubmission,
  type SubmissionFileRow,
  type SubmissionRow,
} from './repository.ts';
import { plainTransaction, type InTransaction } from '../../lib/idempotency.ts';
import type { Precondition } from '../../lib/preconditions.ts';

export async function visibleSubmission(ctx: AppContext, user: UserRow, id: string): Promise<SubmissionRow> {
  const s = await findSubmission(ctx.db, id);
  if (!s || !submissionPolicy.view(user, s)) throw notFound('Submission not found.');
  return s;
}

/** A submission as the audit trail names it. */
export const auditTarget = (s: SubmissionRow) =>
  ({ type: 'submission', id: s.id, companyId: s.companyId, label: s.productName || s.upc }) as const;

/**
 * A status change made by staff (accept, reject, catalogue), audited in the same transaction with the status it
 * had and the one it has now.
 */
export async function staffStatusChange(
  tx: Tx,
  user: UserRow,
  id: string,
  to: ItemStatus,
  action: AuditAction,
  reason: string | null = null,
  precondition?: Precondition,
  /** A reviewer's comments on fields and files, with a rejection (each file named must be the submission's). */
  comments: readonly ReviewCommentParsed[] = [],
  /** A review decision that can be undone for a while (lifecycle.ts changeStatus). */
  hold: JobHold | null = null,
  /** A rejection's reason code, for reporting. */
  reasonCode: string | null = null,
): Promise<SubmissionRow> {
  return withLockedSubmission(tx, id, async (locked) => {
    if (!locked) throw notFound('Submission not found.');
    const before = locked.submission;
    precondition?.(await submissionVersion(tx, before));
    if (comments.length) {
      if (!isRejected(to))
        throw badRequest(REVIEW_COMMENT_MSG.onlyWhenRejecting, { comments: REVIEW_COMMENT_MSG.onlyWhenRejecting });
      const names = new Set(locked.files.map((f) => f.fileName));
      const unknown = comments.find((c) => c.fileName != null && !names.has(c.fileName));
      if (unknown?.fileName)
        throw badRequest(REVIEW_COMMENT_MSG.unknownFile(unknown.fileName), {
          comments: REVIEW_COMMENT_MSG.unknownFile(unknown.fileName),
        });
    }
    const updated = await changeStatus(tx, id, to, {
      actor: 'staff',
      userId: user.id,
      reason,
      reasonCode,
      comments,
      hold,
    });
    await recordAudit(tx, {
      actor: user,
      action,
      target: auditTarget(updated),
      before: { status: before.itemStatus },
      after: {
        status: updated.itemStatus,
        ...(reason && { reason }),
        ...(reasonCode && { reasonCode }),
        ...(comments.length && { comments }),
      },
    });
    return updated;
  });
}

export async function reviewSubmission(
  ctx: AppContext,
  user: UserRow,
  id: string,
  status: string,
  reason: string | null,
  /** If-Match of the integration API, checked under the row's lock. */
  precondition?: Precondition,
  inTx: InTransaction<SubmissionRow> = plainTransaction(ctx.db),
) {
  await visibleSubmission(ctx, user, id);
  if (!submissionPolicy.review(user)) throw forbidden();
  if (status !== 'ACCEPTED' && status !== 'ADMIN_REJECTED') throw badRequest('Staff can accept or reject an item.');
  const why = reason?.trim() || null;
  const problem = status === 'ADMIN_REJECTED' || why ? rejectionReasonProblem(why) : null;
  if (problem) throw badRequest(problem, { reason: problem });
  const action = status === 'ACCEPTED' ? 'submission.accepted' : 'submission.rejected';
  return inTx(async (tx) => {
    // The partner's second approval is given in the review workspace: a direct decision would pass it by.
    await findSubmission(tx, id, { lock: true });
    if (await secondApprovalStands(tx, id, status === 'ACCEPTED' ? 'accept' : 'reject'))
      throw new HttpError(409, 'AWAITING_APPROVAL', APPROVAL_MSG.decideInWorkspace);
    return staffStatusChange(tx, user, id, status, action, why, precondition);
  });
}

/** "Request validation" of an automatic rejection: back to staff, who alone decide now. */
export async function appealSubmission(
  ctx: AppContext,
  user: UserRow,
  id: string,
  inTx: InTransaction<SubmissionRow> = plainTransaction(ctx.db),
) {
  return inTx((tx) =>
    withLockedSubmission(tx, id, async (locked) => {
      const s = locked?.submission;
      if (!s || !submissionPolicy.view(user, s)) throw notFound('Submission not found.');
      if (!submissionPolicy.resubmit(user, s)) throw forbidden();
      if (s.itemStatus !== 'AUTO_REJECTED')
        throw new HttpError(409, 'INVALID_TRANSITION', 'Only an automatic rejection can be appealed.');
      const updated = await changeStatus(
        tx,
        id,
        'SUBMITTED',
        { actor: 'supplier', userId: user.id, reason: 'Validation requested' },
        { humanReviewOnly: true },
      );
      await recordIfStaffAction(tx, user, {
        action: 'submission.appealed',
        target: auditTarget(updated),
        before: { status: s.itemStatus },
        after: { status: updated.itemStatus },
      });
      return updated;
    }),
  );
}

export async function renameSubmission(ctx: AppContext, user: UserRow, id: string, name: string) {
  await visibleSubmission(ctx, user, id);
  const productName = sanitizeProductName(name).trim() || null;
  return ctx.db.transaction((tx) =>
    withLockedSubmission(tx, id, async (locked) => {
      const before = locked?.submission;
      if (!before || !submissionPolicy.view(user, before)) throw notFound('Submission not found.');
      if (!submissionPolicy.editName(user, before)) throw forbidden();
      await updateDetails(tx, [{ id, values: { productName } }]);
      const updated = (await findSubmission(tx, id))!;
      if (before.productName !== updated.productName) {
        await recordIfStaffAction(tx, user, {
          action: 'submission.renamed',
          target: auditTarget(updated),
          before: { productName: before.productName },
          after: { productName: updated.productName },
        });
      }
      return updated;
    }),
  );
}

/**
 * Staff set, change or remove the support ticket opened about an item (part 1 section 2: the detail page's ticket
 * link). Checked with the shared schema; audited with what it was.
 */
export async function setSupportTicket(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: SupportTicketInput,
  precondition?: Precondition,
  inTx: InTransaction<SubmissionRow> = plainTransaction(ctx.db),
) {
  await visibleSubmission(ctx, user, id);
  if (!submissionPolicy.setTicket(user)) throw forbidden();
  const parsed = supportTicketSchema.safeParse(input);
  if (!parsed.success) {
    const fields = zodFields(parsed.error);
    throw badRequest(Object.values(fields)[0], fields);
  }
  const ticket = parsed.data;
  return inTx((tx) =>
    withLockedSubmission(tx, id, async (locked) => {
      const before = locked?.submission;
      if (!before) throw notFound('Submission not found.');
      precondition?.(await submissionVersion(tx, before));
      if (before.zendeskTicketId === ticket.ticketId && before.zendeskTicketUrl === ticket.ticketUrl) return before;
      await recordSupportTicket(tx, id, ticket);
      const updated = (await findSubmission(tx, id))!;
      await recordAudit(tx, {
        actor: user,
        action: 'submission.ticket_set',
        target: auditTarget(updated),
        before: { ticketId: before.zendeskTicketId, ticketUrl: before.zendeskTicketUrl },
        after: { ticketId: updated.zendeskTicketId, ticketUrl: updated.zendeskTicketUrl },
      });
      return updated;
    }),
  );
}

export async function deleteSubmission(ctx: AppContext, user: UserRow, id: string) {
  await visibleSubmission(ctx, user, id);
  const files = await ctx.db.transaction((tx) =>
    withLockedSubmission(tx, id, async (locked) => {
      const s = locked?.submission;
      if (!s || !submissionPolicy.view(user, s)) throw notFound('Submission not found.');
      if (!submissionPolicy.delete(user, s)) throw forbidden();
      const deleted = await deleteSubmissionRecord(tx, id);
      await recordIfStaffAction(tx, user, {
        action: 'submission.deleted',
        target: auditTarget(s),
        before: { status: s.itemStatus, upc: s.upc, productName: s.productName, files: deleted.length },
      });
      return deleted;
    }),
  );
  await deleteStoredFiles(ctx, files);
  return true;
}

async function deleteStoredFiles(ctx: AppContext, files: { id: string; storageKey: string }[]) {
  // Files carried over from a draft keep their storage keys, so a key is only removed once nothing refers to it.
  const keys = files.map((f) => f.storageKey);
  const stillUsed = keys.length ? new Set(await storageKeysInUse(ctx.db, keys)) : new Set<string>();
  await Promise.all(
    files
      .filter((f) => !stillUsed.has(f.storageKey))
      .flatMap((f) => [f.storageKey, ...Object.values(renditionKeys(f.id))].map((k) => ctx.storage.delete(k))),
  );
}

/**
 * Resubmission of a rejected item: new files replace all previous ones, the UPC may change, status SUBMITTED. The look
 * before the transfer only spares a doomed upload its storing; the submission is checked again under its lock.
 */
export async function resubmit(
  ctx: AppContext,
  user: UserRow,
  id: string,
  upcInput: string,
  files: ReceivedFile[],
  precondition?: Precondition,
  inTx: InTransaction<SubmissionRow> = plainTransaction(ctx.db),
  /** The product's facts as the supplier left them (absent: they stay as they were; null clears them). */
  facts?: ProductFacts | null,
) {
  const seen = await visibleSubmission(ctx, user, id);
  const upc = upcDigits(upcInput);
  const refusal = (s: SubmissionRow) => {
    if (!submissionPolicy.resubmit(user, s)) return forbidden();
    if (!isRejected(s.itemStatus as ItemStatus))
      return new HttpError(409, 'INVALID_TRANSITION', transitionError(s.itemStatus as ItemStatus, 'SUBMITTED'));
    return null;
  };
  const early = refusal(seen);
  if (early?.status === 403) throw early;
  if (upc.length < 8 || upc.length > 14 || upc !== upcInput.trim()) {
    throw badRequest(REVIEW_MSG.resubmitUpcHint, { upc: REVIEW_MSG.resubmitUpcHint });
  }
  const problem = upcError(upc);
  if (problem) throw badRequest(problem, { upc: problem });
  if (!files.length)
    throw badRequest('Please choose at least one file.', { files: 'Please choose at least one file.' });
  if (early) {
    // A client that read an older version learns that first (412): what it read is not what is there now.
    precondition?.(await submissionVersion(ctx.db, seen));
    throw early;
  }
  let replaced: SubmissionFileRow[] = [];
  const submission = await storeThenRecord(
    ctx.storage,
    files,
    (fileId) => `submissions/${id}/${fileId}`,
    (stored) =>
      inTx(async (tx) => {
        // The company's quota lock before the submission's (db/lock-order.ts); a submission never changes company.
        await lock(tx, LOCK.uploadQuota, [seen.companyId]);
        return withLockedSubmission(tx, id, async (locked) => {
          const s = locked?.submission;
          if (!s || !submissionPolicy.view(user, s)) throw notFound('Submission not found.');
          precondition?.(await submissionVersion(tx, s));
          const refused = refusal(s);
          if (refused) throw refused;
          // Within the quota once the new files have replaced the old ones.
          const result = await recordWithinQuota(tx, ctx.config, s.companyId, () =>
            replaceFiles(
              tx,
              id,
              {
                upc,
                ean13Upc: toEan13(upc)!,
                files: toReadForFacts(ctx, stored),
                // An edited value is typed now; one left as it was keeps its source.
                ...(facts !== undefined && {
                  facts: { facts, sources: sourcesAfterEdit(s.facts, facts, s.factSources) },
                }),
              },
              { actor: 'supplier', userId: user.id, reason: 'Resubmitted' },
            ),
          );
          await recordIfStaffAction(tx, user, {
            action: 'submission.resubmitted',
            target: auditTarget(result.submission),
            before: { status: s.itemStatus, upc: s.upc, files: result.replaced.map((f) => f.fileName) },
            after: { status: result.submission.itemStatus, upc, files: stored.map((f) => f.fileName) },
          });
          replaced = result.replaced;
          return result.submission;
        });
      }),
  );
  await deleteStoredFiles(ctx, replaced);
  return submission;
}

/** New photos of a submission (resubmit, images for a catalogued product), to be read for facts as a draft's are. */
export const toReadForFacts = <F extends NewSubmissionFile>(ctx: AppContext, files: F[]): F[] =>
  files.map((f) => ({ ...f, factReadingStatus: ctx.config.readPhotoText ? ('pending' as const) : null }));

/** The facts of a submission with what its added photos offer, as its page reads them. */
export interface SubmissionFactsView {
  /** The file whose readings are offered, and its image; null when no file of the submission is read. */
  fileName: string | null;
  imageUrl: string | null;
  facts: ProductFacts | null;
  factSources: SubmissionRow['factSources'];
  /** none: no file is read; pending while one is being read; then done, or failed when none could be. */
  factReadingStatus: 'none' | 'pending' | 'done' | 'failed';
  /** Readings still to decide (none once the item no longer waits for review, or for a user who may not decide). */
  factSuggestions: FactReading[];
  /** Whether the user may accept, correct or dismiss now: the item waits for review, and it is theirs to change. */
  canDecide: boolean;
}

function presentFacts(user: UserRow, s: SubmissionRow, files: readonly SubmissionFileRow[]): SubmissionFactsView {
  const offered = submissionSuggestions(files, s.facts);
  const file = files.find((f) => f.fileName === offered.fileName);
  const canDecide = s.itemStatus === 'SUBMITTED' && submissionPolicy.decideFacts(user, s);
  return {
    fileName: file?.fileName ?? null,
    imageUrl: file ? imagePath(s.id, file.fileName, file.kind) : null,
    facts: s.facts,
    factSources: s.factSources,
    factReadingStatus: offered.status,
    factSuggestions: canDecide ? offered.suggestions : [],
    canDecide,
  };
}

export async function submissionFacts(ctx: AppContext, user: UserRow, id: string): Promise<SubmissionFactsView> {
  const s = await visibleSubmission(ctx, user, id);
  return presentFacts(user, s, await filesOf(ctx.db, s.id));
}

/**
 * The supplier's decision on the facts read from a submission's added photos, by the draft's rules: a value equal to
 * the file's reading of its field is recorded as read from that photo, a different one as corrected, one without
 * reading as typed; a dismissed field is never offered again by the submission's photos. While the item waits for
 * review only (a reviewer's decision fixes the facts it saw).
 */
export async function decideSubmissionFacts(
  ctx: AppContext,
  user: UserRow,
  id: string,
  fileName: string,
  decision: FactsDecision,
): Promise<SubmissionFactsView> {
  await visibleSubmission(ctx, user, id);
  return ctx.db.transaction((tx) =>
    withLockedSubmission(tx, id, async (locked) => {
      const s = locked?.submission;
      if (!s || !submissionPolicy.view(user, s)) throw notFound('Submission not found.');
      if (!submissionPolicy.decideFacts(user, s)) throw forbidden();
      if (s.itemStatus !== 'SUBMITTED')
        throw new HttpError(409, 'INVALID_TRANSITION', FACTS_DECIDED_ONLY_WHILE_SUBMITTED);
      const read = locked.files.filter((f) => f.factReadingStatus !== null);
      const file = read.find((f) => f.fileName.toLowerCase() === fileName.toLowerCase());
      if (!file) throw notFound(`No photo named ${fileName} of this submission was read for facts.`);
      const sources = carriedSourcesAfterSave(s.facts, decision.facts, s.factSources, file.factReadings, file.fileName);
      const dismissed = decision.dismiss.length
        ? read.map((f) => ({ fileId: f.id, dismissedFacts: [...new Set([...f.dismissedFacts, ...decision.dismiss])] }))
        : [];
      await decideFacts(tx, id, { facts: { facts: decision.facts, sources }, dismissed });
      await recordIfStaffAction(tx, user, {
        action: 'submission.bulk_edited',
        target: auditTarget(s),
        before: { facts: s.facts },
        after: { facts: decision.facts },
      });
      return presentFacts(user, (await findSubmission(tx, id))!, await filesOf(tx, id));
    }),
  );
}

export const FACTS_DECIDED_ONLY_WHILE_SUBMITTED =
  'The facts read from the photos can be decided while the item waits for review; resubmit it to change them now.';
