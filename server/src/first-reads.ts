import type { FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import { pageReadsAt, type ReadFirst } from './lib/web-app.ts';
import { enabledFlags } from './modules/feature-flags/repository.ts';
import { currentUser } from './modules/users/current-user.ts';
import { loadUserDetails } from './modules/users/repository.ts';

/**
 * The answers of the web app's first reads for the page a request is sent (lib/web-app.ts): what
 * `GET /api/user?optional=true` and `GET /api/feature-flags/enabled` would answer the same browser now, and for a
 * signed-in page the page's own first reads. A page is opened by a browser session, so only the session's user is
 * read; a request with an API token gets the plain page, and its app asks as before.
 */
export function sessionFirstReads(ctx: AppContext): ReadFirst {
  return async (request: FastifyRequest) => {
    if (request.headers.authorization !== undefined) return null;
    const [user, flags] = await Promise.all([currentUser(request), enabledFlags(ctx.db)]);
    if (!user) return { reads: { user: null, flags }, personal: false };
    const [details, answers] = await Promise.all([
      loadUserDetails(ctx.db, user, request.session?.partnerCompanyId ?? null),
      pageReadAnswers(ctx, request),
    ]);
    return { reads: { user: details, flags, ...(answers && { answers }) }, personal: true };
  };
}

/**
 * The page's own GraphQL reads, asked of this server with the browser's own cookie, so every check the browser's
 * request would meet (session, access, limits) decides the answer. Only answers without errors are kept: for any
 * other the page asks itself and handles the outcome as it always does.
 */
async function pageReadAnswers(ctx: AppContext, request: FastifyRequest): Promise<Record<string, unknown> | null> {
  const reads = await pageReadsAt(ctx.config.webDist, request.url);
  if (reads.length === 0) return null;
  const answers: Record<string, unknown> = {};
  await Promise.all(
    reads.map(async (read) => {
      // As the app writes its body (api/graphql.ts): variables left out when there are none.
      const body = JSON.stringify({ query: read.query, variables: read.variables });
      const res = await request.server
        .inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json', cookie: request.headers.cookie ?? '' },
          payload: body,
        })
        .catch(() => null);
      if (res?.statusCode !== 200) return;
      const answer = res.json<{ errors?: unknown }>();
      if (answer.errors === undefined) answers[`POST /graphql ${body}`] = answer;
    }),
  );
  return Object.keys(answers).length > 0 ? answers : null;
}
