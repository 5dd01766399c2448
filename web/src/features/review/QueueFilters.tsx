import { forwardRef, useState } from 'react';
import { Button, Checkbox, Chip, Collapse, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  APPROVAL_MSG,
  PHOTO_ISSUE_CODES,
  PHOTO_ISSUE_LABELS,
  REVIEW_AGE_CHOICES,
  REVIEW_PAGE_SIZES,
  REVIEW_SORT_LABELS,
  REVIEW_SORTS,
  REVIEW_STATUSES,
  statusDisplayName,
  titleCase,
  type ReviewQueueQuery,
} from '@portal/domain';
import { ListSearchField } from '../search/ListSearchField.tsx';
import { CompanySelect } from './CompanySelect.tsx';
import { RuleFilter } from './ReviewQueueRow.tsx';
import { useQueueOptions, useReviewers } from './review-api.ts';

const STATUS_LABEL = (s: (typeof REVIEW_STATUSES)[number]) =>
  s === 'SUBMITTED' ? 'Pending review' : statusDisplayName(s);

/** The filters behind "More filters": how many are set, for its button. */
const moreSet = (q: ReviewQueueQuery) =>
  [
    q.company,
    q.from,
    q.to,
    q.duplicates,
    q.notReady,
    q.rule,
    q.mismatch,
    q.overSla,
    q.photo.length || undefined,
  ].filter(Boolean).length;

/**
 * The queue's filters, compact: the ones used all day on one line (status, partner, search, assignee, age), the rest
 * behind "More filters", open when one of them is set. The form's search field is what / goes to.
 */
export const QueueFilters = forwardRef<
  HTMLFormElement,
  {
    query: ReviewQueueQuery;
    change: (patch: Partial<ReviewQueueQuery>) => void;
  }
>(function QueueFilters({ query, change }, ref) {
  const options = useQueueOptions();
  const reviewers = useReviewers();
  const [more, setMore] = useState(moreSet(query) > 0);
  const set = moreSet(query);
  const flag = (key: 'duplicates' | 'notReady' | 'mismatch' | 'overSla' | 'approval', label: string) => (
    <Checkbox
      label={label}
      checked={!!query[key]}
      onChange={(e) => change({ [key]: e.currentTarget.checked || undefined })}
    />
  );
  return (
    <form ref={ref} role="search" aria-label="Filter the review queue" onSubmit={(e) => e.preventDefault()}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Status"
          w={190}
          data={REVIEW_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL(s) }))}
          value={query.status}
          allowDeselect={false}
          onChange={(v) => v && change({ status: v })}
        />
        <Select
          label="Partner"
          w={200}
          placeholder="Any partner"
          clearable
          data={[
            { value: '0', label: 'No partner' },
            ...(options.data?.partners ?? []).map((p) => ({ value: String(p.id), label: titleCase(p.name) })),
          ]}
          value={query.partner === undefined ? null : String(query.partner)}
          onChange={(v) => change({ partner: v === null ? undefined : Number(v) })}
        />
        <ListSearchField
          value={query.q}
          onChange={(q) => change({ q })}
          maw={260}
          compact
          finds="UPC, product name or company"
        />
        <Select
          label="Assigned to"
          w={180}
          placeholder="Anyone"
          clearable
          data={[
            { value: 'me', label: 'Me' },
            { value: 'none', label: 'No one' },
            ...(reviewers.data ?? []).map((r) => ({ value: String(r.id), label: r.name })),
          ]}
          value={query.assignee ?? null}
          onChange={(v) => change({ assignee: v ?? undefined })}
        />
        <Select
          label="Age in queue"
          w={150}
          placeholder="Any age"
          clearable
          data={REVIEW_AGE_CHOICES.map((c) => ({ value: String(c.hours), label: c.label }))}
          value={query.olderThan === undefined ? null : String(query.olderThan)}
          onChange={(v) => change({ olderThan: v === null ? undefined : Number(v) })}
        />
        <div style={{ paddingBottom: 8 }}>{flag('approval', APPROVAL_MSG.waitingLabel)}</div>
        <Button variant="default" onClick={() => setMore((m) => !m)} aria-expanded={more} aria-controls="more-filters">
          {more ? 'Fewer filters' : `More filters${set ? ` (${set})` : ''}`}
        </Button>
      </Group>
      <Collapse expanded={more} id="more-filters">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm" mt="sm">
          <CompanySelect value={query.company} onChange={(company) => change({ company })} />
          <Select
            label="Order"
            data={REVIEW_SORTS.map((value) => ({ value, label: REVIEW_SORT_LABELS[value] }))}
            value={query.sort}
            allowDeselect={false}
            onChange={(v) => v && change({ sort: v })}
          />
          <TextInput
            type="date"
            label="Submitted from"
            value={query.from ?? ''}
            max={query.to}
            onChange={(e) => change({ from: e.currentTarget.value || undefined })}
          />
          <TextInput
            type="date"
            label="Submitted to"
            value={query.to ?? ''}
            min={query.from}
            onChange={(e) => change({ to: e.currentTarget.value || undefined })}
          />
          <Select
            label="Items per page"
            data={REVIEW_PAGE_SIZES.map((n) => String(n))}
            value={String(query.size)}
            allowDeselect={false}
            onChange={(v) => v && change({ size: Number(v) })}
          />
          <RuleFilter value={query.rule} onChange={(rule) => change({ rule })} />
          {flag('mismatch', 'UPC mismatch only (photos show another code)')}
          {flag('overSla', 'Over SLA only')}
          {flag('duplicates', 'Duplicates only')}
          {flag('notReady', "Not ready only (a blocking rule of the partner's fails)")}
        </SimpleGrid>
        <Chip.Group multiple value={query.photo} onChange={(codes) => change({ photo: codes })}>
          <Group gap="xs" mt="sm" role="group" aria-label="Photo issues (each chosen one must be present)">
            {PHOTO_ISSUE_CODES.map((code) => (
              <Chip key={code} value={code} size="xs">
                {PHOTO_ISSUE_LABELS[code]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Collapse>
    </form>
  );
});
