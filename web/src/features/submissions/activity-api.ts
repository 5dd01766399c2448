import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { ACTIVITY_PAGE_SIZE, UNNAMED, upcsText, type ActivityTab } from '@portal/domain';
import { gql, GraphQLRequestError } from '../../api/graphql.ts';
import type { ActivityPageQuery as ActivityPageResult } from '../../api/gql/graphql.ts';
import { submissionKeys } from '../submissions/submission-api.ts';
import { ActivityPageQuery } from './activity-operations.ts';

export type ActivityPage = ActivityPageResult['getProductSubmissionsByStatuses'];
/** A row of the list; partnerStatusLabel is the server's stored summary (domain partnerStatusLabel). */
export type ActivityItem = ActivityPage['items'][number];

// Every partner's submissions: the partner drop-down chooses whose status the column shows, it does not filter.
// photoIssues: only items with a file that failed a photo check (staff's filter of the pending list, issue 20).
// boundary: a neighbouring page's first or last row, from which the server reads this page by keyset.
export const fetchActivityPage = async (tab: ActivityTab, page: number, photoIssues = false, boundary?: string) =>
  (
    await gql(ActivityPageQuery, {
      tab,
      page,
      pageSize: ACTIVITY_PAGE_SIZE,
      ...(photoIssues && { photoIssues }),
      ...(boundary && { boundary }),
    })
  ).getProductSubmissionsByStatuses;

const activityPageKey = (tab: ActivityTab, page: number, photoIssues: boolean) =>
  photoIssues ? [...submissionKeys.activityPage(tab, page), 'photo-issues'] : submissionKeys.activityPage(tab, page);

/** The boundary of the page before or after, when it is on hand: next and previous then cost what page 1 costs. */
function neighbourBoundary(client: QueryClient, tab: ActivityTab, page: number, photoIssues: boolean) {
  const cached = (p: number) => client.getQueryData<ActivityPage>(activityPageKey(tab, p, photoIssues));
  return cached(page - 1)?.endCursor ?? cached(page + 1)?.startCursor ?? undefined;
}

export const activityPageQuery = (tab: ActivityTab, page: number, photoIssues = false) => ({
  queryKey: activityPageKey(tab, page, photoIssues),
  queryFn: async ({ client }: { client: QueryClient }) => {
    const boundary = neighbourBoundary(client, tab, page, photoIssues);
    try {
      return await fetchActivityPage(tab, page, photoIssues, boundary);
    } catch (err) {
      // A boundary the server no longer takes (another version, another page size): the page from the nearer end.
      if (boundary && err instanceof GraphQLRequestError && err.code === 'INVALID_CURSOR')
        return fetchActivityPage(tab, page, photoIssues);
      throw err;
    }
  },
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
