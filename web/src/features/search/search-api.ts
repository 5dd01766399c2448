import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { displayUpc, isItemStatus, statusDisplayName, titleCase } from '@portal/domain';
import type { SearchHitFieldsFragment, SearchQuery as SearchResult } from '../../api/gql/graphql.ts';
import { gql } from '../../api/graphql.ts';
import { SearchQuery } from './search-operations.ts';

export type SearchHit = SearchHitFieldsFragment;

/** Typing settles this long before the box asks the server: a typeahead, so much shorter than a list filter's wait. */
export const SEARCH_BOX_DEBOUNCE_MS = 250;
/** Fewer characters than this find too much to be worth showing. */
export const SEARCH_BOX_MIN_LENGTH = 2;

/** The groups of the results, in the order shown, each with its heading. */
export const SEARCH_GROUPS = [
  { key: 'products', label: 'Products' },
  { key: 'submissions', label: 'Submissions' },
  { key: 'companies', label: 'Companies' },
  { key: 'submitters', label: 'Submitters' },
] as const;
export type SearchGroup = { key: (typeof SEARCH_GROUPS)[number]['key']; label: string; hits: SearchHit[] };

/** The non-empty groups of an answer, in order. */
export function groupsOf(result: SearchResult['search'] | undefined): SearchGroup[] {
  if (!result) return [];
  return SEARCH_GROUPS.map((g) => ({ ...g, hits: result[g.key] })).filter((g) => g.hits.length > 0);
}

/** The page a hit opens, relative to the partner root. */
export function hrefOf(hit: SearchHit): string {
  switch (hit.kind) {
    case 'product':
      return `/cataloguedProducts/${encodeURIComponent(hit.id)}`;
    case 'submission':
      return `/productSubmissions/${encodeURIComponent(hit.id)}`;
    case 'company':
      return `/review?company=${encodeURIComponent(hit.id)}`;
    case 'submitter':
      return `/review?company=${hit.company?.id ?? ''}`;
  }
}

/** The line under a hit's title: its UPC, brand, status, partner or company, as the kind has them. */
export function detailsOf(hit: SearchHit): string {
  const status = hit.status && isItemStatus(hit.status) ? statusDisplayName(hit.status) : hit.status;
  const parts = [
    hit.upc ? displayUpc(hit.upc) : null,
    hit.kind === 'company' ? null : hit.detail,
    status,
    hit.partner ? `to ${titleCase(hit.partner.name)}` : null,
    hit.kind === 'submitter' && hit.company ? titleCase(hit.company.name) : null,
    hit.kind === 'company' && hit.detail ? titleCase(hit.detail) : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** What the box finds for what was typed, asked once typing settles; the last answer stays while the next loads. */
export function useSearchBox(typed: string) {
  const [settled] = useDebouncedValue(typed.trim(), SEARCH_BOX_DEBOUNCE_MS);
  const enabled = settled.length >= SEARCH_BOX_MIN_LENGTH;
  const query = useQuery({
    queryKey: ['search-box', settled],
    queryFn: ({ signal }) => gql(SearchQuery, { q: settled, limit: 5 }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return {
    groups: enabled ? groupsOf(query.data?.search) : [],
    settled: enabled && settled === typed.trim() && !query.isFetching,
    failed: query.isError,
  };
}
