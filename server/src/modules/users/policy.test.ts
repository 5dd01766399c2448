import { describe, expect, it } from 'vitest';
import { userPolicy } from './policy.ts';

describe('user policy', () => {
  it('a disabled account is used nowhere; an enabled one is', () => {
    expect(userPolicy.useAccount({ disabledAt: null })).toBe(true);
    expect(userPolicy.useAccount({ disabledAt: new Date() })).toBe(false);
  });
  it('an account with a password of ours edits its details', () => {
    expect(userPolicy.editDetails({ passwordHash: 'scrypt$...' })).toBe(true);
  });
  it("an identity provider's account does not: its details are managed there", () => {
    expect(userPolicy.editDetails({ passwordHash: null })).toBe(false);
  });
  it('a supplier learns whether an address is taken only within its own company', () => {
    const supplier = { companyId: 3, scopes: [] };
    expect(userPolicy.learnEmailTaken(supplier, { companyId: 3 })).toBe(true);
    expect(userPolicy.learnEmailTaken(supplier, { companyId: 4 })).toBe(false);
  });
  it('staff learn it for any address', () => {
    expect(userPolicy.learnEmailTaken({ companyId: 1, scopes: ['read:allproductsubmissions'] }, { companyId: 4 })).toBe(
      true,
    );
  });
});
