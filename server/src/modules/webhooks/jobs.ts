import { count, eq } from 'drizzle-orm';
import { WEBHOOK_MSG, WEBHOOK_TIMEOUT_MS } from '@portal/domain';
import type { AppContext } from '../../context.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { defineJob, enqueue } from '../../jobs/queue.ts';
import { checkTarget, RefusedTargetError } from './address-guard.ts';
import { deliverWebhookJob } from './job-types.ts';
import { nextAttemptAt } from './schedule.ts';
import { postOnce, type AttemptOutcome } from './send.ts';
import { signedHeaders } from './signing.ts';

/**
 * Sends a delivery once: the URL is resolved and checked again now (an address that was public at registration
 * may point inside since: DNS rebinding), signed with the endpoint's current secrets, posted with a 10 s limit.
 * The attempt is logged; a failure (error, timeout, any answer but 2xx) schedules the next attempt, until the
 * 24-hour window is over.
 */
export const deliverWebhook = (ctx: AppContext) =>
  defineJob<{ deliveryId: number; manual?: boolean }>({
    ...deliverWebhookJob,
    handler: async ({ deliveryId, manual }) => {
      const [row] = await ctx.db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, deliveryId));
      if (!row) return; // the endpoint was deleted with its deliveries
      const { delivery, endpoint } = row;
      if (!manual && delivery.status !== 'PENDING') return; // delivered (or given up) meanwhile
      const startedAt = new Date();
      let outcome: AttemptOutcome;
      if (!endpoint.active)
        outcome = { statusCode: null, durationMs: 0, error: WEBHOOK_MSG.inactive, responseExcerpt: null };
      else {
        try {
          const target = await checkTarget(endpoint.url, ctx.config.webhookAllowPrivate);
          outcome = await postOnce(
            target,
            signedHeaders(endpoint, delivery.messageId, delivery.body, startedAt),
            delivery.body,
            WEBHOOK_TIMEOUT_MS,
          );
        } catch (err) {
          if (!(err instanceof RefusedTargetError)) throw err;
          outcome = {
            statusCode: null,
            durationMs: Math.round(Date.now() - startedAt.getTime()),
            error: err.message,
            responseExcerpt: null,
          };
        }
      }
      await ctx.db.transaction(async (tx) => {
        const [{ n }] = await tx
          .select({ n: count() })
          .from(webhookAttempts)
          .where(eq(webhookAttempts.deliveryId, deliveryId));
        const attempt = n + 1;
        await tx.insert(webhookAttempts).values({ deliveryId, attempt, startedAt, ...outcome });
        const now = new Date();
        if (!outcome.error) {
          await tx
            .update(webhookDeliveries)
            .set({ status: 'SUCCEEDED', nextAttemptAt: null, updatedAt: now })
            .where(eq(webhookDeliveries.id, deliveryId));
          return;
        }
        if (manual) {
          // A failed Redeliver leaves a delivery that still has automatic retries to come as it was.
          if (delivery.status !== 'PENDING')
            await tx
              .update(webhookDeliveries)
              .set({ status: 'FAILED', updatedAt: now })
              .where(eq(webhookDeliveries.id, deliveryId));
          return;
        }
        const next = endpoint.active ? nextAttemptAt(attempt, delivery.createdAt, now) : null;
        await tx
          .update(webhookDeliveries)
          .set({ status: next ? 'PENDING' : 'FAILED', nextAttemptAt: next, updatedAt: now })
          .where(eq(webhookDeliveries.id, deliveryId));
        if (next) await enqueue(tx, deliverWebhookJob, { deliveryId }, { runAt: next });
      });
    },
  });
