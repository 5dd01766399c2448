import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { jobs } from '../db/schema.ts';
import { databaseKind, startTestServer, type TestServer } from '../../test/harness.ts';
import { defineJob, enqueue, JobRunner } from './queue.ts';

let server: TestServer;
const log = pino({ level: 'silent' });
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe(`job queue (${databaseKind})`, () => {
  it('runs each enqueued job once, and a dedupe key makes a second enqueue a no-op', async () => {
    const seen: number[] = [];
    const job = defineJob<{ n: number }>({ name: 'test.collect', handler: async ({ n }) => void seen.push(n) });
    const db = server.database.db;
    await enqueue(db, job, { n: 1 });
    await enqueue(db, job, { n: 2 }, { dedupeKey: 'two' });
    await enqueue(db, job, { n: 2 }, { dedupeKey: 'two' });
    await new JobRunner(db, log).register(job).drain();
    expect(seen.sort()).toEqual([1, 2]);
  });

  it('retries a failing job with backoff and gives up after maxAttempts', async () => {
    let calls = 0;
    const job = defineJob<object>({
      name: 'test.flaky',
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
    await db.update(jobs).set({ runAt: new Date(0) }).where(eq(jobs.name, 'test.flaky'));
    await runner.drain();
    expect(calls).toBe(2);
    const [row] = await db.select().from(jobs).where(eq(jobs.name, 'test.flaky'));
    expect(row).toMatchObject({ status: 'failed', attempts: 2, lastError: 'Error: boom' });
  });

  it('takes over a job whose worker died (lock expired) and runs it to completion', async () => {
    const done: string[] = [];
    const job = defineJob<{ id: string }>({ name: 'test.resume', handler: async ({ id }) => void done.push(id) });
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

  it('on a database only this process can use, puts jobs left running by a crashed process back at once', async () => {
    const done: string[] = [];
    const job = defineJob<{ id: string }>({ name: 'test.release', handler: async ({ id }) => void done.push(id) });
    const db = server.database.db;
    await db.insert(jobs).values({ name: job.name, payload: { id: 'crashed' }, status: 'running', attempts: 1, lockedUntil: new Date(Date.now() + 300_000) });
    const runner = new JobRunner(db, log).register(job);
    await runner.drain();
    expect(done).toEqual([]); // still locked to the dead process
    expect(await runner.releaseAbandoned()).toBe(1);
    await runner.drain();
    expect(done).toEqual(['crashed']);
  });

  it('two runners on one database run 40 jobs exactly once between them', async () => {
    const counts = new Map<number, number>();
    const job = defineJob<{ n: number }>({
      name: 'test.shared',
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
      (await db.execute(sql`select count(*)::int as n from jobs where name = 'test.shared' and status <> 'done'`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(left.n).toBe(0);
  });

  it('refuses a job name registered twice', () => {
    const job = defineJob<object>({ name: 'test.twice', handler: async () => {} });
    expect(() => new JobRunner(server.database.db, log).register(job, job)).toThrow(/twice/);
  });
});
