import { recomputePartnerStatuses } from '../bulk-edit/partner-statuses.ts';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_TABS,
  canTransition,
  isItemStatus,
  isRejected,
  REVIEW_MSG,
  sanitizeProductName,
  toEan13,
  transitionError,
  upcDigits,
  upcError,
  type ActivityTab,
  type Actor,
  type ItemStatus,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { bulkIngestionFiles, productSubmissions, submissionFiles } from '../../db/schema.ts';
import { enqueue } from '../../jobs/queue.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import { renditionKeys } from '../media-files/renditions.ts';
import type { ReceivedFile } from '../uploads/receive.ts';
import type { UserRow } from '../users/repository.ts';
import { automatedChecksJob } from './checks-job.ts';
import { notifyStatusChange } from './notifications.ts';
import { submissionPolicy } from './policy.ts';
import { activityPage, filesOf, findSubmission, recordHistory, type SubmissionRow } from './repository.ts';

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

/**
 * The one way a status changes: the row is locked, the transition checked against the table, the history written
 * and the creator told, all in one transaction. Two staff acting at once: the second waits for the lock, then finds
 * the new status and is refused if its transition no longer applies (no lost update).
 */
export async function changeStatus(
  ctx: AppContext,
  tx: Tx,
  id: string,
  to: ItemStatus,
  by: { actor: Actor; userId: number | null; reason?: string | null },
  extra: Partial<typeof productSubmissions.$inferInsert> = {},
): Promise<SubmissionRow> {
  const current = await findSubmission(tx, id, { lock: true });
  if (!current) throw notFound('Submission not found.');
  const from = current.itemStatus as ItemStatus;
  if (!canTransition(from, to, by.actor)) throw new HttpError(409, 'INVALID_TRANSITION', transitionError(from, to));
  const [updated] = await tx
    .update(productSubmissions)
    .set({
      ...extra,
      itemStatus: to,
      rejectionReason: isRejected(to) ? (by.reason ?? null) : to === 'SUBMITTED' ? null : current.rejectionReason,
      updatedAt: new Date(),
    })
    .where(eq(productSubmissions.id, id))
    .returning();
  await recordHistory(tx, { submissionId: id, userId: by.userId, fromStatus: from, toStatus: to, reason: by.reason ?? null });
  // Bulk ingestion: the files of an imported item follow it into the catalogue (part 2 section 4).
  if (to === 'CATALOGUED') {
    await tx
      .update(bulkIngestionFiles)
      .set({ status: 'CATALOGUED', updatedAt: new Date() })
      .where(and(eq(bulkIngestionFiles.submissionId, id), eq(bulkIngestionFiles.status, 'SUBMITTED')));
  }
  if (by.actor !== 'supplier') await notifyStatusChange(ctx, tx, updated, by.reason ?? null);
  return updated;
}

export async function reviewSubmission(ctx: AppContext, user: UserRow, id: string, status: string, reason: string | null) {
  await visibleSubmission(ctx, user, id);
  if (!submissionPolicy.review(user)) throw forbidden();
  if (status !== 'ACCEPTED' && status !== 'ADMIN_REJECTED') throw badRequest('Staff can accept or reject an item.');
  const why = reason?.trim() || null;
  if (status === 'ADMIN_REJECTED' && !why) throw badRequest(REVIEW_MSG.rejectionReasonRequired, { reason: REVIEW_MSG.rejectionReasonRequired });
  return ctx.db.transaction((tx) => changeStatus(ctx, tx, id, status, { actor: 'staff', userId: user.id, reason: why }));
}

/** "Request validation" of an automatic rejection: back to staff, who alone decide now. */
export async function appealSubmission(ctx: AppContext, user: UserRow, id: string) {
  const s = await visibleSubmission(ctx, user, id);
  if (!submissionPolicy.resubmit(user, s)) throw forbidden();
  if (s.itemStatus !== 'AUTO_REJECTED') throw new HttpError(409, 'INVALID_TRANSITION', 'Only an automatic rejection can be appealed.');
  return ctx.db.transaction((tx) =>
    changeStatus(ctx, tx, id, 'SUBMITTED', { actor: 'supplier', userId: user.id, reason: 'Validation requested' }, { humanReviewOnly: true }),
  );
}

export async function renameSubmission(ctx: AppContext, user: UserRow, id: string, name: string) {
  const s = await visibleSubmission(ctx, user, id);
  if (!submissionPolicy.editName(user, s)) throw forbidden();
  const productName = sanitizeProductName(name).trim() || null;
  return ctx.db.transaction(async (tx) => {
    await tx.update(productSubmissions).set({ productName, updatedAt: new Date() }).where(eq(productSubmissions.id, id));
    // The product name is one of the partner's checks.
    await recomputePartnerStatuses(tx, [id]);
    const [row] = await tx.select().from(productSubmissions).where(eq(productSubmissions.id, id));
    return row;
  });
}

export async function deleteSubmission(ctx: AppContext, user: UserRow, id: string) {
  const s = await visibleSubmission(ctx, user, id);
  if (!submissionPolicy.delete(user, s)) throw forbidden();
  const files = await filesOf(ctx.db, id);
  await ctx.db.delete(productSubmissions).where(eq(productSubmissions.id, id));
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
  const oldFiles = await filesOf(ctx.db, id);
  const updated = await ctx.db.transaction(async (tx) => {
    await tx.delete(submissionFiles).where(eq(submissionFiles.submissionId, id));
    for (const [position, file] of files.entries()) {
      const fileId = randomUUID();
      const storageKey = `submissions/${id}/${fileId}`;
      await ctx.storage.putFile(storageKey, file.tempPath);
      await tx.insert(submissionFiles).values({ id: fileId, submissionId: id, fileName: file.fileName, storageKey, kind: file.kind, size: file.size, position });
    }
    const row = await changeStatus(ctx, tx, id, 'SUBMITTED', { actor: 'supplier', userId: user.id, reason: 'Resubmitted' }, {
      upc,
      ean13Upc: toEan13(upc)!,
      detectedUpcs: [],
      humanReviewOnly: false,
    });
    await enqueue(tx, automatedChecksJob, { submissionId: id });
    return row;
  });
  await deleteStoredFiles(ctx, oldFiles);
  return updated;
}
