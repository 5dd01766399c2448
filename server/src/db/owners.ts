import type { PgTable } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

type TableName = { [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? K : never }[keyof typeof schema];

/**
 * The one place (a folder or a file under server/src) that writes each table. Everything else asks the owner: a rule
 * about a table (what a change must also record, what must be checked under which lock) then lives in one place.
 * architecture.test.ts fails on a write anywhere else; the type fails when a table of the schema is missing here.
 */
export const TABLE_OWNERS = {
  companies: 'modules/users/',
  users: 'modules/users/',
  sessions: 'lib/session-store.ts',
  passwordResetTokens: 'modules/auth/',
  userInvitations: 'modules/people/',
  loginFailures: 'modules/auth/',
  apiTokens: 'modules/api-tokens/',
  deploymentFingerprints: 'lib/session-secret-check.ts',
  rateLimitCounters: 'lib/rate-limit-store.ts',
  idempotencyKeys: 'lib/idempotency.ts',
  mailOutbox: 'modules/notifications/',
  mailDigestItems: 'modules/submissions/digest.ts',
  storageMarker: 'storage/',
  featureFlags: 'modules/feature-flags/',
  partnerConfigurations: 'modules/partners/',
  partnerRuleSets: 'modules/readiness/',
  bulkIngestionOrganizations: 'modules/bulk-ingestion/',
  bulkIngestionJobs: 'modules/bulk-ingestion/',
  bulkIngestionFiles: 'modules/bulk-ingestion/',
  jobs: 'jobs/',
  sheetMappings: 'modules/sheet-import/',
  sheetImports: 'modules/sheet-import/',
  draftSubmissions: 'modules/drafts/',
  draftFiles: 'modules/drafts/',
  productSubmissions: 'modules/submissions/lifecycle.ts',
  submissionFiles: 'modules/submissions/lifecycle.ts',
  submissionHistory: 'modules/submissions/lifecycle.ts',
  submissionComments: 'modules/submissions/lifecycle.ts',
  submissionMarketAccounts: 'modules/submissions/lifecycle.ts',
  submissionAttributes: 'modules/submissions/lifecycle.ts',
  submissionCounts: 'modules/submissions/counts.ts',
  submissionStatusTotals: 'modules/submissions/counts.ts',
  // Kept by database triggers on submission_files: the submission's files are its only source.
  pictureFingerprints: 'modules/submissions/lifecycle.ts',
  cataloguedProducts: 'modules/catalogue/',
  // Refreshed by the catalogue's listener of the lifecycle (after the counts) and by the catalogue, through membership.ts.
  companyCatalogue: 'modules/catalogue/',
  companyCatalogueCounts: 'modules/catalogue/',
  shippingProfiles: 'modules/shipping-profiles/',
  productShippingProfiles: 'modules/shipping-profiles/',
  brandProfiles: 'modules/brand-profiles/',
  suggestedClasses: 'modules/reference-data/',
  unitsOfMeasure: 'modules/reference-data/',
  marketAccounts: 'modules/reference-data/',
  attributes: 'modules/reference-data/',
  countries: 'modules/reference-data/',
  states: 'modules/reference-data/',
  cities: 'modules/reference-data/',
  distributionMethods: 'modules/reference-data/',
  auditLog: 'modules/audit/',
  webhookEndpoints: 'modules/webhooks/',
  webhookDeliveries: 'modules/webhooks/',
  webhookAttempts: 'modules/webhooks/',
  feedEvents: 'modules/events/',
  reviewClaims: 'modules/review/',
  reviewAssignments: 'modules/review/',
  reviewNotes: 'modules/review/',
  reviewSavedViews: 'modules/review/',
  reviewStockReasons: 'modules/review/',
  submissionVersions: 'modules/review/',
  reviewPendingDecisions: 'modules/review/',
} as const satisfies Record<TableName, string>;
