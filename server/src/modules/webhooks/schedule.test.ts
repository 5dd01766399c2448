import { describe, expect, it } from 'vitest';
import { nextAttemptAt } from './schedule.ts';

describe('webhook retry schedule', () => {
  const created = new Date('2026-01-01T00:00:00Z');
  it('backs off exponentially, then every 8 hours', () => {
    const delays = [1, 2, 3, 4, 9, 10].map(
      (n) => (nextAttemptAt(n, created, created)!.getTime() - created.getTime()) / 1000,
    );
    expect(delays).toEqual([5, 30, 120, 600, 28_800, 28_800]);
  });
  it('stops once the next attempt would fall past 24 hours after the delivery was made', () => {
    let at = created;
    let attempt = 1;
    for (let next = nextAttemptAt(attempt, created, at); next; next = nextAttemptAt(++attempt, created, at)) at = next;
    expect(at.getTime() - created.getTime()).toBeLessThanOrEqual(24 * 3600_000);
    expect(at.getTime() - created.getTime()).toBeGreaterThan(20 * 3600_000);
    expect(attempt).toBe(11);
  });
});
