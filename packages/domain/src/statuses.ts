/** Submission item statuses (part 1 section 4) and the rules built on them. */
export const ITEM_STATUSES = [
  'IN_PROGRESS',
  'PREPOPULATED',
  'SUBMITTED',
  'AUTO_REJECTED',
  'ADMIN_REJECTED',
  'ACCEPTED',
  'CATALOGUED',
  'DELISTED',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
/** The statuses a staff decision sets on a submitted item: accepted, or rejected with a reason. */
export const REVIEW_DECISION_STATUSES = ['ACCEPTED', 'ADMIN_REJECTED'] as const satisfies readonly ItemStatus[];
export type ReviewDecisionStatus = (typeof REVIEW_DECISION_STATUSES)[number];

export const isItemStatus = (value: string): value is ItemStatus =>
  (ITEM_STATUSES as readonly string[]).includes(value);

const DISPLAY: Record<ItemStatus, string> = {
  IN_PROGRESS: 'Draft',
  PREPOPULATED: 'Prepopulated',
  SUBMITTED: 'Submitted',
  // Not 'Rejected' as the spec first had it: an item the automated checks rejected must not read as a staff
  // decision (docs/decisions/activity-and-review.md, "Auto-rejected items say so everywhere").
  AUTO_REJECTED: 'Rejected automatically',
  ADMIN_REJECTED: 'Rejected',
  ACCEPTED: 'Accepted',
  CATALOGUED: 'Catalogued',
  DELISTED: 'Delisted',
};
export const statusDisplayName = (status: ItemStatus) => DISPLAY[status];

export const isRejected = (status: ItemStatus) => status === 'AUTO_REJECTED' || status === 'ADMIN_REJECTED';

/** Activity tabs and the statuses each shows; drafts (and prepopulated items) are the 'requires action' kind. */
export const ACTIVITY_TABS = {
  requires_action: ['IN_PROGRESS', 'PREPOPULATED'],
  rejected: ['AUTO_REJECTED', 'ADMIN_REJECTED'],
  pending: ['SUBMITTED'],
  accepted: ['ACCEPTED'],
  drafts: ['IN_PROGRESS', 'PREPOPULATED'],
  all: ['SUBMITTED', 'ADMIN_REJECTED', 'AUTO_REJECTED', 'ACCEPTED'],
  archived: ['CATALOGUED'],
} as const satisfies Record<string, readonly ItemStatus[]>;
export type ActivityTab = keyof typeof ACTIVITY_TABS;
export const STANDARD_TABS: readonly ActivityTab[] = ['requires_action', 'rejected', 'pending', 'accepted'];
export const LIST_VIEW_TABS: readonly ActivityTab[] = ['drafts', 'all', 'archived'];
export const isActivityTab = (tab: string): tab is ActivityTab => tab in ACTIVITY_TABS;

/** Who makes a transition: the supplier, staff, or the automated checks. */
export type Actor = 'supplier' | 'staff' | 'system';

/**
 * Every transition the server allows (DESIGN section 3); anything else is refused with a clear error.
 * Keys are "from>to"; the value lists who may make it.
 */
const TRANSITIONS: Record<string, readonly Actor[]> = {
  'IN_PROGRESS>SUBMITTED': ['supplier', 'staff'],
  'PREPOPULATED>SUBMITTED': ['supplier', 'staff'],
  'SUBMITTED>AUTO_REJECTED': ['system'],
  'SUBMITTED>ACCEPTED': ['staff'],
  'SUBMITTED>ADMIN_REJECTED': ['staff'],
  'AUTO_REJECTED>ACCEPTED': ['staff'],
  'AUTO_REJECTED>ADMIN_REJECTED': ['staff'],
  // An appeal ("request validation") of an automatic rejection, or a resubmission of either rejection.
  'AUTO_REJECTED>SUBMITTED': ['supplier', 'staff'],
  'ADMIN_REJECTED>SUBMITTED': ['supplier', 'staff'],
  'ACCEPTED>CATALOGUED': ['staff'],
  'CATALOGUED>DELISTED': ['staff'],
};

export function canTransition(from: ItemStatus, to: ItemStatus, actor: Actor): boolean {
  return TRANSITIONS[`${from}>${to}`]?.includes(actor) ?? false;
}

export const transitionError = (from: ItemStatus, to: ItemStatus) =>
  `An item that is ${statusDisplayName(from).toLowerCase()} (${from}) cannot be set to ${statusDisplayName(to).toLowerCase()} (${to}).`;

/** The success notice after a staff action: 'Item has been {status in lower case}.' */
export const statusChangedNotice = (status: ItemStatus) => `Item has been ${statusDisplayName(status).toLowerCase()}.`;

/** Staff badge (part 1 section 4): null when neither rule applies. */
export function adminBadge(upc: string, detectedUpcs: readonly string[], same: (a: string, b: string) => boolean) {
  if (detectedUpcs.length === 0) return 'Flagged for Review';
  const matches = detectedUpcs.filter((d) => same(d, upc));
  if (matches.length === detectedUpcs.length) return 'Matches Photo';
  if (matches.length > 0) return 'Flagged for Review';
  return null;
}

export type PartnerStatusType = 'Pass' | 'Info' | 'Warn' | 'Fail';
export interface PartnerStatus {
  type: PartnerStatusType;
  message: string;
}

/** 'Incomplete' if any partner status is not Pass, 'Complete' if all pass, 'N/A' if none. */
export function partnerStatusLabel(
  statuses: readonly PartnerStatus[] | null | undefined,
): 'Incomplete' | 'Complete' | 'N/A' {
  if (!statuses || statuses.length === 0) return 'N/A';
  return statuses.every((s) => s.type === 'Pass') ? 'Complete' : 'Incomplete';
}

export const EMPTY_TAB_TEXT: Record<ActivityTab, string> = {
  pending:
    "You don't have pending items under review by the provider's staff. Start by submitting your first new product.",
  rejected: "You don't have any rejected submissions. Start by submitting your first new product.",
  requires_action: "You don't have any items that require action. Start by submitting your first new product.",
  accepted: "You don't have any accepted items awaiting classification by the provider's staff.",
  all: "You don't have any active submissions.",
  archived: "You don't have any archived submissions.",
  drafts: "You don't have any items that require action. Start by submitting your first new product.",
};

/** The longest rejection reason (the supplier reads it on the page and in an e-mail). */
export const REJECTION_REASON_MAX = 1000;

export const REVIEW_MSG = {
  rejectionReasonRequired: 'Please give a reason for the rejection.',
  rejectionReasonTooLong: `Please keep the reason to ${REJECTION_REASON_MAX} characters or fewer.`,
  appealed: "We'll re-evaluate your submission and be in touch soon.",
  resubmitted:
    'Thank you for your re-submission. Our team will review the product information and make updates. Please check your email for any updates.',
  resubmitUpcHint: 'Must have 8 to 14 numeric characters.',
  barcodeMismatch: (detected: string, entered: string) =>
    `The barcode in your images (${detected}) does not match the UPC you entered (${entered}).`,
  unreadableFile: (fileName: string) => `We could not read the file ${fileName}. Please upload a clear image or PDF.`,
} as const;

/** What is wrong with a rejection reason as staff typed it, or null when it will do (the dialog and the server). */
export function rejectionReasonProblem(reason: string | null | undefined): string | null {
  const why = reason?.trim() ?? '';
  if (!why) return REVIEW_MSG.rejectionReasonRequired;
  return why.length > REJECTION_REASON_MAX ? REVIEW_MSG.rejectionReasonTooLong : null;
}
