import type { AuditSummary } from './audit-summary.ts';

/**
 * The audit trail of staff actions (issue 19): every change a member of staff makes to someone else's data is one
 * row, written in the transaction of the change. The list of actions is closed: a new kind of staff action adds
 * its name here first, so the filter, the labels and the CSV know it.
 */
export const AUDIT_ACTIONS = [
  'submission.accepted',
  'submission.rejected',
  'submission.decision_undone',
  'submission.catalogued',
  'submission.renamed',
  'submission.ticket_set',
  'submission.deleted',
  'submission.appealed',
  'submission.resubmitted',
  'submission.bulk_edited',
  'product.delisted',
  'certified_values.imported',
  'partner_configuration.created',
  'partner_configuration.updated',
  'partner_configuration.logo_changed',
  'partner_configuration.rules_saved',
  'bulk_ingestion.access_granted',
  'bulk_ingestion.files_mapped',
  'draft.files_added',
  'draft.file_removed',
  'draft.updated',
  'draft.submitted',
  'draft.deleted',
  'brand_profile.created',
  'brand_profile.updated',
  'shipping_profile.created',
  'shipping_profile.updated',
  'shipping_profile.products_assigned',
  'job.retried',
  'job.discarded',
  'jobs.bulk_retried',
  'jobs.bulk_discarded',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'api_token.revoked',
  'review.stock_reason_added',
  'review.stock_reason_removed',
  'review.assigned',
  'review.note_added',
  'review.decision_proposed',
  'review.decision_approved',
  'review.decision_sent_back',
  'user.invited',
  'user.invitation_resent',
  'user.invitation_accepted',
  'company.created',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value);

/** What the page and the CSV call each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'submission.accepted': 'Submission accepted',
  'submission.rejected': 'Submission rejected',
  'submission.decision_undone': 'Review decision undone',
  'submission.catalogued': 'Submission catalogued',
  'submission.renamed': 'Submission renamed',
  'submission.ticket_set': 'Support ticket set',
  'submission.deleted': 'Submission deleted',
  'submission.appealed': 'Validation requested for a supplier',
  'submission.resubmitted': 'Resubmitted for a supplier',
  'submission.bulk_edited': 'Submission details edited',
  'product.delisted': 'Product delisted',
  'certified_values.imported': 'Certified values imported',
  'partner_configuration.created': 'Partner configuration created',
  'partner_configuration.updated': 'Partner configuration changed',
  'partner_configuration.logo_changed': 'Partner logo changed',
  'partner_configuration.rules_saved': 'Partner readiness rules saved',
  'bulk_ingestion.access_granted': 'Bulk ingestion access granted',
  'bulk_ingestion.files_mapped': 'Import files mapped to UPCs',
  'draft.files_added': 'Files added to a supplier draft',
  'draft.file_removed': 'File removed from a supplier draft',
  'draft.updated': 'Supplier draft changed',
  'draft.submitted': 'Supplier draft submitted',
  'draft.deleted': 'Supplier draft deleted',
  'brand_profile.created': 'Brand profile created',
  'brand_profile.updated': 'Brand profile changed',
  'shipping_profile.created': 'Shipping profile created',
  'shipping_profile.updated': 'Shipping profile changed',
  'shipping_profile.products_assigned': 'Shipping profile products assigned',
  'job.retried': 'Background job retried',
  'job.discarded': 'Background job discarded',
  'jobs.bulk_retried': 'Failed background jobs retried',
  'jobs.bulk_discarded': 'Failed background jobs discarded',
  'webhook.created': 'Webhook registered for a company',
  'webhook.updated': 'Company webhook changed',
  'webhook.deleted': 'Company webhook deleted',
  'webhook.secret_rotated': 'Company webhook secret rotated',
  'api_token.revoked': 'API token revoked',
  'review.stock_reason_added': 'Stock rejection reason added',
  'review.stock_reason_removed': 'Stock rejection reason removed',
  'review.assigned': 'Review item assigned',
  'review.note_added': 'Internal review note added',
  'review.decision_proposed': 'Review decision waiting for a second approval',
  'review.decision_approved': 'Review decision approved by a second reviewer',
  'review.decision_sent_back': 'Review decision sent back by a second reviewer',
  'user.invited': 'User invited',
  'user.invitation_resent': 'Invitation sent again',
  'user.invitation_accepted': 'Invitation accepted',
  'company.created': 'Supplier company added',
};

/** What an audit row is about; the page links the kinds that have a page. */
export const AUDIT_TARGET_TYPES = [
  'submission',
  'product',
  'certified_values_import',
  'partner_configuration',
  'bulk_ingestion_organization',
  'bulk_ingestion_job',
  'draft',
  'brand_profile',
  'shipping_profile',
  'job',
  'webhook',
  'api_token',
  'stock_reason',
  'user',
  'company',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** One row as the list answers it (`at` an ISO instant in JSON; the server reads it as a Date). */
export interface AuditRowView<At = string> {
  id: number;
  at: At;
  actor: { id: number; name: string; email: string };
  action: string;
  actionLabel: string;
  target: { type: string; id: string; companyId: number | null; companyName: string | null; label: string | null };
  before: AuditSummary | null;
  after: AuditSummary | null;
}

export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_MAX_PAGE_SIZE = 100;
/**
 * Rows counted at most for the page's total: past it the page says "more than" and numbers the pages it can reach,
 * so no request reads more than this many rows of a trail of millions (a date filter narrows it).
 */
export const AUDIT_COUNT_LIMIT = 10_000;

export const AUDIT_MSG = {
  badFrom: 'The start date is not a date.',
  badTo: 'The end date is not a date.',
  fromAfterTo: 'The start date must be on or before the end date.',
  unknownAction: 'Unknown action.',
  empty: 'No staff actions match these filters.',
} as const;
