import type { ItemStatus, PartnerStatus, V1ReviewComment, V1Submission } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import type { UserRow } from '../users/repository.ts';
import { presentSubmission, type PresentedSubmission } from './presenter.ts';
import { v1SummaryOf } from '../submissions/shapes.ts';
import type { SubmissionRow } from '../submissions/repository.ts';

const v1CommentOf = (c: PresentedSubmission['reviewComments'][number]): V1ReviewComment => ({
  target: c.target,
  file_name: c.fileName,
  region: c.region,
  text: c.text,
  reason_code: c.reasonCode,
  by: c.by,
  at: c.at.toISOString(),
});

/** One submission as the integration API answers it: the detail page's facts (presenter.ts), in the API's shape. */
export async function v1SubmissionOf(db: Tx, s: SubmissionRow, user: UserRow): Promise<V1Submission> {
  const p = await presentSubmission(db, s, user);
  return {
    ...v1SummaryOf(s),
    status_display_name: p.statusDisplayName,
    partner_statuses: (p.partnerStatuses ?? []) as PartnerStatus[],
    rejection: p.rejectionReason && {
      message: p.rejectionReason.message,
      by_staff: p.rejectionReason.isAdminRejection,
      reason_code: p.rejectionReason.reasonCode,
    },
    review_comments: p.reviewComments.map(v1CommentOf),
    history: p.history.map((h) => ({
      at: h.at.toISOString(),
      from_status: (h.fromStatus as ItemStatus | null) ?? null,
      to_status: h.toStatus as ItemStatus,
      reason: h.reason,
      reason_code: h.reasonCode,
      by: h.by,
      comments: h.comments.map(v1CommentOf),
    })),
    files: p.files.map((f) => ({
      file_name: f.fileName,
      kind: f.kind,
      is_marketing_image: f.isMarketingImage,
      detected_upcs: f.detectedUpcs,
      detected_from: f.detectedFrom,
      barcode_region: f.barcodeRegion,
      photo_checks: f.qualityIssues,
      photo_roles: f.photoRoles,
      download_url: f.imageUrl,
      thumbnail_url: f.thumbnailUrl,
    })),
    facts: p.facts,
    fact_sources: p.factSources,
    label_disagreements: p.labelDisagreements,
    can: { review: p.can.review, resubmit: p.can.resubmit, appeal: p.can.appeal, delete: p.can.delete },
    // The presenter leaves the ticket out for anyone but staff.
    support_ticket: p.zendeskTicketId ? { id: p.zendeskTicketId, url: p.zendeskTicketUrl ?? null } : null,
  };
}
