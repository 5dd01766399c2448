import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  reviewQueueSearch,
  type ReviewClaim,
  type ReviewCompanySearchAnswer,
  type ReviewCommentInput,
  type ReviewDecisionResult,
  type ReviewItemContext,
  type ReviewQueueFilters,
  type ReviewQueueOptions,
  type ReviewQueuePage,
  type ReviewQueueQuery,
  type ReviewStockReason,
  type ReviewUndoResult,
  type ReviewAssignBody,
  type ReviewAssignResult,
  type ReviewReviewer,
  type ReviewApprovalBody,
  type ReviewApprovalResult,
  type ReasonCodeReport,
} from '@portal/domain';
import { apiFetch, SERVER_MESSAGE } from '../../api/api-fetch.ts';
import { fetchSubmission, submissionKeys } from '../submissions/submission-api.ts';
import { compareKey, fetchItemComparison } from './review-compare-api.ts';

/** The filters of a query, without its page: what an item's neighbours (J, K) are computed in. */
export const filtersOnly = (q: ReviewQueueQuery): ReviewQueueFilters => {
  const { page: _page, size: _size, ...filters } = q;
  return filters;
};

export const reviewKeys = {
  all: ['review'] as const,
  queue: (q: ReviewQueueQuery) => ['review', 'queue', reviewQueueSearch(q)] as const,
  options: ['review', 'options'] as const,
  item: (id: string, filters: ReviewQueueFilters) => ['review', 'item', id, reviewQueueSearch(filters)] as const,
  reasons: (partner: number | null) => ['review', 'reasons', partner] as const,
  companies: (q: string) => ['review', 'companies', q] as const,
  reviewers: ['review', 'reviewers'] as const,
  company: (id: number | undefined) => ['review', 'company', id] as const,
};

/** Supplier companies by name (the queue's company filter), or one by id. */
export const searchCompanies = (q: { q?: string; id?: number }) =>
  apiFetch<ReviewCompanySearchAnswer>(
    `/review/companies?${new URLSearchParams(q.id !== undefined ? { id: String(q.id) } : { q: q.q ?? '' })}`,
  );

export const fetchQueuePage = (q: ReviewQueueQuery) =>
  apiFetch<ReviewQueuePage>(`/review/queue?${reviewQueueSearch(q)}`);

export const fetchItemContext = (id: string, filters: ReviewQueueFilters) =>
  apiFetch<ReviewItemContext>(`/review/items/${id}?${reviewQueueSearch(filters)}`);

export function useQueueOptions() {
  return useQuery({
    queryKey: reviewKeys.options,
    queryFn: () => apiFetch<ReviewQueueOptions>('/review/options'),
    staleTime: 5 * 60_000,
  });
}

/** The reviewers items can be assigned to (the assignee filter and the Assign menu). */
export function useReviewers() {
  return useQuery({
    queryKey: reviewKeys.reviewers,
    queryFn: async () => (await apiFetch<{ reviewers: ReviewReviewer[] }>('/review/reviewers')).reviewers,
    staleTime: 60_000,
  });
}

/** 409: no reviewer to share the items among, said in the server's words. */
export const assignItems = (ids: string[], to: ReviewAssignBody['to']) =>
  apiFetch<ReviewAssignResult>('/review/assignments', {
    method: 'POST',
    json: { ids, to },
    notify: { 409: SERVER_MESSAGE },
  });

/** An item's detail, its review context and its comparison read ahead, so that J or a decision shows it at once. */
export function prefetchItem(queryClient: QueryClient, id: string, filters: ReviewQueueFilters) {
  void queryClient.prefetchQuery({ queryKey: submissionKeys.detail(id), queryFn: () => fetchSubmission(id) });
  void queryClient.prefetchQuery({
    queryKey: reviewKeys.item(id, filters),
    queryFn: () => fetchItemContext(id, filters),
  });
  void queryClient.prefetchQuery({ queryKey: compareKey(id), queryFn: () => fetchItemComparison(id) });
}

