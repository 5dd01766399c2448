import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { addToDraft } from '@portal/domain';
import { isApiError } from '../../api/api-error.ts';
import type { UploadProgress } from '../../api/upload-files.ts';
import { showBanner } from '../../ui/banner/banner-store.ts';
import type { DraftBusy } from './DraftActions.tsx';
import { addFilesToDraft, cacheDraft, type Draft } from './drafts-api.ts';

/**
 * Adding files to an open draft: those the draft may take are uploaded (with their progress), the others named in a
 * banner; the draft as the server then has it replaces the cached one. resetFileInput empties the file picker.
 */
export function useAddDraftFiles(draft: Draft, setBusy: (busy: DraftBusy) => void) {
  const queryClient = useQueryClient();
  const [uploadProgress, setUploadProgress] = useState<UploadProgress | null>(null);
  const resetFileInput = useRef<() => void>(null);
  const addFiles = async (incoming: File[]) => {
    resetFileInput.current?.();
    const existing = draft.files.map((f) => ({ name: f.fileName, size: 1, type: '' }));
    const result = addToDraft(existing, incoming);
    if (result.error) showBanner(result.error, 'error');
    if (!result.files.length) return;
    setBusy('upload');
    setUploadProgress({ loaded: 0, total: 1 });
    try {
      await cacheDraft(queryClient, await addFilesToDraft(draft.id, result.files, setUploadProgress));
    } catch (error) {
      console.error('Adding files to the draft failed', error);
      if (isApiError(error) && (error.status === 400 || error.status === 413)) showBanner(error.message, 'error');
    } finally {
      setBusy(null);
      setUploadProgress(null);
    }
  };
  return { addFiles, uploadProgress, resetFileInput };
}
