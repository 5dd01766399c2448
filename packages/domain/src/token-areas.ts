import type { TokenArea } from './api-tokens.ts';

/**
 * The area of every REST route, by its document tag: what a token's scopes must cover to read (GET) or change there
 * (TOKEN_AREA_SCOPES). null: any valid token (the token's own account, reference data). A route whose tag is not
 * here is refused to tokens (fail closed); server/test/openapi.test.ts checks that every route's tag is.
 */
export const TOKEN_AREA_OF_TAG: Readonly<Record<string, TokenArea | null>> = {
  Operations: null,
  'Sign-in': null,
  Account: null,
  People: null,
  'Tokens (v1)': null,
  'API tokens': null,
  API: null,
  GraphQL: null,
  'Reference data': null,
  Drafts: 'productsubmissions',
  'Drafts (v1)': 'productsubmissions',
  'Sheet import': 'productsubmissions',
  'Sheet import (v1)': 'productsubmissions',
  Submissions: 'productsubmissions',
  'Submissions (v1)': 'productsubmissions',
  Catalogue: 'productsubmissions',
  'Catalogue (v1)': 'productsubmissions',
  'Events (v1)': 'productsubmissions',
  'Search (v1)': 'productsubmissions',
  'Review workspace': 'productsubmissions',
  'Brand profiles': 'brandprofiles',
  'Shipping profiles': 'shippingprofiles',
  'Bulk ingestion': 'bulkingestion',
  Webhooks: 'webhooks',
  Partners: 'partnerconfigurations',
  'Jobs console': 'jobs',
  'Audit trail': 'audit',
};

/** A route's area from its tags; undefined when no tag names one (refused to tokens). */
export function tokenAreaOfRoute(tags: readonly string[] | undefined): TokenArea | null | undefined {
  const known = (tags ?? []).filter((t) => t in TOKEN_AREA_OF_TAG);
  return known.length ? TOKEN_AREA_OF_TAG[known[0]] : undefined;
}

/**
 * The area of a top-level GraphQL field (a query reads there, a mutation changes): the profiles', imports' and
 * settings' own, the shared reference data any token may read, and the products' for the rest.
 */
export function tokenAreaOfGraphqlField(field: string): TokenArea | null {
  if (field.startsWith('__') || ANY_TOKEN_FIELDS.has(field)) return null;
  if (/BrandProfile|searchBrandsByName/.test(field)) return 'brandprofiles';
  if (/ShippingProfile/.test(field)) return 'shippingprofiles';
  if (/BulkIngestion/.test(field)) return 'bulkingestion';
  if (/PartnerConfiguration|ReadinessRules/.test(field)) return 'partnerconfigurations';
  return 'productsubmissions';
}

const ANY_TOKEN_FIELDS = new Set([
  'currentUser',
  'enabledFeatureFlags',
  'getCities',
  'getCountries',
  'getStates',
  'getDistributionMethods',
  'getCompany',
  'searchCompaniesByName',
  'searchPartnerConfigurations',
  'searchMarketAccountsByName',
  'unitsOfMeasure',
  'suggestedClasses',
  'bulkEditSettings',
  'getReadinessRules',
]);
