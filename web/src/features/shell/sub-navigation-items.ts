import { mayReview } from '@portal/domain';
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
} satisfies Record<string, SubNavigationItem>;

/** The sub-navigation entries this user sees (part 1 section 2). */
export function subNavigationItems(
  user: Pick<UserDetails, 'hasBulkIngestionAccess'> & Partial<Pick<UserDetails, 'scopes'>>,
  flags: readonly string[],
): SubNavigationItem[] {
  const items: SubNavigationItem[] = [ITEMS.submissions, ITEMS.catalog];
  if (user.scopes && mayReview({ scopes: user.scopes })) items.push(ITEMS.review);
  if (flags.includes('BRAND_PROFILE')) items.push(ITEMS.brandProfile);
  if (flags.includes('SHIPPING_PROFILE')) items.push(ITEMS.shippingProfiles);
  if (user.hasBulkIngestionAccess) items.push(ITEMS.imports);
  return items;
}
