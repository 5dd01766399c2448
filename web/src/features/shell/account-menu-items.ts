import {
  isAnyAdmin,
  isFullAdmin,
  isPartnerConfigAdmin,
  mayViewImportJobs,
  mayViewJobs,
  webhookPolicy,
} from '@portal/domain';
import { FAQS_PDF } from '../../config/links.ts';
import type { UserDetails } from '../../session/user.ts';

export type AccountMenuItem =
  /** An app route (relative to the partner root), opened in place. */
  | { label: string; kind: 'route'; to: string }
  /** An app route opened in a new tab. */
  | { label: string; kind: 'route-new-tab'; to: string }
  /** A static file opened in a new tab. */
  | { label: string; kind: 'file-new-tab'; href: string }
  | { label: 'Logout'; kind: 'logout' };

type MenuUser = Pick<UserDetails, 'isAuth0User' | 'scopes' | 'hasBulkIngestionAccess'>;

/** The account menu's entries for this user (part 1 section 2 and part 2 section 6, outside the vendor portal). */
export function accountMenuItems(user: MenuUser, flags: readonly string[]): AccountMenuItem[] {
  const items: AccountMenuItem[] = [];
  if (user.isAuth0User) items.push({ label: 'Account', kind: 'route', to: '/account/information' });
  // Accounts of the identity provider have no Account pages but do have API tokens (issue 21).
  else items.push({ label: 'API tokens', kind: 'route', to: '/account/api-tokens' });
  if (isFullAdmin(user)) items.push({ label: 'Access', kind: 'route', to: '/access' });
  if (isPartnerConfigAdmin(user)) items.push({ label: 'Settings', kind: 'route', to: '/settings' });
  if (mayViewJobs(user)) items.push({ label: 'Jobs', kind: 'route', to: '/admin/jobs' });
  // Administration (issue 19): what staff changed, for every administrator.
  if (isAnyAdmin(user)) items.push({ label: 'Audit Trail', kind: 'route', to: '/admin/audit' });
  // Part 2 section 6; part 1 also keeps it in the sub-navigation, so a phone user reaches it from either.
  // Full administrators too: they open any company's import jobs to support it.
  if (mayViewImportJobs(user)) items.push({ label: 'Imports', kind: 'route', to: '/import-jobs' });
  // Issue 21: company users with write:webhooks, and staff (who pick the company on the page).
  if (webhookPolicy.menu(user)) items.push({ label: 'Webhooks', kind: 'route', to: '/webhooks' });
  items.push({ label: 'Submission Schedule', kind: 'route-new-tab', to: '/schedule' });
  items.push({ label: 'FAQs', kind: 'file-new-tab', href: FAQS_PDF });
  // Suppliers only (neither all-submission scope), and only with the list-view feature.
  if (!isAnyAdmin(user) && flags.includes('SUBMISSION_LIST_VIEW')) {
    items.push({ label: 'Vendor Authorization', kind: 'route-new-tab', to: '/vendor-authorization' });
  }
  items.push({ label: 'Logout', kind: 'logout' });
  return items;
}

/** The menu button's label. */
export const accountMenuLabel = (user: Pick<UserDetails, 'firstName'>) => user.firstName?.trim() || 'Account';
