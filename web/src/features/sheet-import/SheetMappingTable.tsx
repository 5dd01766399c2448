import { NativeSelect, Table } from '@mantine/core';
import { SHEET_TARGET_KEYS, SHEET_TARGETS, type SheetDryRun, type SheetTarget } from '@portal/domain';

const REASON: Record<SheetDryRun['mapping'][number]['reason'], string> = {
  values: 'from its values',
  header: 'from its header',
  remembered: 'as last time',
  none: '',
};

/** Each column of the sheet with the field it feeds; any can be changed. */
export function SheetMappingTable({
  run,
  onChange,
  disabled,
}: {
  run: SheetDryRun;
  onChange: (column: number, target: SheetTarget) => void;
  disabled: boolean;
}) {
  return (
    <Table striped withTableBorder>
      <Table.Caption>Columns of the sheet and the fields they fill</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Column</Table.Th>
          <Table.Th>Fills</Table.Th>
          <Table.Th>Proposed</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {run.mapping.map((m) => (
          <Table.Tr key={m.column}>
            <Table.Td>{m.header || `Column ${m.column + 1}`}</Table.Td>
            <Table.Td>
              <NativeSelect
                aria-label={`Field for column ${m.header || m.column + 1}`}
                value={m.target}
                disabled={disabled}
                data={SHEET_TARGET_KEYS.map((key) => ({ value: key, label: SHEET_TARGETS[key] }))}
                onChange={(event) => onChange(m.column, event.currentTarget.value as SheetTarget)}
              />
            </Table.Td>
            <Table.Td>{REASON[m.reason]}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
