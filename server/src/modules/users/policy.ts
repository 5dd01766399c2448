import { isInternal } from '@portal/domain';

/**
 * What a signed-in user may do with accounts (part 1 section 3). Every /api/user route acts on the caller's own
 * account, so there is no record of someone else's to guard; these are the rules on top of that.
 */
export const userPolicy = {
  /** A disabled account signs in nowhere: no password, session, identity provider or API token works for it. */
  useAccount: (account: { disabledAt: Date | null }) => account.disabledAt === null,
  /** Name and e-mail are changed here only for accounts with a password of ours; the identity provider owns the rest. */
  editDetails: (account: { passwordHash: string | null }) => account.passwordHash !== null,
  /**
   * Whether an address has an account, for the account form's "already taken" hint: a supplier learns it only for
   * addresses of its own company (so it cannot probe who else has an account); staff, for any address.
   */
  learnEmailTaken: (account: { companyId: number; scopes: readonly string[] }, found: { companyId: number }) =>
    isInternal(account) || found.companyId === account.companyId,
};
