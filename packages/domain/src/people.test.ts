import { describe, expect, it } from 'vitest';
import { companyUserInviteSchema, grantableScopes, newCompanySchema, PEOPLE_MSG, staffInviteSchema } from './people.ts';
import { mayManagePeople, SCOPES } from './scopes.ts';

const person = { email: 'rae@example.com', firstName: 'Rae', lastName: 'Viewer' };
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('managing people', () => {
  it('staff need at least one scope, and only staff scopes', () => {
    expect(messages(staffInviteSchema.safeParse({ ...person, scopes: [] }))).toEqual([PEOPLE_MSG.scopesRequired]);
    expect(messages(staffInviteSchema.safeParse({ ...person, scopes: [SCOPES.writeWebhooks] }))).toEqual([
      PEOPLE_MSG.notStaffScope,
    ]);
    expect(messages(staffInviteSchema.safeParse({ ...person, scopes: ['write:everything'] }))).toEqual([
      PEOPLE_MSG.unknownScope,
    ]);
    expect(staffInviteSchema.safeParse({ ...person, scopes: [SCOPES.readJobs] }).success).toBe(true);
  });

  it('company users hold only company scopes, none by default', () => {
    expect(companyUserInviteSchema.parse(person).scopes).toEqual([]);
    expect(
      messages(companyUserInviteSchema.safeParse({ ...person, scopes: [SCOPES.readAllProductSubmissions] })),
    ).toEqual([PEOPLE_MSG.notCompanyScope]);
  });

  it('a company needs a name of at most 120 characters, trimmed', () => {
    expect(newCompanySchema.parse({ name: '  Hillside Dairy ' }).name).toBe('Hillside Dairy');
    expect(messages(newCompanySchema.safeParse({ name: ' ' }))).toEqual([PEOPLE_MSG.companyNameRequired]);
    expect(messages(newCompanySchema.safeParse({ name: 'x'.repeat(121) }))).toEqual([PEOPLE_MSG.companyNameTooLong]);
  });

  it('only full administrators manage people, granting only scopes they hold', () => {
    const admin = { scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] };
    expect(mayManagePeople(admin)).toBe(true);
    expect(mayManagePeople({ scopes: [SCOPES.readAllProductSubmissions] })).toBe(false);
    expect(grantableScopes(admin, [SCOPES.writeAllProductSubmissions])).toBe(true);
    expect(grantableScopes(admin, [SCOPES.readJobs])).toBe(false);
  });
});
