import { useQuery } from '@tanstack/react-query';
import type { ReviewItemComparison } from '@portal/domain';
import { apiFetch } from '../../api/api-fetch.ts';

export const compareKey = (id: string) => ['review', 'compare', id] as const;

export const fetchItemComparison = (id: string) =>
  apiFetch<ReviewItemComparison>(`/review/items/${id}/compare`, { notify: false });

/** The item beside the catalogued product of its UPC and, resubmitted, beside the version rejected. */
export function useItemComparison(id: string) {
  return useQuery({ queryKey: compareKey(id), queryFn: () => fetchItemComparison(id) });
}
