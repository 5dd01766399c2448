import { grantableScopes, mayManagePeople } from '@portal/domain';

/** Managing people (staff users, supplier companies and their users): administrators only. */
export const peoplePolicy = {
  manage: (account: { scopes: readonly string[] }) => mayManagePeople(account),
  /** An administrator hands out only scopes it holds itself. */
  grant: (account: { scopes: readonly string[] }, scopes: readonly string[]) => grantableScopes(account, scopes),
};
