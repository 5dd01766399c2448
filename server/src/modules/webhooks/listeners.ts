import type { ingestionEvents } from '../bulk-ingestion/events.ts';
import type { submissionEvents } from '../submissions/events.ts';
import { storedReadiness } from '../submissions/shapes.ts';
import type { SubmissionRow } from '../submissions/repository.ts';
import type { WebhookEvent } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { recordFeedEvent } from '../events/service.ts';
import { enqueue, type JobHold } from '../../jobs/queue.ts';
import { publishHeldEventJob } from './job-types.ts';
import { enqueueEvent, enqueueEvents } from './service.ts';

/**
 * One event: into the change feed and to every subscribed endpoint, in the transaction of the change, the deliveries
 * under the feed event's id and time. A held change (a review decision within its undo window) publishes it later, in
 * the transaction of a job held under the same key (publishHeldEvent), which the decision's undo cancels.
 */
async function publish(tx: Tx, companyId: number, type: WebhookEvent, data: object, hold: JobHold | null = null) {
  if (hold) {
    // As the feed and the deliveries store it: JSON.
    const stored = JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
    await enqueue(tx, publishHeldEventJob, { companyId, type, data: stored }, { companyId, hold });
    return;
  }
  await publishNow(tx, companyId, type, data);
}

export async function publishNow(tx: Tx, companyId: number, type: WebhookEvent, data: object) {
  const event = await recordFeedEvent(tx, companyId, type, data);
  await enqueueEvent(tx, companyId, type, data, event);
}

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
  /** The product's facts as submitted, and where each value came from (photo region, corrected or typed). */
  facts: s.facts ?? null,
  factSources: s.factSources ?? {},
});

/**
 * Webhooks follow the submission lifecycle and bulk ingestion: each event becomes one delivery per subscribed
 * endpoint of the company concerned, enqueued in the transaction of the change (nothing is sent from here).
 */
export function subscribeWebhooks(submissions: typeof submissionEvents, ingestion: typeof ingestionEvents) {
  // A new submission is SUBMITTED from the start (a draft submitted, an import): created, and a status change too, so
  // a receiver following status changes learns of the supplier's own submit and of imported files.
  submissions.on('submissionCreated', async ({ submission, from }, tx) => {
    const data = submissionData(submission);
    await publish(tx, submission.companyId, 'submission.created', data);
    await publish(tx, submission.companyId, 'submission.status_changed', {
      ...data,
      from,
      to: submission.itemStatus,
      reason: null,
      reasonCode: null,
    });
  });
  submissions.on('submissionStatusChanged', async (changed, tx) => {
    const { submission, from, to, reason, reasonCode, comments, hold, undoes } = changed;
    // The undo of a held decision: the decision was never published, so neither is its undo.
    if (undoes) return;
    const data = submissionData(submission);
    const event = {
      ...data,
      status: to,
      from,
      to,
      reason,
      // A rejection's reason code for reporting (null without one, and on every other change), as the reviewer gave it.
      reasonCode,
      // A reviewer's comments on fields and files, when the rejection has some (the payload stays as it was without).
      ...(comments.length && {
        comments: comments.map((c) => ({
          target: c.target,
          fileName: c.fileName,
          region: c.region,
          text: c.text,
          reasonCode: c.reasonCode ?? null,
        })),
      }),
    };
    await publish(tx, submission.companyId, 'submission.status_changed', event, hold);
    if (to === 'CATALOGUED') await publish(tx, submission.companyId, 'submission.catalogued', { ...data, status: to });
  });
  submissions.on('submissionsReadinessChanged', async ({ changes }, tx) => {
    // A recompute's batch: into the change feed one by one, to the endpoints with one read of them.
    const events = [];
    for (const { submission, before, after } of changes) {
      const companyId = submission.companyId;
      const data = { ...submissionData(submission), readiness: after, previousReadiness: before };
      events.push({
        companyId,
        data,
        event: await recordFeedEvent(tx, companyId, 'submission.readiness_changed', data),
      });
    }
    await enqueueEvents(tx, 'submission.readiness_changed', events);
  });
  ingestion.on('jobCompleted', async ({ job, counts }, tx) => {
    await publish(tx, job.companyId, 'ingestion.job_completed', {
      jobId: job.id,
      companyId: job.companyId,
      source: job.source,
      counts,
    });
  });
  ingestion.on('fileNeedsMapping', async ({ file, companyId }, tx) => {
    await publish(tx, companyId, 'ingestion.file_needs_mapping', {
      jobId: file.jobId,
      fileId: file.id,
      companyId,
      filename: file.filename,
    });
  });
}
