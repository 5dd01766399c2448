import type { SearchHit, SearchResults } from '@portal/domain';
import { SEARCH_KINDS } from '@portal/domain';
import { builder } from '../../graphql/builder.ts';
import { requireUser } from '../users/current-user.ts';
import { parseSearchQuery, search } from './service.ts';

const SearchKindEnum = builder.enumType('SearchKind', { values: SEARCH_KINDS });

const SearchReference = builder.objectRef<{ id: number; name: string }>('SearchReference').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }),
});

const SearchHitRef = builder.objectRef<SearchHit>('SearchHit').implement({
  description: 'One thing the search box found.',
  fields: (t) => ({
    kind: t.field({ type: SearchKindEnum, resolve: (h) => h.kind }),
    id: t.exposeString('id', {
      description: 'The EAN-13 of a product, the id of a submission, of a company or of a user',
    }),
    title: t.exposeString('title', {
      description: "The product's description, the submission's product name, the company's or the user's name",
    }),
    detail: t.exposeString('detail', {
      nullable: true,
      description: 'The brand of a product or submission, the kind of a company, the e-mail of a submitter',
    }),
    upc: t.exposeString('upc', { nullable: true, description: 'The EAN-13 of a product or submission' }),
    status: t.exposeString('status', {
      nullable: true,
      description: "A submission's status; a product's CATALOGUED or DELISTED",
    }),
    partner: t.field({
      type: SearchReference,
      nullable: true,
      description: 'The partner a submission was sent to',
      resolve: (h) => h.partner,
    }),
    company: t.field({
      type: SearchReference,
      nullable: true,
      description: 'The company of a submission or a submitter',
      resolve: (h) => h.company,
    }),
    score: t.exposeFloat('score', { description: 'How well it answers the query (0 to 1): the order within its kind' }),
  }),
});

const SearchResultsRef = builder.objectRef<SearchResults>('SearchResults').implement({
  description: 'What a search found, grouped by kind, best first in each.',
  fields: (t) => ({
    query: t.exposeString('query'),
    products: t.field({ type: [SearchHitRef], resolve: (r) => r.products }),
    submissions: t.field({ type: [SearchHitRef], resolve: (r) => r.submissions }),
    companies: t.field({
      type: [SearchHitRef],
      description: 'Companies by name: staff only (empty for a supplier)',
      resolve: (r) => r.companies,
    }),
    submitters: t.field({
      type: [SearchHitRef],
      description: 'Submitters by name or e-mail: staff only (empty for a supplier)',
      resolve: (r) => r.submitters,
    }),
  }),
});

builder.queryFields((t) => ({
  search: t.field({
    type: SearchResultsRef,
    description:
      'The search box: products and submissions by name, brand or UPC (any form, or its first digits), typos and ' +
      "missing accents forgiven; for staff also companies and submitters. A supplier finds its company's only.",
    args: {
      q: t.arg.string({ required: true }),
      limit: t.arg.int({ required: false, description: 'Hits of each kind at most, 1 to 20 (default 5)' }),
    },
    resolve: async (_root, args, { request, ctx }) =>
      search(ctx, await requireUser(request), parseSearchQuery({ q: args.q, limit: args.limit ?? undefined })),
  }),
}));
