import { asc, eq, ilike } from 'drizzle-orm';
import { companies, partnerConfigurations } from '../../db/schema.ts';
import { builder } from '../../graphql/builder.ts';
import { requireUser } from '../auth/session.ts';

interface PartnerSearchResult {
  id: number;
  companyName: string;
  partnerConfigurationId: number;
}

const PartnerSearchResultRef = builder.objectRef<PartnerSearchResult>('PartnerSearchResult').implement({
  description: 'A partner company that has a partner configuration; id is the company id.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    companyName: t.exposeString('companyName'),
    partnerConfigurationId: t.exposeInt('partnerConfigurationId'),
  }),
});

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

builder.queryField('searchPartnerConfigurations', (t) =>
  t.field({
    type: [PartnerSearchResultRef],
    description: 'Partners whose company name contains the text (case-insensitive), at most 20.',
    args: { name: t.arg.string({ required: true }) },
    resolve: async (_root, { name }, { request, ctx }) => {
      await requireUser(request);
      const rows = await ctx.db
        .select({ id: companies.id, companyName: companies.name, partnerConfigurationId: partnerConfigurations.id })
        .from(partnerConfigurations)
        .innerJoin(companies, eq(companies.id, partnerConfigurations.companyId))
        .where(ilike(companies.name, likeContains(name.trim().slice(0, 100))))
        .orderBy(asc(companies.name))
        .limit(20);
      return rows;
    },
  }),
);
