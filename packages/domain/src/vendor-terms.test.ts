import { describe, expect, it } from 'vitest';
import { VENDOR_AUTH_PARTNER_COMPANY_ID } from './constants.ts';
import {
  emptyVendorAuthorization,
  needsVendorAuthorization,
  VENDOR_AUTH_MSG,
  VENDOR_CLAIM_COUNT,
  VENDOR_CLAIMS,
  vendorClaimText,
} from './vendor-terms.ts';
import { vendorAuthorizationSchema } from './vendor-terms-schema.ts';

describe('vendor authorization', () => {
  it('has six claims, including the sample-address and free-fill claims', () => {
    expect(VENDOR_CLAIMS).toHaveLength(VENDOR_CLAIM_COUNT);
    expect(VENDOR_CLAIMS[5].text).toMatch(/samples to \{retailer\}'s sample address/);
    expect(
      VENDOR_CLAIMS.some((c) => /free fill is either product .* or a fee/.test(c.text) && /department/.test(c.text)),
    ).toBe(true);
    expect(vendorClaimText(VENDOR_CLAIMS[5].text, 'Fresh Market Grocers')).toContain(
      "Fresh Market Grocers' sample address",
    );
  });

  it('needs all six claims checked: "Field must be checked"', () => {
    const form = emptyVendorAuthorization();
    const result = vendorAuthorizationSchema.safeParse(form);
    expect(result.success).toBe(false);
    expect(result.error!.issues).toHaveLength(6);
    expect(result.error!.issues[0].message).toBe('Field must be checked');
    const all = Object.fromEntries(Object.keys(form).map((k) => [k, true]));
    expect(vendorAuthorizationSchema.safeParse(all).success).toBe(true);
    expect(VENDOR_AUTH_MSG.agreeToTerms).toBe('Please agree to term and condition');
  });

  it('prompts users on partner company 30443 who have not accepted', () => {
    expect(VENDOR_AUTH_PARTNER_COMPANY_ID).toBe(30443);
    const supplier = { companyId: 5, sessionPartnerCompanyId: 30443, tcAcceptanceDate: null, scopes: [] };
    expect(needsVendorAuthorization(supplier)).toBe(true);
    expect(needsVendorAuthorization({ ...supplier, companyId: 30443, sessionPartnerCompanyId: null })).toBe(true);
    expect(needsVendorAuthorization({ ...supplier, tcAcceptanceDate: '2026-01-01T00:00:00Z' })).toBe(false);
    expect(needsVendorAuthorization({ ...supplier, sessionPartnerCompanyId: 777 })).toBe(false);
    expect(needsVendorAuthorization({ ...supplier, scopes: ['read:allproductsubmissions'] })).toBe(false);
  });
});
