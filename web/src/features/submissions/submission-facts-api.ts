import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CarriedFactSources, FactField, FactReading, ProductFacts } from '@portal/domain';
import { apiFetch } from '../../api/api-fetch.ts';
import type { FileFacts } from '../drafts/facts/draft-facts-api.ts';
import { pollInterval } from '../../api/polling.ts';
import { submissionKeys } from './submission-api.ts';

/** GET and PUT /api/productSubmissions/{id}/facts...: the facts, and what the photos added to it offer. */
export interface SubmissionFactsView {
  fileName: string | null;
  imageUrl: string | null;
  facts: ProductFacts | null;
  factSources: CarriedFactSources;
  factReadingStatus: 'none' | 'pending' | 'done' | 'failed';
  factSuggestions: FactReading[];
  canDecide: boolean;
}

export const submissionFactsKey = (id: string) => ['submissionFacts', id] as const;
const path = (id: string) => `/productSubmissions/${encodeURIComponent(id)}/facts`;

/** The submission's facts with its suggestions, asked for again every 1.5 s while an added photo is being read. */
export function useSubmissionFacts(id: string) {
  return useQuery({
    queryKey: submissionFactsKey(id),
    queryFn: () => apiFetch<SubmissionFactsView>(path(id), { notify: false }),
    refetchInterval: (query) =>
      pollInterval(query.state.data?.factReadingStatus === 'pending', query.state.dataUpdateCount),
  });
}

/** The view as the facts editor of Enter UPC(s) reads a file: the photo whose readings are offered. */
export const fileFactsOf = (view: SubmissionFactsView): FileFacts | null =>
  view.fileName && view.imageUrl
    ? {
        fileName: view.fileName,
        imageUrl: view.imageUrl,
        facts: view.facts,
        factSources: view.factSources,
        factReadingStatus: view.factReadingStatus,
        factSuggestions: view.factSuggestions,
      }
    : null;

/**
 * PUT /api/productSubmissions/{id}/facts/{fileName}: the facts as they now stand, and the readings dismissed. The
 * detail's facts table asks again, to show them.
 */
export async function saveSubmissionFacts(
  queryClient: QueryClient,
  id: string,
  fileName: string,
  change: { facts: ProductFacts | null; dismiss: FactField[] },
): Promise<SubmissionFactsView> {
  const view = await apiFetch<SubmissionFactsView>(`${path(id)}/${encodeURIComponent(fileName)}`, {
    method: 'PUT',
    json: change,
  });
  queryClient.setQueryData(submissionFactsKey(id), view);
  void queryClient.invalidateQueries({ queryKey: submissionKeys.detail(id) });
  return view;
}
