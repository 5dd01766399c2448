import { builder } from '../../graphql/builder.ts';
import { currentUser } from './current-user.ts';
import { loadUserDetails, type UserDetails } from './repository.ts';

export const CompanyRef = builder.objectRef<{ id: number; name: string }>('Company').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }),
});

const User = builder.objectRef<UserDetails>('User').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    companyId: t.exposeInt('companyId'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    email: t.exposeString('email'),
    company: t.field({ type: CompanyRef, resolve: (u) => u.company }),
    isAuth0User: t.exposeBoolean('isAuth0User'),
    scopes: t.exposeStringList('scopes'),
    sessionPartnerCompanyId: t.exposeInt('sessionPartnerCompanyId', { nullable: true }),
    tcAcceptanceDate: t.exposeString('tcAcceptanceDate', { nullable: true }),
    hasBulkIngestionAccess: t.exposeBoolean('hasBulkIngestionAccess'),
  }),
});

builder.queryField('currentUser', (t) =>
  t.field({
    type: User,
    nullable: true,
    description: 'The signed-in user, or null when signed out.',
    resolve: async (_root, _args, { request, ctx }) => {
      const user = await currentUser(request);
      return user ? loadUserDetails(ctx.db, user, request.session.partnerCompanyId ?? null) : null;
    },
  }),
);
