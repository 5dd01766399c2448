import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../users/repository.ts';

declare module 'fastify' {
  interface Session {
    /** A correct password that fails the policy: the user must set a strong one before signing in. */
    attemptedLoginUserId?: number;
    oidc?: { state: string; codeVerifier: string; nonce: string; returnTo: string };
  }
}

/** A fresh session id at every sign-in defeats session fixation. */
export async function signIn(request: FastifyRequest, user: UserRow, partnerCompanyId: number | null) {
  await request.session.regenerate();
  request.session.userId = user.id;
  request.session.partnerCompanyId = partnerCompanyId;
  request.userRow = user;
  await request.session.save();
}
