import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Button, Group, Input, Modal, Stack, Table, Text } from '@mantine/core';
import { CATALOGUE_IMPORT_MAX_BYTES, plural } from '@portal/domain';
import { toast } from '../../ui/toast.ts';
import { submissionKeys } from '../submissions/submission-api.ts';
import { catalogueKeys, IMPORT_TEMPLATE_URL, importCertifiedValues, type ImportRowProblem } from './catalogue-api.ts';

export const IMPORT_TITLE = 'Import certified values';
export const IMPORT_ROWS_INTRO = 'Nothing was imported. Fix these rows and try again:';
export const IMPORT_TOO_LARGE = 'The CSV file must be at most 2 MB.';
export const importedNotice = (applied: number, catalogued: number) =>
  `${plural(applied, 'product')} imported; ${plural(catalogued, 'submission')} catalogued.`;

type Problem = { kind: 'rows'; rows: ImportRowProblem[]; message: string } | { kind: 'file'; message: string } | null;

/** The 'Import certified values' button of the catalogue list and its dialog (staff with the write scope). */
export function ImportCertifiedValues() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {IMPORT_TITLE}
      </Button>
      {opened && <ImportDialog onClose={() => setOpened(false)} />}
    </>
  );
}

function ImportDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);

  const close = () => {
    if (!busy) onClose();
  };

  const submit = async () => {
    if (!file) return;
    if (file.size > CATALOGUE_IMPORT_MAX_BYTES) {
      setProblem({ kind: 'file', message: IMPORT_TOO_LARGE });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const outcome = await importCertifiedValues(file);
      if (outcome.kind === 'applied') {
        toast.success(importedNotice(outcome.applied, outcome.catalogued));
        void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
        void queryClient.invalidateQueries({ queryKey: submissionKeys.all });
        setBusy(false);
        onClose();
        return;
      }
      setProblem(
        outcome.kind === 'rows'
          ? { kind: 'rows', rows: outcome.rows, message: outcome.message }
          : { kind: 'file', message: outcome.message },
      );
    } catch {
      // The generic handling has told the user.
    }
    setBusy(false);
  };

  return (
    <Modal
      opened
      onClose={close}
      title={IMPORT_TITLE}
      size={720}
      styles={{ body: { maxHeight: 600, overflowY: 'auto' } }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            One row per product, with the columns of the template; every row must be valid or nothing is imported.
          </Text>
          <Anchor href={IMPORT_TEMPLATE_URL} download>
            Download template
          </Anchor>
          <Input.Wrapper label="CSV file" id={inputId} description="At most 2 MB">
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              style={{ display: 'block', marginTop: 4 }}
              onChange={(event) => {
                setFile(event.currentTarget.files?.[0] ?? null);
                setProblem(null);
              }}
            />
          </Input.Wrapper>

          {problem?.kind === 'file' && (
            <Alert color="red" role="alert">
              {problem.message}
            </Alert>
          )}
          {problem?.kind === 'rows' && (
            <Stack gap="xs">
              <Text fw={600} role="alert">
                {IMPORT_ROWS_INTRO}
              </Text>
              {/* How many rows are bad, and whether the table lists them all (the server lists at most 200). */}
              <Text size="sm">{problem.message}</Text>
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Row</Table.Th>
                    <Table.Th scope="col">UPC</Table.Th>
                    <Table.Th scope="col">Problems</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {problem.rows.map((row) => (
                    <Table.Tr key={`${row.row}-${row.ean13Upc}`}>
                      <Table.Td>{row.row}</Table.Td>
                      <Table.Td>{row.ean13Upc}</Table.Td>
                      <Table.Td>{row.errors.join(' ')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          )}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={!file || busy}>
              {busy ? 'Importing...' : 'Import'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
