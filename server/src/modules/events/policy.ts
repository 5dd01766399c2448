import { isAnyAdmin } from '@portal/domain';
import type { Actor } from '../../lib/authorize.ts';

/** Who reads which company's change feed. */
export const eventsPolicy = {
  /**
   * The feed a user reads: their own company's, or, for administrators (who read every company's submissions),
   * the company they name. Null: another company's, which is not revealed (404).
   */
  feedCompany: (user: Pick<Actor, 'scopes' | 'companyId'>, asked: number | undefined): number | null =>
    asked === undefined || asked === user.companyId ? user.companyId : isAnyAdmin(user) ? asked : null,
};
