import type { FastifyRequest, InjectOptions } from 'fastify';
import { parsePartnerSegment } from '@portal/domain';
import type { AppContext } from './context.ts';
import { pageReadsAt, type PageReadRequest, type ReadFirst } from './lib/web-app.ts';
import { enabledFlags } from './modules/feature-flags/repository.ts';
import { currentUser } from './modules/users/current-user.ts';
import { loadUserDetails } from './modules/users/repository.ts';

/**
 * The answers of the web app's first reads for the page a request is sent (lib/web-app.ts): what
 * `GET /api/user?optional=true` and `GET /api/feature-flags/enabled` would answer the same browser now, the
 * partner's configuration on a page under a partner (or in a partner's session), and for a signed-in page the page's
 * own first reads. A page is opened by a browser session, so only the session's user is read; a request with an API
 * token gets the plain page, and its app asks as before.
 */
export function sessionFirstReads(ctx: AppContext): ReadFirst {
  return async (request: FastifyRequest) => {
    if (request.headers.authorization !== undefined) return null;
    const [user, flags] = await Promise.all([currentUser(request), enabledFlags(ctx.db)]);
    if (!user) {
      const answers = await pageReadAnswers(request, partnerConfigurationReads(request.url, null));
      return { reads: { user: null, flags, ...(answers && { answers }) }, personal: false };
    }
    const sessionPartner = request.session?.partnerCompanyId ?? null;
    const [details, answers] = await Promise.all([
      loadUserDetails(ctx.db, user, sessionPartner),
      pageReadsAt(ctx.config.webDist, request.url).then((reads) =>
        pageReadAnswers(request, [...partnerConfigurationReads(request.url, sessionPartner), ...reads]),
      ),
    ]);
    return { reads: { user: details, flags, ...(answers && { answers }) }, personal: true };
  };
}

/**
 * The page's own first reads, asked of this server with the browser's own cookie, so every check the browser's
 * request would meet (session, access, limits) decides the answer; keyed as the app keys its requests
 * (web/src/api/api-fetch.ts). Only answers without errors are kept: for any other the page asks itself and handles
 * the outcome as it always does.
 */
async function pageReadAnswers(
  request: FastifyRequest,
  reads: PageReadRequest[],
): Promise<Record<string, unknown> | null> {
  if (reads.length === 0) return null;
  const cookie = request.headers.cookie ?? '';
  const answers: Record<string, unknown> = {};
  await Promise.all(
    reads.map(async (read) => {
      const { key, asked } = appRequest(read, cookie);
      const res = await request.server.inject(asked).catch(() => null);
      if (res?.statusCode !== 200 || !String(res.headers['content-type']).startsWith('application/json')) return;
      const answer = res.json<{ errors?: unknown } | null>();
      if ('get' in read || answer?.errors === undefined) answers[key] = answer;
    }),
  );
  return Object.keys(answers).length > 0 ? answers : null;
}

/**
 * The co-branding every page under a partner shows first, and the login pages and the shell wait for: the partner's
 * configuration, of the partner in the address, else of the session's (web/src/features/shell/LoggedInShell.tsx).
 */
function partnerConfigurationReads(url: string, sessionPartner: number | null): PageReadRequest[] {
  const partner = parsePartnerSegment(url.split(/[?#]/)[0].split('/')[1]) ?? sessionPartner;
  return partner === null ? [] : [{ get: `/api/companies/${partner}/partner-configuration` }];
}

/** The request the app sends for a page read, and the key it matches answers by (web/src/api/api-fetch.ts). */
function appRequest(read: PageReadRequest, cookie: string): { key: string; asked: InjectOptions } {
  if ('get' in read) return { key: `GET ${read.get} `, asked: { method: 'GET', url: read.get, headers: { cookie } } };
  // As api/graphql.ts writes its body: the variables left out when there are none.
  const body = JSON.stringify({ query: read.query, variables: read.variables });
  return {
    key: `POST /graphql ${body}`,
    asked: { method: 'POST', url: '/graphql', headers: { cookie, 'content-type': 'application/json' }, payload: body },
  };
}
