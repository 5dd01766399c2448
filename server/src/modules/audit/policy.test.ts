import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, SCOPES } from '@portal/domain';
import { auditPolicy } from './policy.ts';

const admin = { id: 1, companyId: 1000, scopes: [...ALL_SCOPES] };
const viewer = { id: 2, companyId: 1000, scopes: [SCOPES.readAllProductSubmissions] };
const settingsOnly = {
  id: 3,
  companyId: 1000,
  scopes: [SCOPES.readPartnerConfigurations, SCOPES.writePartnerConfigurations],
};
const supplier = { id: 4, companyId: 1001, scopes: [] };

describe('auditPolicy', () => {
  it('view: administrators, read-only ones included, read the audit trail', () => {
    expect(auditPolicy.view(admin)).toBe(true);
    expect(auditPolicy.view(viewer)).toBe(true);
  });

  it('view: suppliers and settings-only staff do not', () => {
    expect(auditPolicy.view(supplier)).toBe(false);
    expect(auditPolicy.view(settingsOnly)).toBe(false);
  });

  it("records: a staff change to another company's data is audited", () => {
    expect(auditPolicy.records(admin, 1001)).toBe(true);
    expect(auditPolicy.records(settingsOnly, 30443)).toBe(true);
    expect(auditPolicy.records(admin, null)).toBe(true);
  });

  it("records: a supplier's change to its own data is not, nor staff's to their own company's", () => {
    expect(auditPolicy.records(supplier, 1001)).toBe(false);
    expect(auditPolicy.records(admin, 1000)).toBe(false);
  });
});
