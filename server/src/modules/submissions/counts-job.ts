import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { defineJob, enqueue, type JobInfo } from '../../jobs/queue.ts';
import { recountCompany, repairCounts, type CountDrift, type TotalDrift } from './counts.ts';
import { recountSubmissionsJob } from './job-types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The daily recount runs at this hour (UTC), when the portal is quietest. */
const RECOUNT_HOUR_UTC = 3;

/**
 * A repair of what another module keeps from the submissions (the company catalogues), run by the whole daily repair
 * after the counts': it logs each drift it fixes and returns how many, reported under `name` in the summary.
 */
export interface DailyRepair {
  name: string;
  run: (db: Db, log: JobInfo['log']) => Promise<number>;
}

const dailyRepairs: DailyRepair[] = [];

/** Adds a repair to the daily one (server/src/listeners.ts, once per process). */
export function onDailyRepair(repair: DailyRepair) {
  dailyRepairs.push(repair);
}

/**
 * The repair of the maintained counts: each drift it finds is logged as a warning, then fixed. The whole repair
 * (no company given) recounts every company, then the staff-wide totals, then runs the repairs other modules added
 * (onDailyRepair: the catalogue compares every company's catalogue with its submissions and the products); one company's recount moves the totals by the drifts it fixes.
 */
export const recountSubmissionCounts = (ctx: AppContext) =>
  defineJob<{ companyId?: number }>({
    ...recountSubmissionsJob,
    handler: async ({ companyId }, job) => {
      const report = (drift: CountDrift) => job.log.warn({ drift }, 'submission count drift repaired');
      if (companyId !== undefined) {
        const drifts = await recountCompany(ctx.db, companyId);
        drifts.forEach(report);
        job.log.info({ drifts: drifts.length, companyId }, 'submission counts recounted');
        return;
      }
      const { companies, totals } = await repairCounts(ctx.db, {
        company: report,
        total: (drift: TotalDrift) => job.log.warn({ drift }, 'submission total drift repaired'),
      });
      const repaired: Record<string, number> = {};
      for (const repair of dailyRepairs) repaired[repair.name] = await repair.run(ctx.db, job.log);
      job.log.info(
        { drifts: companies.length, totalDrifts: totals.length, ...repaired, companyId: 'all' },
        'submission counts recounted',
      );
    },
  });

/** The next daily recount, queued once (the dedupe key holds a second back while one waits). */
export function enqueueDailyRecount(db: Db, now = new Date()) {
  const next = new Date(now);
  next.setUTCHours(RECOUNT_HOUR_UTC, 0, 0, 0);
  if (next <= now) next.setTime(next.getTime() + DAY_MS);
  return enqueue(db, recountSubmissionsJob, {}, { dedupeKey: 'submissions.recountCounts', runAt: next });
}
