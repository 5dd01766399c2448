import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  checkDraft,
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
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { draftFiles, draftSubmissions, partnerConfigurations } from '../../db/schema.ts';
import { enqueue } from '../../jobs/queue.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../users/repository.ts';
import type { ReceivedFile } from '../uploads/receive.ts';
import { storeThenRecord } from '../uploads/store-first.ts';
import { recordWithinQuota } from '../uploads/quota.ts';
import { processDraftFileJob } from './jobs.ts';
import { renditionKeys } from '../media-files/renditions.ts';
import { createSubmissions } from '../submissions/lifecycle.ts';
import { assertCompanyProfiles } from '../shipping-profiles/service.ts';
import { recordIfStaffAction } from '../audit/record.ts';
import { changedFields } from '../audit/summary.ts';
import { draftPolicy } from './policy.ts';
import { readinessOfDraft } from '../readiness/service.ts';
import { presentDraft, presentedDraftFacts } from './presenter.ts';

/** A draft as the audit trail names it (staff acting on a supplier's draft). */
const auditTarget = (draft: { id: string; companyId: number }) =>
  ({ type: 'draft', id: draft.id, companyId: draft.companyId, label: null }) as const;
import { findDraft, listDrafts, lockDraft, touchDraft, type DraftWithFiles } from './repository.ts';
import type { Precondition } from '../../lib/preconditions.ts';

/** A change sent with If-Match: checked against the draft's version under its lock (lib/preconditions.ts). */
export interface DraftChangeOptions {
  precondition?: Precondition;
}

/** Locks the draft and checks the change's precondition against it; a draft gone meanwhile is not found. */
async function lockedForChange(tx: Tx, draftId: string, opts: DraftChangeOptions) {
  const locked = await lockDraft(tx, draftId);
  if (!locked) throw notFound('Draft not found.');
  opts.precondition?.(locked.version);
}

/** The draft if the user may see it; "not found" otherwise, so other companies' drafts stay invisible. */
export async function visibleDraft(ctx: AppContext, user: UserRow, id: string): Promise<DraftWithFiles> {
  const draft = await findDraft(ctx.db, id);
  if (!draft || !draftPolicy.view(user, draft)) throw notFound('Draft not found.');
  return draft;
}

async function editableDraft(ctx: AppContext, user: UserRow, id: string): Promise<DraftWithFiles> {
  const draft = await visibleDraft(ctx, user, id);
  if (!draftPolicy.edit(user, draft)) throw forbidden('You may not change this draft.');
  return draft;
}

export const draftsFor = (ctx: AppContext, user: UserRow) =>
  listDrafts(ctx.db, { companyId: draftPolicy.seesEveryCompany(user) ? null : user.companyId });

/**
 * Checked uploads become stored files of the draft (blobs first); the rows and their processing jobs commit together,
 * within the quota of the draft's company.
 */
const storeFiles = (
  ctx: AppContext,
  draft: { id: string; companyId: number },
  files: ReceivedFile[],
  firstPosition: number,
  write: (tx: Tx) => Promise<void>,
) =>
  storeThenRecord(
    ctx.storage,
    files,
    (id) => `drafts/${draft.id}/${id}`,
    (stored) =>
      ctx.db.transaction((tx) =>
        recordWithinQuota(tx, ctx.config, draft.companyId, async () => {
          await write(tx);
          await tx.insert(draftFiles).values(
            stored.map((f, i) => ({
              id: f.id,
              draftId: draft.id,
              fileName: f.fileName,
              storageKey: f.storageKey,
              kind: f.kind,
              size: f.size,
              position: firstPosition + i,
            })),
          );
          for (const f of stored)
            await enqueue(tx, processDraftFileJob, { fileId: f.id }, { companyId: draft.companyId });
        }),
      ),
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
) {
  if (!files.length) throw badRequest('Please choose at least one file.');
  assertUniqueNames([], files);
  const id = randomUUID();
  await storeFiles(ctx, { id, companyId: user.companyId }, files, 0, async (tx) => {
    await tx.insert(draftSubmissions).values({ id, companyId: user.companyId, userId: user.id, partnerCompanyId });
  });
  return (await findDraft(ctx.db, id))!;
}

