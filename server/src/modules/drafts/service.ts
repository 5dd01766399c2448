import { recomputePartnerStatuses } from '../bulk-edit/partner-statuses.ts';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  checkDraft,
  effectiveUpc,
  intakeRulesFor,
  MAX_FILES_PER_DRAFT,
  sanitizeProductName,
  toEan13,
  upcDigits,
  UPLOAD_MSG,
  type FieldRules,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { draftFiles, draftSubmissions, partnerConfigurations, productSubmissions, submissionFiles } from '../../db/schema.ts';
import { enqueue } from '../../jobs/queue.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../users/repository.ts';
import type { ReceivedFile } from '../uploads/receive.ts';
import { processDraftFileJob } from './jobs.ts';
import { renditionKeys } from '../media-files/renditions.ts';
import { recordHistory } from '../submissions/repository.ts';
import { automatedChecksJob } from '../submissions/checks-job.ts';
import { applyProductShippingProfile, assertCompanyProfiles } from '../shipping-profiles/service.ts';
import { draftPolicy } from './policy.ts';
import { findDraft, listDrafts, touchDraft, type DraftWithFiles } from './repository.ts';

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

/** Checked uploads become stored files of the draft; the rows and their processing jobs commit together. */
async function storeFiles(ctx: AppContext, tx: Tx, draftId: string, files: ReceivedFile[], firstPosition: number) {
  for (const [i, file] of files.entries()) {
    const id = randomUUID();
    const storageKey = `drafts/${draftId}/${id}`;
    await ctx.storage.putFile(storageKey, file.tempPath);
    await tx.insert(draftFiles).values({
      id,
      draftId,
      fileName: file.fileName,
      storageKey,
      kind: file.kind,
      size: file.size,
      position: firstPosition + i,
    });
    await enqueue(tx, processDraftFileJob, { fileId: id });
  }
}

function assertUniqueNames(existing: string[], incoming: ReceivedFile[]) {
  const seen = new Set(existing.map((n) => n.toLowerCase()));
  for (const f of incoming) {
    if (seen.has(f.fileName.toLowerCase())) throw badRequest(`${f.fileName}: ${UPLOAD_MSG.unique}`, { [f.fileName]: UPLOAD_MSG.unique });
    seen.add(f.fileName.toLowerCase());
  }
}

export async function createDraft(ctx: AppContext, user: UserRow, partnerCompanyId: number | null, files: ReceivedFile[]) {
  if (!files.length) throw badRequest('Please choose at least one file.');
  assertUniqueNames([], files);
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(draftSubmissions).values({ id, companyId: user.companyId, userId: user.id, partnerCompanyId });
    await storeFiles(ctx, tx, id, files, 0);
  });
  return (await findDraft(ctx.db, id))!;
}

export async function addDraftFiles(ctx: AppContext, user: UserRow, draftId: string, files: ReceivedFile[]) {
  const draft = await editableDraft(ctx, user, draftId);
  if (!files.length) throw badRequest('Please choose at least one file.');
  if (draft.files.length + files.length > MAX_FILES_PER_DRAFT) {
    throw new HttpError(400, 'TOO_MANY_FILES', UPLOAD_MSG.tooMany);
  }
  assertUniqueNames(draft.files.map((f) => f.fileName), files);
  const first = Math.max(-1, ...draft.files.map((f) => f.position)) + 1;
  await ctx.db.transaction(async (tx) => {
    await storeFiles(ctx, tx, draftId, files, first);
    await touchDraft(tx, draftId);
  });
  return (await findDraft(ctx.db, draftId))!;
}

export interface DraftFileUpdate {
  fileName: string;
  upc?: string | null;
  productName?: string | null;
  shippingProfileId?: number | null;
  isMarketingImage?: boolean | null;
}

/** Saves what the user typed (a draft may be incomplete), cleaned the way the fields clean it. */
export async function updateDraft(ctx: AppContext, user: UserRow, draftId: string, updates: DraftFileUpdate[]) {
  const draft = await editableDraft(ctx, user, draftId);
  const byName = new Map(draft.files.map((f) => [f.fileName.toLowerCase(), f]));
  for (const u of updates) {
    if (!byName.has(u.fileName.toLowerCase())) throw badRequest(`This draft has no file named ${u.fileName}.`);
  }
  await assertCompanyProfiles(ctx.db, draft.companyId, updates.map((u) => u.shippingProfileId));
  await ctx.db.transaction(async (tx) => {
    for (const u of updates) {
      const file = byName.get(u.fileName.toLowerCase())!;
      await tx
        .update(draftFiles)
        .set({
          ...(u.upc !== undefined && { upc: u.upc ? upcDigits(u.upc) : null }),
          ...(u.productName !== undefined && { productName: u.productName ? sanitizeProductName(u.productName) : null }),
          ...(u.shippingProfileId !== undefined && { shippingProfileId: u.shippingProfileId }),
          ...(u.isMarketingImage != null && { isMarketingImage: u.isMarketingImage }),
        })
        .where(eq(draftFiles.id, file.id));
    }
    await touchDraft(tx, draftId);
  });
  return (await findDraft(ctx.db, draftId))!;
}

