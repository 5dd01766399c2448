import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  canTransition,
  isRejected,
  sanitizeProductName,
  transitionError,
  type DetectedFrom,
  type CodeRegion,
  type ItemStatus,
  type PhotoRole,
  type ReviewCommentParsed,
  type StoredPhotoIssue,
  type UploadKind,
  UNDO_MSG,
  type CarriedFacts,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { LOCK, taken } from '../../db/lock-order.ts';
import {
  productSubmissions,
  submissionAttributes,
  submissionComments,
  submissionFiles,
  submissionHistory,
  submissionMarketAccounts,
} from '../../db/schema.ts';
import { cancelHeldJobs, enqueue, type JobHold } from '../../jobs/queue.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { applyCountChanges } from './counts.ts';
import { submissionEvents, type ChangedBy } from './events.ts';
import { automatedChecksJob, readSubmissionFileFactsJob } from './job-types.ts';
import { notifyStatusChange } from './notifications.ts';
import { filesOf, findSubmission, type SubmissionFileRow, type SubmissionRow } from './repository.ts';

/**
 * The submission lifecycle: the only code that writes submissions, their files, history, market accounts and
 * attributes (a test in architecture.test.ts holds every other file to it). Each function works in the caller's
 * transaction and applies every side effect of its change there: history, automated checks, the creator's e-mail,
 * the maintained counts (counts.ts), then the event for other modules (events.ts). What feature modules keep of a
 * submission (the product's shipping profile, readiness and partner statuses, the company catalogue) they keep by
 * listening to the steps it emits at their point of the change (events.ts; wired in server/src/listeners.ts): the
 * lifecycle imports no feature module. Blobs are stored by the caller before the transaction (blobs before rows);
 * removing blobs is the caller's, after commit.
 */

export interface NewSubmissionFile {
  id?: string;
  fileName: string;
  storageKey: string;
  kind: UploadKind;
  size: number;
  isMarketingImage?: boolean;
  detectedUpcs?: string[];
  detectedFrom?: DetectedFrom | null;
  /** Where the detected code is on the image (fractions of it), when it was read already. */
  barcodeRegion?: CodeRegion | null;
  detectionStatus?: 'pending' | 'done' | 'failed';
  thumbnailKey?: string | null;
  /** The photo checks already made (a draft's files keep theirs). */
  qualityIssues?: StoredPhotoIssue[];
  perceptualHash?: string | null;
  /** 'pending': a photo added on resubmit or for a catalogued product, read for facts (fact-reading-job.ts). */
  factReadingStatus?: 'pending' | 'done' | 'failed' | null;
  /** The roles the draft's photo had at Submit; null: proposed from the file's own readings. */
  photoRoles?: PhotoRole[] | null;
}

export interface NewSubmission {
  /** Given when the caller stored the blobs under the submission's id already. */
  id?: string;
  /** The draft it was submitted from: a retried submit of that draft answers with its submissions. */
  draftId?: string;
  companyId: number;
  /** The creator, who is e-mailed about it. */
  userId: number;
  partnerCompanyId: number | null;
  upc: string;
  ean13Upc: string;
  productName: string | null;
  isImported?: boolean;
  /** A profile chosen for this product (intake step 2) becomes the product's; without one, the product's is carried. */
  shippingProfileId?: number | null;
  files: NewSubmissionFile[];
  /** The product's facts and where each value came from (none: no facts). */
  facts?: CarriedFacts;
  /** Bulk-edit values the supplier's sheet gave the product (its draft's row, carried at Submit): recorded as such. */
  sheetDetails?: SubmissionDetails;
  /** For the history: where it came from (a draft: IN_PROGRESS; otherwise nothing) and why. */
  from: ItemStatus | null;
  reason?: string | null;
}

const unique = (codes: string[]) => [...new Set(codes)];

/** A history row of a change; its id, which a rejection's comments name. */
async function recordHistory(
  db: Tx,
  entry: {
    submissionId: string;
    userId: number | null;
    fromStatus: string | null;
    toStatus: string;
    reason?: string | null;
    holdKey?: string | null;
    reasonCode?: string | null;
  },
): Promise<number> {
  const [row] = await db
    .insert(submissionHistory)
    .values({
      ...entry,
      reason: entry.reason ?? null,
      holdKey: entry.holdKey ?? null,
      reasonCode: entry.reasonCode ?? null,
    })
    .returning({ id: submissionHistory.id });
  return row.id;
}

