import { Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { displayUpc, sameUpc, statusDisplayName, titleCase, type ItemStatus } from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { MarkedDigits } from '../submissions/MarkedDigits.tsx';
import type { Submission } from '../submissions/submission-api.ts';

/**
 * The typed UPC beside the codes read from the files, with a mark that says in words whether they agree, and on a
 * mismatch the digits that differ marked.
 */
export function UpcComparison({ submission: s }: { submission: Submission }) {
  const detected = s.detectedUpcs;
  const match = detected.some((d) => sameUpc(d, s.upc));
  const verdict = !detected.length ? 'No code read' : match ? '✓ Match' : '✗ Mismatch';
  // The typed digits are marked against the first code read (most photos show one).
  const mismatched = !match ? (detected[0] ?? null) : null;
  return (
    <Table withTableBorder aria-label="Typed and detected UPC">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">Typed UPC</Table.Th>
          <Table.Td ff="monospace">
            {mismatched ? <MarkedDigits code={s.upc} against={mismatched} side="typed" /> : displayUpc(s.upc)}
          </Table.Td>
          <Table.Td rowSpan={2} style={{ verticalAlign: 'middle' }}>
            <Badge
              size="lg"
              variant="light"
              // Dark text on the light tint: AA contrast whatever the verdict.
              {...(!detected.length
                ? { color: 'gray', c: '#343a40' }
                : match
                  ? { color: 'green', c: '#1b5e20' }
                  : { color: 'red', c: '#8a1c1c' })}
              data-testid="upc-verdict"
            >
              {verdict}
            </Badge>
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Detected</Table.Th>
          <Table.Td ff="monospace">
            {detected.length
              ? detected.map((d, i) => (
                  <span key={d}>
                    {i > 0 && ', '}
                    {match ? displayUpc(d) : <MarkedDigits code={d} against={s.upc} side="detected" />}
                  </span>
                ))
              : '—'}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

export function Facts({ submission: s, partnerName }: { submission: Submission; partnerName: string | null }) {
  const rows: [string, string][] = [
    ['Company', s.companyName],
    ['Submitter', [s.creatorFirstName, s.creatorLastName].filter(Boolean).join(' ') || s.creatorEmail],
    ['Partner', partnerName ? titleCase(partnerName) : '—'],
    ['Product name', s.productName ?? '—'],
    ['Files', String(s.files.length)],
    ['Updated', formatDateTime(s.updatedDate)],
  ];
  return (
    <Table>
      <Table.Tbody>
        {rows.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th scope="row" w={130}>
              {k}
            </Table.Th>
            <Table.Td>{v}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function SameUpc({
  items,
  search,
}: {
  items: {
    id: string;
    upc: string;
    itemStatus: ItemStatus;
    companyName: string;
    duplicate: boolean;
    submittedAt: string;
  }[];
  search: string;
}) {
  return (
    <section aria-labelledby="review-same-upc">
      <Title order={2} size="h4" id="review-same-upc">
        Same UPC elsewhere
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No other submission has this UPC.
        </Text>
      ) : (
        <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((o) => (
            <li key={o.id}>
              <Anchor component={AppLink} to={`/review/${o.id}${search ? `?${search}` : ''}`} size="sm">
                {o.companyName}: {statusDisplayName(o.itemStatus)}, {formatDateTime(o.submittedAt)}
              </Anchor>
              {o.duplicate && (
                <Badge ml={6} size="xs" color="red" variant="light" c="#8a1c1c">
                  Duplicate
                </Badge>
              )}
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}
