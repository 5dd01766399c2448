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
  /** Finer scopes, one pair per area of a supplier's integration (write includes read). */
  readBrandProfiles: 'read:brandprofiles',
  writeBrandProfiles: 'write:brandprofiles',
  readShippingProfiles: 'read:shippingprofiles',
  writeShippingProfiles: 'write:shippingprofiles',
  readBulkIngestion: 'read:bulkingestion',
  writeBulkIngestion: 'write:bulkingestion',
  /** Reading the company's webhooks and their deliveries: for a user who holds write:webhooks. */
  readWebhooks: 'read:webhooks',
} as const;

/** The areas a token is scoped by, as the token page groups them and every route names one (or none: any token). */
export const TOKEN_AREAS = [
  'productsubmissions',
  'brandprofiles',
  'shippingprofiles',
  'bulkingestion',
  'webhooks',
  'partnerconfigurations',
  'jobs',
  'audit',
] as const;
export type TokenArea = (typeof TOKEN_AREAS)[number];

const ALL_READ = [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions];

/**
 * Which token scopes let a token read (GET) and change (any other method, a GraphQL mutation) in each area. Write
 * scopes read too. Staff's own scopes keep the areas they govern (the all-submissions scopes read every company's
 * profiles and imports, as the area policies let them); what a user may do there is still the area policy's to say.
 */
export const TOKEN_AREA_SCOPES: Record<
  TokenArea,
  { label: string; read: readonly string[]; write: readonly string[] }
> = {
  productsubmissions: {
    label: 'Drafts, submissions, catalogue and the change feed',
    read: [TOKEN_SCOPES.readProductSubmissions, TOKEN_SCOPES.writeProductSubmissions, ...ALL_READ],
    write: [TOKEN_SCOPES.writeProductSubmissions, SCOPES.writeAllProductSubmissions],
  },
  brandprofiles: {
    label: 'Brand profile',
    read: [TOKEN_SCOPES.readBrandProfiles, TOKEN_SCOPES.writeBrandProfiles, ...ALL_READ],
    write: [TOKEN_SCOPES.writeBrandProfiles, SCOPES.writeAllProductSubmissions],
  },
  shippingprofiles: {
    label: 'Shipping profiles',
    read: [TOKEN_SCOPES.readShippingProfiles, TOKEN_SCOPES.writeShippingProfiles, ...ALL_READ],
    write: [TOKEN_SCOPES.writeShippingProfiles, SCOPES.writeAllProductSubmissions],
  },
  bulkingestion: {
    label: 'Bulk ingestion (imports)',
    read: [TOKEN_SCOPES.readBulkIngestion, TOKEN_SCOPES.writeBulkIngestion, ...ALL_READ],
    write: [TOKEN_SCOPES.writeBulkIngestion, SCOPES.writeAllProductSubmissions],
  },
  webhooks: {
    label: 'Webhooks',
    read: [TOKEN_SCOPES.readWebhooks, SCOPES.writeWebhooks, ...ALL_READ],
    write: [SCOPES.writeWebhooks],
  },
  partnerconfigurations: {
    label: 'Partner configurations',
    read: [SCOPES.readPartnerConfigurations, SCOPES.writePartnerConfigurations],
    write: [SCOPES.writePartnerConfigurations],
  },
  jobs: {
    label: 'Jobs console',
    read: [
      SCOPES.readJobs,
      SCOPES.writeJobs,
      SCOPES.readPartnerConfigurations,
      SCOPES.writePartnerConfigurations,
      ...ALL_READ,
    ],
    write: [SCOPES.writeJobs, SCOPES.writePartnerConfigurations],
  },
  audit: { label: 'Audit trail', read: ALL_READ, write: [] },
};

/** Whether a token's effective scopes let it read (or change) in an area; no area: any token. */
export function tokenCoversArea(effective: readonly string[], area: TokenArea | null, write: boolean): boolean {
  if (!area) return true;
  const wanted = write ? TOKEN_AREA_SCOPES[area].write : TOKEN_AREA_SCOPES[area].read;
  return effective.some((s) => wanted.includes(s));
}

/**
 * Scopes grouped by the area they open, for the token form: each scope under the first area it reads in (the
 * all-submissions scopes under submissions), in the areas' order, reading before changing; scopes of no area last.
 */
