import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Group, Loader, Modal, Pagination, Stack, Tabs, Text } from '@mantine/core';
import {
  ACTIVE_STATUS_FILTERS,
  ACTIVITY_TAB_LABELS,
  activityRedirect,
  activityTabsFor,
  activityTopTab,
  editMultiplePath,
  EMPTY_TAB_TEXT,
  isAnyAdmin,
  offersEditToComplete,
  offersPartnerFilter,
  type ActivityTab,
  listSearchText,
} from '@portal/domain';
import { gql, GraphQLRequestError } from '../../api/graphql.ts';
import { AppLink, AppNavigate } from '../../partner/AppLink.tsx';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { useSession } from '../../session/session-context.tsx';
import type { UserDetails } from '../../session/user.ts';
import { showBanner } from '../../ui/banner/banner-store.ts';
import { Page } from '../../ui/Page.tsx';
import { toast } from '../../ui/toast.ts';
import { submissionKeys } from '../submissions/submission-api.ts';
import { DeleteActivityDraftMutation, DeleteProductSubmissionMutation } from './activity-operations.ts';
import {
  activityPageQuery,
  pageCount,
  useActivityPage,
  type ActivityItem,
  type ActivityPage as ActivityPageData,
} from './activity-api.ts';
import { ActivityTable, rowLabel } from './ActivityTable.tsx';
import { AddNewButton } from '../drafts/AddNewButton.tsx';
import { PartnerSelect, usePartnerSearch } from './PartnerSelect.tsx';
import { ListSearchField } from '../search/ListSearchField.tsx';
import classes from './activity.module.css';
import { useAddressParams, type AddressChanges } from '../../ui/use-address-params.ts';

export const ACTIVITY_HEADING = 'My Products - Submission Activity';
export const ACTIVITY_TITLE = 'Submission Activity';
export const NO_SEARCH_MATCH = 'No submissions in this list match the search.';
export const DELETE_TITLE = 'Delete this submission?';
export const PHOTO_ISSUES_FILTER = 'Only items with photo issues';
export const DELETE_NOTE = "Catalogued data for the item won't be affected.";
export const ACTIVE_FILTER_LABELS: Partial<Record<ActivityTab, string>> = {
  all: 'All',
  pending: 'Pending Review',
  rejected: 'Rejected',
  accepted: 'Accepted',
};

/** How many pages ?focus= looks through for its row before giving up. */
const MAX_FOCUS_PAGES = 50;

/**
 * Users of a limited role keep the standard tabs even with SUBMISSION_LIST_VIEW. No such role exists yet:
 * administrators and suppliers alike get the list view.
 */
export const isLimitedUser = (_user: UserDetails | null) => false;

/** /activity and /activity/:tab. */
export function ActivityPage() {
  const { tab = '' } = useParams();
  const [search] = useSearchParams();
  const { flagsLoaded, hasFlag, user } = useSession();
  if (!flagsLoaded) {
    return (
      <Page heading={ACTIVITY_HEADING} title={ACTIVITY_TITLE}>
        <Loading />
      </Page>
    );
  }
  const listView = hasFlag('SUBMISSION_LIST_VIEW') && !isLimitedUser(user);
  const redirect = activityRedirect(tab, listView);
  if (redirect) {
    const query = search.toString();
    return <AppNavigate to={`/activity/${redirect}${query ? `?${query}` : ''}`} replace />;
  }
  return <ActivityView key={tab} tab={tab as ActivityTab} listView={listView} />;
}

function Loading() {
  return (
    <Group role="status" gap="sm">
      <Loader size="sm" aria-hidden />
      <Text>Loading submissions…</Text>
    </Group>
  );
}

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

