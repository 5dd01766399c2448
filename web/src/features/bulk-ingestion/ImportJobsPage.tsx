import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Anchor, Button, CloseButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { addToImportSelection, filesSummary, INGESTION_MAX_UPLOAD_FILES, plural } from '@portal/domain';
import { isApiError } from '../../api/api-error.ts';
import type { UploadProgress } from '../../api/upload-files.ts';
import { AppLink } from '../../partner/AppLink.tsx';
import { useSignedInUser } from '../../session/session-context.tsx';
import { showBanner } from '../../ui/banner/banner-store.ts';
import { formatDateTime } from '../../ui/dates.ts';
import { FileDropZone } from '../../ui/FileDropZone.tsx';
import { Page } from '../../ui/Page.tsx';
import { toast } from '../../ui/toast.ts';
import { overallProgress } from '../drafts/upload-progress.ts';
import {
  ingestionKeys,
  submittedBy,
  uploadIngestionFiles,
  useIngestionJobs,
  type IngestionJob,
} from './bulk-ingestion-api.ts';
import { PagedTable } from './PagedTable.tsx';

export const IMPORTS_HEADING = 'Imports';
export const IMPORT_UPLOAD_HINT = `Images of your products (JPG, PNG, GIF, TIF or PDF) or a zip of them, up to ${INGESTION_MAX_UPLOAD_FILES} files at once: each upload becomes one import job.`;
export const uploadedNotice = (job: IngestionJob) =>
  `Import job ${job.id} created with ${plural(job.totalCount, 'file')}.`;

/** /import-jobs: the company's import jobs (ten a page) and an upload area feeding the same pipeline as its folder. */
export function ImportJobsPage() {
  const jobs = useIngestionJobs();
  // A full administrator whose company has no access reads every company's jobs (support) and uploads none.
  const own = useSignedInUser().hasBulkIngestionAccess;
  return (
    <Page heading={IMPORTS_HEADING}>
      {own && <UploadArea />}
      {jobs.isPending ? (
        <Text>Loading…</Text>
      ) : jobs.isError ? (
        <Text role="alert">The import jobs could not be loaded.</Text>
      ) : (
        <PagedTable
          caption="Import jobs"
          rows={jobs.data}
          rowKey={(j) => j.id}
          empty="No import jobs yet."
          columns={[
            {
              header: 'Job Id',
              cell: (j) => (
                <Anchor component={AppLink} to={`/import-jobs/${j.id}`}>
                  {j.id}
                </Anchor>
              ),
            },
            ...(own ? [] : [{ header: 'Company Id', cell: (j: IngestionJob) => j.companyId }]),
            { header: 'Files', cell: (j) => filesSummary(j) },
            { header: 'Created', cell: (j) => formatDateTime(j.createdDate) },
            { header: 'Modified', cell: (j) => formatDateTime(j.updatedDate) },
            { header: 'Submitted By', cell: (j) => submittedBy(j) },
            { header: 'Status', cell: (j) => j.status },
          ]}
        />
      )}
    </Page>
  );
}

function UploadArea() {
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const sending = progress !== null;

  // Refused files (type, size: the server's limits) never join the selection; the banner names each with its reason.
  const add = (incoming: File[]) => {
    const next = addToImportSelection(files, incoming);
    if (next.error) showBanner(next.error, 'error');
    setFiles(next.files);
  };

  const upload = async () => {
    setProgress({ loaded: 0, total: 1 });
    try {
      const job = await uploadIngestionFiles(files, setProgress);
      toast.success(uploadedNotice(job));
      setFiles([]);
      void queryClient.invalidateQueries({ queryKey: ingestionKeys.jobs });
    } catch (error) {
      if (isApiError(error) && error.message && (error.status === 400 || error.status === 413)) {
        showBanner(error.message, 'error');
        // The server names a file it refused ("name: reason"): it leaves the selection, the others stay to resend.
        setFiles((chosen) => chosen.filter((f) => !error.message.startsWith(`${f.name}: `)));
      }
    }
    setProgress(null);
  };

  const percent = overallProgress(progress);
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Upload files
      </Title>
      <FileDropZone
        onFiles={add}
        accept="image/*,.pdf,.tif,.tiff,.zip,application/zip"
        disabled={sending}
        hint={IMPORT_UPLOAD_HINT}
        minHeight={160}
      >
        {files.length > 0 && (
          <Text size="sm" aria-live="polite">
            {plural(files.length, 'file')} chosen
          </Text>
        )}
      </FileDropZone>
      <ChosenFiles files={files} disabled={sending} onRemove={(f) => setFiles(files.filter((x) => x !== f))} />
      <Group>
        <FolderButton onFiles={add} disabled={sending} />
        <Button onClick={() => void upload()} disabled={!files.length || sending} loading={sending}>
          Upload
        </Button>
        {files.length > 0 && !sending && (
          <Button variant="subtle" onClick={() => setFiles([])}>
            Clear
          </Button>
        )}
      </Group>
      {sending && <Progress value={percent} aria-label={`Upload progress ${percent}%`} size="lg" animated />}
    </Stack>
  );
}

/** The chosen files by name, each with a Remove; a long list scrolls within its own box. */
function ChosenFiles({ files, disabled, onRemove }: { files: File[]; disabled: boolean; onRemove: (f: File) => void }) {
  if (!files.length) return null;
  return (
    <Stack
      component="ul"
      gap={4}
      p={0}
      m={0}
      aria-label="Chosen files"
      mah={240}
      style={{ overflowY: 'auto', listStyle: 'none' }}
    >
      {files.map((f, i) => (
        <Group component="li" key={`${i}-${f.name}`} gap="xs" wrap="nowrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere', flex: 1 }}>
            {f.webkitRelativePath || f.name}
          </Text>
          <CloseButton size="sm" disabled={disabled} aria-label={`Remove ${f.name}`} onClick={() => onRemove(f)} />
        </Group>
      ))}
    </Stack>
  );
}

/** A whole folder at once (the browser lists every file inside it); a real button, so the keyboard reaches it. */
function FolderButton({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="default" disabled={disabled} onClick={() => input.current?.click()}>
        Choose a folder
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        multiple
        tabIndex={-1}
        disabled={disabled}
        // Not in React's types: the browser's folder chooser.
        {...{ webkitdirectory: '', directory: '' }}
        onChange={(event) => {
          const chosen = Array.from(event.currentTarget.files ?? []).filter((f) => !f.name.startsWith('.'));
          event.currentTarget.value = '';
          if (chosen.length) onFiles(chosen);
        }}
      />
    </>
  );
}
