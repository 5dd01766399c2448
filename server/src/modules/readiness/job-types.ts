import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { enqueue, jobType } from '../../jobs/queue.ts';

/**
 * After a partner's rules change (its own rules saved, or its settings that imply rules): every submission sent to it
 * judged again and its readiness and partner statuses stored, in batches, with progress in the jobs console
 * (jobs.ts).
 */
export const recomputeReadinessJob = jobType('submissions.recomputeReadiness', {
  queue: 'maintenance',
  // The bulk edit's partner-status recompute, which this replaced: same payload, same work.
  formerNames: ['bulkEdit.recomputePartnerStatuses'],
  payload: z.object({ partnerCompanyId: z.number().int() }),
  maxAttempts: 5,
});

/**
 * Enqueued in the transaction that changes the partner's rules, so the recompute exists exactly when they do. Saves
 * that follow while it waits join it (one recompute judges by the rules as they are when it runs); a save while it
 * runs queues one more, since the running one may have judged some submissions by the rules before.
 */
export const enqueueReadinessRecompute = (db: Tx, partnerCompanyId: number) =>
  enqueue(
    db,
    recomputeReadinessJob,
    { partnerCompanyId },
    { companyId: partnerCompanyId, coalesceKey: `${recomputeReadinessJob.name}:${partnerCompanyId}` },
  );

/**
 * The other submissions of a partner with a UPC that another submission took, changed or gave up: judged again after
 * that change commits, in a transaction of their own (jobs.ts). Judged inside the change, their row locks
 * taken after the change's own made two concurrent changes of one UPC wait on each other (a deadlock).
 */
/** Submissions one re-judging job takes: one short transaction each. */
export const REJUDGE_BATCH = 1000;

export const rejudgeSameUpcJob = jobType('submissions.rejudgeSameUpc', {
  queue: 'maintenance',
  payload: z.object({ ids: z.array(z.guid()).max(REJUDGE_BATCH) }),
  maxAttempts: 5,
});

/** Queues the re-judging of these submissions, every one, a job per batch (none: nothing queued), in the change's transaction. */
export async function rejudgeLater(db: Tx, ids: readonly string[], companyId: number | null) {
  for (let from = 0; from < ids.length; from += REJUDGE_BATCH)
    await enqueue(db, rejudgeSameUpcJob, { ids: ids.slice(from, from + REJUDGE_BATCH) }, { companyId });
}
