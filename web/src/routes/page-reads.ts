import { SubmissionDetailQuery } from '../features/submissions/submission-operations.ts';

/** A GraphQL read a signed-in page makes first; `:name` in a variable stands for that part of the route's path. */
export interface PageRead {
  /** The route pattern as the router writes it, without the optional partner segment. */
  path: string;
  query: string;
  variables: Record<string, string>;
}

/**
 * The first reads the server answers in a signed-in page, with the session's (server/src/first-reads.ts): a page
 * whose read would otherwise go only once the shared code has arrived (on Fast 3G, 1.8 s in) and take a round trip
 * after it. Each is exactly the request the page makes (api-fetch.ts matches them by method, address and body).
 */
export const PAGE_READS: PageRead[] = [
  { path: 'productSubmissions/:id', query: String(SubmissionDetailQuery), variables: { id: ':id' } },
];
