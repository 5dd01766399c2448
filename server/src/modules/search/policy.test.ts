import { describe, expect, it } from 'vitest';
import { SCOPES } from '@portal/domain';
import { searchPolicy } from './policy.ts';

describe('search policy', () => {
  it('a supplier finds its own company only; staff every company, and companies and submitters', () => {
    const supplier = { scopes: [SCOPES.writeWebhooks] };
    const viewer = { scopes: [SCOPES.readAllProductSubmissions] };
    expect(searchPolicy.seesEveryCompany(supplier)).toBe(false);
    expect(searchPolicy.findsCompaniesAndSubmitters(supplier)).toBe(false);
    expect(searchPolicy.seesEveryCompany(viewer)).toBe(true);
    expect(searchPolicy.findsCompaniesAndSubmitters(viewer)).toBe(true);
  });
});
