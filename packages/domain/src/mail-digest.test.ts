import { describe, expect, it } from 'vitest';
import { DAILY_DIGEST_HOUR_UTC, nextDigestAt } from './mail-digest.ts';

describe('nextDigestAt', () => {
  it('hourly: the next full hour, never the present one', () => {
    expect(nextDigestAt('hourly', new Date('2026-11-28T10:15:30Z')).toISOString()).toBe('2026-11-28T11:00:00.000Z');
    expect(nextDigestAt('hourly', new Date('2026-11-28T10:00:00Z')).toISOString()).toBe('2026-11-28T11:00:00.000Z');
    expect(nextDigestAt('hourly', new Date('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('daily: the next daily hour (UTC), today if it is still ahead', () => {
    const hour = String(DAILY_DIGEST_HOUR_UTC).padStart(2, '0');
    expect(nextDigestAt('daily', new Date('2026-11-28T05:00:00Z')).toISOString()).toBe(`2026-11-28T${hour}:00:00.000Z`);
    expect(nextDigestAt('daily', new Date(`2026-11-28T${hour}:00:00Z`)).toISOString()).toBe(
      `2026-11-29T${hour}:00:00.000Z`,
    );
    expect(nextDigestAt('daily', new Date('2026-11-30T23:30:00Z')).toISOString()).toBe(`2026-12-01T${hour}:00:00.000Z`);
  });
});
