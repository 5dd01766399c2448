import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { loginSchema, strengthenPasswordSchema, userDetailsSchema } from '@portal/domain';
import { routeSchema } from '../../lib/openapi.ts';
import { unauthorized } from '../../lib/errors.ts';
import { refuseOtherSites } from '../../lib/origin-check.ts';
import { findUserById, loadUserDetails, updateUser } from '../users/repository.ts';
import { hashPassword } from '../users/passwords.ts';
import { checkCredentials } from './service.ts';
import { signIn } from './session.ts';

export async function authRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Signing in and out are for people in the browser: an API token never needs them.
  const perAddress = {
    rateLimit: { max: ctx.config.loginRateLimitPerMinute, timeWindow: '1 minute' },
    sessionOnly: true,
  };
  const tags = ['Sign-in'];
  const userDetails = userDetailsSchema;

  app.post(
    '/api/auth/login',
    {
      config: perAddress,
      schema: routeSchema({
        summary: 'Sign in (sets the session cookie)',
        tags,
        body: loginSchema,
        responses: { 200: userDetails },
        errors: [400, 401, 403, 429],
        public: true,
      }),
    },
    async (request) => {
      const input = loginSchema.parse(request.body ?? {});
      const outcome = await checkCredentials(ctx, input, request.ip);
      if (outcome.kind === 'weak-password') {
        await request.session.regenerate();
        request.session.attemptedLoginUserId = outcome.user.id;
        await request.session.save();
        throw unauthorized(
          'Your password no longer meets our requirements. Please choose a new one.',
          'INSUFFICIENT_PASSWORD_STRENGTH',
        );
      }
      await signIn(request, outcome.user, outcome.partnerCompanyId);
      return loadUserDetails(ctx.db, outcome.user, outcome.partnerCompanyId);
    },
  );

  /** Completes a login held back by INSUFFICIENT_PASSWORD_STRENGTH. */
  app.post(
    '/api/auth/strengthen-password',
    {
      config: perAddress,
      schema: routeSchema({
        summary: 'Finish a sign-in held back for a weak password',
        tags,
        body: strengthenPasswordSchema,
        responses: { 200: userDetails },
        errors: [400, 401, 403, 429],
        public: true,
      }),
    },
    async (request) => {
      const attempted = request.session.attemptedLoginUserId;
      const user = attempted ? await findUserById(ctx.db, attempted) : undefined;
      if (!user) throw unauthorized('Please log in again.');
      const { newPassword } = strengthenPasswordSchema.parse(request.body ?? {});
      const updated = await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(newPassword) });
      const partner = request.session.partnerCompanyId ?? null;
      await signIn(request, updated, partner);
      return loadUserDetails(ctx.db, updated, partner);
    },
  );

  app.get(
    '/api/auth/logout',
    {
      config: { sessionOnly: true },
      schema: routeSchema({
        summary: 'Sign out (ends the session)',
        tags,
        responses: { 204: null },
        errors: [403],
        public: true,
      }),
    },
    async (request, reply) => {
      // A GET, as the spec has it, so a link on another site could end the session: browsers say where it came from.
      refuseOtherSites(request);
      await request.session.destroy();
      return reply.status(204).send();
    },
  );

  const authConfig = z
    .object({ oidc: z.object({ enabled: z.boolean(), name: z.string() }) })
    .meta({ examples: [{ oidc: { enabled: true, name: 'Product Hub staff sign-in' } }] });
  app.get(
    '/api/auth/config',
    {
      schema: routeSchema({
        summary: 'Which sign-in methods the login pages offer',
        tags,
        responses: { 200: authConfig },
        errors: [],
        public: true,
      }),
    },
    async () => ({
      oidc: { enabled: Boolean(ctx.config.oidc), name: ctx.config.oidc?.name ?? '' },
    }),
  );
}
