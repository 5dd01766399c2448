import { describe, expect, it } from 'vitest';
import {
  ALL_SCOPES,
  defaultLandingRoute,
  isAnyAdmin,
  isFullAdmin,
  isInternal,
  isPartnerConfigAdmin,
  isReadOnlyAdmin,
  isScope,
  isSupplier,
  SCOPES,
} from './scopes.ts';

const user = (...scopes: string[]) => ({ scopes });
const { readAllProductSubmissions: readAll, writeAllProductSubmissions: writeAll } = SCOPES;

describe('scopes and derived roles (part 1 section 6)', () => {
  it("knows the scopes by their exact names (the spec's five, the jobs console's and write:webhooks)", () => {
    expect(ALL_SCOPES).toEqual([
      'read:allproductsubmissions',
      'write:allproductsubmissions',
      'read:partnerconfigurations',
      'write:partnerconfigurations',
      'write:productsubmissions',
      'read:jobs',
      'write:jobs',
      'write:webhooks',
    ]);
    expect(isScope('read:allproductsubmissions')).toBe(true);
    expect(isScope('admin')).toBe(false);
  });

  it('read-only admin = read-all without write-all', () => {
    expect(isReadOnlyAdmin(user(readAll))).toBe(true);
    expect(isReadOnlyAdmin(user(readAll, writeAll))).toBe(false);
    expect(isReadOnlyAdmin(user(writeAll))).toBe(false);
    expect(isReadOnlyAdmin(user())).toBe(false);
  });

  it('any-admin = read-all or write-all', () => {
    expect(isAnyAdmin(user(readAll))).toBe(true);
    expect(isAnyAdmin(user(writeAll))).toBe(true);
    expect(isAnyAdmin(user(SCOPES.writeProductSubmissions))).toBe(false);
    expect(isAnyAdmin(user())).toBe(false);
  });

  it('full admin = both all-submission scopes', () => {
    expect(isFullAdmin(user(readAll, writeAll))).toBe(true);
    expect(isFullAdmin(user(readAll))).toBe(false);
    expect(isFullAdmin(user(writeAll))).toBe(false);
  });

  it('partner-config admin = both partner-configuration scopes', () => {
    expect(isPartnerConfigAdmin(user(SCOPES.readPartnerConfigurations, SCOPES.writePartnerConfigurations))).toBe(true);
    expect(isPartnerConfigAdmin(user(SCOPES.readPartnerConfigurations))).toBe(false);
    expect(isPartnerConfigAdmin(user(readAll, writeAll))).toBe(false);
  });

  it('any scope makes a user internal; no all-submission scope makes a supplier', () => {
    expect(isInternal(user(SCOPES.writeProductSubmissions))).toBe(true);
    expect(isInternal(user())).toBe(false);
    // write:webhooks is a company user's scope (issue 21): it does not make staff.
    expect(isInternal(user(SCOPES.writeWebhooks))).toBe(false);
    expect(isSupplier(user(SCOPES.writeWebhooks))).toBe(true);
    expect(isSupplier(user(SCOPES.writeProductSubmissions))).toBe(true);
    expect(isSupplier(user(readAll))).toBe(false);
  });

  it('default landing: /activity/pending for admins, /activity/requires_action for others', () => {
    expect(defaultLandingRoute(user(readAll))).toBe('/activity/pending');
    expect(defaultLandingRoute(user(writeAll))).toBe('/activity/pending');
    expect(defaultLandingRoute(user())).toBe('/activity/requires_action');
    expect(defaultLandingRoute(user(SCOPES.readPartnerConfigurations))).toBe('/activity/requires_action');
  });
});
