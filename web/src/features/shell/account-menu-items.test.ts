import { describe, expect, it } from 'vitest';
import { SCOPES } from '@portal/domain';
import { buildUser } from '../../test/fixtures.ts';
import { accountMenuItems, accountMenuLabel } from './account-menu-items.ts';

const labels = (...args: Parameters<typeof accountMenuItems>) => accountMenuItems(...args).map((item) => item.label);

describe('account menu items', () => {
  it('gives a plain supplier the schedule, FAQs and logout only (and, through the identity provider, API tokens)', () => {
    expect(labels(buildUser({ isAuth0User: true }), [])).toEqual(['Account', 'Submission Schedule', 'FAQs', 'Logout']);
    expect(labels(buildUser({ isAuth0User: false }), [])).toEqual([
      'API tokens',
      'Submission Schedule',
      'FAQs',
      'Logout',
    ]);
  });

  it('shows Account only to users of the external identity provider', () => {
    expect(labels(buildUser({ isAuth0User: true }), [])).toContain('Account');
    expect(labels(buildUser({ isAuth0User: false }), [])).not.toContain('Account');
  });
  it('gives users of the identity provider their API tokens instead (issue 21)', () => {
    expect(accountMenuItems(buildUser({ isAuth0User: false }), []).find((i) => i.label === 'API tokens')).toEqual({
      label: 'API tokens',
      kind: 'route',
      to: '/account/api-tokens',
    });
    expect(labels(buildUser({ isAuth0User: true }), [])).not.toContain('API tokens');
  });

  it('shows Access only with both read and write all-submission scopes', () => {
    const both = [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions];
    expect(labels(buildUser({ scopes: both }), [])).toContain('Access');
    expect(labels(buildUser({ scopes: [SCOPES.readAllProductSubmissions] }), [])).not.toContain('Access');
    expect(labels(buildUser({ scopes: [SCOPES.writeAllProductSubmissions] }), [])).not.toContain('Access');
  });

  it('shows Settings only with both partner-configuration scopes', () => {
    const both = [SCOPES.readPartnerConfigurations, SCOPES.writePartnerConfigurations];
    expect(labels(buildUser({ scopes: both }), [])).toContain('Settings');
    expect(labels(buildUser({ scopes: [SCOPES.readPartnerConfigurations] }), [])).not.toContain('Settings');
  });

  it('shows Jobs (the jobs console, issue 19) to staff who may look at it: jobs readers, settings readers, administrators', () => {
    for (const scopes of [
      [SCOPES.readJobs],
      [SCOPES.readPartnerConfigurations],
      [SCOPES.readAllProductSubmissions],
      [SCOPES.writeAllProductSubmissions],
    ]) {
      expect(accountMenuItems(buildUser({ scopes }), [])).toContainEqual({
        label: 'Jobs',
        kind: 'route',
        to: '/admin/jobs',
      });
    }
    expect(labels(buildUser(), [])).not.toContain('Jobs');
    expect(labels(buildUser({ scopes: [SCOPES.writeProductSubmissions] }), [])).not.toContain('Jobs');
  });

  it('shows Audit Trail to every administrator, read-only ones too, and to no supplier (issue 19)', () => {
    expect(accountMenuItems(buildUser({ scopes: [SCOPES.readAllProductSubmissions] }), [])).toContainEqual({
      label: 'Audit Trail',
      kind: 'route',
      to: '/admin/audit',
    });
    expect(labels(buildUser({ scopes: [SCOPES.writeAllProductSubmissions] }), [])).toContain('Audit Trail');
    expect(labels(buildUser(), [])).not.toContain('Audit Trail');
    expect(
      labels(buildUser({ scopes: [SCOPES.readPartnerConfigurations, SCOPES.writePartnerConfigurations] }), []),
    ).not.toContain('Audit Trail');
  });

  it('shows Vendor Authorization to suppliers only, and only with SUBMISSION_LIST_VIEW on', () => {
    expect(labels(buildUser(), ['SUBMISSION_LIST_VIEW'])).toContain('Vendor Authorization');
    expect(labels(buildUser(), [])).not.toContain('Vendor Authorization');
    for (const scope of [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions]) {
      expect(labels(buildUser({ scopes: [scope] }), ['SUBMISSION_LIST_VIEW'])).not.toContain('Vendor Authorization');
    }
  });

  it('shows Imports when the company has bulk-ingestion access (part 2 section 6), and to full administrators', () => {
    expect(accountMenuItems(buildUser({ hasBulkIngestionAccess: true }), [])).toContainEqual({
      label: 'Imports',
      kind: 'route',
      to: '/import-jobs',
    });
    expect(labels(buildUser({ hasBulkIngestionAccess: false }), [])).not.toContain('Imports');
    const fullAdmin = buildUser({ scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] });
    expect(labels(fullAdmin, [])).toContain('Imports');
  });

  it("shows 'Webhooks' to company users holding write:webhooks and to staff, not to other suppliers (issue 21)", () => {
    expect(accountMenuItems(buildUser({ scopes: [SCOPES.writeWebhooks] }), [])).toContainEqual({
      label: 'Webhooks',
      kind: 'route',
      to: '/webhooks',
    });
    expect(labels(buildUser({ scopes: [SCOPES.readAllProductSubmissions] }), [])).toContain('Webhooks');
    expect(labels(buildUser({ scopes: [] }), [])).not.toContain('Webhooks');
  });

  it('orders a full admin menu as the spec lists it, with new-tab entries marked', () => {
    const admin = buildUser({ isAuth0User: true, scopes: Object.values(SCOPES) });
    const items = accountMenuItems(admin, ['SUBMISSION_LIST_VIEW']);
    expect(items.map((i) => i.label)).toEqual([
      'Account',
      'Access',
      'Settings',
      'Jobs',
      'Audit Trail',
      'Imports',
      'Webhooks',
      'Submission Schedule',
      'FAQs',
      'Logout',
    ]);
    expect(items.find((i) => i.label === 'Account')).toEqual({
      label: 'Account',
      kind: 'route',
      to: '/account/information',
    });
    expect(items.find((i) => i.label === 'FAQs')).toEqual({
      label: 'FAQs',
      kind: 'file-new-tab',
      href: '/static/FAQs.pdf',
    });
    expect(items.find((i) => i.label === 'Submission Schedule')).toMatchObject({
      kind: 'route-new-tab',
      to: '/schedule',
    });
  });

  it("labels the button with the user's first name, else 'Account'", () => {
    expect(accountMenuLabel(buildUser({ firstName: 'Ada' }))).toBe('Ada');
    expect(accountMenuLabel(buildUser({ firstName: '  ' }))).toBe('Account');
  });
});
