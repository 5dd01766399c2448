import { and, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { JOBS_DONE_WINDOW_MS, type JobState } from '@portal/domain';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { forUpdate, LOCK } from '../db/lock-order.ts';
import { jobs } from '../db/schema.ts';
import { failedMatching, type FailedJobsMatch } from './queue.ts';

/** One type and state: how many jobs, and for queued ones how long the oldest due one has waited. */
export interface JobCount {
  type: string;
  state: JobState;
  count: number;
  /** Seconds since the oldest queued job became due (null: none due, or not the queued state). */
  oldestDueSeconds: number | null;
  /** Queued jobs waiting out a dependency's outage (their last run found it away). */
  waitingOnDependency: number;
  /** Running jobs whose claim has passed its lock: their worker died (or stalls) and another will take them up. */
  pastLock: number;
}

/** What "now" means per state: every queued, running and failed job; done ones of the last hour only. */
const inView = (now: Date): SQL =>
  sql`(${jobs.status} <> 'done' or ${jobs.finishedAt} > ${new Date(now.getTime() - JOBS_DONE_WINDOW_MS)})`;

/** Counts per type and state, for the metrics scrape and the jobs console alike. */
export async function jobCounts(db: Db, now = new Date()): Promise<JobCount[]> {
  const rows = await db
    .select({
      type: jobs.name,
      state: jobs.status,
      count: count(),
      oldestDueSeconds: sql<
        number | null
      >`extract(epoch from (now() - min(${jobs.runAt}) filter (where ${jobs.status} = 'queued' and ${jobs.runAt} <= now())))::float8`,
      waitingOnDependency: sql<number>`count(*) filter (where ${jobs.status} = 'queued' and ${jobs.transientSince} is not null)`,
      pastLock: sql<number>`count(*) filter (where ${jobs.status} = 'running' and ${jobs.lockedUntil} < now())`,
    })
    .from(jobs)
    .where(inView(now))
    .groupBy(jobs.name, jobs.status)
    .orderBy(jobs.name, jobs.status);
  return rows.map((r) => ({
    ...r,
    count: Number(r.count),
    waitingOnDependency: Number(r.waitingOnDependency),
    pastLock: Number(r.pastLock),
    oldestDueSeconds: r.oldestDueSeconds === null ? null : Math.max(0, Number(r.oldestDueSeconds)),
  }));
}

export type JobRow = typeof jobs.$inferSelect;

/**
 * One page of jobs in a state (newest first), optionally of one type: a range of the (state, id) or (state, type, id)
 * index, at most JOBS_LIST_DEPTH deep. The console's total comes from jobCounts, which it reads anyway.
 */
export function listJobs(
  db: Db,
  filter: { type?: string; state: JobState; page: number; pageSize: number },
  now = new Date(),
) {
  const where = and(
    eq(jobs.status, filter.state),
    filter.type ? eq(jobs.name, filter.type) : undefined,
    filter.state === 'done' ? gt(jobs.finishedAt, new Date(now.getTime() - JOBS_DONE_WINDOW_MS)) : undefined,
  );
  return db
    .select()
    .from(jobs)
    .where(where)
    .orderBy(desc(jobs.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
}

/** One job, locked for the rest of the caller's transaction (a worker cannot claim it meanwhile). */
export async function findJobForUpdate(tx: Tx, id: number): Promise<JobRow | undefined> {
  const [row] = await forUpdate(tx, LOCK.job, tx.select().from(jobs).where(eq(jobs.id, id)), [id]);
  return row;
}

/** How many failed jobs a bulk retry or discard would take (queue.ts's failedMatching). */
export async function countFailedMatching(tx: Tx, match: FailedJobsMatch): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from jobs where ${failedMatching(match)}`,
  );
  return Number(row?.n ?? 0);
}
