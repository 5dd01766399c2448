import { z } from 'zod';
import { jobType } from '../../jobs/queue.ts';

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

/** The product facts of a photo added on resubmit or for a catalogued product (fact-reading-job.ts), as a draft's. */
export const readSubmissionFileFactsJob = jobType('submissions.readFacts', {
  queue: 'text',
  payload: z.object({ fileId: z.guid() }),
  maxAttempts: 3,
});
