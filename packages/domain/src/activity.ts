import { NO_UPC_PROVIDED, RESUBMIT_UPC_MAX, RESUBMIT_UPC_MIN } from './constants.ts';
import { displayUpc, upcError } from './gtin.ts';
import { isItemStatus, isRejected, LIST_VIEW_TABS, REVIEW_MSG, STANDARD_TABS, type ActivityTab } from './statuses.ts';

/** What each activity tab is called on screen; the route names stay the spec's. */
export const ACTIVITY_TAB_LABELS: Record<ActivityTab, string> = {
  requires_action: 'Requires Action',
  rejected: 'Rejected',
  pending: 'Pending Review',
  accepted: 'Accepted',
  drafts: 'Drafts',
  all: 'Active',
  archived: 'Archived',
};

/**
 * The activity screen's two layouts (part 1 section 2): the four standard tabs, or, with SUBMISSION_LIST_VIEW for a
 * user who is not limited, Drafts, Active and Archived.
 */
export const activityTabsFor = (listView: boolean): readonly ActivityTab[] =>
  listView ? LIST_VIEW_TABS : STANDARD_TABS;

/** /activity goes here: Pending Review normally, Active in the list view. */
export const defaultActivityTab = (listView: boolean): ActivityTab => (listView ? 'all' : 'pending');

/**
 * In the list view the standard routes stay reachable (landing, links in e-mails, back links) as views inside a
 * list-view tab: requires_action shows the drafts; pending, rejected and accepted narrow Active down by status.
 */
export const ACTIVE_STATUS_FILTERS: readonly ActivityTab[] = ['all', 'pending', 'rejected', 'accepted'];

/**
 * Which of the shown tabs a route belongs to, or null when the route has no place in this layout (the caller then
 * redirects, see activityRedirect).
 */
export function activityTopTab(tab: string, listView: boolean): ActivityTab | null {
  if (!listView) return (STANDARD_TABS as readonly string[]).includes(tab) ? (tab as ActivityTab) : null;
  if (tab === 'drafts' || tab === 'requires_action') return 'drafts';
  if ((ACTIVE_STATUS_FILTERS as readonly string[]).includes(tab)) return 'all';
  if (tab === 'archived') return 'archived';
  return null;
}

/** Where a route without a place in this layout goes: drafts to requires_action, anything else to the default. */
export function activityRedirect(tab: string, listView: boolean): ActivityTab | null {
  if (activityTopTab(tab, listView) !== null) return null;
  if (!listView && tab === 'drafts') return 'requires_action';
  return defaultActivityTab(listView);
}

/** 'Edit to complete' (and the row selection it needs) belongs to the Active and Archived tabs only. */
export const offersEditToComplete = (topTab: ActivityTab | null) => topTab === 'all' || topTab === 'archived';

/**
 * The partner-status column for the partner chosen in the drop-down (part 1 section 2: it chooses whose status to
 * show, it does not filter). A submission is reviewed against one partner's rules, so for any other partner it has
 * no status: 'N/A'. No partner chosen: each row's own partner.
 */
export function partnerStatusShown(
  row: { partnerCompanyId: number | null; partnerStatusLabel: string },
  chosenPartnerId: number | null,
): string {
  if (chosenPartnerId === null || row.partnerCompanyId === chosenPartnerId) return row.partnerStatusLabel;
  return 'N/A';
}

/** The partner drop-down is not shown with drafts. */
export const offersPartnerFilter = (tab: ActivityTab) => tab !== 'drafts' && tab !== 'requires_action';

export interface ActivityRowTarget {
  kind: string;
  id: string;
  itemStatus: string;
}

/** Where a row of the activity list leads: drafts to their step 2, rejected items to resubmission, others to the detail. */
export function activityRowPath(item: ActivityRowTarget): string {
  const id = encodeURIComponent(item.id);
  if (item.kind === 'Draft') return `/upload_draft/${id}`;
  if (isItemStatus(item.itemStatus) && isRejected(item.itemStatus)) return `/productSubmissions/${id}/resubmit`;
  return `/productSubmissions/${id}`;
}

/** /edit-multiple with the chosen submissions, as the confirmation's link carries them. */
export const editMultiplePath = (ids: readonly string[]) =>
  `/edit-multiple?productSubmissionIds=${ids.map(encodeURIComponent).join(',')}`;

const RESUBMIT_UPC = new RegExp(`^\\d{${RESUBMIT_UPC_MIN},${RESUBMIT_UPC_MAX}}$`);

/** Resubmission UPC (part 1 section 5): 8 to 14 digits, then the same UPC rules as everywhere. */
export function resubmitUpcError(upc: string): string | null {
  if (!RESUBMIT_UPC.test(upc)) return REVIEW_MSG.resubmitUpcHint;
  return upcError(upc);
}

/**
 * 'Resubmit product' works once something changed, never while sending, and only with at least one new file (the new
 * files replace all earlier ones, so a UPC change alone cannot be sent).
 */
export function canResubmit(state: { upc: string; originalUpc: string; fileCount: number; sending: boolean }): boolean {
  const changed = state.upc !== state.originalUpc || state.fileCount > 0;
  return changed && state.fileCount > 0 && !state.sending && resubmitUpcError(state.upc) === null;
}

/** How many of a row's UPCs are written out before the rest is counted. */
export const UPCS_SHOWN = 2;

/**
 * A row's UPCs as the list shows them, so drafts of several products tell apart (issue 17 item 7): up to
 * UPCS_SHOWN codes, then '+ N more'. 'No UPC Provided' when there is none.
 */
export function upcsText(upcs: readonly string[]): string {
  if (upcs.length === 0) return NO_UPC_PROVIDED;
  const shown = upcs.slice(0, UPCS_SHOWN).map(displayUpc).join(', ');
  const more = upcs.length - UPCS_SHOWN;
  return more > 0 ? `${shown} + ${more} more` : shown;
}
