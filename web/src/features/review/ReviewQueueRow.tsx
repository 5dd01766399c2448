import { useState } from 'react';
import { Badge, Checkbox, Group, Table, Text, TextInput } from '@mantine/core';
import {
  displayUpc,
  PHOTO_ISSUE_LABELS,
  READINESS_MSG,
  readinessCell,
  readinessCellDetail,
  RULE_CODE_PATTERN,
  titleCase,
  WORKSPACE_MSG,
  type ReviewQueueItem,
} from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { formatDateTime } from '../../ui/dates.ts';

/** One item of the review queue: its facts, a link to review it (carrying the queue's filters), and its checkbox. */
export function QueueRow({
  item,
  search,
  selectable,
  selected,
  onSelect,
}: {
  item: ReviewQueueItem;
  search: string;
  selectable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const upc = displayUpc(item.upc);
  return (
    <Table.Tr>
      {selectable && (
        <Table.Td>
          <Checkbox
            aria-label={`Select ${upc}`}
            checked={selected}
            onChange={(e) => onSelect(e.currentTarget.checked)}
          />
        </Table.Td>
      )}
      <Table.Td data-label="Company">{item.companyName}</Table.Td>
      <Table.Td data-label="Submitter">{item.submitter}</Table.Td>
      <Table.Td data-label="Partner">{item.partnerName ? titleCase(item.partnerName) : '—'}</Table.Td>
      <Table.Td data-label="UPC">
        <AppLink to={`/review/${item.id}${search ? `?${search}` : ''}`}>{upc}</AppLink>
        {item.claim && !item.claim.mine && (
          <Text size="xs" c="dimmed">
            {WORKSPACE_MSG.beingReviewedBy(item.claim.name)}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label="Product name">{item.productName ?? '—'}</Table.Td>
      <Table.Td data-label="Files">{item.fileCount}</Table.Td>
      <Table.Td data-label="Submitted at">{formatDateTime(item.submittedAt)}</Table.Td>
      <Table.Td data-label="Partner status">{item.partnerStatusLabel}</Table.Td>
      <Table.Td data-label="Readiness">
        {/* Compact: the score and the top failing rule; every failing rule on hover. */}
        <Text span size="sm" title={readinessCellDetail(item.readiness)}>
          {readinessCell(item.readiness)}
        </Text>
      </Table.Td>
      <Table.Td data-label="Photo issues">
        <Group gap={4}>
          {item.photoIssues.map((code) => (
            <Badge key={code} size="sm" variant="light" color="orange" c="#7a3a00">
              {PHOTO_ISSUE_LABELS[code]}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td data-label="Duplicate">
        {item.duplicate ? (
          <Badge size="sm" color="red" variant="light" c="#8a1c1c">
            Duplicate UPC
          </Badge>
        ) : (
          <span className="visually-hidden">No</span>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * "Fails rule": a rule's code, applied when it is one (typed codes are upper-cased); what is typed stays in the field
 * until then, and the field says what a code looks like.
 */
export function RuleFilter({ value, onChange }: { value?: string; onChange: (rule: string | undefined) => void }) {
  const [text, setText] = useState(value ?? '');
  const code = text.trim().toUpperCase();
  const wrong = code !== '' && !RULE_CODE_PATTERN.test(code);
  return (
    <TextInput
      label="Fails rule"
      placeholder="R-IMG-MIN-2"
      value={text}
      error={wrong ? READINESS_MSG.codeFormat : undefined}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const c = next.trim().toUpperCase();
        if (c === '') onChange(undefined);
        else if (RULE_CODE_PATTERN.test(c)) onChange(c);
      }}
    />
  );
}
