import { z } from 'zod';
import { WEBHOOK_EVENTS } from '@portal/domain';
import { jobType } from '../../jobs/queue.ts';

/**
 * One attempt to send one delivery. The handler schedules the next attempt itself (its own backoff over 24 hours,
 * see schedule.ts), so a failed send is a done job; the queue's own retries only cover our failures (the database).
 * manual: a Redeliver, one attempt that starts no retries.
 */
export const deliverWebhookJob = jobType('webhooks.deliver', {
  queue: 'webhooks',
  payload: z.object({ deliveryId: z.number().int().positive(), manual: z.boolean().optional() }),
  maxAttempts: 3,
});

/**
 * An event held back (a review decision's, for its undo window): when due, it goes into the change feed and to every
 * subscribed endpoint, in the job's transaction, as the listener would have published it at the change. An undo
 * within the window deletes the job: the event is never published.
 */
export const publishHeldEventJob = jobType('webhooks.publishHeld', {
  queue: 'webhooks',
  payload: z.object({
    companyId: z.number().int().positive(),
    type: z.enum(WEBHOOK_EVENTS),
    data: z.record(z.string(), z.unknown()),
  }),
});
