import { and, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { partnerConfigurations, productSubmissions } from '../../db/schema.ts';
import { defineJob, enqueue, jobType } from '../../jobs/queue.ts';
import { recomputePartnerStatusesOfPartner } from '../submissions/partner-statuses.ts';

/** After a partner's field rules change: the statuses of every submission sent to it. */
export const partnerStatusesJob = jobType('bulkEdit.recomputePartnerStatuses', {
  queue: 'maintenance',
  payload: z.object({ partnerCompanyId: z.number().int() }),
  maxAttempts: 5,
});

export const recomputePartnerStatusesJob = (ctx: AppContext) =>
  defineJob<{ partnerCompanyId: number }>({
    ...partnerStatusesJob,
    handler: async ({ partnerCompanyId }) => {
      await recomputePartnerStatusesOfPartner(ctx.db, partnerCompanyId);
    },
  });

/** Enqueued in the transaction that changes the partner configuration. */
export const enqueuePartnerStatuses = (db: Tx, partnerCompanyId: number) =>
  enqueue(db, partnerStatusesJob, { partnerCompanyId }, { companyId: partnerCompanyId });

/**
 * At start: submissions sent to a partner that were never given statuses (made before partner statuses existed)
 * get them through the job. A submission with a partner always has at least the product-name status, so 'N/A'
 * with a partner means "not computed yet".
 */
export async function enqueueMissingPartnerStatuses(db: Db) {
  const rows = await db
    .selectDistinct({ partnerCompanyId: productSubmissions.partnerCompanyId })
    .from(productSubmissions)
    .innerJoin(partnerConfigurations, eq(partnerConfigurations.companyId, productSubmissions.partnerCompanyId))
    .where(and(isNotNull(productSubmissions.partnerCompanyId), eq(productSubmissions.partnerStatusLabel, 'N/A')));
  for (const r of rows) if (r.partnerCompanyId != null) await enqueuePartnerStatuses(db, r.partnerCompanyId);
}
