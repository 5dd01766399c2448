/** Scopes a user can hold (part 1 section 6) and the roles derived from them. */
export const SCOPES = {
  readAllProductSubmissions: 'read:allproductsubmissions',
  writeAllProductSubmissions: 'write:allproductsubmissions',
  readPartnerConfigurations: 'read:partnerconfigurations',
  writePartnerConfigurations: 'write:partnerconfigurations',
  writeProductSubmissions: 'write:productsubmissions',
  /** The jobs console (issue 19): see the background jobs, and retry or discard failed ones. */
  readJobs: 'read:jobs',
  writeJobs: 'write:jobs',
  /** A company user's scope: manage the company's webhook endpoints (issue 21). Not a staff scope. */
  writeWebhooks: 'write:webhooks',
} as const;

export type Scope = (typeof SCOPES)[keyof typeof SCOPES];
export const ALL_SCOPES: readonly Scope[] = Object.values(SCOPES);

export function isScope(value: string): value is Scope {
  return (ALL_SCOPES as readonly string[]).includes(value);
}

type HasScopes = { scopes: readonly string[] };
const has = (user: HasScopes, scope: Scope) => user.scopes.includes(scope);

/** Read-all without write-all: may look at everything, change nothing of others'. */
export const isReadOnlyAdmin = (u: HasScopes) =>
  has(u, SCOPES.readAllProductSubmissions) && !has(u, SCOPES.writeAllProductSubmissions);

/** Read-all or write-all. */
export const isAnyAdmin = (u: HasScopes) =>
  has(u, SCOPES.readAllProductSubmissions) || has(u, SCOPES.writeAllProductSubmissions);

/** Both all-submission scopes; sees 'Access'. */
export const isFullAdmin = (u: HasScopes) =>
  has(u, SCOPES.readAllProductSubmissions) && has(u, SCOPES.writeAllProductSubmissions);

/**
 * Managing people (staff users, supplier companies and their users): administrators with both all-submission scopes,
 * as for Access. Here, not in people.ts, so that the shell can ask it without loading the schemas.
 */
export const mayManagePeople = (u: HasScopes) => isFullAdmin(u);

/** Both partner-configuration scopes; sees 'Settings'. */
export const isPartnerConfigAdmin = (u: HasScopes) =>
  has(u, SCOPES.readPartnerConfigurations) && has(u, SCOPES.writePartnerConfigurations);

/**
 * The jobs console (issue 19): read with read:jobs, or as any staff who already reads across companies (the settings
 * readers and every administrator, read-only ones included). Jobs carry ids, not other companies' content.
 */
export const mayViewJobs = (u: HasScopes) =>
  has(u, SCOPES.readJobs) || has(u, SCOPES.readPartnerConfigurations) || isAnyAdmin(u);

/**
 * The import jobs pages: users of a company with bulk ingestion access (its jobs), and full administrators (every
 * company's, to support them: the server lets them read any job; only a company's own users upload).
 */
export const mayViewImportJobs = (u: HasScopes & { hasBulkIngestionAccess: boolean }) =>
  u.hasBulkIngestionAccess || isFullAdmin(u);

/** Retry and discard: both jobs scopes, or both settings scopes; never a read-only administrator as such. */
export const mayActOnJobs = (u: HasScopes) =>
  (has(u, SCOPES.readJobs) && has(u, SCOPES.writeJobs)) || isPartnerConfigAdmin(u);

/** Scopes a supplier company's own users may hold without becoming staff. */
export const COMPANY_SCOPES: readonly Scope[] = [SCOPES.writeWebhooks];

/** Any staff scope (any scope but the company scopes) makes a user internal (staff). */
export const isInternal = (u: HasScopes) => u.scopes.some((s) => !(COMPANY_SCOPES as readonly string[]).includes(s));

/**
 * Review rights: staff who write every company's submissions (accept and reject); they see the reviewer's workspace
 * (/review). Here, not in review.ts, so that the router can ask it without loading the workspace's schemas.
 */
export const mayReview = (u: HasScopes) => has(u, SCOPES.writeAllProductSubmissions);

/** Users without read/write-all scopes are regular suppliers. */
export const isSupplier = (u: HasScopes) => !isAnyAdmin(u);

/** Default landing route relative to the partner root. */
export const defaultLandingRoute = (u: HasScopes) =>
  isAnyAdmin(u) ? '/activity/pending' : '/activity/requires_action';
