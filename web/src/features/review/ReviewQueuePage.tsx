import { useCallback, useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Box, Button, Checkbox, Group, Table, Text, UnstyledButton } from '@mantine/core';
import {
  parseReviewQueueSearch,
  REVIEW_QUEUE_SHORTCUTS,
  REVIEW_SORT_LABELS,
  reviewDecisionSummary,
  reviewQueueSearch,
  viewAddress,
  type ReviewAssignBody,
  type ReviewQueueQuery,
} from '@portal/domain';
import { Page } from '../../ui/Page.tsx';
import { stackedTable } from '../../ui/stacked-table.ts';
import { EmptyTableRow, PageNavigation } from '../../ui/TableParts.tsx';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { AppLink } from '../../partner/AppLink.tsx';
import { DecisionOutcome, type DecisionOutcomeState } from './DecisionOutcome.tsx';
import { ConfirmCountDialog } from './ConfirmCountDialog.tsx';
import { RejectDialog } from './RejectDialog.tsx';
import { ShortcutsDialog } from './ShortcutsDialog.tsx';
import { UndoToast } from './UndoToast.tsx';
import { undoStore } from './undo-store.ts';
import { assignItems, decide, decided, fetchQueuePage, reviewKeys } from './review-api.ts';
import { QueueFilters } from './QueueFilters.tsx';
import { SavedViews } from './SavedViews.tsx';
import { AssignMenu } from './AssignMenu.tsx';
import { QUEUE_COLUMNS, QueueRow, SPLIT_QUEUE_COLUMNS } from './ReviewQueueRow.tsx';
import { ReviewSplitPane, SPLIT_VIEW_SHORTCUTS, SplitViewToggle, useSplitView } from './ReviewSplitPane.tsx';
import { focusRow, useQueueKeys } from './use-queue-keys.ts';
import splitClasses from './ReviewSplitPane.module.css';
import { useAddressParams } from '../../ui/use-address-params.ts';

export const REVIEW_HEADING = 'Review queue';

/** The Age column's sort as aria-sort says it (the oldest first is the longest wait first: descending age). */
const AGE_SORT = { oldest: 'descending', newest: 'ascending', overSla: 'other' } as const;

/**
 * /review (staff with review rights): the submissions waiting for a decision as a triage list, one line per item,
 * driven from the keyboard (J/K, X, Shift+X, Enter/O, /, ?). The filters, sort, page and page size live in the
 * address, so opening an item, Back and a reload all come back to the same view; each item's link carries them on,
 * so J and K on the item walk the same filtered queue. On a wide screen (1280 px and more) the split view shows the
 * selected item beside the list (ReviewSplitPane): J and K select it, A, R and the workspace's other keys decide it
 * there and the next one shows; the selected item is in the address (`item`), so a reload and Back keep it.
 */