export function scopesByArea(scopes: readonly string[]): { area: string; label: string; scopes: string[] }[] {
  const placed = new Set<string>();
  const groups = TOKEN_AREAS.map((area) => {
    const order = TOKEN_AREA_SCOPES[area].read;
    const inArea = scopes
      .filter((s) => !placed.has(s) && order.includes(s))
      .sort((a, b) => order.indexOf(a) - order.indexOf(b));
    inArea.forEach((s) => placed.add(s));
    return { area, label: TOKEN_AREA_SCOPES[area].label, scopes: inArea };
  });
  const rest = scopes.filter((s) => !placed.has(s));
  return [...groups, { area: 'other', label: 'Other', scopes: rest }].filter((g) => g.scopes.length > 0);
}

/** Each area with what the token may do there: the token page's and GET /api/v1/token's summary. */
export const tokenAreaAccess = (effective: readonly string[]) =>
  TOKEN_AREAS.map((area) => ({
    area,
    label: TOKEN_AREA_SCOPES[area].label,
    access: tokenCoversArea(effective, area, true)
      ? ('write' as const)
      : tokenCoversArea(effective, area, false)
        ? ('read' as const)
        : ('none' as const),
  }));

export const API_TOKEN_SCOPE_LABELS: Record<string, string> = {
  [TOKEN_SCOPES.readProductSubmissions]: "Read your company's products, drafts and submissions",
  [TOKEN_SCOPES.writeProductSubmissions]: 'Upload, edit and submit products',
  [TOKEN_SCOPES.readBrandProfiles]: "Read your company's brand profile",
  [TOKEN_SCOPES.writeBrandProfiles]: "Change your company's brand profile and its files",
  [TOKEN_SCOPES.readShippingProfiles]: "Read your company's shipping profiles",
  [TOKEN_SCOPES.writeShippingProfiles]: 'Change shipping profiles and the products using them',
  [TOKEN_SCOPES.readBulkIngestion]: "Read your company's import jobs and their files",
  [TOKEN_SCOPES.writeBulkIngestion]: 'Start import jobs and map their files to UPCs',
  [TOKEN_SCOPES.readWebhooks]: "Read your company's webhooks and their deliveries",
  [SCOPES.readAllProductSubmissions]: "Read every company's submissions",
  [SCOPES.writeAllProductSubmissions]: "Review and catalogue every company's submissions",
  [SCOPES.readPartnerConfigurations]: 'Read partner configurations',
  [SCOPES.writePartnerConfigurations]: 'Change partner configurations',
  [SCOPES.writeWebhooks]: "Manage your company's webhooks",
};

type HasScopes = { scopes: readonly string[] };

/** The scopes a user may put on a token: the ones they hold, and, for a supplier, reading and writing their own. */
export function grantableTokenScopes(user: HasScopes): string[] {
  const own = isSupplier(user) ? SUPPLIER_TOKEN_SCOPES : [];
  const hooks = user.scopes.includes(SCOPES.writeWebhooks) ? [TOKEN_SCOPES.readWebhooks] : [];
  return [...new Set([...user.scopes, ...own, ...hooks])];
}

/** What a supplier may give a token for their own company, area by area. */
const SUPPLIER_TOKEN_SCOPES: readonly string[] = [
  TOKEN_SCOPES.readProductSubmissions,
  TOKEN_SCOPES.writeProductSubmissions,
  TOKEN_SCOPES.readBrandProfiles,
  TOKEN_SCOPES.writeBrandProfiles,
  TOKEN_SCOPES.readShippingProfiles,
  TOKEN_SCOPES.writeShippingProfiles,
  TOKEN_SCOPES.readBulkIngestion,
  TOKEN_SCOPES.writeBulkIngestion,
];

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
    /**
     * read:webhooks names no scope of the user: it stands for their write:webhooks when the webhooks policy asks
     * who may look (the token's area check refuses it every change there: webhooks' writes need write:webhooks).
     */
    policyScopes: user.scopes.filter(
      (s) => effective.includes(s) || (s === SCOPES.writeWebhooks && effective.includes(TOKEN_SCOPES.readWebhooks)),
    ),
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
  missing:
    "This address needs an API token: send 'Authorization: Bearer pst_\u2026' (make one on Account \u2192 API tokens).",
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
  areaNotCovered: (area: string, scopes: readonly string[]) =>
    `This API token has no scope for ${area}: create a token with ${scopes.join(' or ')} for it.`,
  scopeNotCovering: (scope: string) =>
    `This API token's scopes do not cover this change. Create a token with ${scope} for it.`,
  routeNotForTokens: 'API tokens cannot use this address.',
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
