import { isAnyAdmin } from '@portal/domain';
import type { Actor } from '../../lib/authorize.ts';

type User = Pick<Actor, 'scopes'>;

/**
 * What the search box finds for whom: a supplier its own company's products and submissions only; staff (any
 * administrator) every company's, and the companies and submitters themselves.
 */
export const searchPolicy = {
  /** Every company's items: any administrator. Anyone else: their company's. */
  seesEveryCompany: (user: User) => isAnyAdmin(user),
  /** Companies by name and submitters by name or e-mail: staff. */
  findsCompaniesAndSubmitters: (user: User) => isAnyAdmin(user),
};
