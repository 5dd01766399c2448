import { grantableTokenScopes, isFullAdmin, tokenAccess, tokenMayWrite } from '@portal/domain';
import type { Actor } from '../../lib/authorize.ts';

type Token = { userId: number; scopes: readonly string[] };
type Account = { disabledAt: Date | null; scopes: readonly string[] };

/**
 * Who may make, see and revoke API tokens, and what a token may do (issue 21). A token acts as its user, narrowed to
 * its scopes, and never outlives the user's access: it is judged against the user's account as it is at each request.
 */
export const apiTokenPolicy = {
  /** Any signed-in user makes tokens for themselves, with scopes they could give (never more than they hold). */
  create: (user: Pick<Actor, 'scopes'>, scopes: readonly string[]) => {
    const grantable = grantableTokenScopes(user);
    return scopes.length > 0 && scopes.every((s) => grantable.includes(s));
  },
  /** Their own tokens: listed and revoked by their owner. Anyone else's answer "not found". */
  manageOwn: (user: Pick<Actor, 'id'>, token: Pick<Token, 'userId'>) => token.userId === user.id,
  /** Every company's tokens: full administrators (the Access page), to list and revoke. */
  manageAny: (user: Pick<Actor, 'scopes'>) => isFullAdmin(user),
  /** A token works while its account is enabled and still holds at least one of the token's scopes. */
  use: (account: Account, token: Token) =>
    account.disabledAt === null && tokenAccess(account, token.scopes).effective.length > 0,
  /**
   * Changing anything (REST other than GET, a GraphQL mutation) needs a write scope the user still holds: the
   * route's own when it names one (the webhooks' routes), else one that is not route-named (see tokenAccess).
   */
  write: (account: Account, token: Token, routeScope?: string) =>
    tokenMayWrite(tokenAccess(account, token.scopes), routeScope),
};
