import type { FastifyRequest } from 'fastify';
import { findUserById, type UserRow } from '../users/repository.ts';
import { unauthorized } from '../../lib/errors.ts';
import { authPolicy } from './policy.ts';

declare module 'fastify' {
  interface Session {
    userId?: number;
    /** A correct password that fails the policy: the user must set a strong one before signing in. */
    attemptedLoginUserId?: number;
    partnerCompanyId?: number | null;
    oidc?: { state: string; codeVerifier: string; nonce: string; returnTo: string };
  }
  interface FastifyRequest {
    userRow?: UserRow | null;
  }
}

/**
 * The signed-in user, loaded once per request. A request with an API token has it already: the token's user with the
 * token's scopes, set by modules/api-tokens/authenticate.ts before anything else runs (the cookie is then ignored).
 */
export async function currentUser(request: FastifyRequest): Promise<UserRow | null> {
  if (request.userRow !== undefined) return request.userRow;
  const id = request.session?.userId;
  if (!id) return (request.userRow = null);
  const handed = request.server.sessionStore.takeUser(request.session.sessionId);
  const user = handed && handed.id === id ? handed : ((await findUserById(request.server.ctx.db, id)) ?? null);
  request.userRow = user && authPolicy.useAccount(user) ? user : null;
  return request.userRow;
}

export async function requireUser(request: FastifyRequest): Promise<UserRow> {
  const user = await currentUser(request);
  if (!user) throw unauthorized();
  return user;
}

/** A fresh session id at every sign-in defeats session fixation. */
export async function signIn(request: FastifyRequest, user: UserRow, partnerCompanyId: number | null) {
  await request.session.regenerate();
  request.session.userId = user.id;
  request.session.partnerCompanyId = partnerCompanyId;
  request.userRow = user;
  await request.session.save();
}
