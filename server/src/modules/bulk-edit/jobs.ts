import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { partnerConfigurations, productSubmissions } from '../../db/schema.ts';
import { defineJob, jobType } from '../../jobs/queue.ts';
import { enqueueReadinessRecompute } from '../submissions/job-types.ts';
import { recomputeReadinessOfPartner } from '../submissions/readiness-job.ts';

/**
 * The partner statuses of every submission sent to a partner, as jobs enqueued before readiness was stored: now the
 * readiness recompute (submissions.recomputeReadiness), which stores both from one judgement, does it. Kept so that
 * such a job still waiting in a database is run, not left without a handler.
 */
export const partnerStatusesJob = jobType('bulkEdit.recomputePartnerStatuses', {
  queue: 'maintenance',
  payload: z.object({ partnerCompanyId: z.number().int() }),
  maxAttempts: 5,
});

export const recomputePartnerStatusesJob = (ctx: AppContext) =>
  defineJob<{ partnerCompanyId: number }>({
    ...partnerStatusesJob,
    handler: async ({ partnerCompanyId }) => {
      await recomputeReadinessOfPartner(ctx.db, partnerCompanyId);
    },
  });

/**
 * At start: submissions sent to a partner that were never judged (made before partner statuses or stored readiness
 * existed) are judged by the recompute. A submission with a partner with a configuration always has a readiness and
 * at least the product-name status, so 'N/A' or no readiness means "not computed yet".
 */
export async function enqueueMissingPartnerStatuses(db: Db) {
  const rows = await db
    .selectDistinct({ partnerCompanyId: productSubmissions.partnerCompanyId })
    .from(productSubmissions)
    .innerJoin(partnerConfigurations, eq(partnerConfigurations.companyId, productSubmissions.partnerCompanyId))
    .where(
      and(
        isNotNull(productSubmissions.partnerCompanyId),
        or(eq(productSubmissions.partnerStatusLabel, 'N/A'), isNull(productSubmissions.readinessReady)),
      ),
    );
  for (const r of rows) if (r.partnerCompanyId != null) await enqueueReadinessRecompute(db, r.partnerCompanyId);
}
