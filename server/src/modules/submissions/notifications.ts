import {
  ITEM_STATUSES,
  reasonCodeForSupplier,
  rejectionReasonForSupplier,
  reviewCommentPlace,
  statusDisplayName,
  SUPPORT_EMAIL,
  type ItemStatus,
  type ReviewCommentParsed,
} from '@portal/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { defineJob, enqueue, jobType, type JobHold } from '../../jobs/queue.ts';
import type { ChangedBy } from './events.ts';
import { creatorAndCompany, findSubmission, reasonCodeWords, type SubmissionRow } from './repository.ts';
import { addToDigests, digestRecipients } from './digest.ts';

const NOTIFIED: ItemStatus[] = ['ACCEPTED', 'ADMIN_REJECTED', 'AUTO_REJECTED', 'CATALOGUED', 'DELISTED'];

export const statusMailJob = jobType('submissions.statusMail', {
  queue: 'mail',
  formerNames: ['notifications.statusMail'],
  payload: z.object({
    submissionId: z.guid(),
    status: z.enum(ITEM_STATUSES),
    reason: z.string().nullable(),
    /**
     * A rejection's reason code with its words as the mail was queued (the stock reason's text; null when no stock
     * reason carries it any longer): absent without a code, and in mails queued before codes were told.
     */
    reasonCode: z.object({ code: z.string(), words: z.string().nullable() }).nullable().optional(),
    /** A reviewer's comments on fields and files, each as a line ("UPC: …"); absent in mails queued before them. */
    comments: z.array(z.string()).optional(),
  }),
});
type StatusMailPayload = z.infer<typeof statusMailJob.payload>;

/**
 * The creator is e-mailed when staff or the automated checks move the item to one of the NOTIFIED statuses; not
 * for the supplier's own actions, nor for SUBMITTED (the screen confirms those). Enqueued in the transaction that
 * changes the status: the e-mail goes exactly when the change commits, or, held, when the undo window ends.
 */
export async function notifyStatusChange(
  tx: Tx,
  s: SubmissionRow,
  by: ChangedBy,
  told: { reason: string | null; reasonCode: string | null },
  comments: readonly ReviewCommentParsed[] = [],
  /** A review decision's undo window: the mail waits it out, and its undo cancels it. */
  hold: JobHold | null = null,
) {
  const status = s.itemStatus as ItemStatus;
  if (by.actor === 'supplier' || !NOTIFIED.includes(status)) return;
  const { reason, reasonCode } = told;
  // Reason codes are for reporting: the supplier reads each in words, with the code to quote when they ask about it.
  const codes = [reasonCode, ...comments.map((c) => c.reasonCode)].filter((c): c is string => !!c);
  const words = await reasonCodeWords(tx, s.partnerCompanyId, codes);
  const lines = comments.map(
    (c) =>
      `${reviewCommentPlace(c)}: ${c.text}` +
      (c.reasonCode ? ` Reason: ${reasonCodeForSupplier(c.reasonCode, words.get(c.reasonCode))}` : ''),
  );
  const payload: StatusMailPayload = {
    submissionId: s.id,
    status,
    reason,
    ...(reasonCode && { reasonCode: { code: reasonCode, words: words.get(reasonCode) ?? null } }),
    ...(lines.length && { comments: lines }),
  };
  await enqueue(tx, statusMailJob, payload, { companyId: s.companyId, hold });
}

/** How a mail names the product, and where it sends the supplier for this status. */
function mailFacts(s: SubmissionRow, status: ItemStatus, publicUrl: string) {
  const name = s.productName ? `${s.productName} (UPC ${s.upc})` : `UPC ${s.upc}`;
  const link =
    status === 'CATALOGUED' || status === 'DELISTED'
      ? `${publicUrl}/cataloguedProducts/${s.ean13Upc}`
      : status === 'ADMIN_REJECTED' || status === 'AUTO_REJECTED'
        ? `${publicUrl}/productSubmissions/${s.id}/resubmit`
        : `${publicUrl}/productSubmissions/${s.id}`;
  return { name, link };
}

export function statusMail(
  s: SubmissionRow,
  status: ItemStatus,
  reason: string | null,
  publicUrl: string,
  firstName: string,
  comments: readonly string[] = [],
) {
  const { name, link } = mailFacts(s, status, publicUrl);
  const lines: Record<ItemStatus, string> = {
    ACCEPTED: 'has been accepted. Our cataloguing staff will now add its certified values.',
    ADMIN_REJECTED: 'has been rejected by our staff.',
    AUTO_REJECTED: 'has been rejected by our automated checks. If you think this is wrong, you can request validation.',
    CATALOGUED: 'has been catalogued.',
    DELISTED: 'has been removed from the catalogue.',
    SUBMITTED: 'has been submitted.',
    IN_PROGRESS: 'is a draft.',
    PREPOPULATED: 'is waiting for you to complete it.',
  };
  return {
    subject: `Your product ${name}: ${statusDisplayName(status)}`,
    text:
      `Hello ${firstName || 'there'},\n\nYour product ${name} ${lines[status]}\n` +
      (reason ? `\nReason: ${reason}\n` : '') +
      (comments.length ? `\nWhat to fix:\n${comments.map((c) => `- ${c}`).join('\n')}\n` : '') +
      `\nSee it here: ${link}\n\nQuestions: ${SUPPORT_EMAIL}\n`,
  };
}

export const sendStatusMail = (ctx: AppContext) =>
  defineJob<StatusMailPayload>({
    ...statusMailJob,
    handler: async ({ submissionId, status, reason: given, reasonCode, comments }) => {
      const s = await findSubmission(ctx.db, submissionId);
      if (!s) return;
      const reason = rejectionReasonForSupplier(given, reasonCode);
      // Users of the company who chose a digest hear of it there (the creator too, then), once per window.
      const digest = await digestRecipients(ctx.db, s.companyId);
      if (digest.length) {
        const { name, link } = mailFacts(s, status, ctx.config.publicUrl);
        const item = { submissionId: s.id, status, product: name, reason, comments: comments ?? [], link };
        await ctx.db.transaction((tx) => addToDigests(tx, s.companyId, digest, item));
      }
      if (digest.some((u) => u.id === s.userId)) return;
      const who = await creatorAndCompany(ctx.db, s);
      const mail = statusMail(s, status, reason, ctx.config.publicUrl, who.firstName, comments ?? []);
      await ctx.mailer.send({ to: who.email, ...mail });
    },
  });
