import { useId } from 'react';
import { Table, Text, Title } from '@mantine/core';
import { isItemStatus, reviewCommentPlace, statusDisplayName } from '@portal/domain';
import { formatDateTime } from '../../ui/dates.ts';
import { stackedTable } from '../../ui/stacked-table.ts';
import type { Submission } from './submission-api.ts';
import { CommentReason } from './ReviewComments.tsx';
import classes from './submissions.module.css';

const statusText = (status: string) => (isItemStatus(status) ? statusDisplayName(status) : status);

/** Every status change of the submission, oldest first: when, who, from and to, and why. */
export function SubmissionHistory({ history }: { history: Submission['history'] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        History
      </Title>
      {history.length === 0 ? (
        <Text c="dimmed">No changes yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560} className={stackedTable.container}>
          <Table aria-labelledby={headingId} verticalSpacing="xs" className={stackedTable.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">By</Table.Th>
                <Table.Th scope="col">Change</Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.map((entry, i) => (
                <Table.Tr key={`${entry.at}-${i}`}>
                  <Table.Td data-label="Date" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(entry.at)}
                  </Table.Td>
                  <Table.Td data-label="By">{entry.by}</Table.Td>
                  <Table.Td data-label="Change">
                    {entry.fromStatus ? (
                      <>
                        {statusText(entry.fromStatus)} <span aria-hidden="true">→</span>
                        <span className="visually-hidden">to</span> {statusText(entry.toStatus)}
                      </>
                    ) : (
                      statusText(entry.toStatus)
                    )}
                  </Table.Td>
                  <Table.Td data-label="Reason" style={{ overflowWrap: 'anywhere' }}>
                    {entry.reason ?? ''}
                    {entry.comments.length > 0 && (
                      <ul aria-label="Comments on fields and files" className={classes.historyComments}>
                        {entry.comments.map((c, j) => (
                          <li key={j}>
                            <Text span size="sm" fw={600}>
                              {reviewCommentPlace(c)}:
                            </Text>{' '}
                            {c.text}
                            <CommentReason reason={c.reason} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