export function ReviewQueuePage() {
  const [params, setParams] = useAddressParams();
  const query = parseReviewQueueSearch(params);
  const search = reviewQueueSearch(query);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();
  const rows = useQuery({
    queryKey: reviewKeys.queue(query),
    queryFn: () => fetchQueuePage(query),
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<'reject' | 'accept' | 'help' | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<DecisionOutcomeState | null>(null);
  const filters = useRef<HTMLFormElement>(null);
  const splitView = useSplitView();
  const split = splitView.split;
  /** The item in the split view's pane (kept in the address beside the filters, which do not know it). */
  const paneItem = split ? params.get('item') : null;
  /** A dialog of the pane's workspace is open: the list's keys wait. */
  const [paneDialog, setPaneDialog] = useState(false);
  /** After a decision in the pane: the next item's row takes the focus once the list has been read again. */
  const [focusAfterDecision, setFocusAfterDecision] = useState<string | null>(null);
  /** The pane shows this item; a click (a link) adds a step to the history, J, K and decisions replace it. */
  const showInPane = useCallback(
    (id: string, replace: boolean) =>
      setParams(
        (current) => {
          current.set('item', id);
          return current;
        },
        { replace },
      ),
    [setParams],
  );
  const onPaneDialog = useCallback((open: boolean) => setPaneDialog(open), []);

  /** A filter change starts again at page 1 and forgets the selection. */
  const change = (patch: Partial<ReviewQueueQuery>, keepPage = false) => {
    setSelected(new Set());
    keys.setCursor(-1);
    setParams(
      (current) =>
        new URLSearchParams(
          reviewQueueSearch({ ...parseReviewQueueSearch(current), ...patch, ...(keepPage ? {} : { page: 1 }) }),
        ),
      { replace: !('page' in patch) },
    );
  };
  /** A saved view replaces every filter with its own, at page 1, keeping the page size. */
  const applyView = (filters: string) => {
    setSelected(new Set());
    keys.setCursor(-1);
    setParams(() => new URLSearchParams(viewAddress(filters, query)));
  };
  const items = rows.data?.items ?? [];
  const columns = split ? SPLIT_QUEUE_COLUMNS : QUEUE_COLUMNS;
  const total = rows.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / query.size));
  const decidable = query.status === 'SUBMITTED' || query.status === 'AUTO_REJECTED';
  const allSelected = items.length > 0 && items.every((i) => selected.has(i.id));
  const upcOf = new Map(items.map((i) => [i.id, i.upc]));
  const commonPartner = query.partner ? query.partner : partnerOfAll(items.filter((i) => selected.has(i.id)));
  const keys = useQueueKeys({
    ids: items.map((i) => i.id),
    selected,
    setSelected,
    dialogOpen: dialog !== null || paneDialog,
    open: (id) => void navigate(partnerPath(`/review/${id}${search ? `?${search}` : ''}`)),
    current: paneItem,
    onMove: split ? (id) => showInPane(id, true) : undefined,
    focusSearch: () => filters.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus(),
    showHelp: () => setDialog('help'),
  });

  // The decided item leaves the list when it is read again: the next one's row has the focus then, for J, K and X.
  useEffect(() => {
    if (!focusAfterDecision) return;
    focusRow(focusAfterDecision);
    if (!rows.isFetching) setFocusAfterDecision(null);
  }, [focusAfterDecision, rows.isFetching, rows.dataUpdatedAt]);

  async function run(decision: 'accept' | 'reject', reason?: string, reasonCode?: string | null) {
    setBusy(true);
    try {
      const ids = [...selected];
      const answer = await decide(ids, decision, reason, undefined, reasonCode);
      setOutcome({ results: answer.results, upcOf: new Map(ids.map((id) => [id, upcOf.get(id) ?? id])) });
      undoStore.offer(reviewDecisionSummary(answer.results), answer.results);
      // The failed items stay selected, so one more click tries them again; the rest left the queue or were decided.
      setSelected(new Set(answer.results.filter((r) => r.outcome === 'failed').map((r) => r.id)));
      decided(queryClient, ids);
    } catch {
      // apiFetch has said what went wrong; nothing answered per item, so the selection stays as it was.
    } finally {
      setBusy(false);
      setDialog(null);
    }
  }

  async function assign(to: ReviewAssignBody['to']) {
    setBusy(true);
    try {
      await assignItems([...selected], to);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    } catch {
      // apiFetch has said what went wrong.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page heading={REVIEW_HEADING}>
      <SavedViews query={query} apply={applyView} />
      <QueueFilters ref={filters} query={query} change={change} />
      {rows.isError && <Alert color="red">The review queue could not be loaded. Please try again.</Alert>}
      {/* Always there, so screen readers announce the result when it comes. */}
      <div role="status" aria-live="polite">
        {outcome && <DecisionOutcome outcome={outcome} onClose={() => setOutcome(null)} />}
      </div>
      <Group justify="space-between">
        <Text size="sm" aria-live="polite" role="status">
          {rows.isPending ? 'Loading…' : `${total} ${total === 1 ? 'item' : 'items'}.`}
        </Text>
        <Group gap="xs">
          {decidable && (
            <SelectionActions
              count={selected.size}
              busy={busy}
              onAssign={(to) => void assign(to)}
              onAccept={() => setDialog('accept')}
              onReject={() => setDialog('reject')}
            />
          )}
          {splitView.available && <SplitViewToggle on={splitView.on} onChange={splitView.setOn} />}
          <Button size="xs" variant="subtle" onClick={() => setDialog('help')}>
            Shortcuts (?)
          </Button>
          <Button size="xs" variant="subtle" component={AppLink} to="/review/reason-codes">
            Reason codes
          </Button>
        </Group>
      </Group>
      <Box className={split ? splitClasses.split : undefined}>
        <div>
          <Table.ScrollContainer minWidth={split ? 480 : 1000} className={stackedTable.container}>
            <Table
              striped
              withTableBorder
              verticalSpacing={4}
              fz="sm"
              aria-busy={rows.isFetching}
              className={stackedTable.table}
            >
              <Table.Caption className="visually-hidden">
                Items to review, {lowerFirst(REVIEW_SORT_LABELS[query.sort])}
              </Table.Caption>
              <QueueHeader
                columns={columns}
                sort={query.sort}
                onSort={(sort) => change({ sort })}
                selection={
                  decidable
                    ? {
                        all: allSelected,
                        some: items.some((i) => selected.has(i.id)),
                        toggle: () => setSelected(allSelected ? new Set() : new Set(items.map((i) => i.id))),
                      }
                    : null
                }
              />
              <Table.Tbody>
                {items.map((item, i) => (
                  <QueueRow
                    key={item.id}
                    item={item}
                    search={search}
                    selectable={decidable}
                    selected={selected.has(item.id)}
                    cursor={i === keys.cursor}
                    now={rows.dataUpdatedAt}
                    onToggle={() => {
                      keys.setCursor(i);
                      keys.toggle(item.id);
                    }}
                    compact={split}
                    to={split ? paneAddress(search, item.id) : undefined}
                  />
                ))}
                {rows.data && !items.length && (
                  <EmptyTableRow columns={columns.length + (decidable ? 1 : 0)}>
                    No items match these filters.
                  </EmptyTableRow>
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
        </div>
        {split && (
          <ReviewSplitPane
            id={paneItem}
            search={search}
            onOpen={(id, why) => {
              showInPane(id, true);
              if (why === 'decided') setFocusAfterDecision(id);
            }}
            blocked={dialog !== null}
            onDialog={onPaneDialog}
          />
        )}
      </Box>
      <RejectDialog
        opened={dialog === 'reject'}
        count={selected.size}
        partnerCompanyId={commonPartner}
        busy={busy}
        onCancel={() => setDialog(null)}
        onConfirm={(reason, reasonCode) => void run('reject', reason, reasonCode)}
      />
      <ConfirmCountDialog
        opened={dialog === 'accept'}
        count={selected.size}
        busy={busy}
        onConfirm={() => void run('accept')}
        onCancel={() => setDialog(null)}
      />
      <ShortcutsDialog
        opened={dialog === 'help'}
        onClose={() => setDialog(null)}
        shortcuts={split ? SPLIT_VIEW_SHORTCUTS : REVIEW_QUEUE_SHORTCUTS}
      />
      {/* One Undo for the list's decisions and the pane's; a single item undone shows in the pane again. */}
      <UndoToast onUndone={(ids) => split && ids.length === 1 && showInPane(ids[0], true)} />
    </Page>
  );
}

/** What the selected items can have done to them: assigned, accepted or rejected together. */
function SelectionActions(props: {
  count: number;
  busy: boolean;
  onAssign: (to: ReviewAssignBody['to']) => void;
  onAccept: () => void;
  onReject: () => void;
}) {
  const none = !props.count || props.busy;
  return (
    <>
      <Text size="sm">{props.count} selected</Text>
      <AssignMenu count={props.count} busy={props.busy} onAssign={props.onAssign} />
      <Button size="xs" disabled={none} onClick={props.onAccept}>
        Accept selected
      </Button>
      <Button size="xs" color="red" variant="light" disabled={none} onClick={props.onReject}>
        Reject selected
      </Button>
    </>
  );
}

/** The queue's column headings: "select all" when items can be decided, and Age sorting the queue by age. */
function QueueHeader({
  columns,
  sort,
  onSort,
  selection,
}: {
  columns: readonly string[];
  sort: ReviewQueueQuery['sort'];
  onSort: (sort: ReviewQueueQuery['sort']) => void;
  selection: { all: boolean; some: boolean; toggle: () => void } | null;
}) {
  return (
    <Table.Thead>
      <Table.Tr>
        {selection && (
          <Table.Th scope="col">
            <Checkbox
              size="xs"
              aria-label="Select every item on this page"
              checked={selection.all}
              indeterminate={!selection.all && selection.some}
              onChange={selection.toggle}
            />
          </Table.Th>
        )}
        {columns.map((h) =>
          h === 'Age' ? (
            <Table.Th key={h} scope="col" aria-sort={AGE_SORT[sort]}>
              <UnstyledButton fw={700} fz="sm" onClick={() => onSort(sort === 'oldest' ? 'newest' : 'oldest')}>
                Age {sort === 'oldest' ? '▼' : sort === 'newest' ? '▲' : ''}
                <span className="visually-hidden">, sort {sort === 'oldest' ? 'newest' : 'oldest'} first</span>
              </UnstyledButton>
            </Table.Th>
          ) : (
            <Table.Th key={h} scope="col">
              {h}
            </Table.Th>
          ),
        )}
      </Table.Tr>
    </Table.Thead>
  );
}

/** The queue with an item selected for the split view's pane. */
const paneAddress = (search: string, id: string) => {
  const params = new URLSearchParams(search);
  params.set('item', id);
  return `/review?${params}`;
};

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The partner every one of these items is for, or null (none, or several). */
function partnerOfAll(items: readonly { partnerCompanyId: number | null }[]): number | null {
  const partners = new Set(items.map((i) => i.partnerCompanyId));
  return partners.size === 1 ? ([...partners][0] ?? null) : null;
}
