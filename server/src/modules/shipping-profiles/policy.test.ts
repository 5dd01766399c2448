import { describe, expect, it } from 'vitest';
import { SCOPES } from '@portal/domain';
import { shippingProfilePolicy } from './policy.ts';

const supplier = { companyId: 1001, scopes: [] };
const admin = { companyId: 1, scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] };
const viewer = { companyId: 1, scopes: [SCOPES.readAllProductSubmissions] };

// view and edit are tested with the shared rules in packages/domain/src/shipping-profile.test.ts.
describe('shipping profile policy: where a new profile goes', () => {
  it("a supplier's profile is for their own company when they name none", () => {
    expect(shippingProfilePolicy.companyToCreateIn(supplier, null)).toBe(1001);
    expect(shippingProfilePolicy.mayEdit(supplier, shippingProfilePolicy.companyToCreateIn(supplier, undefined))).toBe(
      true,
    );
  });
  it('a supplier naming another company is refused', () => {
    const target = shippingProfilePolicy.companyToCreateIn(supplier, 1002);
    expect(target).toBe(1002);
    expect(shippingProfilePolicy.mayEdit(supplier, target)).toBe(false);
  });
  it('an administrator creates for the company they picked, and for none without a pick', () => {
    expect(shippingProfilePolicy.companyToCreateIn(admin, 1002)).toBe(1002);
    expect(shippingProfilePolicy.mayEdit(admin, 1002)).toBe(true);
    expect(shippingProfilePolicy.companyToCreateIn(admin, null)).toBeNull();
    expect(shippingProfilePolicy.mayEdit(admin, null)).toBe(false);
  });
  it('a read-only administrator creates for no company', () => {
    expect(shippingProfilePolicy.mayEdit(viewer, shippingProfilePolicy.companyToCreateIn(viewer, 1002))).toBe(false);
  });
});
