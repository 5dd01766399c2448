/**
 * A job that kills its worker: real worker processes die inside its handler, each claim expires, and once the job has
 * been claimed past its attempts it fails, with its failure handler run, instead of being claimed again for ever.
 * A job whose transaction PostgreSQL rolls back to break a real deadlock: retried soon, spending an attempt.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import { inject } from 'vitest';
import { openPostgres, queryRows, type Database } from '../src/db/client.ts';
import { jobs } from '../src/db/schema.ts';
import { defineJob, enqueue, JobRunner, WORKER_STOPPED_EVERY_ATTEMPT } from '../src/jobs/queue.ts';
import type { Db } from '../src/db/client.ts';
import { createPostgresDatabase } from './harness.ts';
import { until } from './support/wait.ts';

const worker = fileURLToPath(new URL('./support/poison-worker.ts', import.meta.url));
let database: Database;
let url: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  const created = await createPostgresDatabase(inject('databaseTemplate'));
  ({ url, drop } = created);
  database = await openPostgres(url);
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

/** Runs one worker process to its end; resolves with how it ended. */
function runWorker(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    env: { ...process.env, DATABASE_URL: url, POISON_LOCK_MS: '300' },
    stdio: 'ignore',
  });
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
}

const poisonRow = async () => (await database.db.select().from(jobs).where(eq(jobs.name, 'test.poison')))[0];
/** The claim of the worker that died has passed: the next worker may take the job. */
const claimExpired = () =>
  until(
    async () =>
      (
        await queryRows<{ expired: boolean }>(
          database.db,
          sql`select locked_until < now() as expired from jobs where name = 'test.poison'`,
        )
      )[0].expired,
  );

describe('a job whose worker dies during every attempt (PostgreSQL, real processes)', () => {
  it(`fails with "${WORKER_STOPPED_EVERY_ATTEMPT}" once claimed past its attempts, and its onFailed runs`, async () => {
    const failedWith: unknown[] = [];
    let handled = 0;
    const poison = defineJob({
      name: 'test.poison',
      payload: z.object({}),
      maxAttempts: 3,
      handler: async () => void handled++,
      onFailed: async (_p, info) => void failedWith.push(info.error),
    });
    await enqueue(database.db, poison, {});
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await runWorker()).toEqual({ code: null, signal: 'SIGKILL' });
      expect(await poisonRow()).toMatchObject({ status: 'running', attempts: attempt });
      await claimExpired();
    }
    // A fourth claim finds a job whose worker stopped during each of its three attempts: it fails it, not runs it.
    await new JobRunner(database.db, pino({ level: 'silent' })).register(poison).drain();
    expect(handled).toBe(0);
    expect(failedWith).toHaveLength(1);
    expect(String(failedWith[0])).toContain(WORKER_STOPPED_EVERY_ATTEMPT);
    const row = await poisonRow();
    expect(row).toMatchObject({ status: 'failed', attempts: 3, stalls: 3, lockToken: null });
    expect(row.lastError).toContain(WORKER_STOPPED_EVERY_ATTEMPT);
    // Nothing claims it again: a worker started now finds nothing and ends normally.
    expect(await runWorker()).toEqual({ code: 0, signal: null });
    expect(await poisonRow()).toMatchObject({ status: 'failed', attempts: 3 });
  });
});

/**
 * Two transactions that update rows 1 and 2 of `conflict_rows` in opposite orders, each waiting for the other's first
 * update before its second: PostgreSQL finds the deadlock and rolls one back (40P01). Rejects with that one's error.
 */
async function deadlock(db: Db) {
  let firstUpdates = 0;
  const bothHold = until(() => firstUpdates === 2, 10);
  const crossing = (first: number, second: number) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`update conflict_rows set n = n + 1 where id = ${first}`);
      firstUpdates++;
      await bothHold;
      await tx.execute(sql`update conflict_rows set n = n + 1 where id = ${second}`);
    });
  const outcomes = await Promise.allSettled([crossing(1, 2), crossing(2, 1)]);
  const rejected = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (rejected) throw rejected.reason;
}

describe('a job that meets a real deadlock (PostgreSQL)', () => {
  it('is retried soon, spending an attempt, counted as a conflict, not waited out as an outage', async () => {
    const db = database.db;
    await db.execute(sql`create table conflict_rows (id int primary key, n int not null default 0)`);
    await db.execute(sql`insert into conflict_rows (id) values (1), (2)`);
    const conflicts: string[] = [];
    let runs = 0;
    const job = defineJob({
      name: 'test.crossingUpdates',
      payload: z.object({}),
      maxAttempts: 3,
      handler: async () => {
        runs++;
        if (runs === 1) await deadlock(db);
      },
    });
    await enqueue(db, job, {});
    const runner = new JobRunner(db, pino({ level: 'silent' }), { onConflict: (name) => conflicts.push(name) });
    runner.register(job);
    await runner.drain();
    expect(conflicts).toEqual([job.name]);
    const [first] = await db.select().from(jobs).where(eq(jobs.name, job.name));
    // A drain runs the retry too when its short delay has passed before the drain looks again (a busy machine).
    if (first.status !== 'done') {
      expect(first).toMatchObject({ status: 'queued', attempts: 1, transientFailures: 0 });
      expect(first.lastError).toMatch(/deadlock|Failed query/);
      // Its retry is due within seconds (not an outage's backoff of up to five minutes): wait for it, then run it.
      await until(
        async () =>
          (
            await queryRows<{ due: boolean }>(db, sql`select run_at <= now() as due from jobs where name = ${job.name}`)
          )[0].due,
      );
      await runner.drain();
    }
    expect(runs).toBe(2);
    const [done] = await db.select().from(jobs).where(eq(jobs.name, job.name));
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
  });
});
