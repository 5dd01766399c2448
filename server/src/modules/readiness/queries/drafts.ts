import { asc, eq, inArray } from 'drizzle-orm';
import { rolesOfDraftFiles, type DraftFileFacts } from '@portal/domain';
import type { Tx } from '../../../db/client.ts';
import { draftFiles, draftSubmissions } from '../../../db/schema.ts';
import { readFieldsOf } from './read-fields.ts';

/** Open drafts the dry run judges per partner at most (the newest first): a preview, not a census. */
export const DRY_RUN_DRAFTS = 5000;

/**
 * The open drafts to a partner (a draft is deleted when it is submitted), each as its files read by the rules, as the
 * page reads them from the API (a file's UPC as typed, else as detected): for the dry run's "refused at Submit".
 */
export async function openDraftsOfPartner(db: Tx, partnerCompanyId: number): Promise<DraftFileFacts[][]> {
  const drafts = await db
    .select({ id: draftSubmissions.id })
    .from(draftSubmissions)
    .where(eq(draftSubmissions.partnerCompanyId, partnerCompanyId))
    .orderBy(asc(draftSubmissions.id))
    .limit(DRY_RUN_DRAFTS);
  if (!drafts.length) return [];
  const files = await db
    .select({
      draftId: draftFiles.draftId,
      fileName: draftFiles.fileName,
      upc: draftFiles.upc,
      detectedUpcs: draftFiles.detectedUpcs,
      productName: draftFiles.productName,
      shippingProfileId: draftFiles.shippingProfileId,
      isMarketingImage: draftFiles.isMarketingImage,
      detectionStatus: draftFiles.detectionStatus,
      qualityIssues: draftFiles.qualityIssues,
      longSidePx: draftFiles.longSidePx,
      kind: draftFiles.kind,
      factReadings: readFieldsOf(draftFiles.factReadings),
      factReadingStatus: draftFiles.factReadingStatus,
      photoRoles: draftFiles.photoRoles,
    })
    .from(draftFiles)
    .where(
      inArray(
        draftFiles.draftId,
        drafts.map((d) => d.id),
      ),
    )
    .orderBy(asc(draftFiles.draftId), asc(draftFiles.position));
  const byDraft = new Map<string, typeof files>(drafts.map((d) => [d.id, []]));
  for (const f of files) byDraft.get(f.draftId)!.push(f);
  return [...byDraft.values()]
    .filter((files) => files.length > 0)
    .map((files) => {
      const roles = rolesOfDraftFiles(files);
      return files.map(({ draftId: _, kind: __, factReadings: ___, photoRoles, ...f }): DraftFileFacts => ({
        ...f,
        upc: f.upc ?? f.detectedUpcs[0] ?? null,
        qualityIssues: Array.isArray(f.qualityIssues) ? (f.qualityIssues as { code: string }[]) : [],
        photoRoles: roles.get(f.fileName) ?? [],
        photoRolesChosen: photoRoles !== null,
      }));
    });
}
