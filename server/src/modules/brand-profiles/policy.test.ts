import { describe, expect, it } from 'vitest';
import { SCOPES } from '@portal/domain';
import { brandProfilePolicy } from './policy.ts';

const supplier = { companyId: 1001, scopes: [] };
const viewer = { companyId: 1, scopes: [SCOPES.readAllProductSubmissions] };
const admin = { companyId: 1, scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] };

describe('brand profile policy', () => {
  it('users of the company see and change its brand profile', () => {
    expect(brandProfilePolicy.view(supplier, 1001)).toBe(true);
    expect(brandProfilePolicy.edit(supplier, 1001)).toBe(true);
  });
  it('a user of another company neither sees nor changes it', () => {
    expect(brandProfilePolicy.view(supplier, 1002)).toBe(false);
    expect(brandProfilePolicy.edit(supplier, 1002)).toBe(false);
  });
  it('read-only administrators see every brand profile and change none of other companies', () => {
    expect(brandProfilePolicy.view(viewer, 1002)).toBe(true);
    expect(brandProfilePolicy.edit(viewer, 1002)).toBe(false);
  });
  it('administrators who write all submissions change any', () => {
    expect(brandProfilePolicy.edit(admin, 1002)).toBe(true);
  });
});
