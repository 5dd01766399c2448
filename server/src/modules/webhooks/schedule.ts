import { WEBHOOK_RETRY_WINDOW_MS } from '@portal/domain';

/**
 * Waits between automatic attempts (exponential, then capped): 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h,
 * then every 8 h; about 15 attempts' worth of patience packed into the retry window.
 */
export const RETRY_DELAYS_S = [5, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800];

/**
 * When to try again after attempt number `attempt` (1 = the first) failed, or null once the next try would fall
 * outside the window that began with the delivery.
 */
export function nextAttemptAt(attempt: number, deliveryCreatedAt: Date, now: Date): Date | null {
  const delayMs = RETRY_DELAYS_S[Math.min(attempt, RETRY_DELAYS_S.length) - 1] * 1000;
  const next = new Date(now.getTime() + delayMs);
  return next.getTime() - deliveryCreatedAt.getTime() <= WEBHOOK_RETRY_WINDOW_MS ? next : null;
}