function ActivityView({ tab, listView }: { tab: ActivityTab; listView: boolean }) {
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();
  const queryClient = useQueryClient();
  const { hasFlag, user } = useSession();
  const [search, setSearch] = useAddressParams();
  const topTab = activityTopTab(tab, listView) ?? tab;
  const tabs = activityTabsFor(listView);
  const withFlag = hasFlag('SUBMISSION_LIST_VIEW');
  const showPartnerFilter = withFlag && offersPartnerFilter(tab);
  const selectable = offersEditToComplete(topTab);

  const page = positiveInt(search.get('page')) ?? 1;
  const partner = showPartnerFilter ? positiveInt(search.get('partner')) : null;
  const focusId = search.get('focus');
  const partnerSearch = usePartnerSearch();

  // Staff can narrow the pending list to items whose photos failed a check (issue 20).
  const offersPhotoFilter = tab === 'pending' && !!user && isAnyAdmin(user);
  const photoIssues = offersPhotoFilter && search.get('photo') === 'issues';
  const q = listSearchText(search.get('q'));
  const list = useActivityPage(tab, page, { photoIssues, q });
  const data = list.data;
  const totalPages = data ? pageCount(data.total) : 1;

  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [toDelete, setToDelete] = useState<ActivityItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const listRegion = useRef<HTMLDivElement>(null);

  const setParams = (changes: AddressChanges, replace = false) => setSearch(changes, { replace });
  const setPage = (p: number, replace = false) => setParams({ page: p > 1 ? String(p) : null }, replace);

  // A page past the end (after deletions, or an old link) shows the last page instead.
  useEffect(() => {
    if (data && !list.isPlaceholderData && page > totalPages) setPage(totalPages, true);
  });

  useFocusedRowPage({ tab, page, focusId, data: list.isPlaceholderData ? undefined : data, setPage });

  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      if (toDelete.kind === 'Draft') await gql(DeleteActivityDraftMutation, { id: toDelete.id });
      else await gql(DeleteProductSubmissionMutation, { id: toDelete.id });
      select([toDelete.id], false);
      await queryClient.invalidateQueries({ queryKey: submissionKeys.all });
      if (toDelete.kind === 'Draft') queryClient.removeQueries({ queryKey: ['drafts', toDelete.id] });
      else queryClient.removeQueries({ queryKey: submissionKeys.detail(toDelete.id) });
      toast.success('The submission was deleted.');
      setToDelete(null);
      // The row and its button are gone: keyboard focus continues at the list.
      listRegion.current?.focus();
    } catch (error) {
      if (error instanceof GraphQLRequestError) showBanner(error.message, 'error');
      setToDelete(null);
    } finally {
      setDeleting(false);
    }
  };

  const label = ACTIVITY_TAB_LABELS[tab];
  const caption = `${label} submissions${data && data.total > 0 ? `, page ${page} of ${totalPages}` : ''}`;
  const emptyText = q
    ? NO_SEARCH_MATCH
    : photoIssues
      ? 'No items waiting for review have photo issues.'
      : EMPTY_TAB_TEXT[tab];

  return (
    <Page heading={ACTIVITY_HEADING} title={ACTIVITY_TITLE}>
      <Group justify="flex-end" align="flex-start" gap="sm">
        {selectable && (
          <Button
            variant="outline"
            disabled={selected.size === 0}
            onClick={() => void navigate(partnerPath(editMultiplePath([...selected])))}
          >
            Edit to complete
          </Button>
        )}
        <AddNewButton />
      </Group>

      <Tabs
        value={topTab}
        onChange={(value) => {
          if (value && value !== topTab) void navigate(partnerPath(`/activity/${value}`));
        }}
      >
        <Tabs.List aria-label="Submission lists">
          {tabs.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {ACTIVITY_TAB_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>

        <Tabs.Panel value={topTab} className={classes.panel}>
          <Stack gap="md" ref={listRegion} tabIndex={-1} style={{ outline: 'none' }}>
            {
              <Group justify="space-between" align="flex-end" gap="md" wrap="wrap" role="search">
                <Group align="flex-end" gap="lg">
                  <ListSearchField
                    value={q ?? undefined}
                    onChange={(text) => setParams({ q: text ?? null, page: null })}
                  />
                  {listView && topTab === 'all' && <ActiveFilter current={tab} />}
                  {offersPhotoFilter && (
                    <Checkbox
                      label={PHOTO_ISSUES_FILTER}
                      checked={photoIssues}
                      onChange={(event) =>
                        setParams({ photo: event.currentTarget.checked ? 'issues' : null, page: null })
                      }
                    />
                  )}
                </Group>
                {showPartnerFilter && (
                  <PartnerSelect
                    value={partner}
                    onChange={(id) => setParams({ partner: id === null ? null : String(id) })}
                    search={partnerSearch}
                  />
                )}
              </Group>
            }

            {list.isPending ? (
              <Loading />
            ) : list.isError && !data ? (
              <Alert color="red" title="Submissions not available">
                We couldn&apos;t load the submissions. Please try again later.
              </Alert>
            ) : data && data.items.length > 0 ? (
              <>
                <Text size="sm" c="dimmed" aria-live="polite">
                  {data.total === 1 ? '1 submission' : `${data.total} submissions`}
                  {selectable && selected.size > 0 ? `, ${selected.size} selected` : ''}
                </Text>
                <ActivityTable
                  caption={caption}
                  items={data.items}
                  selectable={selectable}
                  selected={selected}
                  onSelect={select}
                  showPartnerStatus={withFlag}
                  statusPartnerId={partner}
                  focusedId={focusId}
                  onDelete={setToDelete}
                  listSearch={search}
                />
                {totalPages > 1 && (
                  <Group justify="center" component="nav" aria-label="Pages of the list">
                    <Pagination
                      total={totalPages}
                      value={Math.min(page, totalPages)}
                      onChange={(p) => setPage(p)}
                      getItemProps={(p) => ({
                        'aria-label': `Page ${p}`,
                        'aria-current': p === page ? 'page' : undefined,
                      })}
                      getControlProps={(control) => ({
                        'aria-label': {
                          first: 'First page',
                          previous: 'Previous page',
                          next: 'Next page',
                          last: 'Last page',
                        }[control],
                      })}
                    />
                  </Group>
                )}
              </>
            ) : (
              <Text py="lg">{emptyText}</Text>
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>

      <Modal opened={toDelete !== null} onClose={() => !deleting && setToDelete(null)} title={DELETE_TITLE} centered>
        <Stack gap="md">
          {toDelete && (
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {rowLabel(toDelete)}
            </Text>
          )}
          <Text>{DELETE_NOTE}</Text>
          <Group justify="flex-end" align="flex-start" gap="sm">
            <Button variant="default" onClick={() => setToDelete(null)} disabled={deleting}>
              Cancel
            </Button>
            <Button color="red.9" onClick={confirmDelete} loading={deleting} data-autofocus>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Page>
  );
}

/** In the list view, Active narrows down by status through the standard routes. */
function ActiveFilter({ current }: { current: ActivityTab }) {
  return (
    <Group component="nav" aria-label="Filter active submissions by status" gap={6}>
      {ACTIVE_STATUS_FILTERS.map((t) => (
        <Button
          key={t}
          component={AppLink}
          to={`/activity/${t}`}
          size="xs"
          radius="xl"
          variant={t === current ? 'filled' : 'default'}
          aria-current={t === current ? 'page' : undefined}
        >
          {ACTIVE_FILTER_LABELS[t]}
        </Button>
      ))}
    </Group>
  );
}

/**
 * ?focus={id}: the row's page is shown. When the row is not on the page asked for, the tab's pages are fetched one
 * by one (through the same cache the list uses) until it turns up; then that page is shown. Not found: nothing moves.
 */
function useFocusedRowPage({
  tab,
  page,
  focusId,
  data,
  setPage,
}: {
  tab: ActivityTab;
  page: number;
  focusId: string | null;
  data: ActivityPageData | undefined;
  setPage: (page: number, replace?: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const looked = useRef<string | null>(null);
  const setPageRef = useRef(setPage);
  setPageRef.current = setPage;

  useEffect(() => {
    if (!focusId || !data || looked.current === focusId) return;
    looked.current = focusId;
    if (data.items.some((i) => i.id === focusId)) return;
    let cancelled = false;
    let finished = false;
    void (async () => {
      const pages = Math.min(pageCount(data.total), MAX_FOCUS_PAGES);
      for (let p = 1; p <= pages && !cancelled; p++) {
        if (p === page) continue;
        const result = await queryClient.fetchQuery(activityPageQuery(tab, p));
        if (cancelled) return;
        if (result.items.some((i) => i.id === focusId)) {
          setPageRef.current(p, true);
          break;
        }
      }
      finished = true;
    })().catch(() => {
      // A failed look-up leaves the page as it is; the failure was already reported.
      finished = true;
    });
    return () => {
      cancelled = true;
      // Interrupted (the list changed meanwhile): look again with the new list.
      if (!finished) looked.current = null;
    };
  }, [focusId, data, tab, page, queryClient]);
}
