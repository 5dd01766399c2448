import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ACTIVITY_PAGE_SIZE, UNNAMED, upcsText, type ActivityTab } from '@portal/domain';
import { gql } from '../../api/graphql.ts';
import type { ActivityPageQuery as ActivityPageResult } from '../../api/gql/graphql.ts';
import { submissionKeys } from '../submissions/submission-api.ts';
import { ActivityPageQuery } from './activity-operations.ts';

export type ActivityPage = ActivityPageResult['getProductSubmissionsByStatuses'];
/** A row of the list; partnerStatusLabel is the server's stored summary (domain partnerStatusLabel). */
export type ActivityItem = ActivityPage['items'][number];

// Every partner's submissions: the partner drop-down chooses whose status the column shows, it does not filter.
// photoIssues: only items with a file that failed a photo check (staff's filter of the pending list, issue 20).
export const fetchActivityPage = async (tab: ActivityTab, page: number, photoIssues = false) =>
  (await gql(ActivityPageQuery, { tab, page, pageSize: ACTIVITY_PAGE_SIZE, ...(photoIssues && { photoIssues }) }))
    .getProductSubmissionsByStatuses;

export const activityPageQuery = (tab: ActivityTab, page: number, photoIssues = false) => ({
  queryKey: photoIssues
    ? [...submissionKeys.activityPage(tab, page), 'photo-issues']
    : submissionKeys.activityPage(tab, page),
  queryFn: () => fetchActivityPage(tab, page, photoIssues),
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
