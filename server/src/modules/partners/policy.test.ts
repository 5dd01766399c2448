import { describe, expect, it } from 'vitest';
import { SCOPES } from '@portal/domain';
import { partnerPolicy } from './policy.ts';

const supplier = { companyId: 1001, scopes: [] };
const settingsReader = { companyId: 1, scopes: [SCOPES.readPartnerConfigurations] };
const settingsAdmin = { companyId: 1, scopes: [SCOPES.readPartnerConfigurations, SCOPES.writePartnerConfigurations] };
const settingsWriterOnly = { companyId: 1, scopes: [SCOPES.writePartnerConfigurations] };
const viewer = { companyId: 1, scopes: [SCOPES.readAllProductSubmissions] };
const fullAdmin = { companyId: 1, scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] };

describe('partner policy', () => {
  it('settings are read with read:partnerconfigurations only', () => {
    expect(partnerPolicy.viewConfigurations(settingsReader)).toBe(true);
    expect(partnerPolicy.viewConfigurations(settingsAdmin)).toBe(true);
    expect(partnerPolicy.viewConfigurations(settingsWriterOnly)).toBe(false);
    expect(partnerPolicy.viewConfigurations(fullAdmin)).toBe(false);
    expect(partnerPolicy.viewConfigurations(supplier)).toBe(false);
  });
  it('configurations are changed with both partner-configuration scopes only', () => {
    expect(partnerPolicy.configure(settingsAdmin)).toBe(true);
    expect(partnerPolicy.configure(settingsReader)).toBe(false);
    expect(partnerPolicy.configure(settingsWriterOnly)).toBe(false);
    expect(partnerPolicy.configure(fullAdmin)).toBe(false);
    expect(partnerPolicy.configure(supplier)).toBe(false);
  });
  it('any signed-in user searches partner names', () => {
    expect(partnerPolicy.searchPartners(supplier)).toBe(true);
  });
  it('company names are searched by settings readers and administrators, read-only ones too, not by suppliers', () => {
    expect(partnerPolicy.searchCompanies(settingsReader)).toBe(true);
    expect(partnerPolicy.searchCompanies(fullAdmin)).toBe(true);
    expect(partnerPolicy.searchCompanies(viewer)).toBe(true);
    expect(partnerPolicy.searchCompanies(supplier)).toBe(false);
  });
  it('a supplier sees only their own company; staff see any', () => {
    expect(partnerPolicy.viewCompany(supplier, 1001)).toBe(true);
    expect(partnerPolicy.viewCompany(supplier, 1002)).toBe(false);
    expect(partnerPolicy.viewCompany(viewer, 1002)).toBe(true);
    expect(partnerPolicy.viewCompany(settingsReader, 1002)).toBe(true);
  });
});
