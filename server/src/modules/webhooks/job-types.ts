import { z } from 'zod';
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
