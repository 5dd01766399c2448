import type { FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import type { ReadFirst } from './lib/web-app.ts';
import { enabledFlags } from './modules/feature-flags/repository.ts';
import { currentUser } from './modules/users/current-user.ts';
import { loadUserDetails } from './modules/users/repository.ts';

/**
 * The answers of the web app's first reads for the page a request is sent (lib/web-app.ts): what
 * `GET /api/user?optional=true` and `GET /api/feature-flags/enabled` would answer the same browser now. A page is
 * opened by a browser session, so only the session's user is read; a request with an API token gets the plain page,
 * and its app asks as before.
 */
export function sessionFirstReads(ctx: AppContext): ReadFirst {
  return async (request: FastifyRequest) => {
    if (request.headers.authorization !== undefined) return null;
    const [user, flags] = await Promise.all([currentUser(request), enabledFlags(ctx.db)]);
    if (!user) return { reads: { user: null, flags }, personal: false };
    const details = await loadUserDetails(ctx.db, user, request.session?.partnerCompanyId ?? null);
    return { reads: { user: details, flags }, personal: true };
  };
}
