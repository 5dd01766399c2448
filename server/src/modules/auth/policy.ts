import { isInternal } from '@portal/domain';

/** Who may sign in and recover an account, and how (part 1 sections 2 and 3). Sign-in itself is open to anyone. */
export const authPolicy = {
  /** A disabled account signs in nowhere: no password, session, identity provider or API token works for it. */
  useAccount: (account: { disabledAt: Date | null }) => account.disabledAt === null,
  /** A reset link goes only to an account with a password of ours (the answer is the same either way). */
  receiveResetLink: (account: { passwordHash: string | null }) => account.passwordHash !== null,
  /**
   * The identity provider signs in administrators only: a verified (or unstated) e-mail and at least one portal
   * staff scope in the claim (write:webhooks alone is a company user's scope). Anyone else is turned away without an account being made.
   */
  signInWithProvider: (claims: { email: string | null; emailVerified: unknown; scopes: readonly string[] }) =>
    claims.email !== null && claims.emailVerified !== false && isInternal(claims),
};
