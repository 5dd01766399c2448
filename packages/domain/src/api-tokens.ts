import { isSupplier, SCOPES } from './scopes.ts';

/**
 * API tokens (issue 21): `Authorization: Bearer pst_<base64url of 32 random bytes>`. The prefix lets secret scanners
 * and people recognise a Product Hub token; the server keeps only its SHA-256.
 */
export const API_TOKEN_PREFIX = 'pst_';
export const API_TOKEN_RANDOM_BYTES = 32;
/** The prefix and at least 43 base64url characters (32 bytes); checked before any database look-up. */
export const API_TOKEN_PATTERN = /^pst_[A-Za-z0-9_-]{43,200}$/;
/** The scheme's name is case-insensitive (RFC 9110 section 11.1): 'bearer pst_…' is the same header. */
export const API_TOKEN_HEADER_PATTERN = /^bearer (pst_[A-Za-z0-9_-]{43,200})$/i;

/** A token lives at most a year: long enough for an integration, short enough that forgotten ones die. */
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_EXPIRY_CHOICES = [30, 90, 365] as const;
export const API_TOKEN_NAME_MAX = 100;
/** How often last_used_at is written at most, per token. */
export const API_TOKEN_LAST_USED_EVERY_MS = 60_000;

/**
 * What a supplier can give a token besides the scopes they hold: suppliers hold no scopes (their rights come from
 * their company), so a token names them explicitly. Reading is always allowed; a token writes only with a write scope.
 */
export const TOKEN_SCOPES = {
  readProductSubmissions: 'read:productsubmissions',
  writeProductSubmissions: SCOPES.writeProductSubmissions,
} as const;

export const API_TOKEN_SCOPE_LABELS: Record<string, string> = {
  [TOKEN_SCOPES.readProductSubmissions]: "Read your company's products, drafts and submissions",
  [TOKEN_SCOPES.writeProductSubmissions]: 'Upload, edit and submit products',
  [SCOPES.readAllProductSubmissions]: "Read every company's submissions",
  [SCOPES.writeAllProductSubmissions]: "Review and catalogue every company's submissions",
  [SCOPES.readPartnerConfigurations]: 'Read partner configurations',
  [SCOPES.writePartnerConfigurations]: 'Change partner configurations',
  [SCOPES.writeWebhooks]: "Manage your company's webhooks",
};

type HasScopes = { scopes: readonly string[] };

/** The scopes a user may put on a token: the ones they hold, and, for a supplier, reading and writing their own. */
export function grantableTokenScopes(user: HasScopes): string[] {
  const own = isSupplier(user) ? [TOKEN_SCOPES.readProductSubmissions, TOKEN_SCOPES.writeProductSubmissions] : [];
  return [...new Set([...user.scopes, ...own])];
}

/** Write scopes that only the routes naming them accept from a token (see tokenAccess). */
const ROUTE_NAMED_WRITE_SCOPES: readonly string[] = [SCOPES.writeWebhooks];

/**
 * What a token may do now: its scopes that its user can still grant (a scope removed from the user leaves every
 * token), the user's own scopes among them (what the area policies see), and whether it may change anything.
 */
export function tokenAccess(user: HasScopes, tokenScopes: readonly string[]) {
  const grantable = new Set(grantableTokenScopes(user));
  const effective = tokenScopes.filter((s) => grantable.has(s));
  return {
    effective,
    policyScopes: user.scopes.filter((s) => effective.includes(s)),
    /**
     * Changes through the routes that name no scope of their own (products, drafts, reviews…). write:webhooks does
     * not count: it names the webhooks' routes, and a supplier's rights over products come from their company, not
     * from a scope the area policies could ask, so a webhooks-only token would otherwise change products.
     */
    canWrite: effective.some((s) => s.startsWith('write:') && !ROUTE_NAMED_WRITE_SCOPES.includes(s)),
  };
}

/** Whether a token may change data through a route: the route's own scope when it names one, else canWrite. */
export const tokenMayWrite = (access: ReturnType<typeof tokenAccess>, routeScope: string | undefined) =>
  routeScope ? access.effective.includes(routeScope) : access.canWrite;

export const API_TOKEN_MSG = {
  tokenRequired: 'This describes the API token a request carries: send Authorization: Bearer pst_...',
  nameRequired: 'Give the token a name.',
  nameTooLong: `At most ${API_TOKEN_NAME_MAX} characters.`,
  scopesRequired: 'Choose at least one scope.',
  scopeNotYours: 'A token can only have scopes your account holds.',
  expiryRequired: 'Choose when the token expires.',
  expiryRange: `Choose a date between tomorrow and ${API_TOKEN_MAX_DAYS} days from now.`,
  created: 'Token created. Copy it now: you won\u2019t see it again.',
  revoked: 'Token revoked.',
  headerMalformed: "Send the token as 'Authorization: Bearer pst_\u2026'.",
  invalid: 'This API token is not valid.',
  revokedAt: (when: string) => `This API token was revoked on ${when}.`,
  expiredAt: (when: string) => `This API token expired on ${when}.`,
  accountDisabled: 'The account this API token belongs to is disabled.',
  noScopesLeft: 'This API token has none of its scopes left: its account no longer holds them.',
  readOnly: 'This API token can only read. Create a token with a write scope to change data.',
  scopeNotCovering: (scope: string) =>
    `This API token's scopes do not cover this change. Create a token with ${scope} for it.`,
  sessionOnly: 'API tokens cannot do this: sign in to the portal to manage tokens, passwords and account details.',
  termsSessionOnly:
    'API tokens cannot accept vendor terms: the person they bind signs in to the portal to accept them.',
  rateLimited: 'Too many requests with this API token. Please wait a minute and try again.',
} as const;

/** The last day a token may be set to expire on, from `now`. */
export const latestTokenExpiry = (now = new Date()) => new Date(now.getTime() + API_TOKEN_MAX_DAYS * 86_400_000);

/** What a token's row says about it. */
export function apiTokenStatus(
  token: { expiresAt: string; revokedAt: string | null },
  now = new Date(),
): 'Active' | 'Expired' | 'Revoked' {
  if (token.revokedAt) return 'Revoked';
  return Date.parse(token.expiresAt) <= now.getTime() ? 'Expired' : 'Active';
}

/** The end of the chosen day in the user's time zone, or `days` from now, as the ISO time the server takes. */
export function tokenExpiry(choice: { days: number } | { date: string }, now = new Date()): string {
  if ('days' in choice) return new Date(now.getTime() + choice.days * 86_400_000).toISOString();
  const [y, m, d] = choice.date.split('-').map(Number);
  return new Date(y, m - 1, d, 23, 59, 59).toISOString();
}
