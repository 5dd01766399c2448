import { z } from 'zod';
import { EXAMPLE } from './api-examples.ts';
import { REASON_CODE_MAX, REASON_CODE_MSG, SECOND_APPROVAL_MODES } from './review-approval.ts';

/**
 * The schemas of the review's shared work (second approval, reason codes), apart from its constants and rules in
 * review-approval.ts so that the pages that only show them load no zod.
 */

export const secondApprovalModeSchema = z
  .enum(SECOND_APPROVAL_MODES)
  .describe('Which review decisions wait for a second reviewer: off, reject, accept or both');

export const reasonCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[A-Z0-9][A-Z0-9_-]{0,${REASON_CODE_MAX - 1}}$`), REASON_CODE_MSG.format)
  .meta({ examples: ['BARCODE_UNREADABLE'] });

/** A decision waiting for a second approval, as the queue and the item view show it. */
export const reviewPendingDecision = z
  .object({
    decision: z.enum(['accept', 'reject']),
    reason: z.string().nullable(),
    reasonCode: z.string().nullable(),
    commentCount: z.number().int(),
    proposedBy: z.object({ userId: z.number().int(), name: z.string() }),
    proposedAt: z.string().describe('When it was decided (ISO 8601)'),
    /** The caller made it: they cannot approve it. */
    mine: z.boolean(),
  })
  .meta({
    examples: [
      {
        decision: 'reject',
        reason: 'The barcode is not readable on the photo.',
        reasonCode: 'BARCODE_UNREADABLE',
        commentCount: 1,
        proposedBy: { userId: 3, name: EXAMPLE.reviewer },
        proposedAt: EXAMPLE.earlier,
        mine: false,
      },
    ],
  });
export type ReviewPendingDecision = z.infer<typeof reviewPendingDecision>;

/** The second reviewer's answer: approve (the decision is made and the supplier told) or send it back (undecided). */
export const reviewApprovalBody = z
  .object({ action: z.enum(['approve', 'send_back']) })
  .meta({ examples: [{ action: 'approve' }] });
export type ReviewApprovalBody = z.infer<typeof reviewApprovalBody>;

export const reviewApprovalResult = z
  .object({
    id: z.uuid(),
    outcome: z.enum(['approved', 'sent_back']),
    itemStatus: z.string(),
  })
  .meta({ examples: [{ id: EXAMPLE.submissionId, outcome: 'approved', itemStatus: 'ADMIN_REJECTED' }] });
export type ReviewApprovalResult = z.infer<typeof reviewApprovalResult>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD.');
/** The reason-code report: decided on or after `from`, on or before `to` (UTC days), one partner or all. */
export const reasonCodeReportQuery = z.object({
  from: isoDay.describe('First day (UTC), YYYY-MM-DD'),
  to: isoDay.describe('Last day (UTC), YYYY-MM-DD'),
  partner: z.coerce.number().int().min(0).optional().describe('Partner company id; 0: items sent to no partner'),
});
export type ReasonCodeReportQuery = z.infer<typeof reasonCodeReportQuery>;

export const reasonCodeReportRow = z.object({
  partnerCompanyId: z.number().int().nullable(),
  partnerName: z.string().nullable(),
  code: z.string(),
  /** Rejections that carried the code. */
  decisions: z.number().int(),
  /** Comments that carried it. */
  comments: z.number().int(),
});
export const reasonCodeReport = z
  .object({ from: z.string(), to: z.string(), rows: z.array(reasonCodeReportRow) })
  .meta({
    examples: [
      {
        from: '2026-11-01',
        to: '2026-11-30',
        rows: [
          {
            partnerCompanyId: EXAMPLE.partnerCompanyId,
            partnerName: 'Harvest Market',
            code: 'BARCODE_UNREADABLE',
            decisions: 12,
            comments: 3,
          },
        ],
      },
    ],
  });
export type ReasonCodeReport = z.infer<typeof reasonCodeReport>;
export type ReasonCodeReportRow = z.infer<typeof reasonCodeReportRow>;
