import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { forUpdate, LOCK } from '../db/lock-order.ts';
import { CHANNELS, type DbNotifications } from '../db/notifications.ts';
import { jobs } from '../db/schema.ts';
import { isDependencyOutage, isTransactionConflict } from '../lib/dependency-errors.ts';
import { currentRequestId, withRequestId } from '../lib/request-context.ts';
import { DEFAULT_QUEUE, DEFAULT_QUEUE_CONCURRENCY, type QueueName } from './queues.ts';

export { QUEUES, DEFAULT_QUEUE_CONCURRENCY, type QueueName } from './queues.ts';

/** A kind of job: its name and the schema of its payload. Enqueuing needs only this; the worker adds the handler. */
export interface JobType<P> {
  name: string;
  /** The queue whose slots run it (default: checks). */
  queue?: QueueName;
  /** Attempts for content that fails (a dependency's outage spends none: see JobRunnerOptions.retryHorizonMs). */
  maxAttempts?: number;
  /** Checked at enqueue and again before the handler runs (a stored row may come from an older version). */
  payload: z.ZodType<P>;
  /**
   * Names this job had in earlier versions. A migration renames the stored rows, but an instance of the earlier
   * version still running during a rolling deploy may enqueue under an old name: this handler runs those too.
   */
  formerNames?: readonly string[];
  /**
   * Work nobody waits for at a screen (a folder import's files): a company's jobs of such a type take its turns after
   * its other due jobs of the queue, so a person's upload is not queued behind their own company's import.
   */
  bulk?: boolean;
}

/** What a handler is told about the job it runs; `log` carries the job and the request id that enqueued it. */
export interface JobInfo {
  id: number;
  attempt: number;
  /** No attempt is left after this one for content that fails (a dependency's outage spends none). */
  lastAttempt: boolean;
  log: FastifyBaseLogger;
  /** Aborted when the job's claim passed to another worker: its result will be discarded. */
  signal?: AbortSignal;
  /** What an earlier run of this job last recorded with reportProgress (null: none), to go on from there. */
  savedProgress?: unknown;
  /**
   * Records how far the job has come, in the caller's transaction and under the claim's fence: when another worker
   * holds the job now it throws ClaimLostError, so the batch written in that transaction is rolled back with it.
   */
  reportProgress?: (tx: Tx, progress: object) => Promise<void>;
}

/** A job's claim passed to another worker while it ran: what it was writing must not be kept. */
export class ClaimLostError extends Error {
  constructor(jobId: number) {
    super(`job ${jobId} is held by another worker now`);
  }
}

export interface JobDefinition<P> extends JobType<P> {
  handler: (payload: P, job: JobInfo) => Promise<void>;
  /**
   * Called once the job has failed for good, before that is recorded: what the failure must change (a file shown
   * as failed instead of pending for ever). When it throws, the job is queued again and fails again later.
   */
  onFailed?: (payload: P, job: JobInfo & { error: unknown }) => Promise<void>;
}

/**
 * Every job type declared in this process. A worker must have a handler for each (JobRunner.checkHandlers), so a
 * type added without one stops the worker at start instead of leaving its jobs waiting for ever.
 */
const declaredJobTypes = new Map<string, JobType<unknown>>();

export function jobType<P>(name: string, opts: Omit<JobType<P>, 'name'>): JobType<P> {
  if (declaredJobTypes.has(name)) throw new Error(`Job type ${name} declared twice`);
  const taken = (opts.formerNames ?? []).filter((former) => declaredJobTypes.has(former));
  if (taken.length) throw new Error(`Job type ${name}: former name ${taken.join(', ')} is a job type of its own`);
  const type: JobType<P> = { name, ...opts };
  declaredJobTypes.set(name, type);
  return type;
}

/** The names of every job type declared in this process (metrics list each one, even with no job in the table). */
export const declaredJobTypeNames = () => [...declaredJobTypes.keys()].sort();

/** A job definition of any payload type, as the runner holds them. */
export interface SomeJobDefinition {
  name: string;
  queue?: QueueName;
  maxAttempts?: number;
  payload: z.ZodType;
  formerNames?: readonly string[];
  bulk?: boolean;
  handler: (payload: never, job: JobInfo) => Promise<void>;
  onFailed?: (payload: never, job: JobInfo & { error: unknown }) => Promise<void>;
}

export function defineJob<P>(def: JobDefinition<P>): JobDefinition<P> {
  return def;
}

/**
 * Whether a handler that caught an error should throw it again, to have the job retried, rather than settle its
 * work as failed now: always for a dependency's outage; for any other error (a transaction conflict too) while
 * attempts remain; never for a verdict on the content (a damaged file stays damaged).
 */
export function retryRatherThanSettle(err: unknown, job: JobInfo, isVerdict: (err: unknown) => boolean): boolean {
  if (isDependencyOutage(err)) return true;
  return !isVerdict(err) && !job.lastAttempt;
}

