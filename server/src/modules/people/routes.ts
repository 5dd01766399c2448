import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  acceptInvitationSchema,
  companyUserInviteSchema,
  newCompanySchema,
  PEOPLE_MSG,
  staffInviteSchema,
} from '@portal/domain';
import { authorize } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { requireUser } from '../users/current-user.ts';
import { hashPassword } from '../users/passwords.ts';
import { peoplePolicy } from './policy.ts';
import { staffCompanyId } from '../users/repository.ts';
import { findCompany, listCompanies, usersOfCompany } from './repository.ts';
import {
  acceptInvitation,
  addSupplierCompany,
  describeInvitation,
  inviteCompanyUser,
  inviteStaffUser,
  resendInvitation,
} from './service.ts';

const person = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  scopes: z.array(z.string()),
  state: z.enum(['invited', 'active', 'disabled']),
  createdAt: z.string(),
});
const company = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['supplier', 'partner', 'staff']),
  users: z.number().int(),
});
const PERSON_EXAMPLE = {
  id: 42,
  email: 'reviewer@example.com',
  firstName: 'Rae',
  lastName: 'Viewer',
  scopes: ['read:allproductsubmissions', 'write:allproductsubmissions'],
  state: 'invited' as const,
  createdAt: '2026-11-28T09:30:00.000Z',
};
const COMPANY_EXAMPLE = { id: 1004, name: 'Hillside Dairy', kind: 'supplier' as const, users: 2 };
const personAnswer = person.meta({ examples: [PERSON_EXAMPLE] });
const companyAnswer = company.meta({ examples: [COMPANY_EXAMPLE] });
// Ids are the database's integers: a larger one is no id (400), not a failed query.
const companyParams = z.object({ companyId: z.coerce.number().int().positive().max(2_147_483_647) });
const userParams = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });
const companyQuery = z.object({ q: z.string().trim().max(120).optional() });
const tokenParams = z.object({ token: z.string().min(16).max(200) });
const tags = ['People'];
/** Accounts are made by a person at the screen: tokens cannot add people (a leaked token must not mint accounts). */
const session = { config: { sessionOnly: true } } as const;

