import { describe, expect, it } from 'vitest';
import { SCOPES } from '@portal/domain';
import { eventsPolicy } from './policy.ts';

const supplier = { companyId: 1001, scopes: [] };
const viewer = { companyId: 1, scopes: [SCOPES.readAllProductSubmissions] };

describe('change feed policy', () => {
  it("a supplier reads their own company's feed, never another's", () => {
    expect(eventsPolicy.feedCompany(supplier, undefined)).toBe(1001);
    expect(eventsPolicy.feedCompany(supplier, 1001)).toBe(1001);
    expect(eventsPolicy.feedCompany(supplier, 1002)).toBeNull();
  });
  it('administrators, read-only ones too, read the company they name', () => {
    expect(eventsPolicy.feedCompany(viewer, 1002)).toBe(1002);
    expect(eventsPolicy.feedCompany(viewer, undefined)).toBe(1);
  });
});
