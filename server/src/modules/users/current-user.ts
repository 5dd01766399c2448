import type { FastifyRequest } from 'fastify';
import { API_TOKEN_MSG } from '@portal/domain';
import { unauthorized } from '../../lib/errors.ts';
import { userPolicy } from './policy.ts';
import { findUserById, type UserRow } from './repository.ts';

declare module 'fastify' {
  interface Session {
    userId?: number;
    partnerCompanyId?: number | null;
  }
  interface FastifyRequest {
    userRow?: UserRow | null;
  }
}

/**
 * The signed-in user, loaded once per request. A request with an API token has it already: the token's user with the
 * token's scopes, set by modules/api-tokens/authenticate.ts before anything else runs (the cookie is then ignored).
 * The session itself is made at sign-in (modules/auth/session.ts).
 */
export async function currentUser(request: FastifyRequest): Promise<UserRow | null> {
  if (request.userRow !== undefined) return request.userRow;
  const id = request.session?.userId;
  if (!id) return (request.userRow = null);
  const handed = request.server.sessionStore.takeUser(request.session.sessionId);
  const user = handed && handed.id === id ? handed : ((await findUserById(request.server.ctx.db, id)) ?? null);
  request.userRow = user && userPolicy.useAccount(user) ? user : null;
  return request.userRow;
}

export async function requireUser(request: FastifyRequest): Promise<UserRow> {
  const user = await currentUser(request);
  // A program calling the integration API without a token is told to send one, not that a browser session expired.
  if (!user)
    throw unauthorized(
      request.headers.authorization === undefined && request.url.startsWith('/api/v1/')
        ? API_TOKEN_MSG.missing
        : undefined,
    );
  return user;
}
