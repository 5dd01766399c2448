import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ACTIVITY_PAGE_SIZE, NO_UPC_PROVIDED, UNNAMED, type ActivityTab } from '@portal/domain';
import { gql } from '../../api/graphql.ts';
import type { ActivityPageQuery as ActivityPageResult } from '../../api/gql/graphql.ts';
import { submissionKeys } from '../submissions/submission-api.ts';
import { ActivityPageQuery } from './activity-operations.ts';

export type ActivityPage = ActivityPageResult['getProductSubmissionsByStatuses'];
/** A row of the list; partnerStatusLabel is the server's stored summary (domain partnerStatusLabel). */
export type ActivityItem = ActivityPage['items'][number];

export const fetchActivityPage = async (tab: ActivityTab, page: number, partnerCompanyId: number | null) =>
  (await gql(ActivityPageQuery, { tab, page, pageSize: ACTIVITY_PAGE_SIZE, partnerCompanyId })).getProductSubmissionsByStatuses;

export const activityPageQuery = (tab: ActivityTab, page: number, partnerCompanyId: number | null) => ({
  queryKey: submissionKeys.activityPage(tab, page, partnerCompanyId),
  queryFn: () => fetchActivityPage(tab, page, partnerCompanyId),
});

/** One page of a tab, newest first; the previous page stays on screen while the next one loads. */
export function useActivityPage(tab: ActivityTab, page: number, partnerCompanyId: number | null) {
  return useQuery({ ...activityPageQuery(tab, page, partnerCompanyId), placeholderData: keepPreviousData });
}

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));

/** 'No UPC Provided' for a draft without one. */
export const upcText = (item: Pick<ActivityItem, 'upc'>) => item.upc || NO_UPC_PROVIDED;
/** 'Unnamed' when the name is missing. */
export const nameText = (item: Pick<ActivityItem, 'productName'>) => item.productName?.trim() || UNNAMED;
