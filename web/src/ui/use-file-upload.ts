import { useEffect, useRef, useState } from 'react';
import { addToSelection, hasAcceptedFormat } from '@portal/domain';
import { isApiError } from '../api/api-error.ts';
import type { UploadProgress } from '../api/upload-files.ts';
import { showBanner } from './banner/banner-store.ts';

/** `markSent`: the server has it (what it makes exists), though the run may still have work before it navigates. */
type Upload = (
  files: File[],
  onProgress: (p: UploadProgress) => void,
  signal: AbortSignal,
  markSent: () => void,
) => Promise<void>;

/**
 * Files chosen for an upload and the upload itself, shared by every upload screen: the selection rules and their
 * notification, progress, and on failure the files stay and a refused file's message (which names it) is shown.
 */
export function useFileUpload() {
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  // Once sent, the next page is opening (its code may still be loading, with its address already shown): a Cancel
  // then would leave behind what the upload made, or say nothing was sent. Screens disable it.
  const [sent, setSent] = useState(false);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const addFiles = (incoming: File[]) => {
    const result = addToSelection(files, incoming);
    setFiles(result.files);
    if (result.error) showBanner(result.error, 'error');
  };
  const remove = (file: File) => setFiles((current) => current.filter((f) => f !== file));
  const canSend = files.length > 0 && files.every(hasAcceptedFormat) && !sending;

  /** Runs one upload (which navigates on success); other failures go to onOtherError, or were already reported. */
  const send = async (run: Upload, onOtherError?: (error: unknown) => void) => {
    if (!canSend) return;
    const controller = new AbortController();
    upload.current = controller;
    setSending(true);
    setProgress({ loaded: 0, total: 1 });
    try {
      await run(files, setProgress, controller.signal, () => setSent(true));
    } catch (error) {
      if (controller.signal.aborted) return;
      if (isApiError(error) && error.message && (error.status === 400 || error.status === 413))
        showBanner(error.message, 'error');
      else onOtherError?.(error);
      setSending(false);
      setProgress(null);
    } finally {
      if (upload.current === controller) upload.current = null;
    }
  };

  return { files, addFiles, remove, sending, sent, progress, canSend, send, abort: () => upload.current?.abort() };
}
