import { useState } from 'react';
import { Badge, Checkbox, Group, Table, TextInput, Tooltip } from '@mantine/core';
import {
  ageLabel,
  APPROVAL_MSG,
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
import classes from './ReviewQueueRow.module.css';

/** The queue's columns, in order (the checkbox column comes first when items can be selected). */
export const QUEUE_COLUMNS = ['UPC', 'Product name', 'Company', 'Partner', 'Age', 'Readiness', 'Flags', 'Assigned'];
/** The columns beside the split view's pane (about half the screen): the pane shows the rest of the item. */
export const SPLIT_QUEUE_COLUMNS = ['UPC', 'Product name', 'Age', 'Readiness', 'Flags'];

/**
 * One item of the triage list, on one line: every cell is cut to its column and says the rest on hover and focus
 * (the flags are one badge each, whole, with their full text in a tooltip). The row under the keyboard cursor is
 * marked; the UPC links to the item, carrying the queue's filters so J and K walk the same list. In the split view
 * (`compact`) the row keeps the columns of SPLIT_QUEUE_COLUMNS and its link selects the item for the pane (`to`).
 */
export function QueueRow({
  item,
  search,
  selectable,
  selected,
  cursor,
  now,
  onToggle,
  compact = false,
  to,
}: {
  item: ReviewQueueItem;
  search: string;
  selectable: boolean;
  selected: boolean;
  cursor: boolean;
  now: number;
  onToggle: () => void;
  compact?: boolean;
  /** Where the UPC's link goes: the item's page unless given. */
  to?: string;
}) {
  const upc = displayUpc(item.upc);
  const claimedBy = item.claim && !item.claim.mine ? WORKSPACE_MSG.beingReviewedBy(item.claim.name) : null;
  return (
    <Table.Tr
      data-queue-row={item.id}
      data-cursor={cursor || undefined}
      aria-current={compact && cursor ? 'true' : undefined}
      className={classes.row}
    >
      {selectable && (
        <Table.Td>
          <Checkbox size="xs" aria-label={`Select ${upc}`} checked={selected} onChange={onToggle} />
        </Table.Td>
      )}
      <Table.Td data-label="UPC">
        <AppLink to={to ?? `/review/${item.id}${search ? `?${search}` : ''}`} title={claimedBy ?? undefined}>
          {upc}
        </AppLink>
        {claimedBy && <span className="visually-hidden">, {claimedBy}</span>}
      </Table.Td>
      <Table.Td data-label="Product name" className={classes.cut} title={item.productName ?? undefined}>
        {item.productName ?? '—'}
      </Table.Td>
      {!compact && (
        <Table.Td data-label="Company" className={classes.cut} title={item.companyName}>
          {item.companyName}
        </Table.Td>
      )}
      {!compact && (
        <Table.Td data-label="Partner" className={classes.cut}>
          {item.partnerName ? titleCase(item.partnerName) : '—'}
        </Table.Td>
      )}
      <Table.Td data-label="Age" title={`Submitted ${formatDateTime(item.submittedAt)}`}>
        {ageLabel(item.submittedAt, now)}
        {item.overSla && (
          <Flag label="Over SLA" full={`Waiting longer than the partner's review SLA (${item.slaHours} h)`} red />
        )}
      </Table.Td>
      <Table.Td data-label="Readiness" className={classes.cut}>
        {/* Compact: the score and the top failing rule; every failing rule on hover. */}
        <span title={readinessCellDetail(item.readiness)}>{readinessCell(item.readiness)}</span>
      </Table.Td>
      <Table.Td data-label="Flags">
        <Group gap={4} wrap="nowrap">
          {item.pendingDecision && (
            <Flag
              label={item.pendingDecision.decision === 'accept' ? 'Accept: 2nd approval' : 'Reject: 2nd approval'}
              full={`${APPROVAL_MSG.waitingLabel}: ${item.pendingDecision.decision === 'accept' ? 'accepted' : 'rejected'} by ${
                item.pendingDecision.mine ? 'you' : item.pendingDecision.proposedBy.name
              }`}
            />
          )}
          {item.upcMismatch && (
            <Flag label="UPC mismatch" full={`Photos show ${item.detectedUpcs.map(displayUpc).join(', ')}`} red />
          )}
          {item.duplicate && <Flag label="Duplicate UPC" full="Another submission of this UPC for this partner" red />}
          {item.photoIssues.length > 0 && (
            <Flag
              label={`${item.photoIssues.length} photo ${item.photoIssues.length === 1 ? 'issue' : 'issues'}`}
              full={item.photoIssues.map((code) => PHOTO_ISSUE_LABELS[code]).join(', ')}
            />
          )}
        </Group>
      </Table.Td>
      {!compact && (
        <Table.Td data-label="Assigned" className={classes.cut}>
          {item.assignee ? (item.assignee.mine ? 'Me' : item.assignee.name) : '—'}
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/** A flag badge, never cut: its short label on the row, the whole of it on hover and on focus. */
function Flag({ label, full, red }: { label: string; full: string; red?: boolean }) {
  return (
    <Tooltip label={full} events={{ hover: true, focus: true, touch: true }} multiline maw={320} withinPortal>
      <Badge
        size="sm"
        variant="light"
        color={red ? 'red' : 'orange'}
        c={red ? '#8a1c1c' : '#7a3a00'}
        tabIndex={0}
        aria-label={`${label}: ${full}`}
        className={classes.flag}
        ml={4}
      >
        {label}
      </Badge>
    </Tooltip>
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
