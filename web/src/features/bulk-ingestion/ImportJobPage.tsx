import { useId, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Anchor, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import {
  checkMappingRows,
  displayUpc,
  isCompleteFile,
  MAPPING_MSG,
  mappingErrorLog,
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
import { PagedTable, type Column } from './PagedTable.tsx';
import { useJobFiles } from './use-job-files.ts';

export const DOWNLOAD_TEMPLATE = 'Download Mapping Template';
export const APPLY_MAPPING = 'Apply Mapping File';
export const PROCESS_SUCCESSFUL = 'Process Successful Rows';
export const CANCEL_MAPPING = 'Cancel Mapping';
export const EXPORT_ERROR_LOG = 'Export Error Log';
export const IMPORT_JOB_NOT_FOUND = 'This import job could not be found.';
export const IMPORT_JOB_LOAD_FAILED = 'This import job could not be loaded. Please try again in a moment.';
export const jobHeading = (jobId: string) => `Import Job ${jobId}`;
export const jobCountsText = (c: { total: number; ignored: number; needsMapping: number }) =>
  `${plural(c.total, 'file')}, ${c.ignored} ignored, ${plural(c.needsMapping, 'needs mapping', 'need mapping')}`;
export const mappingAppliedNotice = (n: number) => `Mapping applied to ${n} file(s).`;
export const mappingCountsText = (good: number, bad: number) =>
  `${good} row(s) can be processed; ${bad} row(s) have errors and will not be applied.`;

const columns: Column<IngestionFile>[] = [
  { header: 'File name', cell: (f) => f.filename },
  { header: 'UPC', cell: (f) => f.ean13Upc ?? displayUpc(f.upc ?? '') },
  { header: 'Detected UPC', cell: (f) => f.detectedEan13Upc ?? '' },
  { header: 'Status', cell: (f) => f.statusDisplayName },
  { header: 'Reason', cell: (f) => f.reason ?? '' },
  { header: 'Updated', cell: (f) => formatDateTime(f.updatedDate) },
];

/** /import-jobs/{jobId}: the job's files, kept current by polling, and the mapping of files without a code. */
export function ImportJobPage() {
  const { jobId = '' } = useParams();
  const { files, error, afterMapping } = useJobFiles(jobId);
  const [review, setReview] = useState<{ results: MappingRowResult[] } | null>(null);
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
    if (results.every((r) => !r.reason)) await send(parsed.rows);
    else setReview({ results });
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

interface MappingErrorsModalProps {
  results: MappingRowResult[];
  jobId: string;
  onCancel: () => void;
  onProcess: (rows: MappingRow[]) => void;
}

/** 'Mapping errors': the counts and every bad row's reasons; process only the good rows, cancel, or export the log. */
export function MappingErrorsModal({ results, jobId, onCancel, onProcess }: MappingErrorsModalProps) {
  const bad = results.filter((r) => r.reason);
  const good = results.filter((r) => !r.reason);
  return (
    <Modal
      opened
      onClose={onCancel}
      title={MAPPING_MSG.modalTitle}
      size={720}
      styles={{ content: { maxWidth: 720 }, body: { maxHeight: 600, overflowY: 'auto' } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text role="status">{mappingCountsText(good.length, bad.length)}</Text>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              <Table.Th scope="col">UPC</Table.Th>
              <Table.Th scope="col">File name</Table.Th>
              <Table.Th scope="col">Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bad.map((r) => (
              <Table.Tr key={r.row}>
                <Table.Td>{r.row}</Table.Td>
                <Table.Td>{r.upc}</Table.Td>
                <Table.Td>{r.filename}</Table.Td>
                <Table.Td>{r.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => downloadText(`import-job-${jobId}-mapping-errors.csv`, mappingErrorLog(results))}
          >
            {EXPORT_ERROR_LOG}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {CANCEL_MAPPING}
          </Button>
          <Button
            disabled={!good.length}
            onClick={() => onProcess(good.map(({ upc, filename }) => ({ upc, filename })))}
          >
            {PROCESS_SUCCESSFUL}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
