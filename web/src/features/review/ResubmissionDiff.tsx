import { Badge, List, Stack, Table, Text, Title } from '@mantine/core';
import {
  commentsOn,
  FACT_CHANGE_WORDS,
  FILE_CHANGE_WORDS,
  isCommentFact,
  type FactChange,
  isItemStatus,
  reviewCommentPlace,
  statusDisplayName,
  type FileChange,
  type ReviewItemComparison,
} from '@portal/domain';
import { formatDateTime } from '../../ui/dates.ts';
import { DiffersBadge } from './CataloguedBeside.tsx';

type Previous = NonNullable<ReviewItemComparison['previous']>;

const FACT_CHANGE_COLOURS: Record<FactChange, { color: string; c: string }> = {
  added: { color: 'green', c: '#1b5e20' },
  removed: { color: 'red', c: '#8a1c1c' },
  changed: { color: 'orange', c: '#7a3b00' },
};

/**
 * The product facts that changed since the rejected version, each before and after as the label prints it, with its
 * change in words (added, removed, changed), and what the reviewer said of that fact then.
 */
export function FactsDiff({ facts, comments }: { facts: Previous['facts']; comments: Previous['comments'] }) {
  if (facts === null)
    return (
      <Text size="xs" c="dimmed">
        The product facts of the rejected version were not kept (rejected before they were).
      </Text>
    );
  if (facts.length === 0) return <Text size="sm">No product fact changed.</Text>;
  const none = (
    <Text span size="sm" c="dimmed">
      none
    </Text>
  );
  return (
    <Table withTableBorder aria-label="Product facts changed since the rejection">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Fact</Table.Th>
          <Table.Th scope="col">Change</Table.Th>
          <Table.Th scope="col">Rejected version</Table.Th>
          <Table.Th scope="col">Now</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {facts.map((f) => (
          <Table.Tr key={f.field} data-fact-change={f.change}>
            <Table.Th scope="row">
              {f.label}
              {(isCommentFact(f.field) ? commentsOn(comments, { field: f.field }) : []).map((c, i) => (
                <Text key={i} size="xs" c="dimmed" fw={400}>
                  Said then: {c.text}
                </Text>
              ))}
            </Table.Th>
            <Table.Td>
              <Badge size="xs" variant="light" {...FACT_CHANGE_COLOURS[f.change]}>
                {FACT_CHANGE_WORDS[f.change]}
              </Badge>
            </Table.Td>
            <Table.Td>{f.before === null ? none : <del>{f.before}</del>}</Table.Td>
            <Table.Td>
              {f.after === null ? none : <ins style={{ textDecoration: 'none', fontWeight: 600 }}>{f.after}</ins>}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const CHANGE_COLOURS: Record<FileChange, { color: string; c: string }> = {
  added: { color: 'green', c: '#1b5e20' },
  removed: { color: 'red', c: '#8a1c1c' },
  replaced: { color: 'orange', c: '#7a3b00' },
  unchanged: { color: 'gray', c: '#343a40' },
};

/**
 * A resubmission beside the version that was rejected: who rejected it, when and why, the comments that came with
 * it, then the fields that changed (before and after), the product facts that changed, and the files (new, removed, replaced, unchanged), each file
 * with what was said of it then.
 */
export function ResubmissionDiff({ previous: p }: { previous: Previous }) {
  const changed = p.fields.filter((f) => f.changed);
  const unchanged = p.fields.length - changed.length;
  const kept = p.fields.length > 0 || p.files.length > 0;
  return (
    <section aria-labelledby="review-resubmission">
      <Title order={2} size="h4" id="review-resubmission">
        Changes since the rejection
      </Title>
      <Text size="sm">
        {isItemStatus(p.toStatus) ? statusDisplayName(p.toStatus) : p.toStatus} on {formatDateTime(p.rejectedAt)} by{' '}
        {p.rejectedBy}
        {p.reason ? `: ${p.reason}` : '.'}
      </Text>
      {p.comments.length > 0 && (
        <>
          <Title order={3} size="h5" mt="xs">
            Comments sent with that rejection
          </Title>
          <List size="sm" aria-label="Comments sent with the earlier rejection">
            {p.comments.map((c, i) => (
              <List.Item key={i}>
                <Text span fw={600}>
                  {reviewCommentPlace(c)}:
                </Text>{' '}
                {c.text}{' '}
                <Text span c="dimmed">
                  ({c.by})
                </Text>
              </List.Item>
            ))}
          </List>
        </>
      )}
      {!kept ? (
        <Text size="sm" c="dimmed" mt="xs">
          The rejected version was not kept (rejected before versions were kept): only its comments are shown.
        </Text>
      ) : (
        <Stack gap={4} mt="xs">
          <Table withTableBorder aria-label="Fields changed since the rejection">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Field</Table.Th>
                <Table.Th scope="col">Rejected version</Table.Th>
                <Table.Th scope="col">Now</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changed.map((f) => (
                <Table.Tr key={f.field} data-changed>
                  <Table.Th scope="row">
                    {f.label}
                    <DiffersBadge>Changed</DiffersBadge>
                  </Table.Th>
                  <Table.Td>
                    <del>{f.before ?? '—'}</del>
                  </Table.Td>
                  <Table.Td>
                    <ins style={{ textDecoration: 'none', fontWeight: 600 }}>{f.after ?? '—'}</ins>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            {changed.length === 0 ? 'No field changed' : `${changed.length} changed`}
            {unchanged > 0 && `; ${unchanged} unchanged`}.
          </Text>
          <Title order={3} size="h5">
            Product facts
          </Title>
          <FactsDiff facts={p.facts} comments={p.comments} />
          <Title order={3} size="h5">
            Files
          </Title>
          <ul aria-label="Files since the rejection" style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
            {p.files.map((f) => (
              <li key={`${f.change}/${f.fileName}`} data-change={f.change}>
                <Badge size="xs" variant="light" {...CHANGE_COLOURS[f.change]} mr={6}>
                  {FILE_CHANGE_WORDS[f.change]}
                </Badge>
                <Text span size="sm">
                  {f.fileName}
                </Text>
                {commentsOn(p.comments, { fileName: f.fileName }).map((c, i) => (
                  <Text key={i} size="xs" c="dimmed" ml="md">
                    Said then ({reviewCommentPlace(c)}): {c.text}
                  </Text>
                ))}
              </li>
            ))}
          </ul>
        </Stack>
      )}
    </section>
  );
}
