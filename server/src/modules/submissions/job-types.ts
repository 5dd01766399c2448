import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { enqueue, jobType } from '../../jobs/queue.ts';

/** The automated checks of a SUBMITTED item (handler in checks-job.ts), queued by every way an item becomes SUBMITTED. */
export const automatedChecksJob = jobType('submissions.automatedChecks', {
  queue: 'checks',
  payload: z.object({ submissionId: z.guid() }),
  maxAttempts: 3,
});

/** Recounts the maintained submission counts (every company, or one) and reports any drift (counts-job.ts). */
export const recountSubmissionsJob = jobType('submissions.recountCounts', {
  queue: 'maintenance',
  payload: z.object({ companyId: z.number().int().optional() }),
  maxAttempts: 3,
});

/**
 * After a partner's rules change (its own rules saved, or its settings that imply rules): every submission sent to it
 * judged again and its readiness and partner statuses stored, in batches, with progress in the jobs console
 * (readiness-job.ts).
 */
export const recomputeReadinessJob = jobType('submissions.recomputeReadiness', {
  queue: 'maintenance',
  payload: z.object({ partnerCompanyId: z.number().int() }),
  maxAttempts: 5,
});

/** Enqueued in the transaction that changes the partner's rules, so the recompute exists exactly when they do. */
export const enqueueReadinessRecompute = (db: Tx, partnerCompanyId: number) =>
  enqueue(db, recomputeReadinessJob, { partnerCompanyId }, { companyId: partnerCompanyId });
