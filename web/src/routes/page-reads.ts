import { API_BASE } from '../api/api-fetch.ts';
import { AUDIT_OPTIONS_PATH, auditPageFrom, auditPagePath } from '../features/audit/audit-api.ts';
import { catalogueListParams, listVariables } from '../features/catalogue/catalogue-api.ts';
import { jobsFilterFrom, jobsOverviewPath } from '../features/jobs-console/jobs-console-api.ts';
import { CataloguedProductsQuery } from '../features/catalogue/catalogue-operations.ts';
import { BulkIngestionOrganizationsQuery } from '../features/bulk-ingestion/bulk-ingestion-operations.ts';
import { PartnerConfigurationsQuery } from '../features/partners/partners-operations.ts';
import { SubmissionDetailQuery } from '../features/submissions/submission-operations.ts';

/** A read a signed-in page makes first: a GraphQL query, or a GET of the REST API. */
export type PageRead = {
  /** The route pattern as the router writes it, without the optional partner segment. */
  path: string;
  /** The read is that of the address without a query string: the page asks itself at any other. */
  plainAddressOnly?: boolean;
} & (
  | {
      query: string;
      /** The variables as the page sends them (none: left out); `":name"` stands for that part of the path. */
      variables?: Record<string, unknown>;
    }
  | { get: string }
);

const noSearch = new URLSearchParams();

/**
 * The first reads the server answers in a signed-in page, with the session's (server/src/first-reads.ts): pages whose
 * read would otherwise go only once the shared code has arrived (on Fast 3G, 1.7 s in) and take a round trip after
 * it. For a visitor who may not read one, the server leaves it out and the page asks itself, as before. Each is
 * exactly the request the page makes (api-fetch.ts matches them by method, address and body), computed here by the
 * page's own functions.
 */
export const PAGE_READS: PageRead[] = [
  { path: 'productSubmissions/:id', query: String(SubmissionDetailQuery), variables: { id: ':id' } },
  {
    path: 'cataloguedProducts',
    query: String(CataloguedProductsQuery),
    variables: listVariables(catalogueListParams(noSearch)),
    plainAddressOnly: true,
  },
  { path: 'settings', query: String(PartnerConfigurationsQuery) },
  { path: 'access', query: String(BulkIngestionOrganizationsQuery) },
  { path: 'admin/audit', get: API_BASE + AUDIT_OPTIONS_PATH },
  { path: 'admin/audit', get: API_BASE + auditPagePath(auditPageFrom(noSearch).query), plainAddressOnly: true },
  { path: 'admin/jobs', get: API_BASE + jobsOverviewPath(jobsFilterFrom(noSearch)), plainAddressOnly: true },
];
