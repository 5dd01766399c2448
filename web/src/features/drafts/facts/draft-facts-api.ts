import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { FactField, FactReading, FactSources, ProductFacts } from '@portal/domain';
import { apiFetch } from '../../../api/api-fetch.ts';
import { pollInterval } from '../../../api/polling.ts';

/** A draft file's product facts as the REST draft answers them (GET and PUT /api/draftSubmissions/...). */
export interface FileFacts {
  fileName: string;
  imageUrl: string;
  facts: ProductFacts | null;
  factSources: FactSources;
  /** pending while the photo is still being read (or waits in the text queue), then done or failed. */
  factReadingStatus: string;
  /** Readings still to decide: not dismissed, for fields the facts leave empty. */
  factSuggestions: FactReading[];
}
interface DraftView {
  files: FileFacts[];
}

// Not under the draft query's key: cancelling that query (a push laid over it) must not cancel this one.
export const draftFactsKey = (id: string) => ['draftFacts', id] as const;

const factsOf = (f: FileFacts): FileFacts => ({
  fileName: f.fileName,
  imageUrl: f.imageUrl,
  facts: f.facts,
  factSources: f.factSources,
  factReadingStatus: f.factReadingStatus,
  factSuggestions: f.factSuggestions,
});

export const fetchDraftFacts = async (id: string): Promise<FileFacts[]> =>
  (await apiFetch<DraftView>(`/draftSubmissions/${encodeURIComponent(id)}`, { notify: false })).files.map(factsOf);

/**
 * Each file's facts, asked for again while a photo is still being read: every 1.5 s, every 15 s only while the
 * draft's event stream pushes each reading (mergePushedFacts). The file names are in the key, so an added or removed
 * file asks again.
 */
export function useDraftFacts(id: string, fileNames: readonly string[], live: boolean) {
  return useQuery({
    queryKey: [...draftFactsKey(id), fileNames.join('\n')],
    queryFn: () => fetchDraftFacts(id),
    refetchInterval: (query) =>
      pollInterval(
        !!query.state.data?.some((f) => f.factReadingStatus === 'pending'),
        query.state.dataUpdateCount,
        live,
      ),
  });
}

/** A file the event stream pushed (the REST draft's file), laid over the facts held for the draft. */
export function mergePushedFacts(queryClient: QueryClient, id: string, pushed: Record<string, unknown>) {
  if (!('factSuggestions' in pushed)) return;
  const file = factsOf(pushed as unknown as FileFacts);
  queryClient.setQueriesData<FileFacts[]>({ queryKey: draftFactsKey(id) }, (files) =>
    files?.map((f) => (f.fileName === file.fileName ? file : f)),
  );
}

/** PUT /api/draftSubmissions/{id}/facts/{fileName}: the facts as they now stand, and the readings dismissed. */
export async function saveFileFacts(
  queryClient: QueryClient,
  id: string,
  fileName: string,
  change: { facts: ProductFacts | null; dismiss: FactField[] },
): Promise<FileFacts> {
  const path = `/draftSubmissions/${encodeURIComponent(id)}/facts/${encodeURIComponent(fileName)}`;
  const draft = await apiFetch<DraftView>(path, { method: 'PUT', json: change });
  const files = draft.files.map(factsOf);
  queryClient.setQueriesData<FileFacts[]>({ queryKey: draftFactsKey(id) }, (held) =>
    held?.map((f) => files.find((g) => g.fileName === f.fileName) ?? f),
  );
  return files.find((f) => f.fileName === fileName)!;
}
