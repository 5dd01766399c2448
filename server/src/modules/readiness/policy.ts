import { isPartnerConfigAdmin } from '@portal/domain';
import type { Actor } from '../../lib/authorize.ts';

type WithScopes = Pick<Actor, 'scopes'>;

/**
 * Who may read and change a partner's readiness rules. Reading: any signed-in user, since a supplier must see what
 * the partner asks of its products (the live score on Enter UPC(s)), and the rules hold nothing of any company's
 * records. Changing: whoever may change the partner's settings, which the rules extend (the domain's rule that
 * partners/policy.ts `configure` also asks: readiness sits below partners and imports nothing of it).
 */
export const readinessPolicy = {
  viewRules: (_user: WithScopes) => true,
  editRules: (user: WithScopes) => isPartnerConfigAdmin(user),
};
