/**
 * What a signed-in user may do with accounts (part 1 section 3). Every /api/user route acts on the caller's own
 * account, so there is no record of someone else's to guard; these are the rules on top of that.
 */
export const userPolicy = {
  /** Name and e-mail are changed here only for accounts with a password of ours; the identity provider owns the rest. */
  editDetails: (account: { passwordHash: string | null }) => account.passwordHash !== null,
  /** Whether an e-mail address has an account (the account form checks a new address is free): any signed-in user. */
  lookUpEmail: (_account: { id: number }) => true,
};
