import { describe, expect, it } from 'vitest';
import { featureFlagPolicy } from './policy.ts';

describe('feature flag policy', () => {
  it('anyone sees which flags are on, signed in or not', () => {
    expect(featureFlagPolicy.viewEnabled()).toBe(true);
  });
});
