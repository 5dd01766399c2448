import { readinessMoved } from '@portal/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { ClaimLostError, defineJob, type JobInfo } from '../../jobs/queue.ts';
import { submissionEvents } from '../submissions/events.ts';
import { enqueueReadinessRecompute, recomputeReadinessJob, rejudgeSameUpcJob } from './job-types.ts';
import { countOfPartner, FIRST_ID, nextBatchOfPartner, partnersWithUnjudged } from './queries/submissions.ts';
import { recomputeReadiness, ruleSetsOf } from './store.ts';

/** Submissions judged per transaction: small enough to hold their locks briefly, large enough to be cheap. */
export const RECOMPUTE_BATCH = 500;

/** What the job records after each batch: how many are done of how many, and the last id done (where to go on). */
const progressSchema = z.object({ done: z.number().int(), total: z.number().int(), after: z.string() });
export type RecomputeProgress = z.infer<typeof progressSchema>;

/**
 * Every submission sent to the partner judged again by its current rules, a batch per transaction. Each batch stores
 * the readiness and partner statuses that changed, emits `submissionsReadinessChanged` with the submissions the change
 * moves (ready or not, or its score), and records the progress under the job's fence: a worker that lost its claim
 * rolls its batch back instead of writing beside the one that took over, which goes on from the last batch recorded.
 * The rule set is read again for each batch, so a rule saved meanwhile is the one the rest are judged by (and the
 * job that change enqueued judges the first ones again). Returns how many were judged.
 */
export async function recomputeReadinessOfPartner(
  db: Db,
  partnerCompanyId: number,
  job?: Pick<JobInfo, 'savedProgress' | 'reportProgress' | 'signal' | 'id'>,
  batch = RECOMPUTE_BATCH,
): Promise<number> {
  const saved = progressSchema.safeParse(job?.savedProgress);
  let { done, after } = saved.success ? saved.data : { done: 0, after: FIRST_ID };
  const total = await countOfPartner(db, partnerCompanyId);
  for (;;) {
    if (job?.signal?.aborted) throw new ClaimLostError(job.id);
    const more = await db.transaction(async (tx) => {
      const ids = await nextBatchOfPartner(tx, partnerCompanyId, after, batch);
      if (!ids.length) return false;
      const changes = await recomputeReadiness(tx, ids, await ruleSetsOf(tx, [partnerCompanyId]));
      const moved = changes.filter((c) => readinessMoved(c.before, c.after));
      if (moved.length) await submissionEvents.emit(tx, 'submissionsReadinessChanged', { changes: moved });
      const progress: RecomputeProgress = { done: done + ids.length, total, after: ids[ids.length - 1] };
      await job?.reportProgress?.(tx, progress);
      ({ done, after } = progress);
      return true;
    });
    if (!more) break;
  }
  // Done: the count as it ended (submissions made or deleted meanwhile change it).
  await job?.reportProgress?.(db, { done, total: done, after });
  return done;
}

export const recomputeReadinessOfPartnerJob = (ctx: AppContext) =>
  defineJob<{ partnerCompanyId: number }>({
    ...recomputeReadinessJob,
    handler: async ({ partnerCompanyId }, job) => {
      const judged = await recomputeReadinessOfPartner(ctx.db, partnerCompanyId, job);
      job.log.info({ partnerCompanyId, judged }, 'readiness recomputed');
    },
  });

/** Judges again the submissions a change of another with their UPC left behind (lifecycle.ts, rejudgeLater). */
export const rejudgeSameUpcOfJob = (ctx: AppContext) =>
  defineJob<{ ids: string[] }>({
    ...rejudgeSameUpcJob,
    handler: async ({ ids }) => {
      await ctx.db.transaction((tx) => recomputeReadiness(tx, ids));
    },
  });

/**
 * At start: submissions sent to a partner that were never judged (made before partner statuses or stored readiness
 * existed) are judged by the recompute. A submission with a partner with a configuration always has a readiness and
 * at least the product-name status, so 'N/A' or no readiness means "not computed yet".
 */
export async function enqueueMissingReadiness(db: Db) {
  const rows = await partnersWithUnjudged(db);
  for (const r of rows) if (r.partnerCompanyId != null) await enqueueReadinessRecompute(db, r.partnerCompanyId);
}
