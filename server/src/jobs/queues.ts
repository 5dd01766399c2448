/**
 * Each queue has its own slots, so one kind of work cannot starve another: a receiver that never answers holds
 * webhook slots only, a thousand-file import media slots only.
 */
export const QUEUES = ['media', 'checks', 'webhooks', 'mail', 'maintenance'] as const;
export type QueueName = (typeof QUEUES)[number];
/** Media work is CPU-bound (one slot a core); deliveries and mail mostly wait on the network. */
export const DEFAULT_QUEUE_CONCURRENCY: Record<QueueName, number> = {
  media: 2,
  checks: 2,
  webhooks: 8,
  mail: 4,
  maintenance: 1,
};
export const DEFAULT_QUEUE: QueueName = 'checks';
