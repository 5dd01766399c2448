import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, SCOPES } from '@portal/domain';
import { peoplePolicy } from './policy.ts';

describe('peoplePolicy', () => {
  it('lets only administrators with both all-submission scopes manage people', () => {
    expect(peoplePolicy.manage({ scopes: ALL_SCOPES })).toBe(true);
    expect(peoplePolicy.manage({ scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] })).toBe(
      true,
    );
    expect(peoplePolicy.manage({ scopes: [SCOPES.readAllProductSubmissions] })).toBe(false);
    expect(peoplePolicy.manage({ scopes: [SCOPES.writeWebhooks] })).toBe(false);
    expect(peoplePolicy.manage({ scopes: [] })).toBe(false);
  });

  it('grants only scopes the administrator holds', () => {
    const admin = { scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] };
    expect(peoplePolicy.grant(admin, [SCOPES.readAllProductSubmissions])).toBe(true);
    expect(peoplePolicy.grant(admin, [SCOPES.readAllProductSubmissions, SCOPES.readJobs])).toBe(false);
  });
});
