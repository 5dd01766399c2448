import { describe, expect, it } from 'vitest';
import { metricsPolicy } from './policy.ts';

const token = 'a-long-random-metrics-token-0123456789';

describe('metrics policy', () => {
  it('no token configured: no /metrics', () => {
    expect(metricsPolicy.enabled(undefined)).toBe(false);
    expect(metricsPolicy.enabled('')).toBe(false);
    expect(metricsPolicy.enabled(token)).toBe(true);
  });
  it('only the configured bearer token scrapes', () => {
    expect(metricsPolicy.scrape(token, `Bearer ${token}`)).toBe(true);
    expect(metricsPolicy.scrape(token, `bearer ${token}`)).toBe(true);
    expect(metricsPolicy.scrape(token, undefined)).toBe(false);
    expect(metricsPolicy.scrape(token, '')).toBe(false);
    expect(metricsPolicy.scrape(token, 'Bearer')).toBe(false);
    expect(metricsPolicy.scrape(token, `Bearer ${token}x`)).toBe(false);
    expect(metricsPolicy.scrape(token, `Bearer ${token.slice(0, -1)}`)).toBe(false);
    expect(metricsPolicy.scrape(token, `Basic ${Buffer.from(`x:${token}`).toString('base64')}`)).toBe(false);
    expect(metricsPolicy.scrape(token, token)).toBe(false);
  });
});
