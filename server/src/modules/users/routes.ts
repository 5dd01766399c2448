import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  accountInformationSchema,
  API_TOKEN_MSG,
  changePasswordSchema,
  emailSchema,
  mailDigestSchema,
  MSG,
  userDetailsSchema,
} from '@portal/domain';
import { conflict, forbidden, HttpError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { currentUser, requireUser } from './current-user.ts';
import { findUserByEmail, loadUserDetails, updateUser } from './repository.ts';
import { deleteSessionsOf, forgetSessionsOf } from '../../lib/session-store.ts';
import { authorize } from '../../lib/authorize.ts';
import { userPolicy } from './policy.ts';
import { routeSchema } from '../../lib/openapi.ts';

const emailParams = z.object({ email: emailSchema });
const userDetails = userDetailsSchema;
const tags = ['Account'];
/** Only the literal 'true' makes the probe optional: anything else is a mistake worth a 400. */
const userProbeQuery = z.object({
  optional: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export async function userRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const partnerOf = (s: { partnerCompanyId?: number | null }) => s.partnerCompanyId ?? null;

  app.get(
    '/api/user',
    {
      schema: routeSchema({
        summary: "The signed-in user (or the token's user, with the token's scopes)",
        description:
          'With optional=true (the web app probing for a session), nobody signed in is answered null with 200 rather than 401, so a logged-out page logs no failed request; a request with an API token is still refused when the token is.',
        tags,
        querystring: userProbeQuery,
        responses: { 200: userDetails.nullable() },
        errors: [400, 401, 429],
      }),
    },
    async (request) => {
      const { optional } = userProbeQuery.parse(request.query);
      if (optional && !request.headers.authorization && !(await currentUser(request))) return null;
      const user = await requireUser(request);
      const details = await loadUserDetails(db, user, partnerOf(request.session));
      // With a token: what the token may do (a supplier's read-only token holds read:productsubmissions, which no
      // user scope names, so user ∩ token was [] and the token could not learn it may read).
      return request.apiToken ? { ...details, scopes: request.apiToken.effectiveScopes } : details;
    },
  );

  /**
   * For the account form's "already taken" hint: a supplier learns only about addresses of its own company (so it
   * cannot probe who else has an account); staff, about any address.
   */
  app.get(
    '/api/user/exists/:email',
    {
      schema: routeSchema({
        summary: "Whether an address has an account (your company's; staff: any)",
        tags,
        params: emailParams,
        responses: { 200: z.object({ email_exists: z.boolean() }) },
        errors: [400, 401, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { email } = emailParams.parse(request.params);
      const found = await findUserByEmail(db, email);
      return { email_exists: Boolean(found && userPolicy.learnEmailTaken(user, found)) };
    },
  );

  // Account details and password: from a signed-in session only (a token must not take over its account).
  app.put(
    '/api/user',
    {
      config: { sessionOnly: true },
      schema: routeSchema({
        summary: 'Change your name and e-mail',
        tags,
        body: accountInformationSchema,
        responses: { 200: userDetails },
        errors: [400, 401, 403, 409],
        sessionOnly: true,
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(userPolicy.editDetails(user), () => forbidden('This account is managed by your identity provider.'));
      const input = accountInformationSchema.parse(request.body ?? {});
      const other = await findUserByEmail(db, input.email);
      if (other && other.id !== user.id) throw conflict(MSG.emailTaken);
      const updated = await updateUser(db, user.id, input);
      return loadUserDetails(db, updated, partnerOf(request.session));
    },
  );

  app.patch(
    '/api/user/password',
    {
      config: { sessionOnly: true },
      schema: routeSchema({
        summary: 'Change your password (other sessions end)',
        tags,
        body: changePasswordSchema,
        responses: { 204: null },
        errors: [400, 401, 403],
        sessionOnly: true,
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { oldPassword, newPassword } = changePasswordSchema.parse(request.body ?? {});
      if (!(await verifyPassword(user.passwordHash, oldPassword))) {
        throw new HttpError(401, 'OLD_PASSWORD_MISMATCH', MSG.oldPasswordWrong);
      }
      await updateUser(db, user.id, { passwordHash: await hashPassword(newPassword) });
      // Other sessions of this account end; this one stays signed in.
      await deleteSessionsOf(db, user.id, request.session.sessionId);
      forgetSessionsOf(user.id);
      return reply.status(204).send();
    },
  );

  // How the user hears of review decisions: each at once, or a digest an hour or a day.
  app.get(
    '/api/user/mail-digest',
    {
      schema: routeSchema({
        summary: 'How you hear of review decisions (immediately, hourly or daily)',
        tags,
        responses: { 200: mailDigestSchema },
        errors: [401, 429],
      }),
    },
    async (request) => ({ mailDigest: (await requireUser(request)).mailDigest }),
  );

  app.put(
    '/api/user/mail-digest',
    {
      config: { sessionOnly: true },
      schema: routeSchema({
        summary: 'Choose how you hear of review decisions: one e-mail each, or a digest an hour or a day',
        tags,
        body: mailDigestSchema,
        responses: { 200: mailDigestSchema },
        errors: [401, 403, 429],
        sessionOnly: true,
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { mailDigest } = mailDigestSchema.parse(request.body ?? {});
      const updated = await updateUser(db, user.id, { mailDigest });
      return { mailDigest: updated.mailDigest };
    },
  );

  // Vendor terms bind the person who accepts them: a script holding their token cannot agree on their behalf.
  app.put(
    '/api/user/accept-terms-and-conditions',
    {
      config: { sessionOnly: API_TOKEN_MSG.termsSessionOnly },
      schema: routeSchema({
        summary: 'Accept the terms and conditions',
        tags,
        responses: { 200: userDetails },
        errors: [401, 403, 429],
        sessionOnly: true,
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const updated = await updateUser(db, user.id, { tcAcceptanceDate: new Date() });
      return loadUserDetails(db, updated, partnerOf(request.session));
    },
  );
}
