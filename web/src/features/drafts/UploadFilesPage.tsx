import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Button, CloseButton, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { ACCEPTED_UPLOAD_TYPES, isReadOnlyAdmin, plural, READ_ONLY_NO_ADD } from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { useSession } from '../../session/session-context.tsx';
import { FileDropZone } from '../../ui/FileDropZone.tsx';
import { Page } from '../../ui/Page.tsx';
import { useFileUpload } from '../../ui/use-file-upload.ts';
import { useFocusHeading } from '../../ui/use-focus-heading.ts';
import { cacheDraft, createDraft } from './drafts-api.ts';
import classes from './drafts.module.css';
import { formatBytes, overallProgress, perFileProgress } from './upload-progress.ts';
import { ICON_PATHS, LineIcon } from '../../ui/LineIcon';

export const IMAGE_REQUIREMENTS_URL = '/static/image-requirements.pdf';

/** `accept` of the file chooser: the spec's formats by type and by extension. */
export const UPLOAD_ACCEPT = Object.entries(ACCEPTED_UPLOAD_TYPES)
  .flatMap(([type, extensions]) => [type, ...extensions])
  .join(',');

/** Part 1 section 9: the drop zone is 133 px high plus 72 px per selected file. */
export const dropZoneHeight = (fileCount: number) => 133 + 72 * fileCount;

export const UPLOAD_HINT = 'PDF, JPG, PNG, GIF or TIF, up to 15MB each, up to 10 files.';

/** State a new draft's step 2 gets through navigation: Cancel there deletes the draft. */
export interface NewDraftState {
  newDraft: true;
}

/** Upload step 1 of 2 (/upload, /upload/file_select): choose files, then create a draft from them. */
export function UploadFilesPage() {
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();
  const queryClient = useQueryClient();
  const { files, addFiles, remove, sending, sent, progress, canSend, send, abort } = useFileUpload();
  const { user } = useSession();
  // Said before any file is chosen, as beside the disabled Add New: the server would refuse the upload.
  const readOnly = !!user && isReadOnlyAdmin(user);
  const canContinue = canSend && !readOnly;
  useFocusHeading();

  const next = () =>
    send(async (chosen, onProgress, signal, markSent) => {
      const draft = await createDraft(chosen, onProgress, signal);
      // The draft exists: a Cancel now would leave it behind, where step 2's Cancel deletes it.
      markSent();
      await cacheDraft(queryClient, draft);
      const state: NewDraftState = { newDraft: true };
      void navigate(partnerPath(`/upload/draft/${encodeURIComponent(draft.id)}/designate_upc`), { state });
    });

  const cancel = () => {
    abort();
    void navigate(partnerPath('/'));
  };

  const fileProgress = perFileProgress(
    files.map((f) => f.size),
    progress,
  );
  const overall = overallProgress(progress);

  return (
    <Page heading="Upload product file(s)">
      {readOnly && (
        <Alert color="gray" title="View only" maw={760}>
          {READ_ONLY_NO_ADD}
        </Alert>
      )}
      <Stack gap="xs" maw={760}>
        <Text>
          Please follow our quality guidelines so that your products can be catalogued quickly. The{' '}
          <Anchor href={IMAGE_REQUIREMENTS_URL} target="_blank" rel="noopener noreferrer">
            image requirements (PDF, opens in a new tab)
          </Anchor>{' '}
          explain them in detail.
        </Text>
        <Text>
          Many products in a spreadsheet? <AppLink to="/import-sheet">Import a sheet</AppLink> (.xlsx, .xls or .csv).
        </Text>
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Stack gap={4}>
            <Title order={2} size="h4">
              Required for each product
            </Title>
            <List size="sm" spacing={2}>
              <List.Item>Images of all sides of the package</List.Item>
              <List.Item>A visible UPC (barcode)</List.Item>
              <List.Item>Legible text</List.Item>
              <List.Item>A clear image: in focus, well lit, not cropped</List.Item>
            </List>
          </Stack>
          <Stack gap={4}>
            <Title order={2} size="h4">
              Recommended
            </Title>
            <List size="sm" spacing={2}>
              <List.Item>A marketing image (packshot) of the product</List.Item>
              <List.Item>Package flats: the artwork of the unfolded package</List.Item>
              <List.Item>Several products at once: up to 10 files in one upload</List.Item>
            </List>
          </Stack>
        </Group>
      </Stack>

      <FileDropZone
        onFiles={readOnly ? () => {} : addFiles}
        accept={UPLOAD_ACCEPT}
        disabled={sending || readOnly}
        hint={UPLOAD_HINT}
        minHeight={dropZoneHeight(files.length)}
      >
        {files.length > 0 && (
          <ul aria-label="Chosen files" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {files.map((file, i) => (
              <li key={`${file.name}-${file.size}-${file.lastModified}`} className={classes.fileRow}>
                <LineIcon d={ICON_PATHS.file} size={32} className={classes.fileIcon} />
                <div className={classes.fileName}>
                  <Text fw={600} truncate="end" title={file.name}>
                    {file.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {formatBytes(file.size)}
                  </Text>
                </div>
                {sending ? (
                  <Progress
                    className={classes.progress}
                    value={fileProgress[i]}
                    size="lg"
                    aria-label={`Upload progress for ${file.name}`}
                  />
                ) : (
                  <CloseButton aria-label={`Remove ${file.name}`} onClick={() => remove(file)} />
                )}
              </li>
            ))}
          </ul>
        )}
      </FileDropZone>

      <div role="status" aria-live="polite" className="visually-hidden">
        {sending
          ? overall < 100
            ? `Sending ${plural(files.length, 'file')}.`
            : 'Files sent. Preparing them for the next step.'
          : files.length
            ? `${plural(files.length, 'file')} chosen.`
            : ''}
      </div>

      <Group justify="flex-end">
        <Button variant="default" onClick={cancel} disabled={sent}>
          Cancel
        </Button>
        <Button onClick={next} disabled={!canContinue}>
          {sending ? 'Sending...' : 'Next'}
        </Button>
      </Group>
    </Page>
  );
}
