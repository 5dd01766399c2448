import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { FieldRules } from '@portal/domain';
import type { DraftSubmissionQuery } from '../../api/gql/graphql.ts';
import { gql } from '../../api/graphql.ts';
import { uploadFiles, type UploadProgress } from '../../api/upload-files.ts';
import { DraftSubmissionQuery as DraftQuery } from './draft-operations.ts';

export type Draft = DraftSubmissionQuery['getDraftSubmission'];
export type DraftFile = Draft['files'][number];

export const intakeKeys = {
  all: ['drafts'] as const,
  draft: (id: string) => ['drafts', id] as const,
};

/** How often step 2 asks again while barcodes are still being read or thumbnails made. */
export const DRAFT_POLL_MS = 1500;

/** The key under which the created submissions' ids are kept for the bulk edit screen (part 1 section 4). */
export const SUBMISSION_IDS_KEY = 'product-submission-ids';

/** Work the server still does in the background on a file: read its barcodes, make its thumbnail. */
export const stillProcessing = (draft: Pick<Draft, 'files'> | undefined) =>
  !!draft?.files.some((f) => f.detectionStatus === 'pending' || !f.thumbnailReady);

export const fetchDraft = async (id: string): Promise<Draft> =>
  (await gql(DraftQuery, { id }, { notify: false })).getDraftSubmission;

/** Polling gives up after about 3 minutes: a file whose processing failed for good must not keep it going. */
export const MAX_DRAFT_POLLS = 120;

/** The draft of step 2, asked for again every 1.5 s while the server is still reading its files. */
export function useDraft(id: string) {
  return useQuery({
    queryKey: intakeKeys.draft(id),
    queryFn: () => fetchDraft(id),
    refetchInterval: (query) =>
      stillProcessing(query.state.data) && query.state.dataUpdateCount < MAX_DRAFT_POLLS ? DRAFT_POLL_MS : false,
  });
}

/** Upload failures the user can act on name the file in the server's message; the caller shows it. */
const UPLOAD_NOTIFY = { 400: null, 413: null } as const;

/** POST /api/draftSubmissions: one request carrying every chosen file; the answer is the new draft. */
export const createDraft = (files: readonly File[], onProgress?: (p: UploadProgress) => void, signal?: AbortSignal) =>
  uploadFiles<Draft>('/draftSubmissions', files, { onProgress, signal, notify: UPLOAD_NOTIFY });

/** POST /api/draftSubmissions/{id}/image: more files for a draft; the answer is the updated draft. */
export const addFilesToDraft = (id: string, files: readonly File[], onProgress?: (p: UploadProgress) => void) =>
  uploadFiles<Draft>(`/draftSubmissions/${encodeURIComponent(id)}/image`, files, { onProgress, notify: UPLOAD_NOTIFY });

/**
 * Keeps the draft the server answered, so step 2 shows it at once and polling carries on from it. A poll still
 * under way started before this answer: it is cancelled so that its older view cannot overwrite this one.
 */
export async function cacheDraft(queryClient: QueryClient, draft: Draft) {
  await queryClient.cancelQueries({ queryKey: intakeKeys.draft(draft.id) });
  queryClient.setQueryData(intakeKeys.draft(draft.id), draft);
}

/** After a submit or delete, lists elsewhere (activity, drafts) must ask again. */
export function forgetDrafts(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: intakeKeys.draft(id) });
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== 'session' && query.queryKey[0] !== 'partner-configuration',
  });
}

export function storeSubmissionIds(ids: readonly string[]) {
  try {
    localStorage.setItem(SUBMISSION_IDS_KEY, JSON.stringify(ids));
  } catch {
    // Storage can be unavailable (private mode); the confirmation still has the ids from navigation.
  }
}

export function readSubmissionIds(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SUBMISSION_IDS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * GET /api/companies/{id}/partner-configuration answers the field rules flat beside the other settings
 * (`productName: { required: true }`): the entries shaped like a rule are the rules.
 */
export function fieldRulesFromConfiguration(config: object): FieldRules {
  const rules: FieldRules = {};
  for (const [key, value] of Object.entries(config)) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const { visible, required } = value as Record<string, unknown>;
    if (typeof visible !== 'boolean' && typeof required !== 'boolean') continue;
    rules[key] = {
      ...(typeof visible === 'boolean' && { visible }),
      ...(typeof required === 'boolean' && { required }),
    };
  }
  return rules;
}
