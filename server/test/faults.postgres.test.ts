/**
 * PostgreSQL failing under the portal, for real: a TCP proxy between the server and the database cuts every
 * connection, refuses new ones or swallows traffic. No process exits; a request answers 201 or 503 with
 * Retry-After, never 500; work accepted before or during the fault finishes afterwards with no manual step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import { queryRows } from '../src/db/client.ts';
import { defineJob, enqueue, JobRunner } from '../src/jobs/queue.ts';
import { barcodeImage } from './fixtures.ts';
import { Client, startTestServer, type TestServer } from './harness.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';

const DRAFT_FILES = `query($id: ID!) { getDraftSubmission(id: $id) { files { detectedUpc detectionStatus } } }`;
const silent = pino({ level: 'silent' });

/** Waits until `check` holds, trying again every 50 ms (no fixed sleep: as long as it takes, within the test's time). */
async function until<T>(check: () => Promise<T | undefined | false>): Promise<T> {
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

let proxy: FaultProxy;
let server: TestServer;
let supplier: Client;
const unexpected: unknown[] = [];
const onUnexpected = (err: unknown) => unexpected.push(err);

beforeAll(async () => {
  const target = new URL(process.env.TEST_DATABASE_URL!);
  proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
  // A query unanswered for 3 s fails: long enough for a loaded machine's slowest query here, short for the black hole.
  server = await startTestServer({ DATABASE_QUERY_TIMEOUT_SECONDS: '3' }, { databaseVia: (url) => proxy.via(url) });
  supplier = new Client(server.url);
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  process.on('uncaughtException', onUnexpected);
  process.on('unhandledRejection', onUnexpected);
}, 60_000);
afterAll(async () => {
  process.off('uncaughtException', onUnexpected);
  process.off('unhandledRejection', onUnexpected);
  proxy?.restore();
  await server?.close();
  await proxy?.close();
});

describe('PostgreSQL fails under the portal', () => {
  it('connections cut again and again during uploads: only 201 or 503 with Retry-After, the process stays, and every accepted upload is read afterwards without a manual retry', async () => {
    const image = await barcodeImage('4006381333931');
    const statuses: number[] = [];
    const accepted: string[] = [];
    let cuts = 0;
    const upload = async () => {
      const res = await supplier.upload('/api/draftSubmissions', [
        { name: 'front.png', data: image, type: 'image/png' },
      ]);
      statuses.push(res.status);
      if (res.status === 503) expect(res.headers.get('retry-after')).toBeTruthy();
      if (res.status === 201) accepted.push(res.json.id);
    };
    // Four suppliers' uploads at a time, five rounds; every round cuts every connection while they are under way.
    for (let round = 0; round < 5; round++) {
      const inFlight = Array.from({ length: 4 }, upload);
      setImmediate(() => {
        proxy.cut();
        cuts++;
      });
      await Promise.all(inFlight);
    }
    // And once more with the server refusing connections for a while (a restart).
    proxy.refuse();
    proxy.cut();
    await upload();
    proxy.restore();
    await upload();

    expect(cuts).toBe(5);
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);
    expect(accepted.length).toBeGreaterThan(0);
    expect(unexpected).toEqual([]);

    // Everything accepted is there, and its file is read by the jobs the upload queued, with nobody retrying.
    await server.ctx.jobs!.drain();
    for (const id of accepted) {
      const draft = (await supplier.graphql(DRAFT_FILES, { id })).json.data.getDraftSubmission;
      expect(draft.files).toEqual([{ detectedUpc: '4006381333931', detectionStatus: 'done' }]);
    }
  }, 120_000);

  it('a connection cut while a transaction holds it between two statements fails that transaction, not the process', async () => {
    const db = server.database.db;
    const cutInside = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // The client is checked out of the pool and idle inside the transaction: the pool's own listener is off it.
      proxy.cut();
      await new Promise((r) => setImmediate(r)); // the socket's close reaches the client
      await tx.execute(sql`select 2`);
    });
    await expect(cutInside).rejects.toThrow();
    expect(unexpected).toEqual([]);
    expect((await queryRows<{ n: number }>(db, sql`select 1 as n`))[0].n).toBe(1);
  });

  it('GraphQL answers 503 with Retry-After and DEPENDENCY_UNAVAILABLE while the database refuses connections', async () => {
    proxy.refuse();
    proxy.cut();
    try {
      const res = await supplier.graphql(`{ getDraftSubmissions { id } }`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBeTruthy();
      expect(res.text).toContain('DEPENDENCY_UNAVAILABLE');
      const ready = await supplier.get('/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.json.checks.database).toBe('unreachable');
    } finally {
      proxy.restore();
    }
    expect((await supplier.get('/api/ready')).status).toBe(200);
  });

  it('a database that goes silent mid-query (packets dropped) answers 503 after DATABASE_QUERY_TIMEOUT_SECONDS, not never; once it answers again, so do requests', async () => {
    expect((await supplier.graphql(`{ getDraftSubmissions { id } }`)).status).toBe(200);
    proxy.blackHole();
    try {
      const res = await supplier.graphql(`{ getDraftSubmissions { id } }`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBeTruthy();
      expect(res.json.errors[0].extensions.code).toBe('DEPENDENCY_UNAVAILABLE');
    } finally {
      proxy.restore();
    }
    // The connections that went silent are discarded as they fail; fresh ones answer.
    await until(async () => (await supplier.graphql(`{ getDraftSubmissions { id } }`)).status === 200);
    expect(unexpected).toEqual([]);
  });

  it('the database goes away while a job records its outcome: logged, the process stays, and the job runs again once its lock passes', async () => {
    const db = server.database.db;
    let runs = 0;
    const job = defineJob({
      name: 'test.recordFails',
      payload: z.object({}),
      handler: async () => {
        runs++;
        // The handler's work is done; the database goes away before the runner writes that down.
        if (runs === 1) {
          proxy.refuse();
          proxy.cut();
        }
      },
    });
    await enqueue(db, job, {});
    const runner = new JobRunner(db, silent, { lockMs: 1000 }).register(job);
    // drain() (a test's helper) throws at its next claim, with the database still away; the outcome's write had
    // failed before that, logged and not thrown.
    await expect(runner.drain()).rejects.toThrow(/Failed query/);
    expect(runs).toBe(1);
    proxy.restore();
    const [left] = await queryRows<{ status: string }>(db, sql`select status from jobs where name = ${job.name}`);
    expect(left.status).toBe('running'); // its outcome was never written
    // Once the lock passes, the job is taken again and finishes.
    await until(async () => {
      await runner.drain();
      return runs === 2;
    });
    const [done] = await queryRows<{ status: string }>(db, sql`select status from jobs where name = ${job.name}`);
    expect(done.status).toBe('done');
    expect(unexpected).toEqual([]);
  }, 60_000);
});
