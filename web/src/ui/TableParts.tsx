import type { ReactNode } from 'react';
import { Group, Pagination, Table, Text } from '@mantine/core';

/** Page controls under a table, with names a screen reader says ("Page 3", "Next page") and the current page marked. */
export function PageNavigation({
  label,
  total,
  value,
  onChange,
}: {
  label: string;
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  return (
    <Group justify="center" component="nav" aria-label={label}>
      <Pagination
        total={total}
        value={value}
        onChange={onChange}
        getItemProps={(p) => ({ 'aria-label': `Page ${p}`, 'aria-current': p === value ? 'page' : undefined })}
        getControlProps={(control) => ({
          'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[
            control
          ],
        })}
      />
    </Group>
  );
}

/** The one row of a table with nothing to show, saying so across every column. */
export function EmptyTableRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