/** Why a job failed that was claimed past its attempts, its worker having stopped (died, or lost its claim) in each. */
export const WORKER_STOPPED_EVERY_ATTEMPT = 'its worker stopped during every attempt';

/**
 * A job claimed past its attempts: the worker of its last attempt stopped (died, or lost its claim) before writing any
 * outcome. The job may be what stops it, so it is not run again (BullMQ's stalled-job limit).
 */
export class WorkerStoppedError extends Error {
  override name = 'WorkerStoppedError';
  constructor(job: { max_attempts: number; stalls: number; last_error: string | null }) {
    super(
      job.stalls >= job.max_attempts
        ? `${WORKER_STOPPED_EVERY_ATTEMPT} (${job.max_attempts} of ${job.max_attempts})`
        : `its worker stopped during its last attempt (${job.max_attempts} of ${job.max_attempts})` +
            (job.last_error ? `; the attempt before failed with: ${job.last_error}` : ''),
    );
  }
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
 * failed, the same key enqueues new work. A coalesce key makes it a no-op only while a job with that key is queued:
 * for work that must see every change (a recompute), a job already running may have read the data before this one.
 */
export async function enqueue<P>(
  db: Tx,
  def: JobType<P>,
  payload: P,
  /**
   * companyId: whose work it is, for fairness between companies. hold: held work, due when the hold ends (seconds
   * from now, by the database's clock) and cancelled with it (cancelHeldJobs) until then.
   */
  opts: {
    dedupeKey?: string;
    coalesceKey?: string;
    runAt?: Date;
    companyId?: number | null;
    hold?: JobHold | null;
  } = {},
): Promise<void> {
  const hold = opts.hold ?? null;
  await db
    .insert(jobs)
    .values({
      name: def.name,
      payload: parsePayload(def, payload),
      maxAttempts: def.maxAttempts ?? 5,
      dedupeKey: opts.dedupeKey ?? null,
      coalesceKey: opts.coalesceKey ?? null,
      companyId: opts.companyId ?? null,
      runAt: hold ? sql`now() + make_interval(secs => ${hold.seconds})` : (opts.runAt ?? new Date()),
      requestId: currentRequestId(),
      holdKey: hold?.key ?? null,
    })
    .onConflictDoNothing();
  // The jobs_queued trigger wakes the workers when this transaction commits (see JobRunner's `notifications`).
}

/** Work held back for a while and cancelled if its hold is taken back in time (a review decision's undo window). */
export interface JobHold {
  key: string;
  /** From now, by the database's clock (as the claim reads run_at). */
  seconds: number;
}

/**
 * Cancels every job held under this key, or none: all of them must still be waiting (queued, never claimed, not due
 * yet). Their rows are locked first (LOCK.job, last in the order): a worker's claim (FOR UPDATE SKIP LOCKED) skips rows
 * locked here, and a claim made first has them running when the lock is granted, so one of the two wins and never
 * both: a job is either deleted here or run, once. False (nothing cancelled) when any has been claimed, is due, or
 * there is none.
 */
export async function cancelHeldJobs(tx: Tx, key: string): Promise<boolean> {
  const held = await forUpdate(
    tx,
    LOCK.job,
    tx
      .select({
        id: jobs.id,
        waiting: sql<boolean>`(${jobs.status} = 'queued' AND ${jobs.attempts} = 0 AND ${jobs.runAt} > clock_timestamp())`,
      })
      .from(jobs)
      .where(eq(jobs.holdKey, key))
      .orderBy(jobs.id),
  );
  if (!held.length || held.some((j) => !j.waiting)) return false;
  await tx.delete(jobs).where(eq(jobs.holdKey, key));
  return true;
}

/**
 * A failed job queued again with a fresh set of attempts (the jobs console's Retry). Returns false when the job is
 * not failed (any more). Its last error stays until the next outcome replaces it.
 */
export async function requeueFailedJob(tx: Tx, id: number): Promise<boolean> {
  const requeued = await tx
    .update(jobs)
    .set({
      status: 'queued',
      attempts: 0,
      stalls: 0,
      transientFailures: 0,
      transientSince: null,
      runAt: sql`now()`,
      lockedUntil: null,
      lockToken: null,
      finishedAt: null,
    })
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

/** Which failed jobs a bulk action takes: of a type, whose last error contains a text, failed since a time. */
export interface FailedJobsMatch {
  type?: string;
  error?: string;
  since?: Date;
}

export const failedMatching = (m: FailedJobsMatch): SQL =>
  sql`status = 'failed'
    ${m.type ? sql`AND name = ${m.type}` : sql``}
    ${m.error ? sql`AND strpos(lower(coalesce(last_error, '')), lower(${m.error})) > 0` : sql``}
    ${m.since ? sql`AND finished_at >= ${m.since}` : sql``}`;

/**
 * Every failed job that matches queued again with fresh attempts (after an outage, the jobs console's "Retry
 * all"). Of failed jobs sharing a dedupe key only the newest goes back, and none whose key is queued or running
 * already: the same work never runs twice. Returns how many went back.
 */
export async function requeueFailedJobs(tx: Tx, match: FailedJobsMatch): Promise<number> {
  const result = await tx.execute(sql`
    UPDATE jobs SET status = 'queued', attempts = 0, stalls = 0, transient_failures = 0, transient_since = null, run_at = now(),
      locked_until = null, lock_token = null, finished_at = null
    WHERE id IN (
      SELECT DISTINCT ON (coalesce(dedupe_key, id::text)) id FROM jobs failed
      WHERE ${failedMatching(match)}
        AND (dedupe_key IS NULL OR NOT EXISTS (
          SELECT 1 FROM jobs live WHERE live.dedupe_key = failed.dedupe_key AND live.status IN ('queued', 'running')))
      ORDER BY coalesce(dedupe_key, id::text), id DESC
    )
    RETURNING id`);
  return (result as { rows: unknown[] }).rows.length; // the trigger wakes the workers at the commit
}

/** Every failed job that matches deleted (the jobs console's "Discard all"); returns how many. */
export async function deleteFailedJobs(tx: Tx, match: FailedJobsMatch): Promise<number> {
  const result = await tx.execute(sql`DELETE FROM jobs WHERE ${failedMatching(match)} RETURNING id`);
  return (result as { rows: unknown[] }).rows.length;
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
  /** This claim's fence: the job's row is updated only while it still holds this token. */
  lock_token: string;
  /** Runs of it that failed because a dependency was away, so far. */
  transient_failures: number;
  company_id: number | null;
  progress: unknown;
  /** Claims of it that ended with the worker gone, this one's predecessor included when it was taken over. */
  stalls: number;
  last_error: string | null;
};

/** A job handed back to the queue, its attempt given back: run again as soon as a worker is free. */
const HAND_BACK = sql`status = 'queued', attempts = greatest(attempts - 1, 0), run_at = now(), locked_until = null,
  lock_token = null`;

/** A queue's job names, as a SQL list: `name IN (${namesOf(queue)})`. */
const namesOf = (queue: Queue) =>
  sql.join(
    queue.jobNames.map((n) => sql`${n}`),
    sql`, `,
  );

/** How a run ended: done, failed for good, or queued again (content failure with attempts left, or a dependency away). */
export type JobOutcome = 'done' | 'failed' | 'retry';

/** One queue's runtime state in this process. */
interface Queue {
  name: QueueName;
  jobNames: string[];
  /** The names of its bulk job types (JobType.bulk). */
  bulkNames: string[];
  concurrency: number;
  running: Set<Promise<void>>;
  ticking: boolean;
  /** A wake came while a claim was under way (its snapshot may predate the new job): claim once more after it. */
  tickAgain: boolean;
  /** The claim under way, if any: stop waits for it, so that no job is claimed, or run, once stop has returned. */
  claiming: Promise<void> | null;
  /** The companies of the jobs this process claimed last (as many as its slots), which wait a turn at the next claim. */
  served: (number | null)[];
}

export interface JobRunnerOptions {
  /** Slots of every queue that `queueConcurrency` does not name (default: DEFAULT_QUEUE_CONCURRENCY per queue). */
  concurrency?: number;
  queueConcurrency?: Partial<Record<QueueName, number>>;
  /** How often to look for due jobs without being woken (default 500 ms). */
  pollMs?: number;
  /** How long a claim holds a job without a heartbeat; a heartbeat renews it every third of that. */
  lockMs?: number;
  /** How long a dependency's outage is waited out before a job fails for good (default 24 h). */
  retryHorizonMs?: number;
  /**
   * Wake at once when a job becomes due (the jobs_queued trigger's notification, heard at its commit, from any
   * process), and look again when the listening connection is back after a drop. Without it: polling only.
   */
  notifications?: DbNotifications;
  /** Told of every run's end (metrics: job duration by type and outcome). */
  onJobEnd?: (name: string, outcome: JobOutcome, seconds: number) => void;
  /** Told of every run a transaction conflict ended (metrics: conflicts by job type). */
  onConflict?: (name: string) => void;
}

const DEFAULT_LOCK_MS = 30_000;
const DEFAULT_RETRY_HORIZON_MS = 24 * 3_600_000;

/**
 * Runs jobs from the database queue: each queue claims up to its own concurrency, fairly between companies; a claim
 * is fenced by a token and kept alive by a heartbeat; a dependency's outage is waited out, bad content is retried a
 * few times; nothing the database or a handler throws ends the process.
 */
export class JobRunner {
  private defs = new Map<string, JobDefinition<unknown>>();
  private queues = new Map<QueueName, Queue>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private unsubscribe: (() => void)[] = [];
  /** Claims in hand: their tokens, so that a stop past its grace can hand them back. */
  private held = new Map<number, string>();

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    private opts: JobRunnerOptions = {},
  ) {}

  private get lockMs() {
    return this.opts.lockMs ?? DEFAULT_LOCK_MS;
  }

  register(...defs: SomeJobDefinition[]) {
    for (const def of defs) {
      const names = [def.name, ...(def.formerNames ?? [])];
      for (const name of names) {
        if (this.defs.has(name)) throw new Error(`Job ${name} registered twice`);
        this.defs.set(name, def as JobDefinition<unknown>);
      }
      const queueName = def.queue ?? DEFAULT_QUEUE;
      let queue = this.queues.get(queueName);
      if (!queue) {
        const concurrency =
          this.opts.queueConcurrency?.[queueName] ?? this.opts.concurrency ?? DEFAULT_QUEUE_CONCURRENCY[queueName];
        queue = {
          name: queueName,
          jobNames: [],
          bulkNames: [],
          concurrency,
          running: new Set(),
          ticking: false,
          tickAgain: false,
          claiming: null,
          served: [],
        };
        this.queues.set(queueName, queue);
      }
      queue.jobNames.push(...names);
      if (def.bulk) queue.bulkNames.push(...names);
    }
    return this;
  }

  /** The slots of each queue this runner serves (metrics, logs). */
  concurrency(): Partial<Record<QueueName, number>> {
    return Object.fromEntries([...this.queues.values()].map((q) => [q.name, q.concurrency]));
  }

  start() {
    this.stopped = false;
    const notifications = this.opts.notifications;
    if (notifications) {
      this.unsubscribe = [
        notifications.subscribe(CHANNELS.jobQueued, (name) => {
          const queue = this.queueOf(name);
          if (queue) void this.tick(queue);
        }),
        notifications.onReconnect(() => this.tickAll()),
      ];
    }
    this.schedule();
    this.tickAll();
  }

  private queueOf(jobName: string): Queue | undefined {
    const def = this.defs.get(jobName);
    return def && this.queues.get(def.queue ?? DEFAULT_QUEUE);
  }

  /**
   * Puts every running job back in the queue at once. Only for a database no other worker can be using (the
   * embedded one, locked to this process): a job still 'running' there belonged to a process that died.
   */
  async releaseAbandoned(): Promise<number> {
    const result = await this.db.execute(
      // The crash ended the attempt: it is spent, and counted as a stall (see WorkerStoppedError).
      sql`UPDATE jobs SET status = 'queued', locked_until = null, lock_token = null, stalls = stalls + 1
        WHERE status = 'running' RETURNING id`,
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

  /**
   * Stops claiming and waits for the jobs in hand to finish. With a grace: past it, the jobs still running are
   * handed back to the queue (another worker takes them at once) and their handlers' results are discarded.
   */
  async stop(opts: { graceMs?: number } = {}) {
    this.stopped = true;
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
    clearTimeout(this.timer);
    // A claim sent before the stop may answer after it: what it claims is in hand, and waited for like the rest.
    await Promise.allSettled([...this.queues.values()].flatMap((q) => (q.claiming ? [q.claiming] : [])));
    const running = [...this.queues.values()].flatMap((q) => [...q.running]);
    const finished = Promise.allSettled(running);
    if (opts.graceMs === undefined) {
      await finished;
      return;
    }
    let graceTimer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      finished.then(() => false),
      new Promise<boolean>((resolve) => (graceTimer = setTimeout(() => resolve(true), opts.graceMs))),
    ]);
    clearTimeout(graceTimer);
    if (timedOut) await this.releaseHeld();
  }

  /** Hands every job this runner holds back to the queue, without spending the attempt it was claimed with. */
  private async releaseHeld() {
    for (const [id, token] of [...this.held]) {
      this.held.delete(id);
      try {
        await this.db.execute(sql`
          UPDATE jobs SET status = 'queued', attempts = greatest(attempts - 1, 0), locked_until = null,
            lock_token = null, run_at = now()
          WHERE id = ${id} AND lock_token = ${token}`);
        this.log.warn({ jobId: id }, 'job handed back to the queue at shutdown');
      } catch (err) {
        this.log.error({ err, jobId: id }, 'could not hand a job back at shutdown; it runs again once its lock passes');
      }
    }
  }

  /** Runs every job that is due now, until none is left (tests and scripts). */
  async drain() {
    for (;;) {
      const queues = [...this.queues.values()];
      const claimed = (await Promise.all(queues.map((q) => this.claim(q, q.concurrency)))).flat();
      if (!claimed.length) {
        const running = queues.flatMap((q) => [...q.running]);
        if (!running.length) return;
        await Promise.race(running);
        continue;
      }
      await Promise.all(claimed.map((job) => this.run(job)));
    }
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.pollDue().finally(() => this.schedule());
    }, this.opts.pollMs ?? 500);
  }

  /**
   * The poll asks one small question before it claims: is a job of this runner due, or a claim past its lock? The
   * claim walks every company's line and is planned anew at each call; run for every queue twice a second while
   * nothing was due, it was most of an idle embedded portal's CPU (docs/decisions/job-queue.md). Should the question
   * fail, the queues claim as before and log why.
   */
  private async pollDue() {
    const names = [...this.queues.values()].flatMap((q) => q.jobNames);
    if (!names.length) return;
    try {
      const result = await this.db.execute(dueStatement(names));
      if (!(result as { rows: { due: boolean }[] }).rows[0]?.due) return;
    } catch {
      // The claims below meet the same fault and say so.
    }
    this.tickAll();
  }

  private tickAll() {
    for (const queue of this.queues.values()) void this.tick(queue);
  }

  private async tick(queue: Queue): Promise<void> {
    if (this.stopped) return;
    if (queue.ticking) {
      queue.tickAgain = true;
      return;
    }
    queue.ticking = true;
    queue.tickAgain = false;
    queue.claiming = this.claimAndRun(queue);
    try {
      await queue.claiming;
    } finally {
      queue.claiming = null;
      queue.ticking = false;
    }
    if (queue.tickAgain) return this.tick(queue);
  }

  /** One claim of as many jobs as the queue has free slots, each started as it comes. */
  private async claimAndRun(queue: Queue): Promise<void> {
    try {
      const free = queue.concurrency - queue.running.size;
      if (free <= 0) return;
      for (const job of await this.claim(queue, free)) {
        const p = this.run(job).finally(() => {
          queue.running.delete(p);
          void this.tick(queue);
        });
        queue.running.add(p);
      }
    } catch (err) {
      // The database is away, most likely: the next poll or wake tries again.
      this.log.error({ err, queue: queue.name }, 'job claim failed');
    }
  }

  /**
   * Claims up to `limit` due jobs of a queue, fairly between companies (see claimStatement). A company this process
   * served last waits a turn: with one slot, the job that just finished is not running any more, and the older front
   * of a flood's line would otherwise win every claim.
   */
  private async claim(queue: Queue, limit: number): Promise<ClaimedJob[]> {
    if (!queue.jobNames.length || limit <= 0) return [];
    const served = queue.served.filter((c): c is number => c !== null);
    const result = await this.db.execute(claimStatement(queue.jobNames, limit, this.lockMs, served, queue.bulkNames));
    const claimed = (result as { rows: ClaimedJob[] }).rows;
    for (const job of claimed) this.held.set(job.id, job.lock_token);
    queue.served = [...queue.served, ...claimed.map((j) => j.company_id)].slice(-Math.max(1, queue.concurrency));
    return claimed;
  }

  /**
   * Runs one claimed job inside the request id that enqueued it, so the jobs it enqueues carry it on, and logs
   * with a child logger holding that id (`reqId`, as the HTTP request's own lines), the job's type and id.
   */
  private run(job: ClaimedJob) {
    const log = this.log.child({ ...(job.request_id ? { reqId: job.request_id } : {}), job: job.name, jobId: job.id });
    return withRequestId(job.request_id, () => this.runLogged(job, log)).finally(() => this.held.delete(job.id));
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
      await this.record(job, log, 'failed', sql`status = 'failed', last_error = ${String(err)}, finished_at = now()`);
      end('failed');
      return;
    }
    if (job.attempts > job.max_attempts) {
      // Claimed past its attempts: the last one's worker stopped without an outcome. Run again, it may stop this one.
      const err = new WorkerStoppedError(job);
      log.error({ err, stalls: job.stalls }, 'job failed: its worker stopped during its last attempt');
      end(await this.failForGood(job, def, payload, err, log, sql`attempts = ${job.max_attempts}`));
      return;
    }
    const lease = this.keepAlive(job, log);
    let error: unknown;
    let ok = false;
    try {
      await def.handler(payload, { ...this.info(job, log), signal: lease.signal });
      ok = true;
    } catch (err) {
      error = err;
    } finally {
      lease.stop();
    }
    if (lease.signal.aborted) {
      // Another worker holds the job now (our lock passed while the database was away, say): its run counts.
      log.warn({ attempt: job.attempts }, 'job lost its lock while running; its result is discarded');
      end('retry');
      return;
    }
    if (ok) {
      await this.record(
        job,
        log,
        'done',
        sql`status = 'done', finished_at = now(), last_error = null, transient_failures = 0, transient_since = null`,
      );
      end('done');
      log.info({ attempt: job.attempts, ms: Math.round(performance.now() - started) }, 'job done');
      if (job.transient_failures > 0) await this.resumeWaiting(job, log);
      return;
    }
    end(await this.recordFailure(job, def, payload, error, log));
  }

  /**
   * A failed run: a dependency's outage is retried with backoff and jitter, giving back the attempt, until the
   * outage has lasted past the horizon; a transaction conflict (deadlock, serialization failure) is retried soon,
   * with jitter, spending an attempt, and counted; any other error spends an attempt. When the job fails for good, its
   * definition's onFailed runs first (a file must not stay "pending"); if that cannot be done now either, the job
   * is queued again to try once more.
   */
  private async recordFailure(
    job: ClaimedJob,
    def: JobDefinition<unknown>,
    payload: unknown,
    err: unknown,
    log: FastifyBaseLogger,
  ): Promise<JobOutcome> {
    const lastError = String(err);
    if (isTransactionConflict(err)) {
      this.opts.onConflict?.(job.name);
      const last = job.attempts >= job.max_attempts;
      if (last) {
        log.error({ err, attempt: job.attempts }, 'job failed: a conflicting transaction rolled back its last attempt');
      } else {
        const delayMs = conflictRetryDelayMs(job.attempts);
        log.warn(
          { err, attempt: job.attempts, retryInMs: delayMs },
          'job met a conflicting transaction (deadlock or serialization failure); trying again',
        );
        await this.record(
          job,
          log,
          'retry',
          sql`status = 'queued', last_error = ${lastError}, run_at = now() + make_interval(secs => ${delayMs / 1000})`,
        );
        return 'retry';
      }
    } else if (isDependencyOutage(err)) {
      const horizonSecs = (this.opts.retryHorizonMs ?? DEFAULT_RETRY_HORIZON_MS) / 1000;
      const [row] = await this.recordReturning<{ transient_failures: number; past_horizon: boolean }>(
        job,
        log,
        sql`transient_failures = transient_failures + 1, transient_since = coalesce(transient_since, now())`,
        sql`transient_failures, coalesce(transient_since, now()) < now() - make_interval(secs => ${horizonSecs}) AS past_horizon`,
      );
      if (!row) return 'retry';
      if (!row.past_horizon) {
        const delayMs = dependencyRetryDelayMs(row.transient_failures);
        log.warn({ err, attempt: job.attempts, retryInMs: delayMs }, 'job waits for a dependency');
        await this.record(
          job,
          log,
          'retry',
          sql`status = 'queued', attempts = greatest(attempts - 1, 0), last_error = ${lastError},
            run_at = now() + make_interval(secs => ${delayMs / 1000})`,
        );
        return 'retry';
      }
      log.error({ err, attempt: job.attempts }, 'job failed: a dependency stayed away past the retry horizon');
    } else {
      const last = job.attempts >= job.max_attempts;
      log[last ? 'error' : 'warn']({ err, attempt: job.attempts }, 'job failed');
      if (!last) {
        const backoffSecs = Math.min(2 ** job.attempts, 300);
        await this.record(
          job,
          log,
          'retry',
          sql`status = 'queued', last_error = ${lastError}, run_at = now() + make_interval(secs => ${backoffSecs})`,
        );
        return 'retry';
      }
    }
    return this.failForGood(job, def, payload, err, log);
  }

  /**
   * Fails a job for good: its definition's onFailed runs first (a file must not stay "pending"); if that cannot be
   * done now, the job is queued again, its attempt given back, to fail again later. `set` adds to the failed row.
   */
  private async failForGood(
    job: ClaimedJob,
    def: JobDefinition<unknown>,
    payload: unknown,
    err: unknown,
    log: FastifyBaseLogger,
    set: SQL = sql`attempts = attempts`,
  ): Promise<JobOutcome> {
    const lastError = String(err);
    try {
      await def.onFailed?.(payload, { ...this.info(job, log), error: err });
    } catch (finalErr) {
      log.error({ err: finalErr }, 'job failed, and what its failure must change could not be written; trying again');
      await this.record(
        job,
        log,
        'retry',
        sql`status = 'queued', attempts = greatest(attempts - 1, 0), last_error = ${lastError},
          run_at = now() + make_interval(secs => ${dependencyRetryDelayMs(1) / 1000})`,
      );
      return 'retry';
    }
    await this.record(
      job,
      log,
      'failed',
      sql`status = 'failed', ${set}, last_error = ${lastError}, finished_at = now()`,
    );
    return 'failed';
  }

  /**
   * A job that had waited for a dependency has just succeeded, so the dependency is back: the queue's other jobs
   * waiting out their backoff run now instead of up to five minutes later (after a 30 s store outage the last of
   * them came back four minutes after the store). They still run at the queue's concurrency, fairly by company.
   */
  private async resumeWaiting(job: ClaimedJob, log: FastifyBaseLogger) {
    const queue = this.queueOf(job.name);
    if (!queue) return;
    const names = namesOf(queue);
    try {
      const result = await this.db.execute(sql`
        UPDATE jobs SET run_at = now()
        WHERE name IN (${names}) AND status = 'queued' AND transient_failures > 0 AND run_at > now()
        RETURNING id`);
      const resumed = (result as { rows: unknown[] }).rows.length;
      if (resumed) log.info({ resumed, queue: queue.name }, 'a dependency is back: the jobs waiting for it resume');
    } catch (err) {
      log.warn({ err }, 'could not resume the jobs waiting for a dependency; they run at their own time');
    }
    void this.tick(queue);
  }

  /**
   * Writes a run's outcome, fenced by the claim's token: a worker whose lock passed to another writes nothing.
   * A database error here is logged, not thrown: the job stays running and is claimed again once its lock passes.
   */
  private async record(job: ClaimedJob, log: FastifyBaseLogger, outcome: string, set: SQL): Promise<void> {
    await this.recordReturning(job, log, sql`${set}, locked_until = null, lock_token = null`, sql`id`, outcome);
  }

  private async recordReturning<Row>(
    job: ClaimedJob,
    log: FastifyBaseLogger,
    set: SQL,
    returning: SQL,
    outcome = 'progress',
  ): Promise<Row[]> {
    try {
      const result = await this.db.execute(sql`
        UPDATE jobs SET ${set} WHERE id = ${job.id} AND lock_token = ${job.lock_token} AND status = 'running'
        RETURNING ${returning}`);
      const rows = (result as { rows: Row[] }).rows;
      if (!rows.length) log.warn({ outcome }, 'job outcome not recorded: another worker holds the job now');
      return rows;
    } catch (err) {
      log.error({ err, outcome }, 'could not record the job outcome; it is written once the database answers');
      // Done stays done; any other outcome hands the job back to run again (what it was is not known for sure).
      void this.settleLater(job, log, outcome === 'done' ? set : HAND_BACK);
      return [];
    }
  }

  /**
   * The outcome of a job whose write failed (the database away), written again from this worker, which still holds
   * the claim, as soon as the database answers: without it the job would sit 'running' until its lock passed, up to
   * JOB_LOCK_SECONDS after a blip of a few seconds. Fenced by the claim's token like every outcome; given up once the
   * lock has passed (another worker may hold the job then).
   */
  private async settleLater(job: ClaimedJob, log: FastifyBaseLogger, set: SQL) {
    const lockPasses = Date.now() + this.lockMs;
    for (let waitMs = 250; Date.now() + waitMs < lockPasses; waitMs = Math.min(waitMs * 2, 5000)) {
      await new Promise((r) => setTimeout(r, waitMs).unref());
      try {
        await this.db.execute(sql`
          UPDATE jobs SET ${set}
          WHERE id = ${job.id} AND lock_token = ${job.lock_token} AND status = 'running'`);
        log.info('job outcome recorded after the database came back');
        return;
      } catch {
        // still away: try again after the next wait
      }
    }
  }

  private info(job: ClaimedJob, log: FastifyBaseLogger): JobInfo {
    return {
      id: job.id,
      attempt: job.attempts,
      lastAttempt: job.attempts >= job.max_attempts,
      log,
      savedProgress: job.progress ?? null,
      reportProgress: async (tx, progress) => {
        const result = await tx.execute(sql`
          UPDATE jobs SET progress = ${JSON.stringify(progress)}::jsonb
          WHERE id = ${job.id} AND lock_token = ${job.lock_token} AND status = 'running' RETURNING id`);
        if (!(result as { rows: unknown[] }).rows.length) throw new ClaimLostError(job.id);
      },
    };
  }

  /**
   * Renews the claim every third of the lock while the handler runs. When the renewal finds the job held by
   * another claim, the signal aborts (a handler may watch it) and the run's result is discarded. A renewal that
   * fails on a database error is tried again at the next beat.
   */
  private keepAlive(job: ClaimedJob, log: FastifyBaseLogger) {
    const controller = new AbortController();
    const beat = async () => {
      try {
        const result = await this.db.execute(sql`
          UPDATE jobs SET locked_until = now() + make_interval(secs => ${this.lockMs / 1000})
          WHERE id = ${job.id} AND lock_token = ${job.lock_token} AND status = 'running' RETURNING id`);
        if (!(result as { rows: unknown[] }).rows.length) controller.abort();
      } catch (err) {
        log.warn({ err }, 'job heartbeat failed; trying again at the next beat');
      }
    };
    const timer = setInterval(() => void beat(), Math.max(50, Math.floor(this.lockMs / 3)));
    timer.unref();
    return { signal: controller.signal, stop: () => clearInterval(timer) };
  }
}

