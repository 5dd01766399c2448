import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Anchor, Group, Table, Text, TextInput } from '@mantine/core';
import { titleCase } from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { Page } from '../../ui/Page.tsx';
import { fetchReasonCodeReport } from './review-api.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const today = () => new Date().toISOString().slice(0, 10);
const firstOfMonth = () => `${today().slice(0, 8)}01`;

/**
 * /review/reason-codes: how many rejections and comments carried each reason code, per partner, over days (UTC),
 * for staff who review. The codes are the stock reasons' (the reject dialog lists them).
 */
export function ReasonCodeReportPage() {
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(today);
  const valid = DAY.test(from) && DAY.test(to) && from <= to;
  const report = useQuery({
    queryKey: ['review', 'reason-codes', from, to],
    queryFn: () => fetchReasonCodeReport({ from, to }),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const rows = report.data?.rows ?? [];
  return (
    <Page
      heading="Reason codes"
      before={
        <Anchor component={AppLink} to="/review">
          ‹ Back to the review queue
        </Anchor>
      }
    >
      <Text size="sm" mb="sm">
        Rejections and comments per reason code and partner, by the day of the rejection (UTC). Undone rejections are
        not counted.
      </Text>
      <Group gap="sm" align="flex-end" mb="md">
        <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput
          type="date"
          label="To"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          error={valid ? undefined : 'The first day must come on or before the last.'}
        />
      </Group>
      <Table withTableBorder aria-label="Counts per reason code and partner">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Partner</Table.Th>
            <Table.Th scope="col">Reason code</Table.Th>
            <Table.Th scope="col">Rejections</Table.Th>
            <Table.Th scope="col">Comments</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.partnerCompanyId ?? 'none'}-${r.code}`}>
              <Table.Td>{r.partnerName ? titleCase(r.partnerName) : 'No partner'}</Table.Td>
              <Table.Td>{r.code}</Table.Td>
              <Table.Td>{r.decisions}</Table.Td>
              <Table.Td>{r.comments}</Table.Td>
            </Table.Tr>
          ))}
          {report.isSuccess && rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>No rejection with a reason code in these days.</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Page>
  );
}
