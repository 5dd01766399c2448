import { useQuery } from '@tanstack/react-query';
import type { ReviewSavedView, ReviewSavedViewBody, ReviewSavedViews } from '@portal/domain';
import { apiFetch } from '../../api/api-fetch.ts';

/** Under the review keys: a decision or an assignment (which invalidate them all) brings fresh counts. */
export const savedViewKeys = { all: ['review', 'views'] as const };

export function useSavedViews() {
  return useQuery({
    queryKey: savedViewKeys.all,
    queryFn: async () => (await apiFetch<ReviewSavedViews>('/review/views')).views,
  });
}

// The dialog says a refused name itself (409), beside the field.
export const saveView = (body: ReviewSavedViewBody) =>
  apiFetch<ReviewSavedView>('/review/views', { method: 'POST', json: body, notify: { 409: null } });
export const renameView = (id: number, name: string) =>
  apiFetch<ReviewSavedView>(`/review/views/${id}`, { method: 'PATCH', json: { name }, notify: { 409: null } });
export const deleteView = (id: number) => apiFetch<null>(`/review/views/${id}`, { method: 'DELETE' });