export async function partnerFieldRules(db: Tx, partnerCompanyId: number | null): Promise<FieldRules | null> {
  if (!partnerCompanyId) return null;
  const [row] = await db
    .select({ fieldRules: partnerConfigurations.fieldRules })
    .from(partnerConfigurations)
    .where(eq(partnerConfigurations.companyId, partnerCompanyId));
  return row ? (row.fieldRules as FieldRules) : null;
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
export async function submitDraft(ctx: AppContext, user: UserRow, draftId: string) {
  const draft = await editableDraft(ctx, user, draftId);
  const rules = intakeRulesFor(await partnerFieldRules(ctx.db, draft.partnerCompanyId));
  const values = draft.files.map(draftFileValues);
  const check = checkDraft(values, rules);
  if (!check.ok) {
    const fields: Record<string, string> = {};
    for (const [fileName, errs] of Object.entries(check.fields)) {
      if (errs.upc) fields[`${fileName}.upc`] = errs.upc;
      if (errs.productName) fields[`${fileName}.productName`] = errs.productName;
    }
    const first = check.products[0] ?? Object.values(fields)[0];
    throw new HttpError(400, 'DRAFT_INVALID', first, { fields: { ...fields, ...Object.fromEntries(check.products.map((m, i) => [`product.${i}`, m])) } });
  }
  const groups = new Map<string, typeof draft.files>();
  for (const f of draft.files) {
    const ean = toEan13(effectiveUpc(draftFileValues(f)))!;
    groups.set(ean, [...(groups.get(ean) ?? []), f]);
  }
  return ctx.db.transaction(async (tx) => {
    // Locks the draft row: a double submit waits here and then finds no draft.
    const [locked] = await tx.select({ id: draftSubmissions.id }).from(draftSubmissions).where(eq(draftSubmissions.id, draftId)).for('update');
    if (!locked) throw notFound('Draft not found.');
    const created: string[] = [];
    for (const [ean13Upc, files] of groups) {
      const [submission] = await tx
        .insert(productSubmissions)
        .values({
          companyId: draft.companyId,
          userId: draft.userId,
          partnerCompanyId: draft.partnerCompanyId,
          upc: effectiveUpc(draftFileValues(files[0])),
          ean13Upc,
          productName: sanitizeProductName(files.find((f) => f.productName)?.productName ?? '').trim() || null,
          itemStatus: 'SUBMITTED',
          isImported: draft.isImported,
          shippingProfileId: files.find((f) => f.shippingProfileId != null)?.shippingProfileId ?? null,
          detectedUpcs: [...new Set(files.flatMap((f) => f.detectedUpcs))],
        })
        .returning({ id: productSubmissions.id });
      await tx.insert(submissionFiles).values(
        files.map((f, position) => ({
          submissionId: submission.id,
          fileName: f.fileName,
          storageKey: f.storageKey,
          kind: f.kind,
          size: f.size,
          position,
          isMarketingImage: f.isMarketingImage,
          detectedUpcs: f.detectedUpcs,
          detectionStatus: f.detectionStatus,
          thumbnailKey: f.thumbnailKey,
        })),
      );
      const shippingProfileId = files.find((f) => f.shippingProfileId != null)?.shippingProfileId;
      // The profile chosen in step 2 becomes the product's (as on the catalogued product and the assignments).
      if (shippingProfileId != null) await applyProductShippingProfile(tx, { companyId: draft.companyId, ean13Upc, shippingProfileId, userId: user.id });
      await recordHistory(tx, { submissionId: submission.id, userId: user.id, fromStatus: 'IN_PROGRESS', toStatus: 'SUBMITTED' });
      await enqueue(tx, automatedChecksJob, { submissionId: submission.id });
      created.push(submission.id);
    }
    await tx.delete(draftSubmissions).where(eq(draftSubmissions.id, draftId));
    await recomputePartnerStatuses(tx, created);
    return tx.select().from(productSubmissions).where(inArray(productSubmissions.id, created));
  });
}

/** Deletes a draft and its stored files. */
export async function deleteDraft(ctx: AppContext, user: UserRow, draftId: string) {
  const draft = await editableDraft(ctx, user, draftId);
  await ctx.db.delete(draftSubmissions).where(and(eq(draftSubmissions.id, draftId)));
  await Promise.all(
    draft.files.flatMap((f) => [f.storageKey, ...Object.values(renditionKeys(f.id))].map((key) => ctx.storage.delete(key))),
  );
  return true;
}
