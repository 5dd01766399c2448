import {
  adminBadge,
  isRejected,
  labelDisagreements,
  presentPhotoIssues,
  READ_FROM_DIGITS,
  reasonCodeInWords,
  rolesOfProductFiles,
  sameUpc,
  statusDisplayName,
  type ItemStatus,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { imagePath } from '../submissions/shapes.ts';
import type { UserRow } from '../users/repository.ts';
import { submissionPolicy } from '../submissions/policy.ts';
import { commentsOf, creatorAndCompany, filesOf, historyOf, type SubmissionRow } from '../submissions/repository.ts';

const nameOf = (u: { firstName: string | null; lastName: string | null; email: string | null }) =>
  u.email ? [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email : 'Automated checks';

/** A submission with its files, history and what this user may do, as the detail screens need it. */
export async function presentSubmission(db: Tx, s: SubmissionRow, user: UserRow) {
  const [files, history, who, comments] = await Promise.all([
    filesOf(db, s.id),
    historyOf(db, s.id),
    creatorAndCompany(db, s),
    commentsOf(db, s.id),
  ]);
  const status = s.itemStatus as ItemStatus;
  const presentedComments = comments.map((c) => ({
    historyId: c.historyId,
    target: c.target,
    fileName: c.fileName,
    region: c.region ?? null,
    text: c.text,
    reasonCode: c.reasonCode ?? null,
    // The reason in words, as the supplier reads it: the stock reason's text, or the code written out once removed.
    reason: c.reasonCode ? (c.reasonText ?? reasonCodeInWords(c.reasonCode)) : null,
    by: nameOf(c),
    at: c.at,
  }));
  const commentsOfRow = (historyId: number) => presentedComments.filter((c) => c.historyId === historyId);
  // The rejection the submission is in: its history row is the last one.
  const last = history.at(-1);
  const staff = submissionPolicy.seeReviewDetails(user);
  const roles = rolesOfProductFiles(files);
  return {
    ...s,
    statusDisplayName: statusDisplayName(status),
    companyName: who.companyName,
    creatorEmail: who.email,
    creatorFirstName: who.firstName,
    creatorLastName: who.lastName,
    fileNames: files.map((f) => f.fileName),
    files: files.map((f, i) => ({
      fileName: f.fileName,
      kind: f.kind,
      isMarketingImage: f.isMarketingImage,
      detectedUpcs: f.detectedUpcs,
      detectedFrom: f.detectedFrom,
      detectionStatus: f.detectionStatus,
      imageUrl: imagePath(s.id, f.fileName, f.kind),
      thumbnailUrl: `${imagePath(s.id, f.fileName, f.kind)}?thumbnail=true`,
      qualityIssues: presentPhotoIssues(f.qualityIssues, 'submission'),
      barcodeRegion: f.barcodeRegion ?? null,
      factReadingStatus: f.factReadingStatus,
      photoRoles: roles[i],
    })),
    history: history.map((h) => ({
      at: h.at,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      reason: h.reason,
      reasonCode: h.reasonCode ?? null,
      by: nameOf(h),
      comments: commentsOfRow(h.id),
    })),
    /** The label's own arithmetic on the facts: the checks whose numbers disagree. */
    labelDisagreements: s.facts ? labelDisagreements(s.facts) : [],
    /** The comments of the rejection the submission is in (none unless rejected): shown beside their fields. */
    reviewComments: isRejected(status) && last ? commentsOfRow(last.id) : [],
    // Staff see the badge and the support ticket; suppliers do not.
    badge: staff ? adminBadge(s.upc, s.detectedUpcs, sameUpc) : null,
    zendeskTicketId: staff ? s.zendeskTicketId : null,
    zendeskTicketUrl: staff ? s.zendeskTicketUrl : null,
    badgeNote: staff && files.some((f) => f.detectedFrom === 'digits') ? READ_FROM_DIGITS : null,
    rejectionReason: isRejected(status)
      ? {
          message: s.rejectionReason ?? '',
          isAdminRejection: status === 'ADMIN_REJECTED',
          reasonCode: last?.reasonCode ?? null,
        }
      : null,
    can: {
      review: submissionPolicy.review(user) && (status === 'SUBMITTED' || status === 'AUTO_REJECTED'),
      editName: submissionPolicy.editName(user, s),
      delete: submissionPolicy.delete(user, s),
      appeal: submissionPolicy.resubmit(user, s) && status === 'AUTO_REJECTED',
      resubmit: submissionPolicy.resubmit(user, s) && isRejected(status),
      setTicket: submissionPolicy.setTicket(user),
    },
  };
}
export type PresentedSubmission = Awaited<ReturnType<typeof presentSubmission>>;
