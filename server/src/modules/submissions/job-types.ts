import { jobType } from '../../jobs/queue.ts';

/** The automated checks of a SUBMITTED item (handler in checks-job.ts), queued by every way an item becomes SUBMITTED. */
export const automatedChecksJob = jobType<{ submissionId: string }>('submissions.automatedChecks', { maxAttempts: 3 });
