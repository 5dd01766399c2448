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
import { until } from './support/wait.ts';

const DRAFT_FILES = `query($id: ID!) { getDraftSubmission(id: $id) { files { detectedUpc detectionStatus } } }`;
const silent = pino({ level: 'silent' });

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
});
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
  });

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
      // Readiness as a load balancer asks it, with no session: a signed-in request would first need its session
      // read, which fails with the database once the session's few seconds in the cache have passed.
      const balancer = new Client(server.url);
      const ready = await balancer.get('/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.json.checks.database).toBe('unreachable');
    } finally {
      proxy.restore();
    }
    expect((await new Client(server.url).get('/api/ready')).status).toBe(200);
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

  it('the database goes away while a job records its outcome: logged, the process stays, and the outcome is written as soon as it answers (done stays done; a failure hands the job back), not when the lock passes', async () => {
    const db = server.database.db;
    let runs = 0;
    const job = defineJob({
      name: 'test.recordFails',
      payload: z.object({ fail: z.boolean() }),
      handler: async ({ fail }) => {
        runs++;
        // The handler's work is over; the database goes away before the runner writes that down.
        if (runs === 1 || (fail && runs === 3)) {
          proxy.refuse();
          proxy.cut();
          if (fail) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
        }
      },
    });
    const statusOf = async () =>
      (await queryRows<{ status: string }>(db, sql`select status from jobs where name = ${job.name}`))[0]?.status;
    // A lock far longer than the test: anything that happens, happens because the outcome was written.
    const runner = new JobRunner(db, silent, { lockMs: 600_000 }).register(job);

    await enqueue(db, job, { fail: false });
    // drain() (a test's helper) throws at its next claim, with the database still away; the outcome's write had
    // failed before that, logged and not thrown.
    await expect(runner.drain()).rejects.toThrow(/Failed query/);
    proxy.restore();
    await until(async () => (await statusOf()) === 'done');
    expect(runs).toBe(1); // done once, not run again

    await db.execute(sql`delete from jobs where name = ${job.name}`);
    runs = 2;
    await enqueue(db, job, { fail: true });
    await expect(runner.drain()).rejects.toThrow(/Failed query/);
    proxy.restore();
    // Handed back to the queue as soon as the database answers, then run again to the end.
    await until(async () => {
      await runner.drain();
      return (await statusOf()) === 'done';
    });
    expect(runs).toBe(4);
    expect(unexpected).toEqual([]);
  });
});
