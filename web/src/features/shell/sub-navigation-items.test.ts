import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, SCOPES } from '@portal/domain';
import { buildUser } from '../../test/fixtures.ts';
import { subNavigationItems } from './sub-navigation-items.ts';

const item = (label: string) => {
  const found = subNavigationItems(buildUser({ hasBulkIngestionAccess: true }), [
    'BRAND_PROFILE',
    'SHIPPING_PROFILE',
  ]).find((i) => i.label === label);
  if (!found) throw new Error(`no item ${label}`);
  return found;
};

describe('sub-navigation items', () => {
  it('always shows Submissions and Catalog; the rest by flag and bulk ingestion access', () => {
    expect(subNavigationItems(buildUser(), []).map((i) => i.label)).toEqual(['Submissions', 'Catalog']);
    expect(
      subNavigationItems(buildUser({ hasBulkIngestionAccess: true }), ['BRAND_PROFILE', 'SHIPPING_PROFILE']).map(
        (i) => [i.label, i.to],
      ),
    ).toEqual([
      ['Submissions', '/activity'],
      ['Catalog', '/cataloguedProducts'],
      ['Brand Profile', '/brandProfile'],
      ['Shipping Profiles', '/shippingProfiles'],
      ['Imports', '/import-jobs'],
    ]);
    expect(subNavigationItems(buildUser(), ['SHIPPING_PROFILE']).map((i) => i.label)).toEqual([
      'Submissions',
      'Catalog',
      'Shipping Profiles',
    ]);
  });

  it('shows Review to staff with review rights only (the write-all scope), active on the queue and its items', () => {
    const reviewer = buildUser({ scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] });
    expect(subNavigationItems(reviewer, []).map((i) => i.label)).toEqual([
      'Submissions',
      'Catalog',
      'Review',
      'Jobs',
      'Audit',
      'Access',
      'People',
    ]);
    const readOnly = buildUser({ scopes: [SCOPES.readAllProductSubmissions] });
    expect(subNavigationItems(readOnly, []).map((i) => i.label)).not.toContain('Review');
    const review = subNavigationItems(reviewer, []).find((i) => i.label === 'Review')!;
    expect(['/review', '/review/abc'].every((p) => review.isActive(p))).toBe(true);
    expect(review.isActive('/reviewers')).toBe(false);
  });

  it('shows staff their pages by scope instead of the supplier pages', () => {
    const all = buildUser({ scopes: [...ALL_SCOPES], hasBulkIngestionAccess: true });
    expect(subNavigationItems(all, ['BRAND_PROFILE', 'SHIPPING_PROFILE']).map((i) => [i.label, i.to])).toEqual([
      ['Submissions', '/activity'],
      ['Catalog', '/cataloguedProducts'],
      ['Review', '/review'],
      ['Settings', '/settings'],
      ['Jobs', '/admin/jobs'],
      ['Audit', '/admin/audit'],
      ['Access', '/access'],
      ['People', '/people'],
    ]);
    const viewer = buildUser({ scopes: [SCOPES.readAllProductSubmissions] });
    expect(subNavigationItems(viewer, ['BRAND_PROFILE']).map((i) => i.label)).toEqual([
      'Submissions',
      'Catalog',
      'Jobs',
      'Audit',
    ]);
    const settings = subNavigationItems(all, []).find((i) => i.label === 'Settings')!;
    expect(['/settings', '/settings/1', '/settings/company/30443'].every((p) => settings.isActive(p))).toBe(true);
  });

  it('marks Submissions active on activity, submission detail and edit-multiple pages', () => {
    const submissions = item('Submissions');
    for (const path of [
      '/activity',
      '/activity/pending',
      '/productSubmissions/12',
      '/productSubmissions/12/resubmit',
      '/edit-multiple',
      '/edit-multiple/confirmation',
    ]) {
      expect(submissions.isActive(path), path).toBe(true);
    }
    for (const path of ['/activityx', '/cataloguedProducts', '/upload']) {
      expect(submissions.isActive(path), path).toBe(false);
    }
  });

  it('marks Catalog active on the catalogue but not on adding images to a catalogued product', () => {
    const catalog = item('Catalog');
    expect(catalog.isActive('/cataloguedProducts')).toBe(true);
    expect(catalog.isActive('/cataloguedProducts/0012345678905')).toBe(true);
    expect(catalog.isActive('/cataloguedProducts/0012345678905/upload')).toBe(false);
    expect(catalog.isActive('/cataloguedProducts/0012345678905/upload/file_select')).toBe(false);
    expect(catalog.isActive('/activity')).toBe(false);
  });

  it('marks the flagged sections active below their root', () => {
    expect(item('Shipping Profiles').isActive('/shippingProfiles/4/assignments')).toBe(true);
    expect(item('Imports').isActive('/import-jobs/9')).toBe(true);
    expect(item('Brand Profile').isActive('/brandProfile')).toBe(true);
  });
});
