import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  WEBHOOK_MSG,
  webhookDeliveryPageQuerySchema,
  webhookDeliveryViewSchema,
  webhookInputSchema,
  webhookViewSchema,
} from '@portal/domain';
import { routeSchema } from '../../lib/openapi.ts';
import { ifMatchOf, sendEtag } from '../../lib/preconditions.ts';
import { requireUser } from '../users/current-user.ts';
import { TOKEN_WRITES_WEBHOOKS } from './policy.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  rotateSecret,
  sendPing,
  updateWebhook,
} from './service.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const companyParams = z.object({ companyId: id });
const webhookParams = z.object({ webhookId: id });
const deliveryParams = z.object({ deliveryId: id });
const queued = z.object({ queued: z.literal(true) });
const withSecret = z.object({
  webhook: webhookViewSchema,
  secret: z.string().meta({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }),
});
const tags = ['Webhooks'];

/**
 * A company's webhook endpoints and their delivery log (issue 21); who may do what is in policy.ts. An endpoint or
 * delivery is addressed by its own id (its company comes from the row), a list by the company.
 */
export async function webhookRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get(
    '/api/companies/:companyId/webhooks',
    {
      schema: routeSchema({
        summary: "List a company's webhooks (never their secrets)",
        tags,
        params: companyParams,
        responses: { 200: z.array(webhookViewSchema) },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request) => {
      const { companyId } = companyParams.parse(request.params);
      return listWebhooks(ctx, await requireUser(request), companyId);
    },
  );

  /** 201 with the endpoint and its signing secret, shown this once. */
  app.post(
    '/api/companies/:companyId/webhooks',
    {
      config: TOKEN_WRITES_WEBHOOKS,
      schema: routeSchema({
        summary: 'Register a webhook; the answer holds its signing secret, shown this once',
        tags,
        params: companyParams,
        body: webhookInputSchema,
        responses: { 201: withSecret },
        errors: [400, 401, 403, 404, 409, 429],
        errorNotes: { 409: 'The company has its 20 webhooks already (the same URL twice is allowed)' },
        errorExamples: { 409: { code: 'CONFLICT', message: WEBHOOK_MSG.tooMany } },
      }),
    },
    async (request, reply) => {
      const { companyId } = companyParams.parse(request.params);
      const created = await createWebhook(ctx, await requireUser(request), companyId, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/webhooks/:webhookId',
    {
      schema: routeSchema({
        summary: 'One webhook (never its secret), with its ETag for If-Match',
        etag: true,
        tags,
        params: webhookParams,
        responses: { 200: webhookViewSchema },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request, reply) => {
      const { webhookId } = webhookParams.parse(request.params);
      const found = await getWebhook(ctx, await requireUser(request), webhookId);
      sendEtag(reply, 'webhook', new Date(found.updatedDate));
      return found;
    },
  );

  app.put(
    '/api/webhooks/:webhookId',
    {
      config: TOKEN_WRITES_WEBHOOKS,
      schema: routeSchema({
        summary: "Change a webhook's URL, events or active flag",
        etag: true,
        tags,
        params: webhookParams,
        headers: z.object({
          'if-match': z.string().optional().describe('The ETag of the webhook as you read it (412 otherwise)'),
        }),
        body: webhookInputSchema,
        responses: { 200: webhookViewSchema },
        errors: [400, 401, 403, 404, 412, 429],
      }),
    },
    async (request, reply) => {
      const { webhookId } = webhookParams.parse(request.params);
      const updated = await updateWebhook(
        ctx,
        await requireUser(request),
        webhookId,
        request.body,
        ifMatchOf(request, 'webhook'),
      );
      sendEtag(reply, 'webhook', new Date(updated.updatedDate));
      return updated;
    },
  );

  app.delete(
    '/api/webhooks/:webhookId',
    {
      config: TOKEN_WRITES_WEBHOOKS,
      schema: routeSchema({
        summary: 'Delete a webhook with its delivery log',
        tags,
        params: webhookParams,
        responses: { 204: null },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request, reply) => {
      const { webhookId } = webhookParams.parse(request.params);
      await deleteWebhook(ctx, await requireUser(request), webhookId);
      return reply.status(204).send();
    },
  );

  /** A new signing secret, shown this once; the previous one keeps signing alongside it for 24 hours. */
  app.post(
    '/api/webhooks/:webhookId/rotate-secret',
    {
      config: TOKEN_WRITES_WEBHOOKS,
      schema: routeSchema({
        summary: 'New signing secret (the previous one signs alongside it for 24 hours)',
        tags,
        params: webhookParams,
        responses: { 200: withSecret },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request) => {
      const { webhookId } = webhookParams.parse(request.params);
      return rotateSecret(ctx, await requireUser(request), webhookId);
    },
  );

  /** 'Send test event': a webhook.ping to this endpoint. */
  app.post(
    '/api/webhooks/:webhookId/ping',
    {
      config: TOKEN_WRITES_WEBHOOKS,
      schema: routeSchema({
        summary: 'Send a test event (webhook.ping) to this webhook',
        tags,
        params: webhookParams,
        responses: { 202: queued },
        errors: [400, 401, 403, 404, 409, 429],
      }),
    },
    async (request, reply) => {
      const { webhookId } = webhookParams.parse(request.params);
      await sendPing(ctx, await requireUser(request), webhookId);
      return reply.status(202).send({ queued: true });
    },
  );

  /** A page of the delivery log (the newest 50 unless asked otherwise) with every attempt. */
  app.get(
    '/api/webhooks/:webhookId/deliveries',
    {
      schema: routeSchema({
        summary:
          'A page of deliveries, newest first (50 unless limit says otherwise), each with every attempt (status code, duration, answer excerpt); after or before a delivery id for the next or previous page',
        tags,
        params: webhookParams,
        querystring: webhookDeliveryPageQuerySchema,
        responses: { 200: z.array(webhookDeliveryViewSchema) },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request) => {
      const { webhookId } = webhookParams.parse(request.params);
      const user = await requireUser(request);
      return listDeliveries(ctx, user, webhookId, webhookDeliveryPageQuerySchema.parse(request.query ?? {}));
    },
  );

  app.post(
    '/api/webhook-deliveries/:deliveryId/redeliver',
    {
      config: TOKEN_WRITES_WEBHOOKS,
      schema: routeSchema({
        summary: 'Send a delivery once more, now (same webhook-id)',
        tags,
        params: deliveryParams,
        responses: { 202: queued },
        errors: [400, 401, 403, 404, 409, 429],
      }),
    },
    async (request, reply) => {
      const { deliveryId } = deliveryParams.parse(request.params);
      await redeliver(ctx, await requireUser(request), deliveryId);
      return reply.status(202).send({ queued: true });
    },
  );
}
