import { describe, expect, it } from 'vitest';
import { SCOPES } from '@portal/domain';
import { webhookPolicy } from './policy.ts';

const holder = { companyId: 1001, scopes: [SCOPES.writeWebhooks] };
const colleague = { companyId: 1001, scopes: [] };
const admin = { companyId: 1, scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] };
const viewer = { companyId: 1, scopes: [SCOPES.readAllProductSubmissions] };

describe('webhook policy (issue 21)', () => {
  it("a company user with write:webhooks sees and manages their own company's webhooks, no other's", () => {
    expect(webhookPolicy.view(holder, 1001)).toBe(true);
    expect(webhookPolicy.manage(holder, 1001)).toBe(true);
    expect(webhookPolicy.view(holder, 1002)).toBe(false);
    expect(webhookPolicy.manage(holder, 1002)).toBe(false);
    expect(webhookPolicy.hideAsMissing(holder, 1002)).toBe(true);
    expect(webhookPolicy.menu(holder)).toBe(true);
  });
  it('a colleague without the scope sees nothing and is told so (403, not 404) for their own company', () => {
    expect(webhookPolicy.view(colleague, 1001)).toBe(false);
    expect(webhookPolicy.hideAsMissing(colleague, 1001)).toBe(false);
    expect(webhookPolicy.menu(colleague)).toBe(false);
  });
  it('staff: full administrators manage any company, read-only administrators only look', () => {
    expect(webhookPolicy.manage(admin, 1002)).toBe(true);
    expect(webhookPolicy.view(viewer, 1002)).toBe(true);
    expect(webhookPolicy.manage(viewer, 1002)).toBe(false);
    expect(webhookPolicy.hideAsMissing(viewer, 1002)).toBe(false);
    expect(webhookPolicy.menu(viewer)).toBe(true);
  });
});
