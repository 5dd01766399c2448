import { MEDIA_PROCESSES } from '../media/limits.ts';

/**
 * Each queue has its own slots, so one kind of work cannot starve another: a receiver that never answers holds
 * webhook slots only, a thousand-file import media slots only.
 */
export const QUEUES = ['media', 'text', 'checks', 'webhooks', 'mail', 'maintenance'] as const;
export type QueueName = (typeof QUEUES)[number];
/**
 * Media work is CPU-bound: one slot per media process, since a second job would only wait in the media pool's queue,
 * first come first served, where another company's upload would wait behind it (fair claims are the runner's). Deliveries
 * and mail mostly wait on the network.
 */
export const DEFAULT_QUEUE_CONCURRENCY: Record<QueueName, number> = {
  media: MEDIA_PROCESSES,
  // Reading a photo's text: one process of its own (media-pool.ts), about 5 s of CPU a photo.
  text: 1,
  checks: 2,
  webhooks: 8,
  mail: 4,
  maintenance: 1,
};
export const DEFAULT_QUEUE: QueueName = 'checks';
