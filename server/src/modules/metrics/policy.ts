import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics (issue 19): no user, a scraper holding METRICS_TOKEN as a bearer token. The comparison
 * takes the same time whatever the token sent (both sides hashed to one length, then compared in constant time).
 */
export const metricsPolicy = {
  /** With no token configured there is no /metrics at all. */
  enabled: (configured: string | undefined): configured is string => Boolean(configured),
  scrape(configured: string, authorization: string | undefined): boolean {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    return timingSafeEqual(digest(match?.[1] ?? ''), digest(configured)) && Boolean(match);
  },
};
