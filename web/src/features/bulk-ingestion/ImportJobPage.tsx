import { useId, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import {
  checkMappingRows,
  displayUpc,
  isCompleteFile,
  mappingTemplate,
  parseMappingCsv,
  plural,
  type MappingRow,
  type MappingRowResult,
} from '@portal/domain';
import { isApiError } from '../../api/api-error.ts';
import { AppLink } from '../../partner/AppLink.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { Page } from '../../ui/Page.tsx';
import { toast } from '../../ui/toast.ts';
import { downloadText, putMapping, type IngestionFile } from './bulk-ingestion-api.ts';
import { MappingErrorsModal } from './MappingErrorsModal.tsx';
import { PagedTable, type Column } from './PagedTable.tsx';
import { ReasonCell } from './ReasonCell.tsx';
import { useJobFiles } from './use-job-files.ts';

export const DOWNLOAD_TEMPLATE = 'Download Mapping Template';
export const APPLY_MAPPING = 'Apply Mapping File';
export const IMPORT_JOB_NOT_FOUND = 'This import job could not be found.';
export const IMPORT_JOB_LOAD_FAILED = 'This import job could not be loaded. Please try again in a moment.';
export const jobHeading = (jobId: string) => `Import Job ${jobId}`;
export const jobCountsText = (c: { total: number; ignored: number; needsMapping: number }) =>
  `${plural(c.total, 'file')}, ${c.ignored} ignored, ${plural(c.needsMapping, 'needs mapping', 'need mapping')}`;
export { CANCEL_MAPPING, EXPORT_ERROR_LOG, mappingCountsText, PROCESS_SUCCESSFUL } from './MappingErrorsModal.tsx';
export const mappingAppliedNotice = (n: number) => `Mapping applied to ${plural(n, 'file')}.`;

const columnsFor = (jobId: string, onRetried: (updated: IngestionFile[]) => void): Column<IngestionFile>[] => [
  { header: 'File name', cell: (f) => f.filename },
  { header: 'UPC', cell: (f) => f.ean13Upc ?? displayUpc(f.upc ?? '') },
  { header: 'Detected UPC', cell: (f) => f.detectedEan13Upc ?? '' },
  { header: 'Status', cell: (f) => f.statusDisplayName },
  { header: 'Reason', cell: (f) => <ReasonCell file={f} jobId={jobId} onRetried={onRetried} /> },
  { header: 'Updated', cell: (f) => formatDateTime(f.updatedDate) },
];

/** /import-jobs/{jobId}: the job's files, kept current by polling, and the mapping of files without a code. */
export function ImportJobPage() {
  const { jobId = '' } = useParams();
  const { files, error, afterMapping } = useJobFiles(jobId);
  const [review, setReview] = useState<{ results: MappingRowResult[]; blankRows: number } | null>(null);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const back = (
    <Anchor component={AppLink} to="/import-jobs">
      Back to import jobs
    </Anchor>
  );
  if (error) {
    return (
      <Page heading={jobHeading(jobId)} before={back}>
        <Alert color="red" role="alert">
          {isApiError(error) && error.status === 404 ? IMPORT_JOB_NOT_FOUND : IMPORT_JOB_LOAD_FAILED}
        </Alert>
      </Page>
    );
  }
  if (!files) {
    return (
      <Page heading={jobHeading(jobId)} before={back}>
        <Text>Loading…</Text>
      </Page>
    );
  }

  const needsMapping = files.filter((f) => f.status === 'NEEDS_MAPPING');
  const columns = columnsFor(jobId, afterMapping);
  const counts = {
    total: files.length,
    ignored: files.filter((f) => f.status === 'IGNORED').length,
    needsMapping: needsMapping.length,
  };

  const send = async (rows: MappingRow[]) => {
    setUploading(true);
    try {
      const updated = await putMapping(jobId, rows);
      afterMapping(updated);
      toast.success(mappingAppliedNotice(updated.length));
    } catch (err) {
      // A failed mapping upload is only logged (part 2 section 8); the uploading state clears.
      console.error('Mapping upload failed', err);
      afterMapping([]);
    }
    setUploading(false);
  };

  const onMappingFile = async (file: File | undefined) => {
    if (!file) return;
    const parsed = parseMappingCsv(await file.text());
    if (!parsed.ok) {
      toast.error(parsed.message);
      return;
    }
    const results = checkMappingRows(parsed.rows, files);
    if (results.every((r) => !r.reason)) await send(parsed.rows.map(({ upc, filename }) => ({ upc, filename })));
    else setReview({ results, blankRows: parsed.blankRows });
  };

  return (
    <Page
      heading={
        <>
          {jobHeading(jobId)}
          <Text component="span" display="block" size="md" fw={400} c="dimmed" aria-live="polite">
            {jobCountsText(counts)}
          </Text>
        </>
      }
      title={jobHeading(jobId)}
      before={back}
    >
      <Group>
        <Button
          variant="default"
          disabled={!needsMapping.length}
          onClick={() => downloadText(`import-job-${jobId}-mapping-template.csv`, mappingTemplate(files))}
        >
          {DOWNLOAD_TEMPLATE}
        </Button>
        <Button disabled={!needsMapping.length || uploading} loading={uploading} onClick={() => input.current?.click()}>
          {APPLY_MAPPING}
        </Button>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="text/csv,.csv"
          hidden
          tabIndex={-1}
          aria-label={APPLY_MAPPING}
          data-testid="mapping-file-input"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            void onMappingFile(file);
          }}
        />
      </Group>
      <PagedTable
        caption="Incomplete"
        rows={files.filter((f) => !isCompleteFile(f.status))}
        columns={columns}
        rowKey={(f) => f.id}
        empty="No incomplete files."
      />
      <PagedTable
        caption="Complete"
        rows={files.filter((f) => isCompleteFile(f.status))}
        columns={columns}
        rowKey={(f) => f.id}
        empty="No complete files yet."
      />
      {review && (
        <MappingErrorsModal
          results={review.results}
          blankRows={review.blankRows}
          jobId={jobId}
          onCancel={() => setReview(null)}
          onProcess={(rows) => {
            setReview(null);
            void send(rows);
          }}
        />
      )}
    </Page>
  );
}