/** A reviewer's comments, with the history row of the rejection they go with. */
async function recordComments(
  db: Tx,
  submissionId: string,
  historyId: number,
  userId: number | null,
  comments: readonly ReviewCommentParsed[],
) {
  if (!comments.length) return;
  await db.insert(submissionComments).values(
    comments.map((c) => ({
      submissionId,
      historyId,
      userId,
      target: c.target,
      fileName: c.fileName,
      region: c.region,
      text: c.text,
      reasonCode: c.reasonCode ?? null,
    })),
  );
}

async function insertFiles(
  tx: Tx,
  submissionId: string,
  files: NewSubmissionFile[],
  firstPosition: number,
): Promise<SubmissionFileRow[]> {
  if (!files.length) return [];
  return tx
    .insert(submissionFiles)
    .values(
      files.map((f, i) => ({
        ...(f.id && { id: f.id }),
        submissionId,
        fileName: f.fileName,
        storageKey: f.storageKey,
        kind: f.kind,
        size: f.size,
        position: firstPosition + i,
        isMarketingImage: f.isMarketingImage ?? false,
        detectedUpcs: f.detectedUpcs ?? [],
        detectedFrom: f.detectedFrom ?? null,
        barcodeRegion: f.barcodeRegion ?? null,
        detectionStatus: f.detectionStatus ?? 'pending',
        thumbnailKey: f.thumbnailKey ?? null,
        qualityIssues: f.qualityIssues ?? [],
        perceptualHash: f.perceptualHash ?? null,
        factReadingStatus: f.factReadingStatus ?? null,
        photoRoles: f.photoRoles ?? null,
      })),
    )
    .returning();
}

/** Each new file to be read for product facts gets its reading, in the text queue, fair between companies. */
async function queueFactReadings(tx: Tx, files: readonly SubmissionFileRow[], companyId: number) {
  for (const f of files)
    if (f.factReadingStatus === 'pending')
      await enqueue(tx, readSubmissionFileFactsJob, { fileId: f.id }, { companyId });
}

/** Which counts row a submission is in (its company and partner never change). */
const countKey = (s: SubmissionRow) => ({ companyId: s.companyId, partnerCompanyId: s.partnerCompanyId });

const rowsOf = (tx: Tx, ids: string[]) =>
  tx.select().from(productSubmissions).where(inArray(productSubmissions.id, ids));

/**
 * New SUBMITTED submissions (draft submit, images for a catalogued product, bulk ingestion), each with its files,
 * a history row, the product's shipping profile, its partner statuses and the automated checks queued.
 */