export const claimItem = (id: string) =>
  apiFetch<ReviewClaim>(`/review/claims/${id}`, { method: 'PUT', notify: false });
export const releaseItem = (id: string) => apiFetch<null>(`/review/claims/${id}`, { method: 'DELETE', notify: false });

export const decide = (
  ids: string[],
  decision: 'accept' | 'reject',
  reason?: string,
  comments?: readonly ReviewCommentInput[],
  /** The picked stock reason's code (a rejection), stored with it for reporting. */
  reasonCode?: string | null,
) =>
  apiFetch<ReviewDecisionResult>('/review/decisions', {
    method: 'POST',
    json: {
      ids,
      decision,
      ...(reason !== undefined && { reason }),
      ...(comments?.length && { comments }),
      ...(decision === 'reject' && reasonCode && { reasonCode }),
    },
  });

/** The second reviewer's answer to a decision waiting for approval: approve it, or send it back. */
export const answerApproval = (id: string, action: ReviewApprovalBody['action']) =>
  apiFetch<ReviewApprovalResult>(`/review/approvals/${id}`, {
    method: 'POST',
    json: { action },
    // Another reviewer answered first, or it was withdrawn: said in the server's words.
    notify: { 409: SERVER_MESSAGE },
  });

/** Rejections and comments per reason code per partner over days (UTC). */
export const fetchReasonCodeReport = (q: { from: string; to: string; partner?: number }) =>
  apiFetch<ReasonCodeReport>(
    `/review/reports/reason-codes?${new URLSearchParams({
      from: q.from,
      to: q.to,
      ...(q.partner !== undefined && { partner: String(q.partner) }),
    })}`,
  );

/** The answers of a refused undo (409: too late, changed since, not yours; 404): the toast says the server's reason. */
export const UNDO_REFUSALS = { 409: null, 404: null } as const;

/** Undoes decisions just made (their keys came with the decision's answer); a refusal is thrown, not reported. */
export const undoDecisions = (decisions: readonly { id: string; key: string }[]) =>
  apiFetch<ReviewUndoResult>('/review/decisions/undo', { method: 'POST', json: { decisions }, notify: UNDO_REFUSALS });

export const fetchStockReasons = (partner: number | null) =>
  apiFetch<ReviewStockReason[]>(`/review/stock-reasons${partner ? `?partner=${partner}` : ''}`);
/** The partner's stock reasons and those for every partner (the reject dialog's list, the comments' reason codes). */
export const useStockReasons = (partner: number | null) =>
  useQuery({
    queryKey: reviewKeys.reasons(partner),
    queryFn: () => fetchStockReasons(partner),
    staleTime: 60_000,
  });
export const addStockReason = (partnerCompanyId: number | null, text: string, code?: string | null) =>
  apiFetch<ReviewStockReason>('/review/stock-reasons', {
    method: 'POST',
    json: { partnerCompanyId, text, ...(code && { code }) },
    // Too many stock reasons, or this one twice: said in the server's words.
    notify: { 409: SERVER_MESSAGE },
  });
export const deleteStockReason = (id: number) => apiFetch<null>(`/review/stock-reasons/${id}`, { method: 'DELETE' });

/** After decisions: every queue page and item context asks again; the decided items' details too. */
export function decided(queryClient: QueryClient, ids: readonly string[]) {
  void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
  for (const id of ids) void queryClient.invalidateQueries({ queryKey: submissionKeys.detail(id) });
  void queryClient.invalidateQueries({ queryKey: submissionKeys.activity() });
}

const AUTO_ADVANCE_KEY = 'review.autoAdvance';
/** The reviewer's setting: after a decision the next item opens (on unless switched off, in this browser). */
export const autoAdvance = {
  get: () => {
    try {
      return localStorage.getItem(AUTO_ADVANCE_KEY) !== 'off';
    } catch {
      return true;
    }
  },
  set: (on: boolean) => {
    try {
      localStorage.setItem(AUTO_ADVANCE_KEY, on ? 'on' : 'off');
    } catch {
      // Private mode without storage: the setting lasts this page only.
    }
  },
};
