import { describe, expect, it } from 'vitest';
import { intakeRulesFor, isFieldRequired, isFieldVisible } from './partner-fields.ts';

describe('partner field rules', () => {
  it('every flag defaults to true when absent', () => {
    expect(isFieldRequired({}, 'msrp')).toBe(true);
    expect(isFieldVisible({}, 'msrp')).toBe(true);
    expect(isFieldRequired({ msrp: { visible: true } }, 'msrp')).toBe(true);
    expect(isFieldRequired({ msrp: { required: false } }, 'msrp')).toBe(false);
  });

  it('the intake reads productName and shippingProfile required, and needs a primary image with a partner', () => {
    expect(intakeRulesFor(null)).toEqual({ productNameRequired: false, shippingProfileRequired: false, primaryImageRequired: false });
    expect(intakeRulesFor({ shippingProfile: { required: false } })).toEqual({
      productNameRequired: true,
      shippingProfileRequired: false,
      primaryImageRequired: true,
    });
  });
});
