import { BlockList } from 'node:net';
import { WEBHOOK_MSG, WEBHOOK_TIMEOUT_MS, type WebhookEvent } from '@portal/domain';
import type { AppContext } from '../../context.ts';
import { defineJob, enqueue, type JobInfo } from '../../jobs/queue.ts';
import { checkTarget, RefusedTargetError } from './address-guard.ts';
import { deliverWebhookJob, publishHeldEventJob } from './job-types.ts';
import { publishNow } from './listeners.ts';
import { nextAttemptAt } from './schedule.ts';
import { attemptClass, postOnce, type AttemptOutcome } from './send.ts';
import { signedHeaders } from './signing.ts';
import {
  claimDelivery,
  deliveryWithEndpoint,
  findDelivery,
  markDelivered,
  recordAttempt,
  releaseDelivery,
  rescheduleDelivery,
} from './repository.ts';

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
 * How long an attempt may hold its delivery: the 10 s limit of the POST, the DNS lookup before it and the recording
 * after, with room to spare. An attempt that died holding it (a crashed worker) is overtaken once it has passed.
 */
const ATTEMPT_CLAIM_SECONDS = Math.ceil((3 * WEBHOOK_TIMEOUT_MS) / 1000);

/**
 * Sends a delivery once: the URL is resolved and checked again now (an address that was public at registration
 * may point inside since: DNS rebinding), signed with the endpoint's current secrets, posted with a 10 s limit.
 * The attempt is logged; a failure (error, timeout, any answer but 2xx) schedules the next attempt, until the
 * 24-hour window is over.
 *
 * An attempt first claims its delivery in one conditional UPDATE (no attempt in flight; for an automatic one, still
 * PENDING), so a Redeliver racing an automatic retry sends once: the one that finds the claim taken leaves the send
 * to the other (an automatic retry comes back when the claim ends, so a failed Redeliver costs it nothing). A success
 * is never overwritten: a failed Redeliver of a delivered message only adds its attempt to the log.
 */
export const deliverWebhook = (ctx: AppContext) =>
  defineJob<{ deliveryId: number; manual?: boolean }>({
    ...deliverWebhookJob,
    handler: async ({ deliveryId, manual }, job) => {
      const claimed = await claimDelivery(ctx.db, deliveryId, ATTEMPT_CLAIM_SECONDS, Boolean(manual));
      if (!claimed) {
        const delivery = await findDelivery(ctx.db, deliveryId);
        // Deleted with its endpoint, delivered or given up meanwhile, or a Redeliver while an attempt is in flight.
        if (!delivery || delivery.status !== 'PENDING' || manual) return;
        // A Redeliver holds it: this scheduled attempt comes back when that one is over, or its claim has run out.
        await enqueue(
          ctx.db,
          deliverWebhookJob,
          { deliveryId },
          { runAt: delivery.attemptClaimedUntil ?? new Date(), companyId: delivery.companyId },
        );
        return;
      }
      const release = () => releaseDelivery(ctx.db, deliveryId);
      try {
        await attempt(ctx, deliveryId, Boolean(manual), job.log);
      } catch (err) {
        await release().catch(() => {}); // the claim runs out by itself if even this fails
        throw err;
      }
    },
  });

async function attempt(ctx: AppContext, deliveryId: number, manual: boolean, log: JobInfo['log']) {
  const row = await deliveryWithEndpoint(ctx.db, deliveryId);
  if (!row) return; // the endpoint was deleted with its deliveries
  const { delivery, endpoint } = row;
  const startedAt = new Date();
  let outcome: AttemptOutcome;
  let refused = !endpoint.active;
  if (!endpoint.active)
    outcome = { statusCode: null, durationMs: 0, error: WEBHOOK_MSG.inactive, responseExcerpt: null };
  else {
    try {
      const target = await checkTarget(endpoint.url, ctx.config.webhookAllowPrivate);
      if (
        ctx.config.webhookLoopbackOnly &&
        !THIS_MACHINE.check(target.address, target.family === 6 ? 'ipv6' : 'ipv4')
      ) {
        log.error({ address: target.address }, OFF_MACHINE_REFUSED);
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
      refused = true;
      outcome = {
        statusCode: null,
        durationMs: Math.round(Date.now() - startedAt.getTime()),
        error: err.message,
        responseExcerpt: null,
      };
    }
  }
  ctx.metrics.observeWebhookAttempt(attemptClass(outcome, refused));
  await ctx.db.transaction(async (tx) => {
    const attempt = await recordAttempt(tx, deliveryId, startedAt, outcome);
    const now = new Date();
    if (!outcome.error) {
      await markDelivered(tx, deliveryId, now);
      return;
    }
    // A failed Redeliver changes nothing but the log: a delivery with automatic retries to come keeps them, a
    // delivered one stays delivered, one given up stays given up.
    if (manual) {
      await releaseDelivery(tx, deliveryId);
      return;
    }
    const next = endpoint.active ? nextAttemptAt(attempt, delivery.createdAt, now) : null;
    const rescheduled = await rescheduleDelivery(tx, deliveryId, next, now);
    if (next && rescheduled)
      await enqueue(tx, deliverWebhookJob, { deliveryId }, { runAt: next, companyId: endpoint.companyId });
  });
}

/**
 * A held event (a review decision's, its undo window over) published now: into the change feed and to the subscribed
 * endpoints, in one transaction. The job exists only while the decision stands: its undo deletes it, or is refused
 * once a worker has claimed it (jobs/queue.ts cancelHeldJobs), so the event is published once or never.
 */
export const publishHeldEvent = (ctx: AppContext) =>
  defineJob<{ companyId: number; type: WebhookEvent; data: Record<string, unknown> }>({
    ...publishHeldEventJob,
    handler: async ({ companyId, type, data }) => {
      await ctx.db.transaction((tx) => publishNow(tx, companyId, type, data));
    },
  });