export async function createSubmissions(tx: Tx, items: NewSubmission[], by: ChangedBy): Promise<SubmissionRow[]> {
  if (!items.length) return [];
  const created: { row: SubmissionRow; files: SubmissionFileRow[]; from: ItemStatus | null }[] = [];
  for (const item of items) {
    const [row] = await tx
      .insert(productSubmissions)
      .values({
        ...(item.id && { id: item.id }),
        ...(item.draftId && { draftId: item.draftId }),
        companyId: item.companyId,
        userId: item.userId,
        partnerCompanyId: item.partnerCompanyId,
        upc: item.upc,
        ean13Upc: item.ean13Upc,
        productName: sanitizeProductName(item.productName ?? '').trim() || null,
        itemStatus: 'SUBMITTED',
        isImported: item.isImported ?? false,
        shippingProfileId: item.shippingProfileId ?? null,
        detectedUpcs: unique(item.files.flatMap((f) => f.detectedUpcs ?? [])),
        facts: item.facts?.facts ?? null,
        factSources: item.facts?.sources ?? {},
        ...item.sheetDetails,
        sheetFields: Object.keys(item.sheetDetails ?? {}),
      })
      .returning();
    // A row this transaction inserted is its own until it commits: locking it again later waits for no one.
    taken(tx, LOCK.submission, [row.id]);
    const files = await insertFiles(tx, row.id, item.files, 0);
    await queueFactReadings(tx, files, row.companyId);
    await recordHistory(tx, {
      submissionId: row.id,
      userId: by.userId,
      fromStatus: item.from,
      toStatus: 'SUBMITTED',
      reason: item.reason ?? null,
    });
    await submissionEvents.emit(tx, 'submissionJoinedProduct', { submission: row, userId: by.userId });
    await enqueue(tx, automatedChecksJob, { submissionId: row.id }, { companyId: row.companyId });
    await notifyStatusChange(tx, row, by, { reason: item.reason ?? null, reasonCode: null });
    created.push({ row, files, from: item.from });
  }
  const ids = created.map((c) => c.row.id);
  await applyCountChanges(
    tx,
    created.map(({ row }) => ({ ...countKey(row), from: null, to: row.itemStatus, ean13Upcs: [row.ean13Upc] })),
  );
  await submissionEvents.emit(tx, 'readinessInputsChanged', { submissionIds: ids });
  // The others of the partner that have the same UPC repeat a UPC now (the duplicate-upc rule): judged after commit.
  await submissionEvents.emit(tx, 'upcsChanged', {
    submissions: created.map((c) => c.row),
    companyId: created[0]?.row.companyId ?? null,
  });
  const rows = await rowsOf(tx, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const c of created)
    await submissionEvents.emit(tx, 'submissionCreated', {
      submission: byId.get(c.row.id)!,
      files: c.files,
      by,
      from: c.from,
    });
  return ids.map((id) => byId.get(id)!);
}

/**
 * Files join a submission still waiting for review (bulk ingestion); the checks run again over all of them and the
 * history names the files. Whether it still waits is read under the row's lock: a submission staff decided on
 * meanwhile takes no files (null; the caller starts a new one).
 */
export async function addFiles(
  tx: Tx,
  id: string,
  files: NewSubmissionFile[],
  by: { userId: number | null; reason: string },
): Promise<SubmissionRow | null> {
  const submission = await findSubmission(tx, id, { lock: true });
  if (!submission) throw notFound('Submission not found.');
  if (submission.itemStatus !== 'SUBMITTED') return null;
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(submissionFiles)
    .where(eq(submissionFiles.submissionId, id));
  const added = await insertFiles(tx, id, files, n);
  const names = files.map((f) => f.fileName).join(', ');
  await recordHistory(tx, {
    submissionId: id,
    userId: by.userId,
    fromStatus: 'SUBMITTED',
    toStatus: 'SUBMITTED',
    reason: `${by.reason}: ${files.length === 1 ? 'file' : `${files.length} files`} added (${names})`,
  });
  await submissionEvents.emit(tx, 'readinessInputsChanged', { submissionIds: [id] });
  await enqueue(tx, automatedChecksJob, { submissionId: id }, { companyId: submission.companyId });
  await submissionEvents.emit(tx, 'submissionFilesChanged', { submission, files: added, replaced: [] });
  return submission;
}

/**
 * The one way a status changes: the row is locked, the transition checked against the table, the history written
 * and the creator told, all in the caller's transaction. Two staff acting at once: the second waits for the lock,
 * then finds the new status and is refused if its transition no longer applies (no lost update).
 */
