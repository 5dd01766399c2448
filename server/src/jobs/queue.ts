import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { CHANNELS, type DbNotifications } from '../db/notifications.ts';
import { jobs } from '../db/schema.ts';
import { currentRequestId, withRequestId } from '../lib/request-context.ts';

/** A kind of job: its name and the schema of its payload. Enqueuing needs only this; the worker adds the handler. */
export interface JobType<P> {
  name: string;
  maxAttempts?: number;
  /** Checked at enqueue and again before the handler runs (a stored row may come from an older version). */
  payload: z.ZodType<P>;
}

/** What a handler is told about the job it runs; `log` carries the job and the request id that enqueued it. */
export interface JobInfo {
  id: number;
  attempt: number;
  log: FastifyBaseLogger;
}

export interface JobDefinition<P> extends JobType<P> {
  handler: (payload: P, job: JobInfo) => Promise<void>;
}

/**
 * Every job type declared in this process. A worker must have a handler for each (JobRunner.checkHandlers), so a
 * type added without one stops the worker at start instead of leaving its jobs waiting for ever.
 */
const declaredJobTypes = new Map<string, JobType<unknown>>();

export function jobType<P>(name: string, opts: { payload: z.ZodType<P>; maxAttempts?: number }): JobType<P> {
  if (declaredJobTypes.has(name)) throw new Error(`Job type ${name} declared twice`);
  const type: JobType<P> = { name, ...opts };
  declaredJobTypes.set(name, type);
  return type;
}

/** The names of every job type declared in this process (metrics list each one, even with no job in the table). */
export const declaredJobTypeNames = () => [...declaredJobTypes.keys()].sort();

/** A job definition of any payload type, as the runner holds them. */
export interface SomeJobDefinition {
  name: string;
  maxAttempts?: number;
  payload: z.ZodType;
  handler: (payload: never, job: JobInfo) => Promise<void>;
}

export function defineJob<P>(def: JobDefinition<P>): JobDefinition<P> {
  return def;
}

export class InvalidJobPayloadError extends Error {}
/** The worker lacks a handler it needs: a deployment mistake, stated plainly at start. */
export class MissingJobHandlersError extends Error {}

