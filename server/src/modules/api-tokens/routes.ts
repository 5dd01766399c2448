import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  API_TOKEN_MSG,
  apiTokenSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
  tokenAreaAccess,
  v1TokenInfo,
} from '@portal/domain';
import { unauthorized } from '../../lib/errors.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { requireUser } from '../users/current-user.ts';
import { createApiToken, listAllApiTokens, listOwnApiTokens, revokeApiToken } from './service.ts';

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const companyQuery = z.object({
  companyId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
});
const tags = ['API tokens'];
/** Tokens are managed from a signed-in session only: a token never makes, sees or revokes tokens. */
const sessionOnly = { sessionOnly: true };

export async function apiTokenRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get(
    '/api/v1/token',
    {
      schema: routeSchema({
        operationId: 'getToken',
        summary: 'The API token of this request: its scopes, what it may do now, its owner and expiry',
        tags: ['Tokens (v1)'],
        responses: { 200: v1TokenInfo },
        errors: [401, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const token = request.apiToken;
      if (!token) throw unauthorized(API_TOKEN_MSG.tokenRequired, 'TOKEN_REQUIRED');
      return {
        id: token.id,
        name: token.name,
        scopes: token.scopes,
        effective_scopes: token.effectiveScopes,
        can_write: token.canWrite,
        areas: tokenAreaAccess(token.effectiveScopes),
        owner: { user_id: user.id, email: user.email, company_id: user.companyId },
        expires_at: token.expiresAt.toISOString(),
        created_at: token.createdAt.toISOString(),
      };
    },
  );

  app.get(
    '/api/api-tokens',
    {
      config: sessionOnly,
      schema: routeSchema({
        summary: 'Your API tokens',
        tags,
        responses: { 200: z.array(apiTokenSchema) },
        errors: [401, 403],
        sessionOnly: true,
      }),
    },
    async (request) => listOwnApiTokens(ctx, await requireUser(request)),
  );

  app.post(
    '/api/api-tokens',
    {
      config: sessionOnly,
      schema: routeSchema({
        summary: 'Create an API token',
        description:
          'The answer holds the token itself (`token`): the only time it is shown. The server keeps only its SHA-256.',
        tags,
        body: createApiTokenSchema,
        responses: { 201: createdApiTokenSchema },
        errors: [400, 401, 403],
        sessionOnly: true,
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const input = createApiTokenSchema.parse(request.body ?? {});
      return reply.status(201).send(await createApiToken(ctx, user, input));
    },
  );

  /** Revoke: the owner their own token; with `asStaff`, a full administrator anyone's. */
  const revokeRoute = (url: string, summary: string, asStaff: boolean) =>
    app.delete(
      url,
      {
        config: sessionOnly,
        schema: routeSchema({
          summary,
          tags,
          params: idParams,
          responses: { 200: apiTokenSchema },
          errors: [400, 401, 403, 404],
          sessionOnly: true,
        }),
      },
      async (request) => {
        const user = await requireUser(request);
        const { id } = idParams.parse(request.params);
        return revokeApiToken(ctx, user, id, asStaff);
      },
    );
  revokeRoute('/api/api-tokens/:id', 'Revoke one of your API tokens', false);

  app.get(
    '/api/admin/api-tokens',
    {
      config: sessionOnly,
      schema: routeSchema({
        summary: "Every company's API tokens (full administrators)",
        tags,
        querystring: companyQuery,
        responses: { 200: z.array(apiTokenSchema) },
        errors: [400, 401, 403],
        sessionOnly: true,
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { companyId } = companyQuery.parse(request.query);
      return listAllApiTokens(ctx, user, companyId);
    },
  );

  revokeRoute('/api/admin/api-tokens/:id', "Revoke any company's API token (full administrators)", true);
}