export async function changeStatus(
  tx: Tx,
  id: string,
  to: ItemStatus,
  by: ChangedBy & {
    reason?: string | null;
    /** A rejection's reason code, stored on its history row for reporting. */
    reasonCode?: string | null;
    /** A reviewer's comments on the fields and files (a rejection; the caller checked the files are this one's). */
    comments?: readonly ReviewCommentParsed[];
    /**
     * A review decision that can be undone for a while: its e-mail and events for receivers are held that long under
     * the key (revertDecision cancels them), and its history row carries the key.
     */
    hold?: JobHold | null;
  },
  extra: Partial<typeof productSubmissions.$inferInsert> = {},
): Promise<SubmissionRow> {
  const current = await findSubmission(tx, id, { lock: true });
  if (!current) throw notFound('Submission not found.');
  const from = current.itemStatus as ItemStatus;
  if (!canTransition(from, to, by.actor)) throw new HttpError(409, 'INVALID_TRANSITION', transitionError(from, to));
  const reason = by.reason ?? null;
  const reasonCode = isRejected(to) ? (by.reasonCode ?? null) : null;
  const [updated] = await tx
    .update(productSubmissions)
    .set({
      ...extra,
      itemStatus: to,
      rejectionReason: isRejected(to) ? reason : to === 'SUBMITTED' ? null : current.rejectionReason,
      updatedAt: new Date(),
      // Back in the review queue (resubmitted, appealed): it lines up as submitted now.
      ...(to === 'SUBMITTED' && { submittedAt: new Date() }),
    })
    .where(eq(productSubmissions.id, id))
    .returning();
  const historyId = await recordHistory(tx, {
    submissionId: id,
    userId: by.userId,
    fromStatus: from,
    toStatus: to,
    reason,
    holdKey: by.hold?.key ?? null,
    reasonCode,
  });
  const comments = by.comments ?? [];
  await recordComments(tx, id, historyId, by.userId, comments);
  // A new EAN-13 (a resubmission may change it) moves the submission between the company's catalogue rows.
  const ean13Upcs = updated.ean13Upc !== current.ean13Upc ? [current.ean13Upc, updated.ean13Upc] : [];
  await applyCountChanges(tx, [{ ...countKey(updated), from, to, ean13Upcs }]);
  const hold = by.hold ?? null;
  await notifyStatusChange(tx, updated, by, { reason, reasonCode }, comments, hold);
  await submissionEvents.emit(tx, 'submissionStatusChanged', {
    submission: updated,
    from,
    to,
    by: { actor: by.actor, userId: by.userId },
    reason,
    reasonCode,
    comments,
    hold,
    undoes: false,
  });
  return updated;
}

/**
 * Undoes a held review decision (changeStatus with `hold`) while its e-mail and events still wait: the item goes
 * back to the status it had (and the rejection reason it had), with a history row saying so, and every job held under
 * the decision's key is cancelled, all in the caller's transaction. The decision must still be the item's last
 * change, made by this user; its held jobs must all be waiting (jobs/queue.ts cancelHeldJobs: a worker that claimed
 * one first wins, and the undo is refused). The row lock comes first, the jobs' last (the lock order). No one outside
 * heard of the decision, so no one hears of its undo: the event says `undoes`, and the webhooks and the change feed
 * publish nothing for it. A refusal is a 409 (UNDO_MSG says why), thrown so that the transaction leaves nothing.
 */
export async function revertDecision(
  tx: Tx,
  id: string,
  key: string,
  by: ChangedBy & { userId: number },
): Promise<SubmissionRow> {
  const current = await findSubmission(tx, id, { lock: true });
  if (!current) throw notFound('Submission not found.');
  const [last, before] = await tx
    .select()
    .from(submissionHistory)
    .where(eq(submissionHistory.submissionId, id))
    .orderBy(desc(submissionHistory.id))
    .limit(2);
  if (last?.holdKey !== key || last.toStatus !== current.itemStatus || !last.fromStatus)
    throw new HttpError(409, 'UNDO_CHANGED', UNDO_MSG.changed);
  if (last.userId !== by.userId) throw new HttpError(409, 'UNDO_NOT_YOURS', UNDO_MSG.notYours);
  const decided = current.itemStatus as ItemStatus;
  const back = last.fromStatus as ItemStatus;
  // The reason it had: none waiting for review; an accept kept it; a rejection replaced that of the change before it.
  const rejectionReason =
    back === 'SUBMITTED' ? null : isRejected(decided) ? (before?.reason ?? null) : current.rejectionReason;
  const [updated] = await tx
    .update(productSubmissions)
    .set({ itemStatus: back, rejectionReason, updatedAt: new Date() })
    .where(eq(productSubmissions.id, id))
    .returning();
  await recordHistory(tx, {
    submissionId: id,
    userId: by.userId,
    fromStatus: decided,
    toStatus: back,
    reason: UNDONE_REASON,
  });
  await applyCountChanges(tx, [{ ...countKey(updated), from: decided, to: back, ean13Upcs: [] }]);
  await submissionEvents.emit(tx, 'submissionStatusChanged', {
    submission: updated,
    from: decided,
    to: back,
    by: { actor: by.actor, userId: by.userId },
    reason: UNDONE_REASON,
    reasonCode: null,
    comments: [],
    hold: null,
    undoes: true,
  });
  // Last, as the lock order wants: the held jobs, cancelled all or none.
  if (!(await cancelHeldJobs(tx, key))) throw new HttpError(409, 'UNDO_TOO_LATE', UNDO_MSG.tooLate);
  return updated;
}

