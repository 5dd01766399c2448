import { isAnyAdmin, SCOPES } from './scopes.ts';

// Apart from webhooks.ts (its zod schemas): the web app's router asks this on every page, and a module's top-level
// schemas would come along with it into the first page's code.

/**
 * Who may see and manage a company's webhooks: its own users holding write:webhooks, and staff for any company
 * (read-only administrators look, full administrators also change). The server's policy and the web's menus agree.
 */
type User = { companyId: number; scopes: readonly string[] };
const ownsWebhooks = (user: User, companyId: number) =>
  user.companyId === companyId && user.scopes.includes(SCOPES.writeWebhooks);
export const webhookPolicy = {
  view: (user: User, companyId: number) => isAnyAdmin(user) || ownsWebhooks(user, companyId),
  manage: (user: User, companyId: number) =>
    user.scopes.includes(SCOPES.writeAllProductSubmissions) || ownsWebhooks(user, companyId),
  /** The account menu's 'Webhooks' entry: company users with the scope, and staff (who then pick a company). */
  menu: (user: Pick<User, 'scopes'>) => isAnyAdmin(user) || user.scopes.includes(SCOPES.writeWebhooks),
};
