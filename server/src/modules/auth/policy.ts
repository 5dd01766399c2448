import { isInternal } from '@portal/domain';

/**
 * Who may recover an account, and sign in through the identity provider (part 1 sections 2 and 3). Sign-in itself is
 * open to anyone; whether an account may be used at all is the users' policy (userPolicy.useAccount).
 */
export const authPolicy = {
  /** A reset link goes only to an account with a password of ours (the answer is the same either way). */
  receiveResetLink: (account: { passwordHash: string | null }) => account.passwordHash !== null,
  /**
   * The identity provider signs in administrators only: a verified (or unstated) e-mail and at least one portal
   * staff scope in the claim (write:webhooks alone is a company user's scope). Anyone else is turned away without an account being made.
   */
  signInWithProvider: (claims: { email: string | null; emailVerified: unknown; scopes: readonly string[] }) =>
    claims.email !== null && claims.emailVerified !== false && isInternal(claims),
};
