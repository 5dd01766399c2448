import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { databaseKind, startTestServer, type TestServer } from '../../test/harness.ts';
import { until } from '../../test/support/wait.ts';
import {
  conflictRetryDelayMs,
  defineJob,
  dependencyRetryDelayMs,
  dueStatement,
  enqueue,
  JobRunner,
  purgeFinishedJobs,
  requeueFailedJob,
  WORKER_STOPPED_EVERY_ATTEMPT,
} from './queue.ts';
import { allJobs } from '../job-registry.ts';
import { startWorker } from './worker.ts';

let server: TestServer;
const log = pino({ level: 'silent' });

/**
 * A worker's link to the database that can stall: while stalled, its statements wait (a heartbeat stuck on the way),
 * and `stall` resolves once those already sent have come back, so none lands after the stall began.
 */
function stallableDb(db: Db) {
  let held: Promise<void> | null = null;
  let open = () => {};
  let inFlight = 0;
  const execute = async (query: Parameters<Db['execute']>[0]) => {
    while (held) await held;
    inFlight++;
    try {
      return await db.execute(query);
    } finally {
      inFlight--;
    }
  };
  return {
    db: new Proxy(db, { get: (target, key) => (key === 'execute' ? execute : Reflect.get(target, key)) }),
    stall: async () => {
      held = new Promise((r) => (open = r));
      await until(() => inFlight === 0);
    },
    resume: () => {
      held = null;
      open();
    },
  };
}
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe(`job queue (${databaseKind})`, () => {
  const rowOf = async (name: string) => (await server.database.db.select().from(jobs).where(eq(jobs.name, name)))[0];

  it('runs each enqueued job once, and a dedupe key makes a second enqueue a no-op', async () => {
    const seen: number[] = [];
    const job = defineJob({
      name: 'test.collect',
      payload: z.object({ n: z.number() }),
      handler: async ({ n }) => void seen.push(n),
    });
    const db = server.database.db;
    await enqueue(db, job, { n: 1 });
    await enqueue(db, job, { n: 2 }, { dedupeKey: 'two' });
    await enqueue(db, job, { n: 2 }, { dedupeKey: 'two' });
    await new JobRunner(db, log).register(job).drain();
    expect(seen.sort((a, b) => a - b)).toEqual([1, 2]);
  });

  it('retries a failing job with backoff and gives up after maxAttempts', async () => {
    let calls = 0;
    const job = defineJob({
      name: 'test.flaky',
      payload: z.object({}),
      maxAttempts: 2,
      handler: async () => {
        calls++;
        throw new Error('boom');
      },
    });
    const db = server.database.db;
    await enqueue(db, job, {});
    const runner = new JobRunner(db, log).register(job);
    await runner.drain();
    expect(calls).toBe(1);
    // Make the retry due now instead of after its backoff.
    await db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.name, 'test.flaky'));
    await runner.drain();
    expect(calls).toBe(2);
    const [row] = await db.select().from(jobs).where(eq(jobs.name, 'test.flaky'));
    expect(row).toMatchObject({ status: 'failed', attempts: 2, lastError: 'Error: boom' });
  });

  it('takes over a job whose worker died (lock expired) and runs it to completion', async () => {
    const done: string[] = [];
    const job = defineJob({
      name: 'test.resume',
      payload: z.object({ id: z.string() }),
      handler: async ({ id }) => void done.push(id),
    });
    const db = server.database.db;
    await db.insert(jobs).values({
      name: job.name,
      payload: { id: 'interrupted' },
      status: 'running',
      attempts: 1,
      lockedUntil: new Date(Date.now() - 1000),
    });
    await new JobRunner(db, log).register(job).drain();
    expect(done).toEqual(['interrupted']);
  });

  /** A job of `maxAttempts` 3 whose handler counts its runs and whose onFailed keeps the error. */
  function poisonJob(name: string) {
    const seen = { runs: 0, failedWith: [] as unknown[] };
    const job = defineJob({
      name,
      payload: z.object({}),
      maxAttempts: 3,
      handler: async () => void seen.runs++,
      onFailed: async (_p, info) => void seen.failedWith.push(info.error),
    });
    return { job, seen };
  }

  it('a job whose claim expired during its last attempt fails, its onFailed run, instead of being claimed again', async () => {
    const db = server.database.db;
    const { job, seen } = poisonJob('test.stalledLast');
    // Its worker stopped during each of its three attempts: the third claim has just expired.
    await db.insert(jobs).values({
      name: job.name,
      payload: {},
      status: 'running',
      attempts: 3,
      maxAttempts: 3,
      stalls: 2,
      lockToken: '00000000-0000-4000-8000-000000000003',
      lockedUntil: new Date(Date.now() - 1000),
    });
    const runner = new JobRunner(db, log).register(job);
    await runner.drain();
    expect(seen.runs).toBe(0);
    expect(seen.failedWith.map(String)).toEqual([expect.stringContaining(WORKER_STOPPED_EVERY_ATTEMPT)]);
    const row = await rowOf(job.name);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, stalls: 3, lockToken: null });
    expect(row.lastError).toContain(WORKER_STOPPED_EVERY_ATTEMPT);
    await runner.drain();
    expect(seen).toMatchObject({ runs: 0, failedWith: [expect.anything()] });
  });

  it('a job whose worker stopped only during its last attempt fails saying so, with the error of the attempt before', async () => {
    const db = server.database.db;
    const { job, seen } = poisonJob('test.stalledOnce');
    await db.insert(jobs).values({
      name: job.name,
      payload: {},
      status: 'running',
      attempts: 3,
      maxAttempts: 3,
      lastError: 'Error: unreadable file',
      lockToken: '00000000-0000-4000-8000-000000000004',
      lockedUntil: new Date(Date.now() - 1000),
    });
    await new JobRunner(db, log).register(job).drain();
    expect(seen.runs).toBe(0);
    const row = await rowOf(job.name);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, stalls: 1 });
    expect(row.lastError).toMatch(/its worker stopped during its last attempt.*unreadable file/);
    expect(seen.failedWith).toHaveLength(1);
  });

  it('on a database only this process can use, a crash during the last attempt counts: the job fails at the next claim', async () => {
    const db = server.database.db;
    const { job, seen } = poisonJob('test.crashedLast');
    await db.insert(jobs).values({
      name: job.name,
      payload: {},
      status: 'running',
      attempts: 3,
      maxAttempts: 3,
      stalls: 2,
      lockedUntil: new Date(Date.now() + 300_000),
    });
    const runner = new JobRunner(db, log).register(job);
    expect(await runner.releaseAbandoned()).toBe(1);
    await runner.drain();
    expect(seen.runs).toBe(0);
    const row = await rowOf(job.name);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, stalls: 3 });
    expect(row.lastError).toContain(WORKER_STOPPED_EVERY_ATTEMPT);
  });

  it('on a database only this process can use, puts jobs left running by a crashed process back at once', async () => {
    const done: string[] = [];
    const job = defineJob({
      name: 'test.release',
      payload: z.object({ id: z.string() }),
      handler: async ({ id }) => void done.push(id),
    });
    const db = server.database.db;
    await db.insert(jobs).values({
      name: job.name,
      payload: { id: 'crashed' },
      status: 'running',
      attempts: 1,
      lockedUntil: new Date(Date.now() + 300_000),
    });
    const runner = new JobRunner(db, log).register(job);
    await runner.drain();
    expect(done).toEqual([]); // still locked to the dead process
    expect(await runner.releaseAbandoned()).toBe(1);
    await runner.drain();
    expect(done).toEqual(['crashed']);
  });

  it('two runners on one database run 40 jobs exactly once between them', async () => {
    const counts = new Map<number, number>();
    const job = defineJob({
      name: 'test.shared',
      payload: z.object({ n: z.number() }),
      handler: async ({ n }) => {
        counts.set(n, (counts.get(n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
      },
    });
    const db = server.database.db;
    await db.transaction(async (tx) => {
      for (let n = 0; n < 40; n++) await enqueue(tx, job, { n });
    });
    const a = new JobRunner(db, log, { concurrency: 3 }).register(job);
    const b = new JobRunner(db, log, { concurrency: 3 }).register(job);
    await Promise.all([a.drain(), b.drain()]);
    expect(counts.size).toBe(40);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    const [left] = (
      (await db.execute(
        sql`select count(*)::int as n from jobs where name = 'test.shared' and status <> 'done'`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(left.n).toBe(0);
  });

  it('refuses a job name registered twice', () => {
    const job = defineJob({ name: 'test.twice', payload: z.object({}), handler: async () => {} });
    expect(() => new JobRunner(server.database.db, log).register(job, job)).toThrow(/twice/);
  });

  it('de-duplicates only among queued and running jobs: once the first is done, the same key runs again', async () => {
    const seen: number[] = [];
    const job = defineJob({
      name: 'test.again',
      payload: z.object({ n: z.number() }),
      handler: async ({ n }) => void seen.push(n),
    });
    const db = server.database.db;
    const runner = new JobRunner(db, log).register(job);
    await enqueue(db, job, { n: 1 }, { dedupeKey: 'again' });
    await runner.drain();
    await enqueue(db, job, { n: 2 }, { dedupeKey: 'again' });
    await enqueue(db, job, { n: 3 }, { dedupeKey: 'again' }); // the second is still queued: a no-op
    await runner.drain();
    expect(seen).toEqual([1, 2]);
  });

  it('a job that failed for good does not hold its key: the same work can be enqueued again', async () => {
    let calls = 0;
    const job = defineJob({
      name: 'test.failedKey',
      maxAttempts: 1,
      payload: z.object({}),
      handler: async () => {
        calls++;
        throw new Error('broken');
      },
    });
    const db = server.database.db;
    const runner = new JobRunner(db, log).register(job);
    await enqueue(db, job, {}, { dedupeKey: 'failed-key' });
    await runner.drain();
    await enqueue(db, job, {}, { dedupeKey: 'failed-key' });
    await runner.drain();
    expect(calls).toBe(2);
    const rows = await db.select().from(jobs).where(eq(jobs.name, 'test.failedKey'));
    expect(rows.map((r) => [r.status, r.lastError])).toEqual([
      ['failed', 'Error: broken'],
      ['failed', 'Error: broken'],
    ]);
  });

  it('refuses at enqueue a payload its job does not accept, and writes nothing', async () => {
    const job = defineJob({ name: 'test.strict', payload: z.object({ fileId: z.guid() }), handler: async () => {} });
    const db = server.database.db;
    await expect(enqueue(db, job, { fileId: 'not-an-id' })).rejects.toThrow(/test\.strict.*fileId/s);
    expect(await db.select().from(jobs).where(eq(jobs.name, 'test.strict'))).toEqual([]);
  });

  it('fails at once, without calling the handler, a stored payload the job does not accept, keeping why', async () => {
    const handled: unknown[] = [];
    const job = defineJob({
      name: 'test.stale',
      payload: z.object({ n: z.number() }),
      handler: async (p) => void handled.push(p),
    });
    const db = server.database.db;
    // Written by an older version of the job, or by hand.
    await db.insert(jobs).values({ name: job.name, payload: { n: 'three' }, maxAttempts: 5 });
    await new JobRunner(db, log).register(job).drain();
    expect(handled).toEqual([]);
    const [row] = await db.select().from(jobs).where(eq(jobs.name, 'test.stale'));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toMatch(/payload.*\bn\b/is);
  });

  it('runs a job stored under a former name of its type (an earlier version enqueued it during a deploy)', async () => {
    const handled: unknown[] = [];
    const job = defineJob({
      name: 'test.newName',
      formerNames: ['test.oldName'],
      payload: z.object({ n: z.number() }),
      handler: async (p) => void handled.push(p),
    });
    const db = server.database.db;
    const [old] = await db
      .insert(jobs)
      .values({ name: 'test.oldName', payload: { n: 7 } })
      .returning();
    const runner = new JobRunner(db, log).register(job);
    await runner.drain();
    expect(handled).toEqual([{ n: 7 }]);
    expect((await db.select().from(jobs).where(eq(jobs.id, old.id)))[0].status).toBe('done');
    const other = defineJob({ name: 'test.oldName', payload: z.object({}), handler: async () => {} });
    expect(() => new JobRunner(db, log).register(job, other)).toThrow(/test\.oldName registered twice/);
  });

  it('gives the handler the payload as its schema reads it', async () => {
    const handled: unknown[] = [];
    const job = defineJob({
      name: 'test.parsed',
      payload: z.object({ n: z.number() }),
      handler: async (p) => void handled.push(p),
    });
    const db = server.database.db;
    await db.insert(jobs).values({ name: job.name, payload: { n: 4, leftover: true } });
    await new JobRunner(db, log).register(job).drain();
    expect(handled).toEqual([{ n: 4 }]);
  });

  it('purges done jobs past the retention, keeping newer ones, failed ones and waiting ones', async () => {
    const db = server.database.db;
    const now = new Date();
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    await db.insert(jobs).values([
      { name: 'test.purge', payload: { k: 'old-done' }, status: 'done', finishedAt: hoursAgo(49) },
      { name: 'test.purge', payload: { k: 'new-done' }, status: 'done', finishedAt: hoursAgo(47) },
      {
        name: 'test.purge',
        payload: { k: 'old-failed' },
        status: 'failed',
        finishedAt: hoursAgo(500),
        lastError: 'Error: kept',
      },
      { name: 'test.purge', payload: { k: 'old-queued' }, status: 'queued', runAt: hoursAgo(500) },
    ]);
    expect(await purgeFinishedJobs(db, 48 * 3_600_000, now)).toBe(1);
    const left = await db.select().from(jobs).where(eq(jobs.name, 'test.purge'));
    expect(left.map((r) => (r.payload as { k: string }).k).sort()).toEqual(['new-done', 'old-failed', 'old-queued']);
    expect(left.find((r) => r.status === 'failed')?.lastError).toBe('Error: kept');
    await db.delete(jobs).where(eq(jobs.name, 'test.purge'));
  });

  it('the worker refuses to start while a job waits that no handler claims', async () => {
    const db = server.database.db;
    await db.insert(jobs).values({ name: 'test.nobodyHandlesThis', payload: {} });
    await expect(startWorker(server.ctx, log)).rejects.toThrow(/test\.nobodyHandlesThis/);
    await db.delete(jobs).where(eq(jobs.name, 'test.nobodyHandlesThis'));
    // A job that already failed, or is done, stays for inspection without stopping anything.
    await db.insert(jobs).values({ name: 'test.retiredName', payload: {}, status: 'failed', lastError: 'Error: gone' });
    await startWorker(server.ctx, log);
    await server.ctx.jobs!.stop();
  });

  it('refuses to start a runner that lacks the handler of a job type the portal enqueues', async () => {
    const runner = new JobRunner(server.database.db, log).register(
      ...allJobs(server.ctx).filter((j) => j.name !== 'submissions.statusMail'),
    );
    await expect(runner.checkHandlers()).rejects.toThrow(/submissions\.statusMail/);
    await new JobRunner(server.database.db, log).register(...allJobs(server.ctx)).checkHandlers();
  });

  // Issue 20 item 5: a worker is woken when a job becomes due. Its poll is set to ten minutes, far past the test's
  // timeout: a job that runs was woken for, not found by a poll.
  const HOUR_LONG_POLL = { pollMs: 600_000 } as const;

  /** A job whose handler resolves `ran` with the payload it ran; and a runner of it that only a wake can drive. */
  function wakeable(name: string, opts: { maxAttempts?: number; fail?: boolean } = {}) {
    const ran: number[] = [];
    const waiters: (() => void)[] = [];
    const job = defineJob({
      name,
      maxAttempts: opts.maxAttempts,
      payload: z.object({ n: z.number() }),
      handler: async ({ n }) => {
        ran.push(n);
        waiters.splice(0).forEach((w) => w());
        if (opts.fail) throw new Error('fails');
      },
    });
    const runner = new JobRunner(server.database.db, log, {
      ...HOUR_LONG_POLL,
      notifications: server.database.notifications,
    }).register(job);
    const nextRun = () => new Promise<void>((resolve) => waiters.push(resolve));
    return { job, runner, ran, nextRun };
  }

  it('wakes a started worker when a job is enqueued, long before its poll, and only once the enqueue commits', async () => {
    const { job, runner, ran, nextRun } = wakeable('test.wake');
    runner.start();
    await server.database.notifications.ready();
    try {
      const running = nextRun();
      let seenInsideTransaction: number[] = [];
      await server.database.db.transaction(async (tx) => {
        await enqueue(tx, job, { n: 1 });
        // Uncommitted: a worker woken now would find nothing. It is not woken until the commit.
        await new Promise((r) => setTimeout(r, 200));
        seenInsideTransaction = [...ran];
      });
      await running;
      expect(seenInsideTransaction).toEqual([]);
      expect(ran).toEqual([1]);
      // And again: the first wake left the worker listening.
      const again = nextRun();
      await enqueue(server.database.db, job, { n: 2 });
      await again;
      expect(ran).toEqual([1, 2]);
    } finally {
      await runner.stop();
    }
  });

  it("wakes a worker when the jobs console's Retry puts a failed job back in the queue", async () => {
    const { job, runner, ran, nextRun } = wakeable('test.wakeRetry', { maxAttempts: 1, fail: true });
    const db = server.database.db;
    await enqueue(db, job, { n: 7 });
    await runner.drain(); // fails for good
    const [failed] = await db.select().from(jobs).where(eq(jobs.name, job.name));
    expect(failed.status).toBe('failed');
    runner.start();
    await server.database.notifications.ready();
    try {
      const running = nextRun();
      expect(await requeueFailedJob(db, failed.id)).toBe(true);
      await running;
      expect(ran).toEqual([7, 7]);
    } finally {
      await runner.stop();
    }
  });

  it('a claim sent before a stop and answered after it is waited for: nothing runs once stop has returned', async () => {
    // The runner's first statement (its claim at start) waits at a gate, as a claim does on a busy database.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    const db = server.database.db;
    const gated = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'execute')
          return async (...args: Parameters<Db['execute']>) => {
            if (!held) {
              held = true;
              await gate;
            }
            return target.execute(...args);
          };
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const ran: number[] = [];
    const job = defineJob({
      name: 'test.claimAtStop',
      payload: z.object({ n: z.number() }),
      handler: async ({ n }) => void ran.push(n),
    });
    const runner = new JobRunner(gated, log, HOUR_LONG_POLL).register(job);
    runner.start();
    expect(held).toBe(true);
    const stopping = runner.stop();
    await enqueue(db, job, { n: 5 });
    release(); // the claim now reads the queue, job 5 in it
    await stopping;
    const atStop = [...ran];
    await until(async () => {
      const [row] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.name, job.name));
      return row?.status === 'done';
    });
    // The job that claim took ran before stop returned, not after.
    expect(ran).toEqual(atStop);
    expect(ran).toEqual([5]);
  });

  it('a stopped worker is no longer woken, though the notification still goes out', async () => {
    const { job, runner, ran } = wakeable('test.wakeStopped');
    runner.start();
    await server.database.notifications.ready();
    await runner.stop();
    await enqueue(server.database.db, job, { n: 3 });
    // The notification went out (another listener hears it); the stopped runner did not claim the job.
    const heard = new Promise<string>((resolve) => {
      const off = server.database.notifications.subscribe('jobs_queued', (name) => {
        if (name === 'test.wakeStopped') {
          off();
          resolve(name);
        }
      });
    });
    await server.database.notifications.ready();
    await enqueue(server.database.db, job, { n: 4 });
    expect(await heard).toBe('test.wakeStopped');
    expect(ran).toEqual([]);
    await runner.drain();
    expect(ran.sort()).toEqual([3, 4]);
  });

  it('without wake-ups, the poll finds a job once it becomes due and a claim past its lock, and only those', async () => {
    const db = server.database.db;
    const ran: string[] = [];
    const job = defineJob({
      name: 'test.polled',
      payload: z.object({ id: z.string() }),
      handler: async ({ id }) => void ran.push(id),
    });
    // Not due yet; and one whose worker stopped, its claim not yet past its lock. Both far off, so that the check
    // below holds however slow the machine; the runner then polls while they come due (no wake-up: a raw update).
    const later = new Date(Date.now() + 3_600_000);
    await db.insert(jobs).values([
      { name: job.name, payload: { id: 'later' }, runAt: later },
      { name: job.name, payload: { id: 'stalled' }, status: 'running', attempts: 1, lockedUntil: later },
    ]);
    expect(((await db.execute(dueStatement([job.name]))) as { rows: unknown[] }).rows[0]).toEqual({ due: false });
    const runner = new JobRunner(db, log, { pollMs: 50 }).register(job);
    runner.start();
    await db.execute(sql`update jobs set run_at = now() where name = ${job.name} and status = 'queued'`);
    await db.execute(sql`update jobs set locked_until = now() where name = ${job.name} and status = 'running'`);
    try {
      await until(() => ran.length === 2);
      expect(ran.sort()).toEqual(['later', 'stalled']);
    } finally {
      await runner.stop();
    }
    expect(((await db.execute(dueStatement([job.name]))) as { rows: unknown[] }).rows[0]).toEqual({ due: false });
  });

  it("lock expired, a second worker took the job, the first finishes late: only the second one's outcome is written", async () => {
    const db = server.database.db;
    let release!: () => void;
    const firstMayFinish = new Promise<void>((r) => (release = r));
    let runs = 0;
    let firstSignal: AbortSignal | undefined;
    const job = defineJob({
      name: 'test.lateFinisher',
      payload: z.object({}),
      maxAttempts: 5,
      handler: async (_p, info) => {
        runs++;
        if (runs === 1) {
          firstSignal = info.signal;
          await firstMayFinish;
          throw new Error('the first worker fails late');
        }
      },
    });
    await enqueue(db, job, {});
    const firstLink = stallableDb(db);
    const first = new JobRunner(firstLink.db, log, { lockMs: 300 }).register(job);
    const firstRun = first.drain();
    await until(() => runs === 1);
    // The first worker stalls past its lock: its heartbeats do not get through (held, not lost, so none renews the
    // lock after it passed, however slowly this machine runs), and the lock passes.
    await firstLink.stall();
    await db.execute(sql`update jobs set locked_until = now() - interval '1 second' where name = ${job.name}`);
    await new JobRunner(db, log, { lockMs: 60_000 }).register(job).drain();
    expect(runs).toBe(2);
    expect(await rowOf(job.name)).toMatchObject({ status: 'done', lastError: null });
    firstLink.resume();
    await until(() => firstSignal!.aborted); // the first worker's heartbeat tells it the job is no longer its own
    release();
    await firstRun;
    // The late failure wrote nothing over the second worker's success.
    expect(await rowOf(job.name)).toMatchObject({ status: 'done', lastError: null, attempts: 2 });
  });

  it("a heartbeat keeps a long job its worker's: another worker does not take it while it runs past its lock", async () => {
    const db = server.database.db;
    let release!: () => void;
    const mayFinish = new Promise<void>((r) => (release = r));
    let runs = 0;
    const job = defineJob({
      name: 'test.longJob',
      payload: z.object({}),
      handler: async () => {
        runs++;
        await mayFinish;
      },
    });
    await enqueue(db, job, {});
    const runner = new JobRunner(db, log, { lockMs: 600 }).register(job);
    const running = runner.drain();
    await until(() => runs === 1);
    const claimedUntil = (await rowOf(job.name)).lockedUntil!.getTime();
    // Twice its lock later, renewed all along, the job is still held: another worker finds nothing to take.
    await until(async () => (await rowOf(job.name)).lockedUntil!.getTime() > claimedUntil + 1200);
    await new JobRunner(db, log).register(job).drain();
    expect(runs).toBe(1);
    release();
    await running;
    expect(await rowOf(job.name)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('a dependency that is away spends no attempt; past the retry horizon the job fails, after its onFailed ran', async () => {
    const db = server.database.db;
    const failedWith: unknown[] = [];
    const job = defineJob({
      name: 'test.storeAway',
      payload: z.object({}),
      maxAttempts: 1,
      handler: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
      },
      onFailed: async (_p, info) => void failedWith.push(info.error),
    });
    await enqueue(db, job, {});
    const runner = new JobRunner(db, log, { retryHorizonMs: 3_600_000 }).register(job);
    for (let i = 1; i <= 3; i++) {
      await runner.drain();
      const row = await rowOf(job.name);
      expect(row).toMatchObject({ status: 'queued', attempts: 0, transientFailures: i });
      expect(row.runAt.getTime()).toBeGreaterThan(Date.now()); // backoff
      await db
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(eq(jobs.name, job.name));
    }
    expect(failedWith).toEqual([]);
    // The outage has now lasted past the horizon.
    await db
      .update(jobs)
      .set({ transientSince: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(jobs.name, job.name));
    await runner.drain();
    expect(await rowOf(job.name)).toMatchObject({
      status: 'failed',
      lastError: expect.stringContaining('ECONNREFUSED'),
    });
    expect(failedWith).toHaveLength(1);
  });

  it('a dependency back: the first job that waited for it and succeeds brings the others of its queue forward, out of their backoff', async () => {
    const db = server.database.db;
    let storeAway = true;
    const done: number[] = [];
    const job = defineJob({
      name: 'test.storeBack',
      payload: z.object({ n: z.number() }),
      handler: async ({ n }) => {
        if (storeAway) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
        done.push(n);
      },
    });
    for (const n of [1, 2, 3]) await enqueue(db, job, { n });
    const runner = new JobRunner(db, log).register(job);
    const tried = Date.now();
    await runner.drain();
    const waiting = await db.select().from(jobs).where(eq(jobs.name, job.name));
    expect(waiting.map((j) => j.status)).toEqual(['queued', 'queued', 'queued']);
    // Put back past the moment they were tried (not past now: a slow machine may already be beyond a short backoff).
    expect(waiting.every((j) => j.runAt.getTime() > tried)).toBe(true);
    // The store is back; the backoff of one job runs out first.
    storeAway = false;
    await db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, Math.min(...waiting.map((j) => j.id))));
    await runner.drain();
    expect(done.sort()).toEqual([1, 2, 3]);
  });

  it('a transaction conflict spends an attempt, is retried within seconds and counted; every attempt one: it fails', async () => {
    const db = server.database.db;
    const conflicts: string[] = [];
    const failedWith: unknown[] = [];
    let runs = 0;
    // As pg raises a deadlock PostgreSQL broke, wrapped as drizzle wraps a failed query.
    const deadlock = () =>
      Object.assign(new Error('Failed query: update submissions ...'), {
        cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
      });
    const job = defineJob({
      name: 'test.deadlocked',
      payload: z.object({}),
      maxAttempts: 3,
      handler: async () => {
        runs++;
        throw deadlock();
      },
      onFailed: async (_p, info) => void failedWith.push(info.error),
    });
    await enqueue(db, job, {});
    const runner = new JobRunner(db, log, { onConflict: (name) => conflicts.push(name) }).register(job);
    // A drain runs the retry too when its 100-200 ms have passed before it looks again (a busy machine): so drain
    // until the job fails, each time checking what the attempts left.
    for (;;) {
      const before = Date.now();
      await runner.drain();
      const row = await rowOf(job.name);
      // Not an outage: the attempt is spent, no transient failure recorded, and the retry comes within seconds.
      expect(row).toMatchObject({ transientFailures: 0 });
      expect(row.lastError).toContain('Failed query');
      if (row.status === 'failed') break;
      expect(row.status).toBe('queued');
      expect(row.runAt.getTime()).toBeLessThan(before + 60_000);
      await db
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(eq(jobs.name, job.name));
    }
    expect(runs).toBe(3);
    expect(conflicts).toEqual([job.name, job.name, job.name]);
    expect(await rowOf(job.name)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failedWith).toHaveLength(1);
  });

  it('the delay before a retry after a conflict doubles from 100-200 ms up to 5 s, with jitter', () => {
    expect(conflictRetryDelayMs(1, () => 0)).toBe(100);
    expect(conflictRetryDelayMs(1, () => 1)).toBe(200);
    expect(conflictRetryDelayMs(3, () => 1)).toBe(800);
    expect(conflictRetryDelayMs(20, () => 1)).toBe(5000);
    expect(conflictRetryDelayMs(20, () => 0)).toBe(2500);
  });

  it('the delay before a retry after an outage doubles up to five minutes, with jitter', () => {
    expect(dependencyRetryDelayMs(1, () => 0)).toBe(500);
    expect(dependencyRetryDelayMs(1, () => 1)).toBe(1000);
    expect(dependencyRetryDelayMs(4, () => 1)).toBe(8000);
    expect(dependencyRetryDelayMs(30, () => 1)).toBe(300_000);
    expect(dependencyRetryDelayMs(30, () => 0)).toBe(150_000);
  });

  /** The order a runner of `slots` runs 20 jobs of one company and then one of another, enqueued in that order. */
  async function floodThenSingle(name: string, slots: number) {
    const db = server.database.db;
    const order: string[] = [];
    const job = defineJob({
      name,
      payload: z.object({ who: z.string() }),
      handler: async ({ who }) => void order.push(who),
    });
    await db.transaction(async (tx) => {
      for (let i = 0; i < 20; i++) await enqueue(tx, job, { who: 'flood' }, { companyId: 1 });
    });
    await enqueue(db, job, { who: 'single' }, { companyId: 2 });
    await new JobRunner(db, log, { concurrency: slots }).register(job).drain();
    expect(order).toHaveLength(21);
    return order;
  }

  it("fair between companies: one company's backlog does not hold back another company's single job", async () => {
    // Claimed in the first round of two, beside the flood's oldest job: not after the twenty.
    expect((await floodThenSingle('test.fair', 2)).indexOf('single')).toBeLessThan(2);
  });

  it("fair with one slot too: the company served last waits a turn, so a flood's older jobs do not all go first", async () => {
    // The flood's oldest job first (nobody was served yet), then the other company, not after the twenty.
    expect((await floodThenSingle('test.fairOneSlot', 1)).indexOf('single')).toBe(1);
  });

  it("a person's job goes ahead of their own company's bulk work queued before it", async () => {
    const db = server.database.db;
    const order: string[] = [];
    const imported = defineJob({
      name: 'test.importedFile',
      queue: 'media',
      bulk: true,
      payload: z.object({}),
      handler: async () => void order.push('imported'),
    });
    const uploaded = defineJob({
      name: 'test.uploadedFile',
      queue: 'media',
      payload: z.object({}),
      handler: async () => void order.push('uploaded'),
    });
    await db.transaction(async (tx) => {
      for (let i = 0; i < 20; i++) await enqueue(tx, imported, {}, { companyId: 1 });
    });
    await enqueue(db, uploaded, {}, { companyId: 1 });
    await new JobRunner(db, log, { queueConcurrency: { media: 1 } }).register(imported, uploaded).drain();
    expect(order).toHaveLength(21);
    expect(order[0]).toBe('uploaded');
  });

  it('queues have their own slots: webhook deliveries that hang do not hold back media work', async () => {
    const db = server.database.db;
    let releaseHooks!: () => void;
    const hooksMayFinish = new Promise<void>((r) => (releaseHooks = r));
    let mediaDone = 0;
    const hook = defineJob({
      name: 'test.hangingHook',
      queue: 'webhooks',
      payload: z.object({}),
      handler: () => hooksMayFinish,
    });
    const media = defineJob({
      name: 'test.media',
      queue: 'media',
      payload: z.object({}),
      handler: async () => void mediaDone++,
    });
    for (let i = 0; i < 4; i++) await enqueue(db, hook, {});
    const runner = new JobRunner(db, log, { queueConcurrency: { webhooks: 4, media: 1 }, pollMs: 20 }).register(
      hook,
      media,
    );
    runner.start();
    try {
      await until(async () =>
        (await db.select().from(jobs).where(eq(jobs.name, hook.name))).every((r) => r.status === 'running'),
      );
      await enqueue(db, media, {});
      await until(() => mediaDone === 1); // while all four hook slots hang
      expect(runner.concurrency()).toEqual({ webhooks: 4, media: 1 });
    } finally {
      releaseHooks();
      await runner.stop();
    }
  });
});
