import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { MAPPING_MSG, mappingErrorLog, plural, type MappingRow, type MappingRowResult } from '@portal/domain';
import { downloadText } from './bulk-ingestion-api.ts';

export const PROCESS_SUCCESSFUL = 'Process Successful Rows';
export const CANCEL_MAPPING = 'Cancel Mapping';
export const EXPORT_ERROR_LOG = 'Export Error Log';
export const mappingCountsText = (good: number, bad: number) =>
  `${plural(good, 'row')} can be processed; ${plural(bad, 'row has', 'rows have')} errors and will not be applied.`;

interface MappingErrorsModalProps {
  results: MappingRowResult[];
  /** Blank rows of the file, left out (the row numbers are still the file's). */
  blankRows: number;
  jobId: string;
  onCancel: () => void;
  onProcess: (rows: MappingRow[]) => void;
}

/** 'Mapping errors': the counts and every bad row's reasons; process only the good rows, cancel, or export the log. */
export function MappingErrorsModal({ results, blankRows, jobId, onCancel, onProcess }: MappingErrorsModalProps) {
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
        <Text role="status">
          {mappingCountsText(good.length, bad.length)}
          {blankRows > 0 && ` ${MAPPING_MSG.blankRows(blankRows)}`}
        </Text>
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
