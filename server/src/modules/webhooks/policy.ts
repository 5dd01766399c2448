import { isAnyAdmin, SCOPES, webhookPolicy as sharedRules } from '@portal/domain';
import type { Actor } from '../../lib/authorize.ts';

/**
 * Who may see and change a company's webhooks (issue 21): the rules the web also shows live in packages/domain
 * (view, manage, menu); the server adds how a refusal reads.
 */
export const webhookPolicy = {
  ...sharedRules,
  /**
   * Another company's webhooks answer 404 (their existence is not revealed); a user of the company without the
   * scope, or a read-only administrator trying to change, gets 403.
   */
  hideAsMissing: (user: Pick<Actor, 'scopes' | 'companyId'>, companyId: number) =>
    !isAnyAdmin(user) && user.companyId !== companyId,
};

/** The route config of the webhooks' changing routes: an API token changes them with write:webhooks, and only it. */
export const TOKEN_WRITES_WEBHOOKS = { tokenWriteScope: SCOPES.writeWebhooks };
