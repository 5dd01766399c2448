import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Group,
  Select,
  SimpleGrid,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  parseReviewQueueSearch,
  PHOTO_ISSUE_CODES,
  PHOTO_ISSUE_LABELS,
  REVIEW_PAGE_SIZES,
  REVIEW_STATUSES,
  reviewDecisionSummary,
  reviewQueueSearch,
  statusDisplayName,
  titleCase,
  type ReviewQueueQuery,
} from '@portal/domain';
import { Page } from '../../ui/Page.tsx';
import { stackedTable } from '../../ui/stacked-table.ts';
import { EmptyTableRow, PageNavigation } from '../../ui/TableParts.tsx';
import { DecisionOutcome, type DecisionOutcomeState } from './DecisionOutcome.tsx';
import { ConfirmCountDialog } from './ConfirmCountDialog.tsx';
import { RejectDialog } from './RejectDialog.tsx';
import { UndoToast } from './UndoToast.tsx';
import { undoStore } from './undo-store.ts';
import { decide, decided, fetchQueuePage, reviewKeys, useQueueOptions } from './review-api.ts';
import { ListSearchField } from '../search/ListSearchField.tsx';
import { CompanySelect } from './CompanySelect.tsx';
import { QueueRow, RuleFilter } from './ReviewQueueRow.tsx';

export const REVIEW_HEADING = 'Review queue';
const STATUS_LABEL = (s: (typeof REVIEW_STATUSES)[number]) =>
  s === 'SUBMITTED' ? 'Pending review' : statusDisplayName(s);

/**
 * /review (staff with review rights): the submissions waiting for a decision, oldest submitted first. The filters,
 * sort, page and page size live in the address, so opening an item, Back and a reload all come back to the same
 * view; each item's link carries them on, so J and K walk the same filtered queue.
 */
