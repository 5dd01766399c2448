import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ACTIVITY_PAGE_SIZE, UNNAMED, upcsText, type ActivityTab } from '@portal/domain';
import type { NotifyOption } from '../../api/api-fetch.ts';
import { gql } from '../../api/graphql.ts';
import type { ActivityPageQuery as ActivityPageResult } from '../../api/gql/graphql.ts';
import { submissionKeys } from '../submissions/submission-api.ts';
import { ActivityPageQuery } from './activity-operations.ts';

export type ActivityPage = ActivityPageResult['getProductSubmissionsByStatuses'];
/** A row of the list; partnerStatusLabel is the server's stored summary (domain partnerStatusLabel). */
export type ActivityItem = ActivityPage['items'][number];

// Every partner's submissions: the partner drop-down chooses whose status the column shows, it does not filter.
// photoIssues: only items with a file that failed a photo check (staff's filter of the pending list, issue 20).
export const fetchActivityPage = async (
  tab: ActivityTab,
  page: number,
  photoIssues = false,
  options?: { notify?: NotifyOption },
) =>
  (
    await gql(
      ActivityPageQuery,
      { tab, page, pageSize: ACTIVITY_PAGE_SIZE, ...(photoIssues && { photoIssues }) },
      options,
    )
  ).getProductSubmissionsByStatuses;

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
  const result = fetchActivityPage(tab, page, false, { notify: { 401: null } });
  result.catch(() => {}); // the query that takes it reads again
  early = { tab, page, at: Date.now(), result };
}

function takeEarlyRead(tab: ActivityTab, page: number) {
  const read = early;
  early = null;
  if (!read || read.tab !== tab || read.page !== page || Date.now() - read.at > EARLY_READ_FRESH_MS) return null;
  return read.result;
}

export const activityPageQuery = (tab: ActivityTab, page: number, photoIssues = false) => ({
  queryKey: photoIssues
    ? [...submissionKeys.activityPage(tab, page), 'photo-issues']
    : submissionKeys.activityPage(tab, page),
  queryFn: () =>
    (!photoIssues && takeEarlyRead(tab, page)?.catch(() => fetchActivityPage(tab, page))) ||
    fetchActivityPage(tab, page, photoIssues),
});

/** One page of a tab, newest first; the previous page stays on screen while the next one loads. */
export function useActivityPage(tab: ActivityTab, page: number, photoIssues = false) {
  return useQuery({ ...activityPageQuery(tab, page, photoIssues), placeholderData: keepPreviousData });
}

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));

/** The row's UPCs ('a, b + 2 more' for a draft of several products); 'No UPC Provided' for a draft without one. */
export const upcText = (item: Pick<ActivityItem, 'upc' | 'upcs'>) =>
  upcsText(item.upcs.length ? item.upcs : item.upc ? [item.upc] : []);
/** 'Unnamed' when the name is missing. */
export const nameText = (item: Pick<ActivityItem, 'productName'>) => item.productName?.trim() || UNNAMED;
