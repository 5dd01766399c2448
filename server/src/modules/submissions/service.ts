import { inArray } from 'drizzle-orm';
import {
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_TABS,
  isItemStatus,
  isRejected,
  REVIEW_MSG,
  sanitizeProductName,
  toEan13,
  transitionError,
  upcDigits,
  upcError,
  type ActivityTab,
  type ItemStatus,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import { submissionFiles } from '../../db/schema.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import { renditionKeys } from '../media-files/renditions.ts';
import type { ReceivedFile } from '../uploads/receive.ts';
import type { UserRow } from '../users/repository.ts';
import { storeThenRecord } from '../uploads/store-first.ts';
import { changeStatus, deleteSubmissionRecord, replaceFiles, updateDetails } from './lifecycle.ts';
import { submissionPolicy } from './policy.ts';
import { activityPage, findSubmission, type SubmissionRow } from './repository.ts';

export async function visibleSubmission(ctx: AppContext, user: UserRow, id: string): Promise<SubmissionRow> {
  const s = await findSubmission(ctx.db, id);
  if (!s || !submissionPolicy.view(user, s)) throw notFound('Submission not found.');
  return s;
}

export async function activity(
  ctx: AppContext,
  user: UserRow,
  q: { tab?: ActivityTab; statuses?: string[]; page?: number; pageSize?: number; partnerCompanyId?: number | null },
) {
  // Each status once: the statement's shape depends on how many there are (repository.ts).
  const statuses = q.tab ? [...ACTIVITY_TABS[q.tab]] : [...new Set(q.statuses ?? [])];
  for (const s of statuses) if (!isItemStatus(s)) throw badRequest(`Unknown status ${s}.`);
  const pageSize = Math.min(Math.max(q.pageSize ?? ACTIVITY_PAGE_SIZE, 1), 100);
  const page = Math.max(q.page ?? 1, 1);
  const { rows, total } = await activityPage(ctx.db, {
    statuses: statuses.filter((s) => s !== 'IN_PROGRESS'),
    includeDrafts: statuses.includes('IN_PROGRESS'),
    companyId: submissionPolicy.seesEveryCompany(user) ? null : user.companyId,
    partnerCompanyId: q.partnerCompanyId ?? null,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { items: rows, total, page, pageSize };
}

export async function reviewSubmission(ctx: AppContext, user: UserRow, id: string, status: string, reason: string | null) {
  await visibleSubmission(ctx, user, id);
  if (!submissionPolicy.review(user)) throw forbidden();
  if (status !== 'ACCEPTED' && status !== 'ADMIN_REJECTED') throw badRequest('Staff can accept or reject an item.');
  const why = reason?.trim() || null;
  if (status === 'ADMIN_REJECTED' && !why) throw badRequest(REVIEW_MSG.rejectionReasonRequired, { reason: REVIEW_MSG.rejectionReasonRequired });
  return ctx.db.transaction((tx) => changeStatus(tx, id, status, { actor: 'staff', userId: user.id, reason: why }));
}

/** "Request validation" of an automatic rejection: back to staff, who alone decide now. */
export async function appealSubmission(ctx: AppContext, user: UserRow, id: string) {
  const s = await visibleSubmission(ctx, user, id);
  if (!submissionPolicy.resubmit(user, s)) throw forbidden();
  if (s.itemStatus !== 'AUTO_REJECTED') throw new HttpError(409, 'INVALID_TRANSITION', 'Only an automatic rejection can be appealed.');
  return ctx.db.transaction((tx) =>
    changeStatus(tx, id, 'SUBMITTED', { actor: 'supplier', userId: user.id, reason: 'Validation requested' }, { humanReviewOnly: true }),
  );
}

export async function renameSubmission(ctx: AppContext, user: UserRow, id: string, name: string) {
  const s = await visibleSubmission(ctx, user, id);
  if (!submissionPolicy.editName(user, s)) throw forbidden();
  const productName = sanitizeProductName(name).trim() || null;
  return ctx.db.transaction(async (tx) => {
    await updateDetails(tx, [{ id, values: { productName } }]);
    return (await findSubmission(tx, id))!;
  });
}

export async function deleteSubmission(ctx: AppContext, user: UserRow, id: string) {
  const s = await visibleSubmission(ctx, user, id);
  if (!submissionPolicy.delete(user, s)) throw forbidden();
  const files = await ctx.db.transaction((tx) => deleteSubmissionRecord(tx, id));
  await deleteStoredFiles(ctx, files);
  return true;
}

async function deleteStoredFiles(ctx: AppContext, files: { id: string; storageKey: string }[]) {
  // Files carried over from a draft keep their storage keys, so a key is only removed once nothing refers to it.
  const keys = files.map((f) => f.storageKey);
  const stillUsed = keys.length
    ? new Set((await ctx.db.select({ k: submissionFiles.storageKey }).from(submissionFiles).where(inArray(submissionFiles.storageKey, keys))).map((r) => r.k))
    : new Set<string>();
  await Promise.all(
    files.filter((f) => !stillUsed.has(f.storageKey)).flatMap((f) => [f.storageKey, ...Object.values(renditionKeys(f.id))].map((k) => ctx.storage.delete(k))),
  );
}

/** Resubmission of a rejected item: new files replace all previous ones, the UPC may change, status SUBMITTED. */
export async function resubmit(ctx: AppContext, user: UserRow, id: string, upcInput: string, files: ReceivedFile[]) {
  const s = await visibleSubmission(ctx, user, id);
  if (!submissionPolicy.resubmit(user, s)) throw forbidden();
  const upc = upcDigits(upcInput);
  if (upc.length < 8 || upc.length > 14 || upc !== upcInput.trim()) {
    throw badRequest(REVIEW_MSG.resubmitUpcHint, { upc: REVIEW_MSG.resubmitUpcHint });
  }
  const problem = upcError(upc);
  if (problem) throw badRequest(problem, { upc: problem });
  if (!files.length) throw badRequest('Please choose at least one file.', { files: 'Please choose at least one file.' });
  if (!isRejected(s.itemStatus as ItemStatus)) throw new HttpError(409, 'INVALID_TRANSITION', transitionError(s.itemStatus as ItemStatus, 'SUBMITTED'));
  const { submission, replaced } = await storeThenRecord(ctx.storage, files, (fileId) => `submissions/${id}/${fileId}`, (stored) =>
    ctx.db.transaction((tx) =>
      replaceFiles(tx, id, { upc, ean13Upc: toEan13(upc)!, files: stored }, { actor: 'supplier', userId: user.id, reason: 'Resubmitted' }),
    ),
  );
  await deleteStoredFiles(ctx, replaced);
  return submission;
}
