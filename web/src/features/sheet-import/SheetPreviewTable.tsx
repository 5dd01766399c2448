import { Table } from '@mantine/core';
import { displayUpc, MEASURE_UNITS, type SheetDryRun } from '@portal/domain';

/** The first rows as they will be read: the UPC as stored, the size as a quantity and a unit. */
export function SheetPreviewTable({ run }: { run: SheetDryRun }) {
  return (
    <Table striped withTableBorder>
      <Table.Caption>The first rows as they will be read</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Row</Table.Th>
          <Table.Th>UPC</Table.Th>
          <Table.Th>Product name</Table.Th>
          <Table.Th>Brand</Table.Th>
          <Table.Th>Size</Table.Th>
          <Table.Th>Pack</Table.Th>
          <Table.Th>Images</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {run.preview.map((p) => (
          <Table.Tr key={p.row}>
            <Table.Td>{p.row}</Table.Td>
            <Table.Td>{p.upc ? displayUpc(p.upc) : '—'}</Table.Td>
            <Table.Td>{p.productName ?? '—'}</Table.Td>
            <Table.Td>{p.brand ?? '—'}</Table.Td>
            <Table.Td>{p.size ? `${p.size.quantity} ${MEASURE_UNITS[p.size.unit]} (${p.size.unit})` : '—'}</Table.Td>
            <Table.Td>{p.packCount ?? '—'}</Table.Td>
            <Table.Td>{p.imageFiles.join(', ') || '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