/** The history's reason of an undone decision. */
export const UNDONE_REASON = 'Decision undone';

/**
 * Resubmission: all files replaced by new ones (already stored), the UPC possibly changed, SUBMITTED again with the
 * checks queued. Returns the files it had, whose blobs the caller removes after the commit.
 */
export async function replaceFiles(
  tx: Tx,
  id: string,
  change: {
    upc: string;
    ean13Upc: string;
    files: NewSubmissionFile[];
    /** The facts as the supplier left them (absent: they stay as they were). */
    facts?: CarriedFacts;
  },
  by: ChangedBy & { reason?: string | null },
): Promise<{ submission: SubmissionRow; replaced: SubmissionFileRow[] }> {
  const previousUpc = await findSubmission(tx, id);
  // The status change first: it locks the row and refuses anything but a rejected item before a file is touched.
  const changed = await changeStatus(tx, id, 'SUBMITTED', by, {
    upc: change.upc,
    ean13Upc: change.ean13Upc,
    detectedUpcs: [],
    humanReviewOnly: false,
    ...(change.facts && { facts: change.facts.facts, factSources: change.facts.sources }),
  });
  const replaced = await tx.delete(submissionFiles).where(eq(submissionFiles.submissionId, id)).returning();
  const files = await insertFiles(tx, id, change.files, 0);
  await queueFactReadings(tx, files, changed.companyId);
  await submissionEvents.emit(tx, 'submissionJoinedProduct', { submission: changed, userId: by.userId });
  await submissionEvents.emit(tx, 'readinessInputsChanged', { submissionIds: [id] });
  // The UPC may have changed: the others of the partner with the old or the new one are judged again after commit.
  await submissionEvents.emit(tx, 'upcsChanged', {
    submissions: [...(previousUpc ? [previousUpc] : []), changed],
    companyId: changed.companyId,
  });
  await enqueue(tx, automatedChecksJob, { submissionId: id }, { companyId: changed.companyId });
  const [submission] = await rowsOf(tx, [id]);
  await submissionEvents.emit(tx, 'submissionFilesChanged', { submission, files, replaced });
  return { submission, replaced };
}

/**
 * The support ticket staff opened about an item (a row the caller has checked and locked). Staff-only facts: no
 * readiness input, and no event for the supplier's webhooks.
 */
export async function recordSupportTicket(
  tx: Tx,
  id: string,
  ticket: { ticketId: string | null; ticketUrl: string | null },
): Promise<void> {
  await tx
    .update(productSubmissions)
    .set({ zendeskTicketId: ticket.ticketId, zendeskTicketUrl: ticket.ticketUrl })
    .where(eq(productSubmissions.id, id));
}

/** Details a user edits (bulk edit, the product name); what is left out keeps its value. */
export type SubmissionDetails = Partial<
  Pick<
    typeof productSubmissions.$inferInsert,
    | 'productName'
    | 'brand'
    | 'suggestedClass'
    | 'height'
    | 'width'
    | 'depth'
    | 'size'
    | 'uom'
    | 'fobCost'
    | 'msrp'
    | 'edlp'
    | 'deliveredCost'
    | 'wholesaleCost'
    | 'freeFill'
    | 'inStoreDemo'
    | 'fairShareMerchandisingSupport'
    | 'paidAds'
    | 'offInvoice'
    | 'tpr'
  >
>;

export interface DetailsChange {
  id: string;
  values: SubmissionDetails;
  /** When given, the whole list (replacing the stored one). */
  marketAccountIds?: number[];
  attributeIds?: number[];
}

/**
 * Saves details of submissions (rows the caller has checked and locked) and recomputes their partner statuses. A
 * field the supplier's sheet gave whose value changes is no longer the sheet's: whoever edited it owns it now.
 */
