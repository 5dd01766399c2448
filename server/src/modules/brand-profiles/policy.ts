import { isAnyAdmin, SCOPES } from '@portal/domain';

type Actor = { companyId: number; scopes: readonly string[] };

/**
 * Who may see and change a company's brand profile. Users of the company, like a draft's company; staff as in the
 * draft policy: any administrator sees, administrators who write all submissions change. Anyone else gets "not found".
 */
export const brandProfilePolicy = {
  view: (user: Actor, companyId: number) => user.companyId === companyId || isAnyAdmin(user),
  edit: (user: Actor, companyId: number) =>
    user.companyId === companyId || user.scopes.includes(SCOPES.writeAllProductSubmissions),
};
