import { describe, expect, it } from 'vitest';
import { referenceDataPolicy } from './policy.ts';

describe('reference data policy', () => {
  it('any signed-in user reads the lookups', () => {
    expect(referenceDataPolicy.view({ id: 1 })).toBe(true);
  });
});
