import { useRef, useState } from 'react';
import { Alert, FileInput, Stack, Text, Title } from '@mantine/core';
import type { SheetDryRun, SheetTarget } from '@portal/domain';
import { Page } from '../../ui/Page.tsx';
import { dryRunSheet } from './sheet-import-api.ts';
import { SheetCreateDrafts } from './SheetCreateDrafts.tsx';
import { SheetIssuesTable } from './SheetIssuesTable.tsx';
import { SheetMappingTable } from './SheetMappingTable.tsx';
import { SheetPreviewTable } from './SheetPreviewTable.tsx';

export const SHEET_ACCEPT =
  '.xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv';

const totalsText = (t: SheetDryRun['totals']) =>
  `${t.rows} ${t.rows === 1 ? 'row' : 'rows'}: ${t.ready} ready, ${t.warnings} with warnings, ${t.blocked} blocked.`;

/**
 * /import-sheet: a supplier's own spreadsheet read as it is. The portal proposes which column fills which field, shows
 * the first rows as they will be read and checks every row (the dry run); any column's field can be changed, and the
 * sheet is read again with it.
 */
export function ImportSheetPage() {
  const [file, setFile] = useState<File | null>(null);
  const [run, setRun] = useState<SheetDryRun | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  // A sheet chosen while another is still read: only the latest read may show its answer, whichever comes back last.
  const latest = useRef(0);

  const read = async (chosen: File, mapping?: { column: number; target: SheetTarget }[], sheet?: number) => {
    const mine = ++latest.current;
    setReading(true);
    try {
      const outcome = await dryRunSheet(chosen, { mapping, sheet });
      if (mine !== latest.current) return;
      if (outcome.kind === 'read') {
        setRun(outcome.run);
        setRefused(null);
      } else {
        setRun(null);
        setRefused(outcome.message);
      }
    } finally {
      if (mine === latest.current) setReading(false);
    }
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setRun(null);
    setRefused(null);
    if (chosen) void read(chosen);
    else {
      latest.current++;
      setReading(false);
    }
  };

  const remap = (column: number, target: SheetTarget) => {
    if (!file || !run) return;
    const mapping = run.mapping.map((m) => ({
      column: m.column,
      // A field chosen for this column leaves the column that had it.
      target: m.column === column ? target : m.target === target && target !== 'ignore' ? 'ignore' : m.target,
    }));
    setRun({ ...run, mapping: run.mapping.map((m, i) => ({ ...m, target: mapping[i].target })) });
    if (mapping.some((m) => m.target === 'upc')) void read(file, mapping, run.sheet);
  };

  return (
    <Page heading="Import a sheet" title="Import a sheet">
      <Stack gap="md">
        <Text>
          Send your own product list as it is: an Excel workbook (.xlsx, .xls) or a CSV file, up to 10,000 products. We
          read it, propose which column fills which field, and check every row before anything is created.
        </Text>
        <FileInput
          label="Your sheet"
          placeholder="Choose an .xlsx, .xls or .csv file"
          accept={SHEET_ACCEPT}
          value={file}
          onChange={choose}
          clearable
        />
        {reading && <Text aria-live="polite">Reading the sheet…</Text>}
        {refused && (
          <Alert color="red" title="This sheet was not read">
            {refused}
          </Alert>
        )}
        {run && (
          <>
            <Text aria-live="polite">
              {run.sheets.length > 1 ? `Sheet "${run.sheets[run.sheet]}", headers` : 'Headers'} on row {run.headerRow}.{' '}
              {totalsText(run.totals)}
            </Text>
            <Title order={2}>Columns</Title>
            <SheetMappingTable run={run} onChange={remap} disabled={reading} />
            <Title order={2}>Preview</Title>
            <SheetPreviewTable run={run} />
            <Title order={2}>Dry run</Title>
            <SheetIssuesTable run={run} />
            <Title order={2}>Create drafts</Title>
            {file && !reading && <SheetCreateDrafts key={JSON.stringify(run.mapping)} file={file} run={run} />}
          </>
        )}
      </Stack>
    </Page>
  );
}
