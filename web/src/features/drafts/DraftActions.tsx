import type { RefObject } from 'react';
import { Button, FileButton, Group, Progress, Stack } from '@mantine/core';
import type { UploadProgress } from '../../api/upload-files.ts';
import { UPLOAD_ACCEPT } from './UploadFilesPage.tsx';
import { overallProgress } from './upload-progress.ts';

export type DraftBusy = 'save' | 'submit' | 'cancel' | 'upload' | 'remove' | null;

/** Under the rows: add files (with the upload's progress) on one side; cancel, save for later and submit on the other. */
export function DraftActions({
  busy,
  canEdit,
  canSubmit,
  uploadProgress,
  resetFileInput,
  onAddFiles,
  onCancel,
  onSaveForLater,
  onSubmit,
}: {
  busy: DraftBusy;
  canEdit: boolean;
  canSubmit: boolean;
  uploadProgress: UploadProgress | null;
  resetFileInput: RefObject<(() => void) | null>;
  onAddFiles: (files: File[]) => void;
  onCancel: () => void;
  onSaveForLater: () => void;
  onSubmit: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
      <Stack gap={6}>
        <FileButton
          onChange={onAddFiles}
          accept={UPLOAD_ACCEPT}
          multiple
          resetRef={resetFileInput}
          disabled={busy !== null || !canEdit}
        >
          {(props) => (
            <Button {...props} variant="default" disabled={busy !== null || !canEdit}>
              {busy === 'upload' ? 'Uploading...' : 'Add files'}
            </Button>
          )}
        </FileButton>
        {uploadProgress && (
          <Progress w={220} value={overallProgress(uploadProgress)} aria-label="Upload progress of the added files" />
        )}
      </Stack>
      <Group gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy !== null}>
          {busy === 'cancel' ? 'Cancelling...' : 'Cancel'}
        </Button>
        <Button variant="outline" onClick={onSaveForLater} disabled={busy !== null || !canEdit}>
          {busy === 'save' ? 'Saving...' : 'Save for later'}
        </Button>
        <Button onClick={onSubmit} disabled={!canSubmit}>
          {busy === 'submit' ? 'Sending...' : 'Submit'}
        </Button>
      </Group>
    </Group>
  );
}