function parsePayload<P>(type: JobType<P>, payload: unknown): P {
  const parsed = type.payload.safeParse(payload);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`).join('; ');
  throw new InvalidJobPayloadError(`Invalid payload for job ${type.name}: ${problems}`);
}

/**
 * Enqueue inside the caller's transaction, so the job exists exactly when the data it works on does.
 * A dedupe key makes the enqueue a no-op while a job with that key is queued or running; once it is done or has
 * failed, the same key enqueues new work.
 */
export async function enqueue<P>(
  db: Tx,
  def: JobType<P>,
  payload: P,
  opts: { dedupeKey?: string; runAt?: Date } = {},
): Promise<void> {
  await db
    .insert(jobs)
    .values({
      name: def.name,
      payload: parsePayload(def, payload),
      maxAttempts: def.maxAttempts ?? 5,
      dedupeKey: opts.dedupeKey ?? null,
      runAt: opts.runAt ?? new Date(),
      requestId: currentRequestId(),
    })
    .onConflictDoNothing();
  // The jobs_queued trigger wakes the workers when this transaction commits (see JobRunner's `notifications`).
}

/**
 * A failed job queued again with a fresh set of attempts (the jobs console's Retry). Returns false when the job is
 * not failed (any more). Its last error stays until the next outcome replaces it.
 */
export async function requeueFailedJob(tx: Tx, id: number): Promise<boolean> {
  const requeued = await tx
    .update(jobs)
    .set({ status: 'queued', attempts: 0, runAt: sql`now()`, lockedUntil: null, finishedAt: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning({ id: jobs.id });
  return requeued.length > 0; // and the trigger wakes a worker at the commit
}

/** Deletes a failed job (the jobs console's Discard); false when it is not failed (any more). */
export async function deleteFailedJob(tx: Tx, id: number): Promise<boolean> {
  const deleted = await tx
    .delete(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning({ id: jobs.id });
  return deleted.length > 0;
}

/** Deletes jobs done longer ago than the retention; failed ones stay, with their last error, for inspection. */
export async function purgeFinishedJobs(db: Db, retentionMs: number, now = new Date()): Promise<number> {
  const purged = await db
    .delete(jobs)
    .where(and(eq(jobs.status, 'done'), lt(jobs.finishedAt, new Date(now.getTime() - retentionMs))))
    .returning({ id: jobs.id });
  return purged.length;
}

type ClaimedJob = {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  request_id: string | null;
};

/** How a run ended: done, failed for good, or failed with attempts left (queued again). */
export type JobOutcome = 'done' | 'failed' | 'retry';

export class JobRunner {
  private defs = new Map<string, JobDefinition<unknown>>();
  private running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private unsubscribe: (() => void)[] = [];

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    /** lockMs: how long a claimed job is its worker's; past it, the job counts as abandoned and is claimed again. */
    private opts: {
      concurrency?: number;
      /** How often to look for due jobs without being woken (default 500 ms). */
      pollMs?: number;
      lockMs?: number;
      /**
       * Wake at once when a job becomes due (the jobs_queued trigger's notification, heard at its commit, from any
       * process), and look again when the listening connection is back after a drop. Without it: polling only.
       */
      notifications?: DbNotifications;
      /** Told of every run's end (metrics: job duration by type and outcome). */
      onJobEnd?: (name: string, outcome: JobOutcome, seconds: number) => void;
    } = {},
  ) {}

  register(...defs: SomeJobDefinition[]) {
    for (const def of defs) {
      if (this.defs.has(def.name)) throw new Error(`Job ${def.name} registered twice`);
      this.defs.set(def.name, def as JobDefinition<unknown>);
    }
    return this;
  }

  start() {
    this.stopped = false;
    const notifications = this.opts.notifications;
    if (notifications) {
      this.unsubscribe = [
        notifications.subscribe(CHANNELS.jobQueued, (name) => {
          if (this.defs.has(name)) void this.tick();
        }),
        notifications.onReconnect(() => void this.tick()),
      ];
    }
    this.schedule();
    void this.tick();
  }

  /**
   * Puts every running job back in the queue at once. Only for a database no other worker can be using (the
   * embedded one, locked to this process): a job still 'running' there belonged to a process that died.
   */
  async releaseAbandoned(): Promise<number> {
    const result = await this.db.execute(
      sql`UPDATE jobs SET status = 'queued', locked_until = null WHERE status = 'running' RETURNING id`,
    );
    return (result as { rows: unknown[] }).rows.length;
  }

  /**
   * Refuses to work with a handler missing: for a job type declared in this process, or for a job waiting in the
   * database (queued or running) under a name no handler claims, which would otherwise wait silently for ever.
   */
  async checkHandlers(): Promise<void> {
    const problems: string[] = [];
    const undeclared = [...declaredJobTypes.keys()].filter((name) => !this.defs.has(name));
    if (undeclared.length) problems.push(`job types without a handler: ${undeclared.join(', ')}`);
    const waiting = await this.db
      .selectDistinct({ name: jobs.name })
      .from(jobs)
      .where(sql`${jobs.status} in ('queued', 'running')`);
    const unclaimed = waiting.map((r) => r.name).filter((name) => !this.defs.has(name));
    if (unclaimed.length) {
      problems.push(
        `jobs waiting in the database that no handler claims: ${unclaimed.sort().join(', ')} (delete them, or deploy the version that handles them)`,
      );
    }
    if (problems.length) throw new MissingJobHandlersError(`The worker cannot start: ${problems.join('; ')}`);
  }

  /** Stops claiming and waits for the jobs in hand to finish. */
  async stop() {
    this.stopped = true;
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
    clearTimeout(this.timer);
    await Promise.allSettled([...this.running]);
  }

  /** Runs every job that is due now, until none is left (tests and scripts). */
  async drain() {
    for (;;) {
      const claimed = await this.claim(this.opts.concurrency ?? 2);
      if (!claimed.length) {
        if (!this.running.size) return;
        await Promise.race(this.running);
        continue;
      }
      await Promise.all(claimed.map((job) => this.run(job)));
    }
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.tick().finally(() => this.schedule());
    }, this.opts.pollMs ?? 500);
  }

  private ticking = false;
  /** A wake came while a claim was under way (its snapshot may predate the new job): claim once more after it. */
  private tickAgain = false;
  private async tick(): Promise<void> {
    if (this.stopped) return;
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    this.ticking = true;
    this.tickAgain = false;
    try {
      const free = (this.opts.concurrency ?? 2) - this.running.size;
      if (free <= 0) return;
      for (const job of await this.claim(free)) {
        const p = this.run(job).finally(() => {
          this.running.delete(p);
          void this.tick();
        });
        this.running.add(p);
      }
    } catch (err) {
      this.log.error({ err }, 'job claim failed');
    } finally {
      this.ticking = false;
    }
    if (this.tickAgain) return this.tick();
  }

  private async claim(limit: number): Promise<ClaimedJob[]> {
    const names = [...this.defs.keys()];
    if (!names.length || limit <= 0) return [];
    const result = await this.db.execute(sql`
      UPDATE jobs SET status = 'running', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${(this.opts.lockMs ?? 300_000) / 1000})
      WHERE id IN (
        SELECT id FROM jobs
        WHERE name IN (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})
          AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
        ORDER BY run_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, name, payload, attempts, max_attempts, request_id`);
    return (result as { rows: ClaimedJob[] }).rows;
  }

  /**
   * Runs one claimed job inside the request id that enqueued it, so the jobs it enqueues carry it on, and logs
   * with a child logger holding that id (`reqId`, as the HTTP request's own lines), the job's type and id.
   */
  private run(job: ClaimedJob) {
    const log = this.log.child({ ...(job.request_id ? { reqId: job.request_id } : {}), job: job.name, jobId: job.id });
    return withRequestId(job.request_id, () => this.runLogged(job, log));
  }

  private async runLogged(job: ClaimedJob, log: FastifyBaseLogger) {
    const def = this.defs.get(job.name)!;
    const started = performance.now();
    const end = (outcome: JobOutcome) => this.opts.onJobEnd?.(job.name, outcome, (performance.now() - started) / 1000);
    let payload: unknown;
    try {
      payload = parsePayload(def, job.payload);
    } catch (err) {
      // No retry can make the payload valid: the job fails now, and the row keeps why.
      log.error({ err }, 'job payload invalid');
      await this.db.execute(sql`
        UPDATE jobs SET status = 'failed', last_error = ${String(err)}, locked_until = null, finished_at = now() WHERE id = ${job.id}`);
      end('failed');
      return;
    }
    try {
      await def.handler(payload, { id: job.id, attempt: job.attempts, log });
      await this.db.execute(
        sql`UPDATE jobs SET status = 'done', finished_at = now(), locked_until = null WHERE id = ${job.id}`,
      );
      end('done');
      log.info({ attempt: job.attempts, ms: Math.round(performance.now() - started) }, 'job done');
    } catch (err) {
      const last = job.attempts >= job.max_attempts;
      log[last ? 'error' : 'warn']({ err, attempt: job.attempts }, 'job failed');
      const backoffSecs = Math.min(2 ** job.attempts, 300);
      await this.db.execute(sql`
        UPDATE jobs SET status = ${last ? 'failed' : 'queued'}, last_error = ${String(err)}, locked_until = null,
          run_at = now() + make_interval(secs => ${backoffSecs}), finished_at = ${last ? sql`now()` : sql`null`}
        WHERE id = ${job.id}`);
      end(last ? 'failed' : 'retry');
    }
  }
}
