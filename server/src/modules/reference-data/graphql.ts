import { builder } from '../../graphql/builder.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../users/current-user.ts';
import { referenceDataPolicy } from './policy.ts';
import { listCities, listCountries, listDistributionMethods, listStates } from './repository.ts';

// Lookups of part 2 section 3, read by the brand profile form; any signed-in user may read them.

const CountryRef = builder.objectRef<{ id: number; name: string; code: string }>('Country').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name'), code: t.exposeString('code') }),
});
const StateRef = builder.objectRef<{ id: number; name: string; code: string }>('State').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name'), code: t.exposeString('code') }),
});
const CityRef = builder.objectRef<{ id: number; name: string }>('City').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }),
});
const DistributionMethodRef = builder.objectRef<{ id: number; name: string }>('DistributionMethod').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }),
});

const code = (value: string) => value.trim().toUpperCase().slice(0, 8);

builder.queryField('getCountries', (t) =>
  t.field({
    type: [CountryRef],
    description: 'Countries, by name.',
    resolve: async (_root, _args, { request, ctx }) => {
      authorize(referenceDataPolicy.view(await requireUser(request)));
      return listCountries(ctx.db);
    },
  }),
);

builder.queryField('getStates', (t) =>
  t.field({
    type: [StateRef],
    description: 'States or provinces of a country, by name; none for an unknown country.',
    args: { countryCode: t.arg.string({ required: true }) },
    resolve: async (_root, { countryCode }, { request, ctx }) => {
      authorize(referenceDataPolicy.view(await requireUser(request)));
      return listStates(ctx.db, code(countryCode));
    },
  }),
);

builder.queryField('getCities', (t) =>
  t.field({
    type: [CityRef],
    description: 'Major cities of a state, by name.',
    args: { countryCode: t.arg.string({ required: true }), stateCode: t.arg.string({ required: true }) },
    resolve: async (_root, { countryCode, stateCode }, { request, ctx }) => {
      authorize(referenceDataPolicy.view(await requireUser(request)));
      return listCities(ctx.db, code(countryCode), code(stateCode));
    },
  }),
);

builder.queryField('getDistributionMethods', (t) =>
  t.field({
    type: [DistributionMethodRef],
    resolve: async (_root, _args, { request, ctx }) => {
      authorize(referenceDataPolicy.view(await requireUser(request)));
      return listDistributionMethods(ctx.db);
    },
  }),
);
