import { catalogueListParams, listVariables } from '../features/catalogue/catalogue-api.ts';
import { CataloguedProductsQuery } from '../features/catalogue/catalogue-operations.ts';
import { BulkIngestionOrganizationsQuery } from '../features/bulk-ingestion/bulk-ingestion-operations.ts';
import { PartnerConfigurationsQuery } from '../features/partners/partners-operations.ts';
import { SubmissionDetailQuery } from '../features/submissions/submission-operations.ts';

/** A GraphQL read a signed-in page makes first. */
export interface PageRead {
  /** The route pattern as the router writes it, without the optional partner segment. */
  path: string;
  query: string;
  /** The variables as the page sends them (none: left out of the request); `":name"` stands for that part of the path. */
  variables?: Record<string, unknown>;
  /** The variables are those of the address without a query string: the page asks itself at any other. */
  plainAddressOnly?: boolean;
}

/**
 * The first reads the server answers in a signed-in page, with the session's (server/src/first-reads.ts): pages whose
 * read would otherwise go only once the shared code has arrived (on Fast 3G, 1.7 s in) and take a round trip after
 * it. Each is exactly the request the page makes (api-fetch.ts matches them by method, address and body), computed
 * here by the page's own functions.
 */
export const PAGE_READS: PageRead[] = [
  { path: 'productSubmissions/:id', query: String(SubmissionDetailQuery), variables: { id: ':id' } },
  {
    path: 'cataloguedProducts',
    query: String(CataloguedProductsQuery),
    variables: listVariables(catalogueListParams(new URLSearchParams())),
    plainAddressOnly: true,
  },
  { path: 'settings', query: String(PartnerConfigurationsQuery) },
  { path: 'access', query: String(BulkIngestionOrganizationsQuery) },
];