export async function addDraftFiles(
  ctx: AppContext,
  user: UserRow,
  draftId: string,
  files: ReceivedFile[],
  opts: DraftChangeOptions = {},
) {
  const draft = await editableDraft(ctx, user, draftId);
  if (!files.length) throw badRequest('Please choose at least one file.');
  if (draft.files.length + files.length > MAX_FILES_PER_DRAFT) {
    throw new HttpError(400, 'TOO_MANY_FILES', UPLOAD_MSG.tooMany);
  }
  assertUniqueNames(
    draft.files.map((f) => f.fileName),
    files,
  );
  const first = Math.max(-1, ...draft.files.map((f) => f.position)) + 1;
  await storeFiles(ctx, draft, files, first, async (tx) => {
    await lockedForChange(tx, draftId, opts);
    await touchDraft(tx, draftId);
    await recordIfStaffAction(tx, user, {
      action: 'draft.files_added',
      target: auditTarget(draft),
      after: { files: files.map((f) => f.fileName) },
    });
  });
  return (await findDraft(ctx.db, draftId))!;
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
) {
  const draft = await editableDraft(ctx, user, draftId);
  const byName = new Map(draft.files.map((f) => [f.fileName.toLowerCase(), f]));
  for (const u of updates) {
    if (!byName.has(u.fileName.toLowerCase())) throw badRequest(`This draft has no file named ${u.fileName}.`);
  }
  await assertCompanyProfiles(
    ctx.db,
    draft.companyId,
    updates.map((u) => u.shippingProfileId),
  );
  await ctx.db.transaction(async (tx) => {
    await lockedForChange(tx, draftId, opts);
    for (const u of updates) {
      const file = byName.get(u.fileName.toLowerCase())!;
      await tx.update(draftFiles).set(definedOf(u)).where(eq(draftFiles.id, file.id));
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
  });
  return (await findDraft(ctx.db, draftId))!;
}

async function partnerIntakeConfig(db: Tx, partnerCompanyId: number | null) {
  if (!partnerCompanyId) return null;
  const [row] = await db
    .select({
      fieldRules: partnerConfigurations.fieldRules,
      blockingPhotoChecks: partnerConfigurations.blockingPhotoChecks,
    })
    .from(partnerConfigurations)
    .where(eq(partnerConfigurations.companyId, partnerCompanyId));
  return row ?? null;
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

/**
 * Submits a draft: one product submission per distinct UPC (EAN-13), carrying all files of that UPC, status
 * SUBMITTED. The same rules as the screen are checked here first; all of it commits at once, or nothing.
 */
export async function submitDraft(ctx: AppContext, user: UserRow, draftId: string, opts: DraftChangeOptions = {}) {
  const draft = await editableDraft(ctx, user, draftId);
  const config = await partnerIntakeConfig(ctx.db, draft.partnerCompanyId);
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
  const refusal = await readinessRefusalOf(ctx.db, draft, user);
  if (refusal) throw refusal;
  const groups = new Map<string, typeof draft.files>();
  for (const f of draft.files) {
    const ean = toEan13(effectiveUpc(draftFileValues(f)))!;
    groups.set(ean, [...(groups.get(ean) ?? []), f]);
  }
  return ctx.db.transaction(async (tx) => {
    // Locks the draft row: a double submit waits here and then finds no draft.
    await lockedForChange(tx, draftId, opts);
    const created = await createSubmissions(
      tx,
      [...groups].map(([ean13Upc, files]) => ({
        companyId: draft.companyId,
        userId: draft.userId,
        partnerCompanyId: draft.partnerCompanyId,
        upc: effectiveUpc(draftFileValues(files[0])),
        ean13Upc,
        productName: files.find((f) => f.productName)?.productName ?? null,
        isImported: draft.isImported,
        // The profile chosen in step 2 becomes the product's.
        shippingProfileId: files.find((f) => f.shippingProfileId != null)?.shippingProfileId ?? null,
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
        })),
        from: 'IN_PROGRESS' as const,
      })),
      { actor: 'supplier', userId: user.id },
    );
    await tx.delete(draftSubmissions).where(eq(draftSubmissions.id, draftId));
    await recordIfStaffAction(tx, user, {
      action: 'draft.submitted',
      target: auditTarget(draft),
      after: { submissions: created.map((c) => c.id) },
    });
    return created;
  });
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
) {
  const draft = await editableDraft(ctx, user, draftId);
  const file = draft.files.find((f) => f.fileName.toLowerCase() === fileName.toLowerCase());
  if (!file) throw notFound(`This draft has no file named ${fileName}.`);
  if (draft.files.length <= 1) throw badRequest(DRAFT_MSG.lastFile);
  const repeatOfIt = `${file.fileName} in this draft`;
  await ctx.db.transaction(async (tx) => {
    await lockedForChange(tx, draftId, opts);
    await tx.delete(draftFiles).where(eq(draftFiles.id, file.id));
    for (const other of draft.files) {
      const issues = (other.qualityIssues ?? []) as StoredPhotoIssue[];
      const kept = issues.filter((i) => !(i.code === 'DUPLICATE' && i.detail === repeatOfIt));
      if (kept.length !== issues.length)
        await tx.update(draftFiles).set({ qualityIssues: kept }).where(eq(draftFiles.id, other.id));
    }
    await touchDraft(tx, draftId);
    await recordIfStaffAction(tx, user, {
      action: 'draft.file_removed',
      target: auditTarget(draft),
      before: { files: [file.fileName] },
    });
  });
  await Promise.all([file.storageKey, ...Object.values(renditionKeys(file.id))].map((key) => ctx.storage.delete(key)));
  return (await findDraft(ctx.db, draftId))!;
}

/** Deletes a draft and its stored files. */
export async function deleteDraft(ctx: AppContext, user: UserRow, draftId: string) {
  const draft = await editableDraft(ctx, user, draftId);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(draftSubmissions).where(and(eq(draftSubmissions.id, draftId)));
    await recordIfStaffAction(tx, user, {
      action: 'draft.deleted',
      target: auditTarget(draft),
      before: { files: draft.files.map((f) => f.fileName) },
    });
  });
  await Promise.all(
    draft.files.flatMap((f) =>
      [f.storageKey, ...Object.values(renditionKeys(f.id))].map((key) => ctx.storage.delete(key)),
    ),
  );
  return true;
}
