import { useState, type ReactNode } from 'react';
import { Table } from '@mantine/core';
import { INGESTION_PAGE_SIZE } from '@portal/domain';
import { stackedTable } from '../../ui/stacked-table.ts';
import { EmptyTableRow, PageNavigation } from '../../ui/TableParts.tsx';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

interface PagedTableProps<T> {
  /** The table's accessible name (its caption). */
  caption: string;
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  empty: string;
}

/**
 * A table shown ten rows at a time (part 2 section 9), with labelled page controls; on a phone each row is a card, so
 * the last columns (Status, Reason) are never off to the right.
 */
export function PagedTable<T>({ caption, rows, columns, rowKey, empty }: PagedTableProps<T>) {
  const [page, setPage] = useState(1);
  const totalPages = Math.max(1, Math.ceil(rows.length / INGESTION_PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const shown = rows.slice((current - 1) * INGESTION_PAGE_SIZE, current * INGESTION_PAGE_SIZE);
  return (
    <>
      <Table.ScrollContainer minWidth={680} className={stackedTable.container}>
        <Table striped highlightOnHover withTableBorder verticalSpacing="xs" className={stackedTable.table}>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600 }}>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.header} scope="col">
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.header} data-label={c.header}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {!rows.length && <EmptyTableRow columns={columns.length}>{empty}</EmptyTableRow>}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {totalPages > 1 && (
        <PageNavigation label={`Pages of ${caption}`} total={totalPages} value={current} onChange={setPage} />
      )}
    </>
  );
}
