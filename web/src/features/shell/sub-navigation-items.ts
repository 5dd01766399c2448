import {
  isAnyAdmin,
  isFullAdmin,
  isInternal,
  isPartnerConfigAdmin,
  mayManagePeople,
  mayReview,
  mayViewJobs,
} from '@portal/domain';
import type { UserDetails } from '../../session/user.ts';

export interface SubNavigationItem {
  label: string;
  /** Relative to the partner root. */
  to: string;
  isActive: (path: string) => boolean;
}

/** `path` is `base` itself or below it. */
const within = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

const ITEMS = {
  submissions: {
    label: 'Submissions',
    to: '/activity',
    isActive: (path: string) => ['/activity', '/productSubmissions', '/edit-multiple'].some((b) => within(path, b)),
  },
  catalog: {
    label: 'Catalog',
    to: '/cataloguedProducts',
    // Adding images to a catalogued product is an upload flow, not browsing the catalog.
    isActive: (path: string) =>
      within(path, '/cataloguedProducts') && !/^\/cataloguedProducts\/[^/]+\/upload(\/|$)/.test(path),
  },
  brandProfile: {
    label: 'Brand Profile',
    to: '/brandProfile',
    isActive: (path: string) => within(path, '/brandProfile'),
  },
  shippingProfiles: {
    label: 'Shipping Profiles',
    to: '/shippingProfiles',
    isActive: (path: string) => within(path, '/shippingProfiles'),
  },
  // The reviewer's workspace (beside the spec's pages): staff with review rights.
  review: { label: 'Review', to: '/review', isActive: (path: string) => within(path, '/review') },
  imports: { label: 'Imports', to: '/import-jobs', isActive: (path: string) => within(path, '/import-jobs') },
  settings: { label: 'Settings', to: '/settings', isActive: (path: string) => within(path, '/settings') },
  jobs: { label: 'Jobs', to: '/admin/jobs', isActive: (path: string) => within(path, '/admin/jobs') },
  audit: { label: 'Audit', to: '/admin/audit', isActive: (path: string) => within(path, '/admin/audit') },
  access: { label: 'Access', to: '/access', isActive: (path: string) => within(path, '/access') },
  people: { label: 'People', to: '/people', isActive: (path: string) => within(path, '/people') },
} satisfies Record<string, SubNavigationItem>;

/** The sub-navigation entries this user sees (part 1 section 2). */
export function subNavigationItems(
  user: Pick<UserDetails, 'hasBulkIngestionAccess'> & Partial<Pick<UserDetails, 'scopes'>>,
  flags: readonly string[],
): SubNavigationItem[] {
  const items: SubNavigationItem[] = [ITEMS.submissions, ITEMS.catalog];
  const scoped = { scopes: user.scopes ?? [] };
  // Staff see their own pages, each as far as their scopes reach, instead of the supplier's company pages.
  if (isInternal(scoped)) {
    if (mayReview(scoped)) items.push(ITEMS.review);
    if (isPartnerConfigAdmin(scoped)) items.push(ITEMS.settings);
    if (mayViewJobs(scoped)) items.push(ITEMS.jobs);
    if (isAnyAdmin(scoped)) items.push(ITEMS.audit);
    if (isFullAdmin(scoped)) items.push(ITEMS.access);
    if (mayManagePeople(scoped)) items.push(ITEMS.people);
    return items;
  }
  if (flags.includes('BRAND_PROFILE')) items.push(ITEMS.brandProfile);
  if (flags.includes('SHIPPING_PROFILE')) items.push(ITEMS.shippingProfiles);
  if (user.hasBulkIngestionAccess) items.push(ITEMS.imports);
  return items;
}