export async function peopleRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const admin = async (request: Parameters<typeof requireUser>[0]) => {
    const user = await requireUser(request);
    authorize(peoplePolicy.manage(user));
    return user;
  };

  app.get(
    '/api/people/staff',
    {
      ...session,
      schema: routeSchema({
        summary: 'Staff users (administrators only)',
        tags,
        responses: { 200: z.object({ users: z.array(person) }).meta({ examples: [{ users: [PERSON_EXAMPLE] }] }) },
        errors: [401, 403],
        sessionOnly: true,
      }),
    },
    async (request) => {
      await admin(request);
      return { users: await usersOfCompany(db, await staffCompanyId(db)) };
    },
  );

  app.post(
    '/api/people/staff',
    {
      ...session,
      schema: routeSchema({
        summary: 'Add a member of staff with scopes; they are e-mailed an invitation to choose a password',
        tags,
        body: staffInviteSchema,
        responses: { 201: personAnswer },
        errors: [401, 403, 409],
        sessionOnly: true,
      }),
    },
    async (request, reply) => {
      const user = await admin(request);
      const input = staffInviteSchema.parse(request.body ?? {});
      return reply.status(201).send(await inviteStaffUser(db, user, input));
    },
  );

  app.get(
    '/api/people/companies',
    {
      ...session,
      schema: routeSchema({
        summary: 'Supplier companies with their number of users, by name (q: the start of the name)',
        tags,
        querystring: companyQuery,
        responses: {
          200: z.object({ companies: z.array(company) }).meta({ examples: [{ companies: [COMPANY_EXAMPLE] }] }),
        },
        errors: [401, 403],
        sessionOnly: true,
      }),
    },
    async (request) => {
      await admin(request);
      const { q } = companyQuery.parse(request.query);
      return { companies: await listCompanies(db, 'supplier', q ?? '') };
    },
  );

  app.post(
    '/api/people/companies',
    {
      ...session,
      schema: routeSchema({
        summary: 'Add a supplier company',
        tags,
        body: newCompanySchema,
        responses: { 201: companyAnswer },
        errors: [401, 403, 409],
        sessionOnly: true,
      }),
    },
    async (request, reply) => {
      const user = await admin(request);
      const { name } = newCompanySchema.parse(request.body ?? {});
      return reply.status(201).send(await addSupplierCompany(db, user, name));
    },
  );

  app.get(
    '/api/people/companies/:companyId',
    {
      ...session,
      schema: routeSchema({
        summary: 'A supplier company and its users',
        tags,
        params: companyParams,
        responses: {
          200: z
            .object({ company: company, users: z.array(person) })
            .meta({ examples: [{ company: COMPANY_EXAMPLE, users: [PERSON_EXAMPLE] }] }),
        },
        errors: [401, 403, 404],
        sessionOnly: true,
      }),
    },
    async (request) => {
      await admin(request);
      const { companyId } = companyParams.parse(request.params);
      const found = await findCompany(db, companyId);
      if (!found || found.kind !== 'supplier') throw notFound(PEOPLE_MSG.companyNotFound);
      const users = await usersOfCompany(db, companyId);
      return { company: { id: found.id, name: found.name, kind: found.kind, users: users.length }, users };
    },
  );

  app.post(
    '/api/people/companies/:companyId/users',
    {
      ...session,
      schema: routeSchema({
        summary: 'Add a user to a supplier company; they are e-mailed an invitation to choose a password',
        tags,
        params: companyParams,
        body: companyUserInviteSchema,
        responses: { 201: personAnswer },
        errors: [401, 403, 404, 409],
        sessionOnly: true,
      }),
    },
    async (request, reply) => {
      const user = await admin(request);
      const { companyId } = companyParams.parse(request.params);
      const input = companyUserInviteSchema.parse(request.body ?? {});
      return reply.status(201).send(await inviteCompanyUser(db, user, companyId, input));
    },
  );

  app.post(
    '/api/people/users/:userId/invitation',
    {
      ...session,
      schema: routeSchema({
        summary: 'Send the invitation again to someone who has not chosen a password yet',
        tags,
        params: userParams,
        responses: { 202: personAnswer },
        errors: [401, 403, 404, 409],
        sessionOnly: true,
      }),
    },
    async (request, reply) => {
      const user = await admin(request);
      const { userId } = userParams.parse(request.params);
      const resent = await resendInvitation(db, user, userId, () => peoplePolicy.manage(user));
      return reply.status(202).send(resent);
    },
  );

  const limited = { rateLimit: { max: ctx.config.loginRateLimitPerMinute, timeWindow: '1 minute' }, sessionOnly: true };

  app.get(
    '/api/invitations/:token',
    {
      config: limited,
      schema: routeSchema({
        summary: 'Who an invitation link is for (404 when it is unknown, spent or expired)',
        tags: ['Sign-in'],
        params: tokenParams,
        responses: {
          200: z
            .object({ email: z.string(), firstName: z.string(), companyName: z.string() })
            .meta({ examples: [{ email: 'buyer@example.com', firstName: 'Bea', companyName: 'Hillside Dairy' }] }),
        },
        errors: [403, 404, 429],
        public: true,
      }),
    },
    async (request) => {
      const { token } = tokenParams.parse(request.params);
      const found = await describeInvitation(db, token);
      if (!found) throw notFound(PEOPLE_MSG.invitationInvalid);
      return found;
    },
  );

  app.post(
    '/api/invitations/accept',
    {
      config: limited,
      schema: routeSchema({
        summary: 'Choose your first password with an invitation link (it works once)',
        tags: ['Sign-in'],
        body: acceptInvitationSchema,
        responses: { 204: null },
        errors: [400, 403, 429],
        public: true,
      }),
    },
    async (request, reply) => {
      const { token, newPassword } = acceptInvitationSchema.parse(request.body ?? {});
      await acceptInvitation(db, token, await hashPassword(newPassword));
      return reply.status(204).send();
    },
  );
}
