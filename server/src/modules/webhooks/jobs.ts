import { BlockList } from 'node:net';
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

/** Where a delivery may go when WEBHOOK_LOOPBACK_ONLY is on (the test runs). */
const THIS_MACHINE = new BlockList();
THIS_MACHINE.addSubnet('127.0.0.0', 8, 'ipv4');
THIS_MACHINE.addAddress('::1', 'ipv6');
THIS_MACHINE.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

export const OFF_MACHINE_REFUSED = 'Refused: this run delivers webhooks to this machine only (WEBHOOK_LOOPBACK_ONLY)';
/** The URLs refused so far in this process; the test harness fails the test file that made any. */
const offMachineRefusals: string[] = [];
export const takeOffMachineRefusals = () => offMachineRefusals.splice(0);

/**
 * Sends a delivery once: the URL is resolved and checked again now (an address that was public at registration
 * may point inside since: DNS rebinding), signed with the endpoint's current secrets, posted with a 10 s limit.
 * The attempt is logged; a failure (error, timeout, any answer but 2xx) schedules the next attempt, until the
 * 24-hour window is over.
 */
export const deliverWebhook = (ctx: AppContext) =>
  defineJob<{ deliveryId: number; manual?: boolean }>({
    ...deliverWebhookJob,
    handler: async ({ deliveryId, manual }, job) => {
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
          if (
            ctx.config.webhookLoopbackOnly &&
            !THIS_MACHINE.check(target.address, target.family === 6 ? 'ipv6' : 'ipv4')
          ) {
            job.log.error({ address: target.address }, OFF_MACHINE_REFUSED);
            offMachineRefusals.push(endpoint.url);
            throw new RefusedTargetError(OFF_MACHINE_REFUSED);
          }
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
        if (next) await enqueue(tx, deliverWebhookJob, { deliveryId }, { runAt: next, companyId: endpoint.companyId });
      });
    },
  });
