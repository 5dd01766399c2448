import { describe, expect, it } from 'vitest';
import { userPolicy } from './policy.ts';

describe('user policy', () => {
  it('an account with a password of ours edits its details', () => {
    expect(userPolicy.editDetails({ passwordHash: 'scrypt$...' })).toBe(true);
  });
  it("an identity provider's account does not: its details are managed there", () => {
    expect(userPolicy.editDetails({ passwordHash: null })).toBe(false);
  });
  it('any signed-in user may ask whether an address has an account', () => {
    expect(userPolicy.lookUpEmail({ id: 7 })).toBe(true);
  });
});
