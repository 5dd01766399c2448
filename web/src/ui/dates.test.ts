import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates.ts';

describe('display dates (part 1 section 9)', () => {
  it('MM/DD/YYYY h:mm a in local time', () => {
    expect(formatDateTime(new Date(2025, 2, 7, 16, 5))).toBe('03/07/2025 4:05 pm');
    expect(formatDateTime(new Date(2025, 11, 31, 0, 0))).toBe('12/31/2025 12:00 am');
    expect(formatDateTime(new Date(2025, 2, 7, 9, 30).toISOString())).toBe('03/07/2025 9:30 am');
  });

  it('MM/DD/YYYY', () => {
    expect(formatDate(new Date(2025, 0, 2, 23, 59))).toBe('01/02/2025');
  });
});
