import { isAnyAdmin, isInternal } from '@portal/domain';
import type { Actor } from '../../lib/authorize.ts';

type User = Pick<Actor, 'scopes'>;

/**
 * Who may read the audit trail, and which actions are written to it (issue 19). It shows every company's changes,
 * so it is for administrators (either all-submission scope, read-only ones included), never suppliers. Settings-only
 * staff see partner configurations but not every company's submissions, which the trail names: not them either.
 */
export const auditPolicy = {
  /** The audit page, its list and its CSV export. */
  view: (user: User) => isAnyAdmin(user),
  /**
   * Whether a change is a staff action on someone else's data, and so audited: the user is staff (holds any scope)
   * and the data is not their own company's. A supplier's change to its own company's data is not.
   */
  records: (user: Pick<Actor, 'scopes' | 'companyId'>, dataCompanyId: number | null) =>
    isInternal(user) && dataCompanyId !== user.companyId,
};
