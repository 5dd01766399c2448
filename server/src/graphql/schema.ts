import { builder } from './builder.ts';
// Each area registers its part of the schema when imported.
import '../modules/users/graphql.ts';
import '../modules/feature-flags/graphql.ts';
import '../modules/drafts/graphql.ts';
import '../modules/submission-views/graphql.ts';
import '../modules/partners/graphql.ts';
import '../modules/readiness/graphql.ts';
import '../modules/catalogue/graphql.ts';
import '../modules/search/graphql.ts';
import '../modules/shipping-profiles/graphql.ts';
import '../modules/bulk-edit/graphql.ts';
import '../modules/reference-data/graphql.ts';
import '../modules/brand-profiles/graphql.ts';
import '../modules/bulk-ingestion/graphql.ts';
import '../modules/sheet-import/graphql.ts';

export const schema = builder.toSchema();
