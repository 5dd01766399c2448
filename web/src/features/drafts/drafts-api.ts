import { useEffect, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FieldRules, PhotoRole } from '@portal/domain';
import type { DraftSubmissionQuery } from '../../api/gql/graphql.ts';
import { gql } from '../../api/graphql.ts';
import { API_BASE, apiFetch } from '../../api/api-fetch.ts';
import { uploadFiles, type UploadProgress } from '../../api/upload-files.ts';
import { pollInterval } from '../../api/polling.ts';
import { DraftSubmissionQuery as DraftQuery } from './draft-operations.ts';
import { mergePushedFacts } from './facts/draft-facts-api.ts';

export type Draft = DraftSubmissionQuery['getDraftSubmission'];
export type DraftFile = Draft['files'][number];

export const intakeKeys = {
  all: ['drafts'] as const,
  draft: (id: string) => ['drafts', id] as const,
};

/** The key under which the created submissions' ids are kept for the bulk edit screen (part 1 section 4). */
export const SUBMISSION_IDS_KEY = 'product-submission-ids';

/** Work the server still does in the background on a file: read its barcodes, make its thumbnail. */
export const stillProcessing = (draft: Pick<Draft, 'files'> | undefined) =>
  !!draft?.files.some((f) => f.detectionStatus === 'pending' || !f.thumbnailReady);

export const fetchDraft = async (id: string): Promise<Draft> =>
  (await gql(DraftQuery, { id }, { notify: false })).getDraftSubmission;

/**
 * When to ask for the draft again (api/polling.ts): while the server still reads a file's barcodes or makes its
 * thumbnail, rarely when its results are pushed (useDraftEvents).
 */
export const draftPollInterval = (
  draft: Pick<Draft, 'files'> | undefined,
  updates: number,
  live: boolean,
): number | false => pollInterval(stillProcessing(draft), updates, live);

/**
 * The draft of step 2, asked for again every 1.5 s while the server is still reading its files; every 15 s only
 * while `live` (its results are pushed by useDraftEvents).
 */
export function useDraft(id: string, live = false) {
  return useQuery({
    queryKey: intakeKeys.draft(id),
    queryFn: () => fetchDraft(id),
    refetchInterval: (query) => draftPollInterval(query.state.data, query.state.dataUpdateCount, live),
  });
}

/**
 * A file as the events route sends it (the REST draft's file) laid over the file the draft query holds: only the
 * fields the query asked for are taken. Null when the draft has no file of that name (added elsewhere: ask again).
 */
export function mergeDraftFile(draft: Draft, pushed: Record<string, unknown>): Draft | null {
  const index = draft.files.findIndex((f) => f.fileName === pushed.fileName);
  if (index < 0) return null;
  const current = draft.files[index];
  const merged: Record<string, unknown> = { ...current };
  for (const key of Object.keys(current)) if (key !== '__typename' && key in pushed) merged[key] = pushed[key];
  return { ...draft, files: draft.files.map((f, i) => (i === index ? (merged as DraftFile) : f)) };
}

/** Drafts whose first answer is awaited before asking again for what a push said (see mergePushedFile). */
const awaitingFirstAnswer = new Set<string>();

/**
 * Lays a pushed file over the cached draft. A poll under way is older than the push: it is cancelled first, and the
 * merge is made on the cache as it is then, so two pushes in a row both stay. Before the draft's first answer (the
 * page was opened by its address, and the stream sends every file on connect) there is nothing to lay it over, and
 * cancelling that first fetch would leave the page loading: the draft is asked for again once it has answered.
 */
export async function mergePushedFile(queryClient: QueryClient, id: string, pushed: Record<string, unknown>) {
  const queryKey = intakeKeys.draft(id);
  if (queryClient.getQueryData(queryKey) === undefined) {
    if (awaitingFirstAnswer.has(id)) return;
    awaitingFirstAnswer.add(id);
    try {
      await queryClient.refetchQueries({ queryKey }, { cancelRefetch: false });
    } finally {
      awaitingFirstAnswer.delete(id);
    }
    await queryClient.invalidateQueries({ queryKey });
    return;
  }
  await queryClient.cancelQueries({ queryKey });
  let unknownFile = false;
  queryClient.setQueryData<Draft>(queryKey, (draft) => {
    if (!draft) return draft;
    const merged = mergeDraftFile(draft, pushed);
    unknownFile = merged === null;
    return merged ?? draft;
  });
  if (unknownFile) await queryClient.invalidateQueries({ queryKey });
}

/**
 * Follows GET /api/draftSubmissions/{id}/events (issue 20): each file's codes and photo checks go into the draft the
 * moment the server stores them. Answers whether the stream is open; while it is not (the server refused it, or it
 * dropped and the browser is reconnecting), the caller polls as before.
 */
export function useDraftEvents(id: string): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`${API_BASE}/draftSubmissions/${encodeURIComponent(id)}/events`);
    source.onopen = () => setLive(true);
    // The browser reconnects by itself after a drop; an error answer (503: pushing is off) closes it for good.
    source.onerror = () => setLive(false);
    source.addEventListener('file', (event) => {
      const pushed = JSON.parse((event as MessageEvent<string>).data) as Record<string, unknown>;
      void mergePushedFile(queryClient, id, pushed);
      mergePushedFacts(queryClient, id, pushed);
    });
    source.addEventListener('gone', () => {
      source.close();
      setLive(false);
    });
    return () => {
      source.close();
      setLive(false);
    };
  }, [id, queryClient]);
  return live;
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

/** PUT /api/draftSubmissions/{id}/roles/{fileName}: what a photo shows; null takes the portal's proposal again. */
export const savePhotoRoles = (id: string, fileName: string, roles: PhotoRole[] | null) =>
  apiFetch(`/draftSubmissions/${encodeURIComponent(id)}/roles/${encodeURIComponent(fileName)}`, {
    method: 'PUT',
    json: { roles },
  });

/** After a submit or delete, lists elsewhere (activity, drafts) must ask again. */
export function forgetDrafts(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: intakeKeys.draft(id) });
  // The session and the partner's configuration are not in this cache (api/resource-cache.ts).
  void queryClient.invalidateQueries();
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
