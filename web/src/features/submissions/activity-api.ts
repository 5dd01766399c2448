import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { ACTIVITY_PAGE_SIZE, UNNAMED, upcsText, type ActivityTab } from '@portal/domain';
import type { NotifyOption } from '../../api/api-fetch.ts';
import { gql, GraphQLRequestError } from '../../api/graphql.ts';
import type { ActivityPageQuery as ActivityPageResult } from '../../api/gql/graphql.ts';
import { submissionKeys } from '../submissions/submission-api.ts';
import { ActivityPageQuery } from './activity-operations.ts';

export type ActivityPage = ActivityPageResult['getProductSubmissionsByStatuses'];
/** A row of the list; partnerStatusLabel is the server's stored summary (domain partnerStatusLabel). */
export type ActivityItem = ActivityPage['items'][number];

// Every partner's submissions: the partner drop-down chooses whose status the column shows, it does not filter.
// photoIssues: only items with a file that failed a photo check (staff's filter of the pending list, issue 20).
// q: the search box's search as a filter (a name or brand, typos forgiven, or a UPC in any form).
// boundary: a neighbouring page's first or last row, from which the server reads this page by keyset.
export interface ActivityFilters {
  photoIssues?: boolean;
  q?: string | null;
}
const filtered = (f: ActivityFilters) => !!f.photoIssues || !!f.q;

export const fetchActivityPage = async (
  tab: ActivityTab,
  page: number,
  { photoIssues = false, q = null }: ActivityFilters = {},
  boundary?: string,
  options?: { notify?: NotifyOption },
) =>
  (
    await gql(
      ActivityPageQuery,
      {
        tab,
        page,
        pageSize: ACTIVITY_PAGE_SIZE,
        ...(photoIssues && { photoIssues }),
        ...(q && { q }),
        ...(boundary && { boundary }),
      },
      options,
    )
  ).getProductSubmissionsByStatuses;

const activityPageKey = (tab: ActivityTab, page: number, f: ActivityFilters) =>
  filtered(f)
    ? [...submissionKeys.activityPage(tab, page), { photoIssues: !!f.photoIssues, q: f.q ?? null }]
    : submissionKeys.activityPage(tab, page);

/** The boundary of the page before or after, when it is on hand: next and previous then cost what page 1 costs. */
function neighbourBoundary(client: QueryClient, tab: ActivityTab, page: number, f: ActivityFilters) {
  const cached = (p: number) => client.getQueryData<ActivityPage>(activityPageKey(tab, p, f));
  return cached(page - 1)?.endCursor ?? cached(page + 1)?.startCursor ?? undefined;
}

/**
 * The first page's list, asked for by its route as the app starts (router.tsx), while the page's code is still on its
 * way: on a slow connection the answer is then there when the page renders, instead of a round trip later. It is
 * taken once, by the page's first query for that tab and page, and only while fresh. It is made before the session
 * is known: a 401 says nothing (a stale cookie's visitor is sent to log in by the session read); the page's query
 * reads again if it failed.
 */
let early: { tab: ActivityTab; page: number; at: number; result: Promise<ActivityPage> } | null = null;
const EARLY_READ_FRESH_MS = 10_000;

export function startActivityPageRead(tab: ActivityTab, page: number) {
  const result = fetchActivityPage(tab, page, {}, undefined, { notify: { 401: null } });
  result.catch(() => {}); // the query that takes it reads again
  early = { tab, page, at: Date.now(), result };
}

function takeEarlyRead(tab: ActivityTab, page: number) {
  const read = early;
  early = null;
  if (!read || read.tab !== tab || read.page !== page || Date.now() - read.at > EARLY_READ_FRESH_MS) return null;
  return read.result;
}

/** A page read from its neighbour's boundary; one the server no longer takes is read from the nearer end. */
async function readPage(client: QueryClient, tab: ActivityTab, page: number, f: ActivityFilters) {
  const boundary = neighbourBoundary(client, tab, page, f);
  try {
    return await fetchActivityPage(tab, page, f, boundary);
  } catch (err) {
    // A boundary the server no longer takes (another version, another page size): the page from the nearer end.
    if (boundary && err instanceof GraphQLRequestError && err.code === 'INVALID_CURSOR')
      return fetchActivityPage(tab, page, f);
    throw err;
  }
}

export const activityPageQuery = (tab: ActivityTab, page: number, f: ActivityFilters = {}) => ({
  queryKey: activityPageKey(tab, page, f),
  queryFn: ({ client }: { client: QueryClient }) =>
    (!filtered(f) && takeEarlyRead(tab, page)?.catch(() => readPage(client, tab, page, f))) ||
    readPage(client, tab, page, f),
});

/** One page of a tab, newest first; the previous page stays on screen while the next one loads. */
export function useActivityPage(tab: ActivityTab, page: number, f: ActivityFilters = {}) {
  return useQuery({ ...activityPageQuery(tab, page, f), placeholderData: keepPreviousData });
}

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));

/** The row's UPCs ('a, b + 2 more' for a draft of several products); 'No UPC Provided' for a draft without one. */
export const upcText = (item: Pick<ActivityItem, 'upc' | 'upcs'>) =>
  upcsText(item.upcs.length ? item.upcs : item.upc ? [item.upc] : []);
/** 'Unnamed' when the name is missing. */
export const nameText = (item: Pick<ActivityItem, 'productName'>) => item.productName?.trim() || UNNAMED;
