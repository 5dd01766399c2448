import type { ingestionEvents } from '../bulk-ingestion/events.ts';
import type { submissionEvents } from '../submissions/events.ts';
import { storedReadiness } from '../submissions/readiness-store.ts';
import type { SubmissionRow } from '../submissions/repository.ts';
import { enqueueEvent, enqueueEvents } from './service.ts';

/** What a receiver learns of a submission: its identity, never the review's internals. */
const submissionData = (s: SubmissionRow) => ({
  submissionId: s.id,
  companyId: s.companyId,
  partnerCompanyId: s.partnerCompanyId,
  upc: s.upc,
  ean13Upc: s.ean13Upc,
  productName: s.productName,
  status: s.itemStatus,
  /** Readiness for its partner (percent, ready, rule-set version, failing rules with fixes); null without rules. */
  readiness: storedReadiness(s),
});

/**
 * Webhooks follow the submission lifecycle and bulk ingestion: each event becomes one delivery per subscribed
 * endpoint of the company concerned, enqueued in the transaction of the change (nothing is sent from here).
 */
export function subscribeWebhooks(submissions: typeof submissionEvents, ingestion: typeof ingestionEvents) {
  submissions.on('submissionStatusChanged', async ({ submission, from, to, reason }, tx) => {
    const data = submissionData(submission);
    await enqueueEvent(tx, submission.companyId, 'submission.status_changed', {
      ...data,
      status: to,
      from,
      to,
      reason,
    });
    if (to === 'CATALOGUED')
      await enqueueEvent(tx, submission.companyId, 'submission.catalogued', { ...data, status: to });
  });
  submissions.on('submissionsReadinessChanged', async ({ changes }, tx) => {
    await enqueueEvents(
      tx,
      'submission.readiness_changed',
      changes.map(({ submission, before, after }) => ({
        companyId: submission.companyId,
        data: { ...submissionData(submission), readiness: after, previousReadiness: before },
      })),
    );
  });
  ingestion.on('jobCompleted', async ({ job, counts }, tx) => {
    await enqueueEvent(tx, job.companyId, 'ingestion.job_completed', {
      jobId: job.id,
      companyId: job.companyId,
      source: job.source,
      counts,
    });
  });
  ingestion.on('fileNeedsMapping', async ({ file, companyId }, tx) => {
    await enqueueEvent(tx, companyId, 'ingestion.file_needs_mapping', {
      jobId: file.jobId,
      fileId: file.id,
      companyId,
      filename: file.filename,
    });
  });
}
