import { pendingSuggestions, presentPhotoIssues, rolesOfDraftFiles, type DraftFileFacts } from '@portal/domain';
import type { UserRow } from '../users/repository.ts';
import { draftPolicy } from './policy.ts';
import type { DraftWithFiles } from './repository.ts';

const imagePath = (draftId: string, fileName: string, kind: string) => {
  // The spec's URLs: a PDF shows through a .jpg URL, a TIFF through a .png URL.
  const suffix = kind === 'pdf' ? '.jpg' : kind === 'tiff' ? '.png' : '';
  return `/draftSubmissions/${draftId}/image/${encodeURIComponent(fileName + suffix)}`;
};

/** A draft as both REST and GraphQL answer it, with what the user may do to it. */
export function presentDraft(draft: DraftWithFiles, user: UserRow) {
  const canEdit = draftPolicy.edit(user, draft);
  const roles = rolesOfDraftFiles(draft.files);
  return {
    id: draft.id,
    userId: draft.userId,
    isImported: draft.isImported,
    partnerCompanyId: draft.partnerCompanyId,
    creatorFirstName: draft.creator.firstName,
    creatorLastName: draft.creator.lastName,
    creatorEmail: draft.creator.email,
    updatedDate: draft.updatedAt,
    can: { edit: canEdit, delete: canEdit },
    files: draft.files.map((f) => ({
      fileName: f.fileName,
      kind: f.kind,
      size: f.size,
      upc: f.upc,
      productName: f.productName,
      detectedUpc: f.detectedUpcs[0] ?? null,
      detectedUpcs: f.detectedUpcs,
      detectedFrom: f.detectedFrom,
      detectionStatus: f.detectionStatus,
      shippingProfileId: f.shippingProfileId,
      isMarketingImage: f.isMarketingImage,
      imageUrl: imagePath(draft.id, f.fileName, f.kind),
      thumbnailUrl: `${imagePath(draft.id, f.fileName, f.kind)}?thumbnail=true`,
      thumbnailReady: f.thumbnailKey !== null,
      qualityIssues: presentPhotoIssues(f.qualityIssues),
      longSidePx: f.longSidePx,
      facts: f.facts,
      factSources: f.factSources,
      factReadingStatus: f.factReadingStatus,
      factSuggestions: pendingSuggestions(f.factReadings, f.facts, f.dismissedFacts),
      photoRoles: roles.get(f.fileName) ?? [],
      photoRolesChosen: f.photoRoles !== null,
    })),
  };
}
export type PresentedDraft = ReturnType<typeof presentDraft>;

/** A presented draft's files as the readiness rules read them: the same as the page reads the API's answer. */
export const presentedDraftFacts = (draft: PresentedDraft): DraftFileFacts[] =>
  draft.files.map((f) => ({ ...f, upc: f.upc ?? f.detectedUpc }));
