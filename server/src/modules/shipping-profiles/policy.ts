import { isAnyAdmin, shippingProfilePolicy as sharedRules } from '@portal/domain';
import type { Actor } from '../../lib/authorize.ts';

/**
 * Who may see and change shipping profiles (part 2 section 6). The rules that the web also shows (view, edit) live in
 * packages/domain so that the page hides what the server refuses; the server adds where a new profile goes.
 */
export const shippingProfilePolicy = {
  ...sharedRules,
  /**
   * The company a new profile is for: a supplier's own (naming another is refused by mayEdit), the company an
   * administrator picked, or none when they picked none.
   */
  companyToCreateIn: (user: Pick<Actor, 'scopes' | 'companyId'>, companyId: number | null | undefined): number | null =>
    isAnyAdmin(user) ? (companyId ?? null) : (companyId ?? user.companyId),
};
