import { randomUUID } from 'node:crypto';
import {
  checkDraft,
  factsOfFiles,
  DRAFT_MSG,
  effectiveUpc,
  intakeRulesFor,
  MAX_FILES_PER_DRAFT,
  sanitizeProductName,
  toEan13,
  upcDigits,
  UPLOAD_MSG,
  type FieldRules,
  type StoredPhotoIssue,
  readinessRefusal,
  sourcesAfterSave,
  type FactField,
  type PhotoRole,
  type ProductFacts,
  rolesKeptAtSubmit,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { enqueue } from '../../jobs/queue.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../users/repository.ts';
import type { ReceivedFile } from '../uploads/receive.ts';
import { storeThenRecord } from '../uploads/store-first.ts';
import { recordWithinQuota } from '../uploads/quota.ts';
import { processDraftFileJob } from './jobs.ts';
import { readDraftFileFactsJob } from './fact-reading-job.ts';
import { renditionKeys } from '../media-files/renditions.ts';
import { createSubmissions } from '../submissions/lifecycle.ts';
import { assertCompanyProfiles } from '../shipping-profiles/service.ts';
import { recordIfStaffAction } from '../audit/record.ts';
import { changedFields } from '../audit/summary.ts';
import { draftPolicy } from './policy.ts';
import { readinessOfDraft } from '../readiness/service.ts';
import { presentDraft, presentedDraftFacts } from './presenter.ts';
import { sheetDetailsOf } from './sheet-details.ts';

/** A draft as the audit trail names it (staff acting on a supplier's draft). */
const auditTarget = (draft: { id: string; companyId: number }) =>
  ({ type: 'draft', id: draft.id, companyId: draft.companyId, label: null }) as const;
import {
  deleteDraftFileRow,
  deleteDraftRow,
  findDraft,
  insertDraft,
  insertDraftFiles,
  listDrafts,
  partnerIntakeRow,
  updateDraftFile,
  lockedDraft,
  submissionIdsOfDraft,
  touchDraft,
  draftVersion,
  type DraftWithFiles,
} from './repository.ts';
import type { Precondition } from '../../lib/preconditions.ts';
import { plainTransaction, type InTransaction } from '../../lib/idempotency.ts';
import { findSubmission, type SubmissionRow } from '../submissions/repository.ts';
import { submissionPolicy } from '../submissions/policy.ts';

/** A change sent with If-Match: checked against the draft's version under its lock (lib/preconditions.ts). */
export interface DraftChangeOptions {
  precondition?: Precondition;
}

/**
 * The draft and its files read under its row lock, for a change that validates them: the user may still edit it and
 * the change's precondition holds. A draft submitted meanwhile is a 409 (its files went into its submissions); one
 * deleted or never there, not found.
 */
async function lockedForChange<T>(
  tx: Tx,
  user: UserRow,
  draftId: string,
  opts: DraftChangeOptions,
  fn: (draft: DraftWithFiles) => Promise<T>,
): Promise<T> {
  const draft = await lockedDraft(tx, draftId);
  if (!draft || !draftPolicy.view(user, draft)) {
    if ((await visibleSubmissionsOfDraft(tx, user, draftId)).length)
      throw new HttpError(409, 'DRAFT_SUBMITTED', DRAFT_MSG.submittedMeanwhile);
    throw notFound('Draft not found.');
  }
  if (!draftPolicy.edit(user, draft)) throw forbidden('You may not change this draft.');
  opts.precondition?.(draftVersion(draft));
  return fn(draft);
}

/** A change's closing read: the draft as the transaction leaves it, what its answer shows. */
const draftAfter = async (tx: Tx, draftId: string) => (await findDraft(tx, draftId))!;

/** The draft if the user may see it; "not found" otherwise, so other companies' drafts stay invisible. */
export async function visibleDraft(ctx: AppContext, user: UserRow, id: string): Promise<DraftWithFiles> {
  const draft = await findDraft(ctx.db, id);
  if (!draft || !draftPolicy.view(user, draft)) throw notFound('Draft not found.');
  return draft;
}

/**
 * The draft if the user may change it (a first, unlocked look: a change checks again under the draft's lock). A
 * draft that was submitted is a 409 that says so, not "not found".
 */
export async function editableDraft(ctx: AppContext, user: UserRow, id: string): Promise<DraftWithFiles> {
  const draft = await findDraft(ctx.db, id);
  if (!draft || !draftPolicy.view(user, draft)) {
    if ((await visibleSubmissionsOfDraft(ctx.db, user, id)).length)
      throw new HttpError(409, 'DRAFT_SUBMITTED', DRAFT_MSG.submittedMeanwhile);
    throw notFound('Draft not found.');
  }
  if (!draftPolicy.edit(user, draft)) throw forbidden('You may not change this draft.');
  return draft;
}

export const draftsFor = (ctx: AppContext, user: UserRow) =>
  listDrafts(ctx.db, { companyId: draftPolicy.seesEveryCompany(user) ? null : user.companyId });

/**
 * Checked uploads become stored files of the draft (blobs first); the rows and their processing jobs commit together,
 * within the quota of the draft's company, in the transaction `inTx` opens. `write` runs first under the quota lock
 * (it locks the draft and validates what it read under that lock) and gives the position of the first new file.
 */
const storeFiles = (
  ctx: AppContext,
  draft: { id: string; companyId: number },
  files: ReceivedFile[],
  inTx: InTransaction<DraftWithFiles>,
  write: (tx: Tx) => Promise<number>,
) =>
  storeThenRecord(
    ctx.storage,
    files,
    (id) => `drafts/${draft.id}/${id}`,
    (stored) =>
      inTx(async (tx) => {
        await recordWithinQuota(tx, ctx.config, draft.companyId, async () => {
          const firstPosition = await write(tx);
          await insertDraftFiles(
            tx,
            stored.map((f, i) => ({
              id: f.id,
              draftId: draft.id,
              fileName: f.fileName,
              storageKey: f.storageKey,
              kind: f.kind,
              size: f.size,
              position: firstPosition + i,
              // With reading off, nothing will read the photo: the page must not wait for it.
              ...(!ctx.config.readPhotoText && { factReadingStatus: 'done' as const }),
            })),
          );
          for (const f of stored) {
            await enqueue(tx, processDraftFileJob, { fileId: f.id }, { companyId: draft.companyId });
            if (ctx.config.readPhotoText)
              await enqueue(tx, readDraftFileFactsJob, { fileId: f.id }, { companyId: draft.companyId });
          }
        });
        return draftAfter(tx, draft.id);
      }),
  );

function assertUniqueNames(existing: string[], incoming: ReceivedFile[]) {
  const seen = new Set(existing.map((n) => n.toLowerCase()));
  for (const f of incoming) {
    if (seen.has(f.fileName.toLowerCase()))
      throw badRequest(`${f.fileName}: ${UPLOAD_MSG.unique}`, { [f.fileName]: UPLOAD_MSG.unique });
    seen.add(f.fileName.toLowerCase());
  }
}

export async function createDraft(
  ctx: AppContext,
  user: UserRow,
  partnerCompanyId: number | null,
  files: ReceivedFile[],
  inTx: InTransaction<DraftWithFiles> = plainTransaction(ctx.db),
): Promise<DraftWithFiles> {
  if (!files.length) throw badRequest('Please choose at least one file.');
  assertUniqueNames([], files);
  const id = randomUUID();
  return storeFiles(ctx, { id, companyId: user.companyId }, files, inTx, async (tx) => {
    await insertDraft(tx, { id, companyId: user.companyId, userId: user.id, partnerCompanyId });
    return 0;
  });
}

/**
 * Adds files to a draft. The look before the transfer only spares a doomed upload its storing; the cap of files and
 * the names are checked again on the draft read under its lock, so two adds at once cannot pass the cap together, and
 * an add that meets a draft submitted meanwhile is a 409, its blobs removed.
 */
export async function addDraftFiles(
  ctx: AppContext,
  user: UserRow,
  draftId: string,
  files: ReceivedFile[],
  opts: DraftChangeOptions = {},
  inTx: InTransaction<DraftWithFiles> = plainTransaction(ctx.db),
): Promise<DraftWithFiles> {
  if (!files.length) throw badRequest('Please choose at least one file.');
  const seen = await editableDraft(ctx, user, draftId);
  assertRoomFor(seen, files);
  return storeFiles(ctx, seen, files, inTx, (tx) =>
    lockedForChange(tx, user, draftId, opts, async (draft) => {
      assertRoomFor(draft, files);
      await touchDraft(tx, draftId);
      await recordIfStaffAction(tx, user, {
        action: 'draft.files_added',
        target: auditTarget(draft),
        after: { files: files.map((f) => f.fileName) },
      });
      return Math.max(-1, ...draft.files.map((f) => f.position)) + 1;
    }),
  );
}

/** The draft can take these files: within the cap of files a draft holds, and no name twice (case aside). */
function assertRoomFor(draft: DraftWithFiles, files: ReceivedFile[]) {
  if (draft.files.length + files.length > MAX_FILES_PER_DRAFT)
    throw new HttpError(400, 'TOO_MANY_FILES', UPLOAD_MSG.tooMany);
  assertUniqueNames(
    draft.files.map((f) => f.fileName),
    files,
  );
}

/** A draft file's values as its audit summary shows them (UPC and name cleaned as stored). */
const fileSummary = (f: {
  upc?: string | null;
  productName?: string | null;
  shippingProfileId?: number | null;
  isMarketingImage?: boolean | null;
}) =>
  `upc ${f.upc || '(none)'}, name ${f.productName || '(none)'}, shipping profile ${f.shippingProfileId ?? '(none)'}, marketing image ${f.isMarketingImage ? 'yes' : 'no'}`;

/** An update's fields as they are stored (undefined keeps the stored value). */
const definedOf = (u: DraftFileUpdate) => ({
  ...(u.upc !== undefined && { upc: u.upc ? upcDigits(u.upc) : null }),
  ...(u.productName !== undefined && { productName: u.productName ? sanitizeProductName(u.productName) : null }),
  ...(u.shippingProfileId !== undefined && { shippingProfileId: u.shippingProfileId }),
  ...(u.isMarketingImage != null && { isMarketingImage: u.isMarketingImage }),
});

export interface DraftFileUpdate {
  fileName: string;
  upc?: string | null;
  productName?: string | null;
  shippingProfileId?: number | null;
  isMarketingImage?: boolean | null;
}

/** Saves what the user typed (a draft may be incomplete), cleaned the way the fields clean it. */
export async function updateDraft(
  ctx: AppContext,
  user: UserRow,
  draftId: string,
  updates: DraftFileUpdate[],
  opts: DraftChangeOptions = {},
): Promise<DraftWithFiles> {
  return ctx.db.transaction((tx) =>
    lockedForChange(tx, user, draftId, opts, async (draft) => {
      const byName = new Map(draft.files.map((f) => [f.fileName.toLowerCase(), f]));
      for (const u of updates) {
        if (!byName.has(u.fileName.toLowerCase())) throw badRequest(`This draft has no file named ${u.fileName}.`);
      }
      await assertCompanyProfiles(
        tx,
        draft.companyId,
        updates.map((u) => u.shippingProfileId),
      );
      for (const u of updates) {
        const file = byName.get(u.fileName.toLowerCase())!;
        await updateDraftFile(tx, file.id, definedOf(u));
      }
      await touchDraft(tx, draftId);
      const change = changedFields(
        Object.fromEntries(updates.map((u) => [u.fileName, fileSummary(byName.get(u.fileName.toLowerCase())!)])),
        Object.fromEntries(
          updates.map((u) => [u.fileName, fileSummary({ ...byName.get(u.fileName.toLowerCase())!, ...definedOf(u) })]),
        ),
      );
      if (Object.keys(change.after).length)
        await recordIfStaffAction(tx, user, { action: 'draft.updated', target: auditTarget(draft), ...change });
      return draftAfter(tx, draftId);
    }),
  );
}

/** What the supplier decided about a file's facts: the facts as they now stand, and the readings dismissed. */
export interface DraftFileFactsChange {
  facts: ProductFacts | null;
  dismiss: FactField[];
}

/**
 * Saves a file's product facts. A value equal to the photo's reading of its field is recorded as read from the photo
 * (accepted), one that differs from it as corrected, one with no reading as typed; dismissed readings never return.
 */
export async function saveDraftFileFacts(
  ctx: AppContext,
  user: UserRow,
  draftId: string,
  fileName: string,
  change: DraftFileFactsChange,
  opts: DraftChangeOptions = {},
): Promise<DraftWithFiles> {
  return ctx.db.transaction((tx) =>
    lockedForChange(tx, user, draftId, opts, async (draft) => {
      const file = draft.files.find((f) => f.fileName.toLowerCase() === fileName.toLowerCase());
      if (!file) throw notFound(`This draft has no file named ${fileName}.`);
      const factSources = sourcesAfterSave(file.facts, change.facts, file.factSources, file.factReadings);
      const dismissedFacts = [...new Set([...file.dismissedFacts, ...change.dismiss])];
      await updateDraftFile(tx, file.id, { facts: change.facts, factSources, dismissedFacts });
      await touchDraft(tx, draftId);
      await recordIfStaffAction(tx, user, {
        action: 'draft.updated',
        target: auditTarget(draft),
        before: { [file.fileName]: { facts: file.facts } },
        after: { [file.fileName]: { facts: change.facts } },
      });
      return draftAfter(tx, draftId);
    }),
  );
}

/**
 * Saves what a photo shows, as the supplier chose it; null takes the portal's proposal again. A PDF page is artwork and
 * takes no role.
 */
export async function saveDraftPhotoRoles(
  ctx: AppContext,
  user: UserRow,
  draftId: string,
  fileName: string,
  roles: PhotoRole[] | null,
): Promise<DraftWithFiles> {
  return ctx.db.transaction((tx) =>
    lockedForChange(tx, user, draftId, {}, async (draft) => {
      const file = draft.files.find((f) => f.fileName.toLowerCase() === fileName.toLowerCase());
      if (!file) throw notFound(`This draft has no file named ${fileName}.`);
      if (file.kind === 'pdf' && roles?.length)
        throw badRequest(`${file.fileName} is a PDF: photo roles are for photos.`, { roles: 'A PDF takes no role.' });
      await updateDraftFile(tx, file.id, { photoRoles: roles });
      await touchDraft(tx, draftId);
      await recordIfStaffAction(tx, user, {
        action: 'draft.updated',
        target: auditTarget(draft),
        before: { [file.fileName]: { photoRoles: file.photoRoles } },
        after: { [file.fileName]: { photoRoles: roles } },
      });
      return draftAfter(tx, draftId);
    }),
  );
}

async function partnerIntakeConfig(db: Tx, partnerCompanyId: number | null) {
  if (!partnerCompanyId) return null;
  return (await partnerIntakeRow(db, partnerCompanyId)) ?? null;
}

export async function partnerFieldRules(db: Tx, partnerCompanyId: number | null): Promise<FieldRules | null> {
  const config = await partnerIntakeConfig(db, partnerCompanyId);
  return config ? (config.fieldRules as FieldRules) : null;
}

/** The refusal of Submit when a blocking readiness rule of the partner fails (the page says the same), or null. */
async function readinessRefusalOf(db: Tx, draft: DraftWithFiles, user: UserRow): Promise<HttpError | null> {
  const presented = presentDraft(draft, user);
  const { ruleSet, products } = await readinessOfDraft(db, draft, presentedDraftFacts(presented));
  const refusal = ruleSet && readinessRefusal(products, presented.files, ruleSet);
  if (!refusal) return null;
  return new HttpError(400, refusal.code, refusal.messages[0], {
    ...(refusal.code === 'READINESS_BLOCKS' && {
      fields: Object.fromEntries(refusal.messages.map((m, i) => [`product.${i}`, m])),
    }),
  });
}

export const draftFileValues = (f: DraftWithFiles['files'][number]) => ({
  fileName: f.fileName,
  upc: f.upc,
  detectedUpc: f.detectedUpcs[0] ?? null,
  productName: f.productName,
  isMarketingImage: f.isMarketingImage,
  shippingProfileId: f.shippingProfileId,
});

/** What a submit answers: the submissions the draft became, and whether they were made by an earlier submit. */
export interface SubmitOutcome {
  submissions: SubmissionRow[];
  alreadySubmitted: boolean;
}

/**
 * Submits a draft: one product submission per distinct UPC (EAN-13), carrying all files of that UPC, status
 * SUBMITTED. The draft is locked first and every rule is checked on what was read under the lock, so a file added
 * before the lock is in the submissions and one added after it meets a submitted draft (409). All of it commits at
 * once, or nothing. Submit is idempotent by nature: a draft that already became submissions answers with them.
 */
export async function submitDraftOnce(
  ctx: AppContext,
  user: UserRow,
  draftId: string,
  opts: DraftChangeOptions = {},
  inTx: InTransaction<SubmitOutcome> = plainTransaction(ctx.db),
): Promise<SubmitOutcome> {
  return inTx(async (tx) => {
    const draft = await lockedDraft(tx, draftId);
    if (!draft || !draftPolicy.view(user, draft))
      return { submissions: await submittedBefore(tx, user, draftId), alreadySubmitted: true };
    if (!draftPolicy.edit(user, draft)) throw forbidden('You may not change this draft.');
    opts.precondition?.(draft.updatedAt);
    const config = await partnerIntakeConfig(tx, draft.partnerCompanyId);
    const rules = intakeRulesFor(config ? (config.fieldRules as FieldRules) : null);
    const values = draft.files.map(draftFileValues);
    const check = checkDraft(values, rules);
    if (!check.ok) {
      const fields: Record<string, string> = {};
      for (const [fileName, errs] of Object.entries(check.fields)) {
        if (errs.upc) fields[`${fileName}.upc`] = errs.upc;
        if (errs.productName) fields[`${fileName}.productName`] = errs.productName;
      }
      const first = check.products[0] ?? Object.values(fields)[0];
      throw new HttpError(400, 'DRAFT_INVALID', first, {
        fields: { ...fields, ...Object.fromEntries(check.products.map((m, i) => [`product.${i}`, m])) },
      });
    }
    const refusal = await readinessRefusalOf(tx, draft, user);
    if (refusal) throw refusal;
    // What each photo shows as the supplier last saw it, where its reading has ended: the submission's files keep it.
    const roles = rolesKeptAtSubmit(draft.files);
    const groups = new Map<string, typeof draft.files>();
    for (const f of draft.files) {
      const ean = toEan13(effectiveUpc(draftFileValues(f)))!;
      groups.set(ean, [...(groups.get(ean) ?? []), f]);
    }
    const created = await createSubmissions(
      tx,
      [...groups].map(([ean13Upc, files]) => ({
        companyId: draft.companyId,
        userId: draft.userId,
        partnerCompanyId: draft.partnerCompanyId,
        draftId,
        upc: effectiveUpc(draftFileValues(files[0])),
        ean13Upc,
        productName: files.find((f) => f.productName)?.productName ?? null,
        isImported: draft.isImported,
        // The profile chosen in step 2 becomes the product's.
        shippingProfileId: files.find((f) => f.shippingProfileId != null)?.shippingProfileId ?? null,
        // The product's facts with their sources: those of its first file that has any, as readiness reads them.
        facts: factsOfFiles(files),
        // A draft made from a sheet's row: the row's brand, dimensions and prices go to the bulk edit.
        sheetDetails: sheetDetailsOf(draft, ean13Upc),
        // The files keep their blobs, thumbnails and the codes already read.
        files: files.map((f) => ({
          fileName: f.fileName,
          storageKey: f.storageKey,
          kind: f.kind,
          size: f.size,
          isMarketingImage: f.isMarketingImage,
          detectedUpcs: f.detectedUpcs,
          detectedFrom: f.detectedFrom,
          barcodeRegion: f.barcodeRegion,
          detectionStatus: f.detectionStatus,
          thumbnailKey: f.thumbnailKey,
          qualityIssues: f.qualityIssues as StoredPhotoIssue[],
          perceptualHash: f.perceptualHash,
          photoRoles: roles.get(f.fileName) ?? null,
        })),
        from: 'IN_PROGRESS' as const,
      })),
      { actor: 'supplier', userId: user.id },
    );
    await deleteDraftRow(tx, draftId);
    await recordIfStaffAction(tx, user, {
      action: 'draft.submitted',
      target: auditTarget(draft),
      after: { submissions: created.map((c) => c.id) },
    });
    return { submissions: created, alreadySubmitted: false };
  });
}

/** The web app's submit: the submissions the draft became. */
export const submitDraft = async (ctx: AppContext, user: UserRow, draftId: string) =>
  (await submitDraftOnce(ctx, user, draftId)).submissions;

/** The submissions a draft became that the user may see (none: never submitted, deleted, or not theirs to see). */
async function visibleSubmissionsOfDraft(tx: Tx, user: UserRow, draftId: string): Promise<SubmissionRow[]> {
  const rows: SubmissionRow[] = [];
  for (const id of await submissionIdsOfDraft(tx, draftId)) {
    const s = await findSubmission(tx, id);
    if (s && submissionPolicy.view(user, s)) rows.push(s);
  }
  return rows;
}

/** A submit of a draft that is gone: the submissions it became, or not found. */
async function submittedBefore(tx: Tx, user: UserRow, draftId: string): Promise<SubmissionRow[]> {
  const rows = await visibleSubmissionsOfDraft(tx, user, draftId);
  if (!rows.length) throw notFound('Draft not found.');
  return rows;
}

/**
 * Takes one file out of a draft (never its last: cancelling is how a draft goes). Another file of the draft that was
 * flagged as the same picture as this one loses that warning: the repeat is gone.
 */
export async function removeDraftFile(
  ctx: AppContext,
  user: UserRow,
  draftId: string,
  fileName: string,
  opts: DraftChangeOptions = {},
): Promise<DraftWithFiles> {
  const { removed, after } = await ctx.db.transaction((tx) =>
    lockedForChange(tx, user, draftId, opts, async (draft) => {
      const file = draft.files.find((f) => f.fileName.toLowerCase() === fileName.toLowerCase());
      if (!file) throw notFound(`This draft has no file named ${fileName}.`);
      if (draft.files.length <= 1) throw badRequest(DRAFT_MSG.lastFile);
      const repeatOfIt = `${file.fileName} in this draft`;
      await deleteDraftFileRow(tx, file.id);
      for (const other of draft.files) {
        const issues = (other.qualityIssues ?? []) as StoredPhotoIssue[];
        const kept = issues.filter((i) => !(i.code === 'DUPLICATE' && i.detail === repeatOfIt));
        if (kept.length !== issues.length) await updateDraftFile(tx, other.id, { qualityIssues: kept });
      }
      await touchDraft(tx, draftId);
      await recordIfStaffAction(tx, user, {
        action: 'draft.file_removed',
        target: auditTarget(draft),
        before: { files: [file.fileName] },
      });
      return { removed: file, after: await draftAfter(tx, draftId) };
    }),
  );
  await Promise.all(
    [removed.storageKey, ...Object.values(renditionKeys(removed.id))].map((key) => ctx.storage.delete(key)),
  );
  return after;
}

/** Deletes a draft and its stored files (those it held when its row was locked). */
export async function deleteDraft(ctx: AppContext, user: UserRow, draftId: string) {
  const draft = await ctx.db.transaction((tx) =>
    lockedForChange(tx, user, draftId, {}, async (locked) => {
      await deleteDraftRow(tx, draftId);
      await recordIfStaffAction(tx, user, {
        action: 'draft.deleted',
        target: auditTarget(locked),
        before: { files: locked.files.map((f) => f.fileName) },
      });
      return locked;
    }),
  );
  await Promise.all(
    draft.files.flatMap((f) =>
      [f.storageKey, ...Object.values(renditionKeys(f.id))].map((key) => ctx.storage.delete(key)),
    ),
  );
  return true;
}