export async function updateDetails(tx: Tx, changes: DetailsChange[]): Promise<void> {
  if (!changes.length) return;
  const now = new Date();
  const fields = new Set<string>();
  const stored = new Map(
    (
      await rowsOf(
        tx,
        changes.map((c) => c.id),
      )
    ).map((r) => [r.id, r]),
  );
  for (const c of changes) {
    Object.keys(c.values).forEach((k) => fields.add(k));
    const row = stored.get(c.id);
    const sheetFields = row?.sheetFields.filter((f) => !changedDetail(row, c.values, f)) ?? [];
    await tx
      .update(productSubmissions)
      .set({
        ...c.values,
        ...(row && sheetFields.length !== row.sheetFields.length && { sheetFields }),
        updatedAt: now,
      })
      .where(eq(productSubmissions.id, c.id));
    if (c.marketAccountIds) {
      fields.add('marketAccounts');
      await tx.delete(submissionMarketAccounts).where(eq(submissionMarketAccounts.submissionId, c.id));
      const ids = [...new Set(c.marketAccountIds)];
      if (ids.length)
        await tx
          .insert(submissionMarketAccounts)
          .values(ids.map((marketAccountId) => ({ submissionId: c.id, marketAccountId })));
    }
    if (c.attributeIds) {
      fields.add('attributes');
      await tx.delete(submissionAttributes).where(eq(submissionAttributes.submissionId, c.id));
      const ids = [...new Set(c.attributeIds)];
      if (ids.length)
        await tx.insert(submissionAttributes).values(ids.map((attributeId) => ({ submissionId: c.id, attributeId })));
    }
  }
  const ids = changes.map((c) => c.id);
  await submissionEvents.emit(tx, 'readinessInputsChanged', { submissionIds: ids });
  await submissionEvents.emit(tx, 'submissionUpdated', { submissionIds: ids, fields: [...fields] });
}

/** Whether a change gives one of a row's details another value than it holds. */
const changedDetail = (row: SubmissionRow, values: SubmissionDetails, field: string) =>
  field in values && values[field as keyof SubmissionDetails] !== row[field as keyof SubmissionDetails];

/** Every submission of a company's product carries the product's shipping profile (shipping-profiles sets it). */
export async function setProductShippingProfile(
  tx: Tx,
  args: { companyId: number; ean13Upc: string; shippingProfileId: number | null },
) {
  const updated = await tx
    .update(productSubmissions)
    .set({ shippingProfileId: args.shippingProfileId })
    .where(and(eq(productSubmissions.companyId, args.companyId), eq(productSubmissions.ean13Upc, args.ean13Upc)))
    .returning({ id: productSubmissions.id });
  // A required shipping profile is a readiness rule: the products' readiness follows the profile.
  if (updated.length)
    await submissionEvents.emit(tx, 'readinessInputsChanged', { submissionIds: updated.map((u) => u.id) });
  if (updated.length)
    await submissionEvents.emit(tx, 'submissionUpdated', {
      submissionIds: updated.map((u) => u.id),
      fields: ['shippingProfileId'],
    });
}

/** One submission carries its product's shipping profile (a new one, or resubmitted: shipping-profiles/listeners.ts). */
export async function setSubmissionShippingProfile(tx: Tx, id: string, shippingProfileId: number) {
  await tx.update(productSubmissions).set({ shippingProfileId }).where(eq(productSubmissions.id, id));
}

/** What the automated checks read of one file (codes, photo checks, thumbnail), stored as soon as it is read. */
export async function recordFileReading(db: Tx, fileId: string, reading: Partial<typeof submissionFiles.$inferInsert>) {
  await db.update(submissionFiles).set(reading).where(eq(submissionFiles.id, fileId));
}

/**
 * The supplier's decision on the facts read from a submission's photos (a row the caller has checked and locked): the
 * facts and their sources as they now stand, and the fields dismissed on its read files (never offered again).
 */
