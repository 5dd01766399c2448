import { jobProgressOf, JOBS_MSG, type FailedJobsFilter, type JobsListQuery } from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { countFailedMatching, findJobForUpdate, jobCounts, listJobs, type JobRow } from '../../jobs/inspect.ts';
import {
  declaredJobTypeNames,
  deleteFailedJob,
  deleteFailedJobs,
  requeueFailedJob,
  requeueFailedJobs,
} from '../../jobs/queue.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/authorize.ts';
import { recordAudit } from '../audit/record.ts';
import { feedLag } from '../events/queries/horizon.ts';

/** Payload keys shown as they are: identifiers and statuses. Anything else (e-mail addresses, free text) is hidden. */
const SHOWN_KEY = /(^id$|Id$|^status$)/;

/** What the console may show of a payload: ids and statuses, never addresses, reasons or anything secret. */
export function summarisePayload(payload: unknown): string {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return '(hidden)';
  return Object.entries(payload as Record<string, unknown>)
    .map(([key, value]) => {
      const plain = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
      return `${key}: ${SHOWN_KEY.test(key) && plain ? String(value).slice(0, 64) : '(hidden)'}`;
    })
    .join(', ');
}

const present = (job: JobRow) => ({
  id: job.id,
  type: job.name,
  state: job.status,
  attempts: job.attempts,
  maxAttempts: job.maxAttempts,
  lastError: job.lastError,
  payloadSummary: summarisePayload(job.payload),
  progress: jobProgressOf(job.progress),
  requestId: job.requestId,
  createdAt: job.createdAt.toISOString(),
  runAt: job.runAt.toISOString(),
  finishedAt: job.finishedAt?.toISOString() ?? null,
});
export type JobView = ReturnType<typeof present>;

/** What the audit trail keeps of a failed job: its state, attempts and last error (the payload stays hidden). */
const auditSummary = (job: JobRow) => ({
  state: job.status,
  attempts: job.attempts,
  lastError: job.lastError?.slice(0, 500) ?? null,
});

/** The console's page: counts per type and state, the known types, and one page of jobs in the chosen state. */
export async function jobsOverview(ctx: AppContext, query: JobsListQuery) {
  const [counts, rows, lag] = await Promise.all([jobCounts(ctx.db), listJobs(ctx.db, query), feedLag(ctx.db)]);
  const types = [...new Set([...declaredJobTypeNames(), ...counts.map((c) => c.type)])].sort();
  return {
    types,
    counts: counts.map(({ type, state, count, oldestDueSeconds }) => ({ type, state, count, oldestDueSeconds })),
    jobs: rows.map(present),
    feedLag: lag,
    total: counts
      .filter((c) => c.state === query.state && (!query.type || c.type === query.type))
      .reduce((sum, c) => sum + c.count, 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Locks the job and checks it is failed: 404 when it is gone, 409 when it has moved on meanwhile. */
async function lockFailed(tx: Tx, id: number) {
  const job = await findJobForUpdate(tx, id);
  if (!job) throw notFound('This job no longer exists.');
  if (job.status !== 'failed') throw conflict(JOBS_MSG.notFailed);
  return job;
}

/** Retry: the failed job queued again with fresh attempts, in one transaction with its audit row. */
export async function retryJob(ctx: AppContext, actor: Pick<Actor, 'id'>, id: number): Promise<JobView> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await lockFailed(tx, id);
      await requeueFailedJob(tx, id);
      const after = present({ ...before, status: 'queued', attempts: 0 });
      await recordAudit(tx, {
        actor,
        action: 'job.retried',
        target: { type: 'job', id, label: before.name },
        before: auditSummary(before),
        after: { state: after.state, attempts: 0 },
      });
      return after;
    });
  } catch (err) {
    // The same work (same dedupe key) is queued or running already: two copies must not run.
    if (isUniqueViolation(err)) throw conflict(JOBS_MSG.duplicateQueued);
    throw err;
  }
}

/** Discard: the failed job deleted, in one transaction with its audit row. */
export async function discardJob(ctx: AppContext, actor: Pick<Actor, 'id'>, id: number): Promise<JobView> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockFailed(tx, id);
    await deleteFailedJob(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'job.discarded',
      target: { type: 'job', id, label: before.name },
      before: auditSummary(before),
    });
    return present(before);
  });
}

/**
 * Retry or discard every failed job that matches the filter, in one transaction with one audit row naming the
 * filter and the count: after an outage, a backlog of failures is one action, not one click per job. A retry says
 * how many matching jobs it left failed (their work is queued or running already), so none is skipped unsaid.
 */
export async function actOnFailedJobs(
  ctx: AppContext,
  actor: Pick<Actor, 'id'>,
  action: 'retry' | 'discard',
  filter: FailedJobsFilter,
): Promise<{ count: number; left: number; message: string }> {
  const match = { ...filter, since: filter.since ? new Date(filter.since) : undefined };
  return ctx.db.transaction(async (tx) => {
    const count = action === 'retry' ? await requeueFailedJobs(tx, match) : await deleteFailedJobs(tx, match);
    const left = await countFailedMatching(tx, match);
    if (count > 0) {
      await recordAudit(tx, {
        actor,
        action: action === 'retry' ? 'jobs.bulk_retried' : 'jobs.bulk_discarded',
        target: { type: 'job', id: 0, label: filter.type ?? 'every type' },
        before: { state: 'failed', filter },
        after: action === 'retry' ? { state: 'queued', count } : { count },
      });
    }
    return {
      count,
      left,
      message: action === 'retry' ? JOBS_MSG.bulkRetried(count, left) : JOBS_MSG.bulkDiscarded(count),
    };
  });
}