export function ReviewQueuePage() {
  const [params, setParams] = useSearchParams();
  const query = parseReviewQueueSearch(params);
  const search = reviewQueueSearch(query);
  const options = useQueueOptions();
  const queryClient = useQueryClient();
  const rows = useQuery({
    queryKey: reviewKeys.queue(query),
    queryFn: () => fetchQueuePage(query),
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<DecisionOutcomeState | null>(null);

  /** A filter change starts again at page 1 and forgets the selection. */
  const change = (patch: Partial<ReviewQueueQuery>, keepPage = false) => {
    setSelected(new Set());
    setParams(new URLSearchParams(reviewQueueSearch({ ...query, ...patch, ...(keepPage ? {} : { page: 1 }) })), {
      replace: !('page' in patch),
    });
  };
  const items = rows.data?.items ?? [];
  const total = rows.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / query.size));
  const decidable = query.status === 'SUBMITTED' || query.status === 'AUTO_REJECTED';
  const allSelected = items.length > 0 && items.every((i) => selected.has(i.id));
  const upcOf = new Map(items.map((i) => [i.id, i.upc]));
  const commonPartner = query.partner ? query.partner : partnerOfAll(items.filter((i) => selected.has(i.id)));

  async function run(decision: 'accept' | 'reject', reason?: string) {
    setBusy(true);
    try {
      const ids = [...selected];
      const answer = await decide(ids, decision, reason);
      setOutcome({ results: answer.results, upcOf: new Map(ids.map((id) => [id, upcOf.get(id) ?? id])) });
      undoStore.offer(reviewDecisionSummary(answer.results), answer.results);
      // The failed items stay selected, so one more click tries them again; the rest left the queue or were decided.
      setSelected(new Set(answer.results.filter((r) => r.outcome === 'failed').map((r) => r.id)));
      decided(queryClient, ids);
    } catch {
      // apiFetch has said what went wrong; nothing answered per item, so the selection stays as it was.
    } finally {
      setBusy(false);
      setRejecting(false);
      setAccepting(false);
    }
  }

  return (
    <Page heading={REVIEW_HEADING}>
      <form role="search" aria-label="Filter the review queue" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <Select
            label="Status"
            data={REVIEW_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL(s) }))}
            value={query.status}
            allowDeselect={false}
            onChange={(v) => v && change({ status: v })}
          />
          <Select
            label="Partner"
            placeholder="Any partner"
            clearable
            data={[
              { value: '0', label: 'No partner' },
              ...(options.data?.partners ?? []).map((p) => ({ value: String(p.id), label: titleCase(p.name) })),
            ]}
            value={query.partner === undefined ? null : String(query.partner)}
            onChange={(v) => change({ partner: v === null ? undefined : Number(v) })}
          />
          <CompanySelect value={query.company} onChange={(company) => change({ company })} />
          <ListSearchField value={query.q} onChange={(q) => change({ q })} />
          <Select
            label="Order"
            data={[
              { value: 'oldest', label: 'Oldest submitted first' },
              { value: 'newest', label: 'Newest submitted first' },
            ]}
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
          <Checkbox
            mt={{ md: 30 }}
            label="Duplicates only"
            checked={!!query.duplicates}
            onChange={(e) => change({ duplicates: e.currentTarget.checked || undefined })}
          />
          <Checkbox
            mt={{ md: 30 }}
            label="Not ready only"
            description="A blocking rule of the partner's fails"
            checked={!!query.notReady}
            onChange={(e) => change({ notReady: e.currentTarget.checked || undefined })}
          />
          <RuleFilter value={query.rule} onChange={(rule) => change({ rule })} />
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
      </form>

      {rows.isError && <Alert color="red">The review queue could not be loaded. Please try again.</Alert>}
      {/* Always there, so screen readers announce the result when it comes. */}
      <div role="status" aria-live="polite">
        {outcome && <DecisionOutcome outcome={outcome} onClose={() => setOutcome(null)} />}
      </div>
      <Group justify="space-between">
        <Text size="sm" aria-live="polite" role="status">
          {rows.isPending ? 'Loading…' : `${total} ${total === 1 ? 'item' : 'items'}.`}
        </Text>
        {decidable && (
          <Group gap="xs">
            <Text size="sm">{selected.size} selected</Text>
            <Button size="xs" disabled={!selected.size || busy} onClick={() => setAccepting(true)}>
              Accept selected
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              disabled={!selected.size || busy}
              onClick={() => setRejecting(true)}
            >
              Reject selected
            </Button>
          </Group>
        )}
      </Group>
      <Table.ScrollContainer minWidth={1000} className={stackedTable.container}>
        <Table striped withTableBorder verticalSpacing="xs" aria-busy={rows.isFetching} className={stackedTable.table}>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600 }}>
            Items to review, {query.sort === 'oldest' ? 'oldest' : 'newest'} submitted first
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {decidable && (
                <Table.Th scope="col">
                  <Checkbox
                    aria-label="Select every item on this page"
                    checked={allSelected}
                    indeterminate={!allSelected && items.some((i) => selected.has(i.id))}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((i) => i.id)))}
                  />
                </Table.Th>
              )}
              {['Company', 'Submitter', 'Partner', 'UPC', 'Product name', 'Files'].map((h) => (
                <Table.Th key={h} scope="col">
                  {h}
                </Table.Th>
              ))}
              <Table.Th scope="col" aria-sort={query.sort === 'oldest' ? 'ascending' : 'descending'}>
                <UnstyledButton
                  fw={700}
                  fz="sm"
                  onClick={() => change({ sort: query.sort === 'oldest' ? 'newest' : 'oldest' })}
                >
                  Submitted at {query.sort === 'oldest' ? '▲' : '▼'}
                  <span className="visually-hidden">, sort {query.sort === 'oldest' ? 'newest' : 'oldest'} first</span>
                </UnstyledButton>
              </Table.Th>
              {['Partner status', 'Readiness', 'Photo issues', 'Duplicate'].map((h) => (
                <Table.Th key={h} scope="col">
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <QueueRow
                key={item.id}
                item={item}
                search={search}
                selectable={decidable}
                selected={selected.has(item.id)}
                onSelect={(on) =>
                  setSelected((s) => {
                    const next = new Set(s);
                    if (on) next.add(item.id);
                    else next.delete(item.id);
                    return next;
                  })
                }
              />
            ))}
            {rows.data && !items.length && (
              <EmptyTableRow columns={decidable ? 12 : 11}>No items match these filters.</EmptyTableRow>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {totalPages > 1 && (
        <PageNavigation
          label="Pages of the review queue"
          total={totalPages}
          value={Math.min(query.page, totalPages)}
          onChange={(page) => change({ page }, true)}
        />
      )}
      <RejectDialog
        opened={rejecting}
        count={selected.size}
        partnerCompanyId={commonPartner}
        busy={busy}
        onCancel={() => setRejecting(false)}
        onConfirm={(reason) => void run('reject', reason)}
      />
      <ConfirmCountDialog
        opened={accepting}
        count={selected.size}
        busy={busy}
        onConfirm={() => void run('accept')}
        onCancel={() => setAccepting(false)}
      />
      <UndoToast />
    </Page>
  );
}

/** The partner every one of these items is for, or null (none, or several). */
function partnerOfAll(items: readonly { partnerCompanyId: number | null }[]): number | null {
  const partners = new Set(items.map((i) => i.partnerCompanyId));
  return partners.size === 1 ? ([...partners][0] ?? null) : null;
}
