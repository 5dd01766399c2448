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
export const fetchActivityPage = async (tab: ActivityTab, page: number) =>
  (await gql(ActivityPageQuery, { tab, page, pageSize: ACTIVITY_PAGE_SIZE })).getProductSubmissionsByStatuses;

export const activityPageQuery = (tab: ActivityTab, page: number) => ({
  queryKey: submissionKeys.activityPage(tab, page),
  queryFn: () => fetchActivityPage(tab, page),
});

/** One page of a tab, newest first; the previous page stays on screen while the next one loads. */
export function useActivityPage(tab: ActivityTab, page: number) {
  return useQuery({ ...activityPageQuery(tab, page), placeholderData: keepPreviousData });
}

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));

/** The row's UPCs ('a, b + 2 more' for a draft of several products); 'No UPC Provided' for a draft without one. */
export const upcText = (item: Pick<ActivityItem, 'upc' | 'upcs'>) => upcsText(item.upcs.length ? item.upcs : item.upc ? [item.upc] : []);
/** 'Unnamed' when the name is missing. */
export const nameText = (item: Pick<ActivityItem, 'productName'>) => item.productName?.trim() || UNNAMED;