/** Values as a comma-separated list of parameters, for `IN (...)`. */
function sqlList(values: readonly (string | number)[]) {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

/** Whether any job of these names is due now, or running past its lock (the poll's question before it claims). */
export function dueStatement(names: readonly string[]) {
  const nameList = sqlList(names);
  return sql`
    SELECT EXISTS (SELECT 1 FROM jobs WHERE status = 'queued' AND run_at <= now() AND name IN (${nameList}))
      OR EXISTS (SELECT 1 FROM jobs WHERE status = 'running' AND locked_until < now() AND name IN (${nameList}))
      AS due`;
}

/**
 * The statement that claims up to `limit` due jobs of these types, fairly between companies: each company's due jobs
 * line up behind the ones it already has running, and the claim takes the front of every line before the second of
 * any (a company with a thousand files waiting and two running waits behind another company's single upload);
 * companies in `servedLast` wait one turn more. Within a company's line, its jobs of `bulkNames` come after its others.
 *
 * Its cost follows the companies with queued work, not the jobs: it skips through `jobs_line_idx` one company at a
 * time (a loose index scan: one probe per company and type), reads each one's oldest due jobs (at most `limit`), the
 * queue's running jobs (few: the workers' slots, and claims whose worker stopped, which are due again) and ranks
 * those. The rows are locked in rank order with SKIP LOCKED, so a worker claiming at the same moment takes the next
 * ones instead of none.
 */
export function claimStatement(
  names: readonly string[],
  limit: number,
  lockMs: number,
  servedLast: readonly number[],
  bulkNames: readonly string[] = [],
) {
  const nameList = sqlList(names);
  const served = servedLast.length ? sql`f.company_id IN (${sqlList(servedLast)})` : sql`false`;
  const bulk = bulkNames.length ? sql`f.name IN (${sqlList(bulkNames)})` : sql`false`;
  return sql`
    WITH RECURSIVE
      types(name) AS (SELECT unnest(ARRAY[${nameList}]::text[])),
      lines(name, company_id) AS (
        SELECT t.name, (SELECT j.company_id FROM jobs j
          WHERE j.status = 'queued' AND j.name = t.name AND j.company_id IS NOT NULL
          ORDER BY j.company_id LIMIT 1)
        FROM types t
        UNION ALL
        SELECT l.name, (SELECT j.company_id FROM jobs j
          WHERE j.status = 'queued' AND j.name = l.name AND j.company_id > l.company_id
          ORDER BY j.company_id LIMIT 1)
        FROM lines l WHERE l.company_id IS NOT NULL
      ),
      fronts AS (
        SELECT f.id, f.name, f.run_at, f.company_id FROM lines l CROSS JOIN LATERAL (
          SELECT j.id, j.name, j.run_at, j.company_id FROM jobs j
          WHERE j.status = 'queued' AND j.name = l.name AND j.company_id = l.company_id AND j.run_at <= now()
          ORDER BY j.company_id, j.run_at, j.id LIMIT ${limit}) f
        WHERE l.company_id IS NOT NULL
        UNION ALL
        SELECT f.id, f.name, f.run_at, f.company_id FROM types t CROSS JOIN LATERAL (
          SELECT j.id, j.name, j.run_at, j.company_id FROM jobs j
          WHERE j.status = 'queued' AND j.name = t.name AND j.company_id IS NULL AND j.run_at <= now()
          ORDER BY j.company_id, j.run_at, j.id LIMIT ${limit}) f
        UNION ALL
        SELECT j.id, j.name, j.run_at, j.company_id FROM jobs j
        WHERE j.status = 'running' AND j.name IN (${nameList}) AND j.locked_until < now()
      ),
      busy AS (
        SELECT j.company_id, count(*) AS n FROM jobs j
        WHERE j.status = 'running' AND j.name IN (${nameList}) AND j.locked_until >= now()
        GROUP BY j.company_id
      ),
      ranked AS (
        SELECT f.id, f.run_at,
          coalesce(b.n, 0) + row_number() OVER (PARTITION BY f.company_id ORDER BY ${bulk}, f.run_at, f.id)
            + (CASE WHEN ${served} THEN 1 ELSE 0 END) AS turn
        FROM fronts f LEFT JOIN busy b ON b.company_id IS NOT DISTINCT FROM f.company_id
      ),
      picked AS (
        SELECT j.id FROM jobs j JOIN ranked r ON r.id = j.id
        WHERE (j.status = 'queued' AND j.run_at <= now()) OR (j.status = 'running' AND j.locked_until < now())
        ORDER BY r.turn, r.run_at, r.id
        LIMIT ${limit}
        FOR UPDATE OF j SKIP LOCKED
      )
    UPDATE jobs SET status = 'running', attempts = jobs.attempts + 1,
      stalls = jobs.stalls + (CASE WHEN jobs.status = 'running' THEN 1 ELSE 0 END),
      coalesce_key = null, lock_token = gen_random_uuid(),
      locked_until = now() + make_interval(secs => ${lockMs / 1000})
    FROM picked WHERE jobs.id = picked.id
    RETURNING jobs.id, jobs.name, jobs.payload, jobs.attempts, jobs.max_attempts, jobs.request_id, jobs.lock_token,
      jobs.transient_failures, jobs.company_id, jobs.progress, jobs.stalls, jobs.last_error`;
}

/**
 * The wait before the retry of a job whose nth attempt met a conflicting transaction: the other transaction is done
 * within moments, so from 100 ms doubling to at most 5 s, with "equal jitter" so that the jobs that deadlocked on
 * each other do not meet again at the same instant.
 */
export function conflictRetryDelayMs(attempt: number, random = Math.random): number {
  const ceiling = Math.min(200 * 2 ** Math.max(0, attempt - 1), 5_000);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * The wait before the nth retry of a job whose dependency was away: doubling from 1 s to at most 5 minutes, with
 * "equal jitter" (half fixed, half random) so that a thousand jobs failed by one outage do not come back together.
 */
export function dependencyRetryDelayMs(failures: number, random = Math.random): number {
  const ceiling = Math.min(1000 * 2 ** Math.max(0, failures - 1), 300_000);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
