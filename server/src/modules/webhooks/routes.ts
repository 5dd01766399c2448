import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth/session.ts';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, redeliver, rotateSecret, sendPing, updateWebhook } from './service.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const companyParams = z.object({ companyId: id });
const webhookParams = z.object({ webhookId: id });
const deliveryParams = z.object({ deliveryId: id });

/**
 * A company's webhook endpoints and their delivery log (issue 21); who may do what is in policy.ts. An endpoint or
 * delivery is addressed by its own id (its company comes from the row), a list by the company.
 */
export async function webhookRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/companies/:companyId/webhooks', async (request) => {
    const { companyId } = companyParams.parse(request.params);
    return listWebhooks(ctx, await requireUser(request), companyId);
  });

  /** 201 with the endpoint and its signing secret, shown this once. */
  app.post('/api/companies/:companyId/webhooks', async (request, reply) => {
    const { companyId } = companyParams.parse(request.params);
    const created = await createWebhook(ctx, await requireUser(request), companyId, request.body);
    return reply.status(201).send(created);
  });

  app.put('/api/webhooks/:webhookId', async (request) => {
    const { webhookId } = webhookParams.parse(request.params);
    return updateWebhook(ctx, await requireUser(request), webhookId, request.body);
  });

  app.delete('/api/webhooks/:webhookId', async (request, reply) => {
    const { webhookId } = webhookParams.parse(request.params);
    await deleteWebhook(ctx, await requireUser(request), webhookId);
    return reply.status(204).send();
  });

  /** A new signing secret, shown this once; the previous one keeps signing alongside it for 24 hours. */
  app.post('/api/webhooks/:webhookId/rotate-secret', async (request) => {
    const { webhookId } = webhookParams.parse(request.params);
    return rotateSecret(ctx, await requireUser(request), webhookId);
  });

  /** 'Send test event': a webhook.ping to this endpoint. */
  app.post('/api/webhooks/:webhookId/ping', async (request, reply) => {
    const { webhookId } = webhookParams.parse(request.params);
    await sendPing(ctx, await requireUser(request), webhookId);
    return reply.status(202).send({ queued: true });
  });

  /** The newest 50 deliveries with every attempt. */
  app.get('/api/webhooks/:webhookId/deliveries', async (request) => {
    const { webhookId } = webhookParams.parse(request.params);
    return listDeliveries(ctx, await requireUser(request), webhookId);
  });

  app.post('/api/webhook-deliveries/:deliveryId/redeliver', async (request, reply) => {
    const { deliveryId } = deliveryParams.parse(request.params);
    await redeliver(ctx, await requireUser(request), deliveryId);
    return reply.status(202).send({ queued: true });
  });
}
