import { useState } from 'react';
import { Button, Group, NativeSelect, Table, Text } from '@mantine/core';
import { sheetIssuesCsv, type SheetDryRun } from '@portal/domain';

type Filter = 'all' | 'blocked' | 'warning';

function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  URL.revokeObjectURL(url);
}

/** The dry run's findings: row, column, value, message; filtered by severity, downloadable as CSV. */
export function SheetIssuesTable({ run }: { run: SheetDryRun }) {
  const [filter, setFilter] = useState<Filter>('all');
  const shown = run.issues.filter((i) => filter === 'all' || i.severity === filter);
  if (!run.issues.length) return <Text>Every row can be read as it is.</Text>;
  return (
    <>
      <Group align="flex-end">
        <NativeSelect
          label="Show"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value as Filter)}
          data={[
            { value: 'all', label: 'Every finding' },
            { value: 'blocked', label: 'Blocked rows only' },
            { value: 'warning', label: 'Warnings only' },
          ]}
        />
        <Button variant="outline" onClick={() => download(sheetIssuesCsv(shown), 'sheet-findings.csv')}>
          Download as CSV
        </Button>
      </Group>
      <Table striped withTableBorder>
        <Table.Caption>Findings of the dry run</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Column</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th>Finding</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((i, k) => (
            <Table.Tr key={k}>
              <Table.Td>{i.row}</Table.Td>
              <Table.Td>{i.column}</Table.Td>
              <Table.Td>{i.value}</Table.Td>
              <Table.Td>
                {i.severity === 'blocked' ? 'Blocked: ' : 'Warning: '}
                {i.message}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