export async function decideFacts(
  tx: Tx,
  id: string,
  change: { facts: CarriedFacts; dismissed: readonly { fileId: string; dismissedFacts: string[] }[] },
): Promise<void> {
  await tx
    .update(productSubmissions)
    .set({ facts: change.facts.facts, factSources: change.facts.sources, updatedAt: new Date() })
    .where(eq(productSubmissions.id, id));
  for (const f of change.dismissed)
    await tx
      .update(submissionFiles)
      .set({ dismissedFacts: f.dismissedFacts })
      .where(and(eq(submissionFiles.id, f.fileId), eq(submissionFiles.submissionId, id)));
  await submissionEvents.emit(tx, 'readinessInputsChanged', { submissionIds: [id] });
  await submissionEvents.emit(tx, 'submissionUpdated', { submissionIds: [id], fields: ['facts'] });
}

/** The codes read on a submission's files, gathered on its row once every file is read (the automated checks). */
export async function setDetectedUpcs(tx: Tx, id: string, detectedUpcs: string[]) {
  await tx.update(productSubmissions).set({ detectedUpcs }).where(eq(productSubmissions.id, id));
}

/** A submission's readiness and partner statuses as judged (readiness/store.ts), for one row of a batch. */
export interface ReadinessColumns {
  id: string;
  partnerStatuses: unknown;
  partnerStatusLabel: string;
  readinessPercent: number | null;
  readinessReady: boolean | null;
  readinessVersion: number | null;
  readinessFailing: unknown;
  readinessFailingCodes: string[];
}

/**
 * Stores judged readiness on rows the caller locked (readiness/store.ts judges them). One statement for the batch (a
 * recompute after a rule change writes thousands of rows): the new values as a JSON record set joined to the rows by
 * id. updated_at is not touched (the activity order is the supplier's changes', not the rules').
 */
export async function writeReadiness(tx: Tx, updates: readonly ReadinessColumns[]) {
  if (!updates.length) return;
  await tx.execute(sql`
      UPDATE product_submissions AS s SET partner_statuses = u."partnerStatuses",
        partner_status_label = u."partnerStatusLabel", readiness_percent = u."readinessPercent",
        readiness_ready = u."readinessReady", readiness_version = u."readinessVersion",
        readiness_failing = u."readinessFailing", readiness_failing_codes = u."readinessFailingCodes"
      FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS u(id uuid, "partnerStatuses" jsonb,
        "partnerStatusLabel" text, "readinessPercent" smallint, "readinessReady" boolean, "readinessVersion" integer,
        "readinessFailing" jsonb, "readinessFailingCodes" text[])
      WHERE s.id = u.id`);
}

/** Deletes a submission with its files and history; returns the files, whose blobs the caller removes after commit. */
export async function deleteSubmissionRecord(tx: Tx, id: string): Promise<SubmissionFileRow[]> {
  const submission = await findSubmission(tx, id, { lock: true });
  if (!submission) throw notFound('Submission not found.');
  const files = await filesOf(tx, id);
  await tx.delete(productSubmissions).where(eq(productSubmissions.id, id));
  // The others of the partner with its UPC may no longer repeat one: judged after commit.
  await submissionEvents.emit(tx, 'upcsChanged', { submissions: [submission], companyId: submission.companyId });
  await applyCountChanges(tx, [
    { ...countKey(submission), from: submission.itemStatus, to: null, ean13Upcs: [submission.ean13Upc] },
  ]);
  await submissionEvents.emit(tx, 'submissionDeleted', { submission, files });
  return files;
}

/**
 * Demo data only: a submission as it stands after a past life (status and history given as they were), with no
 * side effect (no checks, no e-mail, no event): nothing happens now.
 */
export async function recordPastSubmission(
  tx: Tx,
  values: typeof productSubmissions.$inferInsert,
  history: Omit<typeof submissionHistory.$inferInsert, 'submissionId'>[],
): Promise<SubmissionRow> {
  // Submitted when its history last says so, unless given.
  const lastSubmitted = history.filter((h) => h.toStatus === 'SUBMITTED' && h.at).at(-1)?.at;
  const submittedAt = values.submittedAt ?? lastSubmitted ?? values.createdAt;
  const [row] = await tx
    .insert(productSubmissions)
    .values({ ...values, ...(submittedAt && { submittedAt }) })
    .returning();
  await applyCountChanges(tx, [{ ...countKey(row), from: null, to: row.itemStatus, ean13Upcs: [row.ean13Upc] }]);
  if (history.length) await tx.insert(submissionHistory).values(history.map((h) => ({ ...h, submissionId: row.id })));
  return row;
}
