import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, enqueue, JobRunner } from '../src/jobs/queue.ts';
import { barcodeImage } from './fixtures.ts';
import { Client, startTestServer, type TestServer } from './harness.ts';
import { readEvents } from './support/event-stream.ts';

// Issue 20 item 5 on PostgreSQL: the listening connection is a connection like any other and can drop (a restart, a
// failover, an administrator's pg_terminate_backend). It comes back by itself, and a later job still wakes a worker;
// the draft events pushed to a page come back with it.
let server: TestServer;
const log = pino({ level: 'silent' });
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Terminates the listening backend from another connection, and waits until the listener is back on a new one. */
async function terminateListener(): Promise<{ before: number; after: number }> {
  const notifications = server.database.notifications;
  await notifications.ready();
  const before = notifications.backendPid()!;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ok: boolean }>('SELECT pg_terminate_backend($1) AS ok', [before]);
    expect(rows[0].ok).toBe(true);
  } finally {
    await admin.end();
  }
  for (;;) {
    const pid = notifications.backendPid();
    if (pid !== null && pid !== before) return { before, after: pid };
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('instant results after the listening connection drops (postgres)', () => {
  it('a job enqueued after pg_terminate_backend of the listening backend still wakes the worker, long before its poll', async () => {
    const ran: number[] = [];
    let wake = () => {};
    const job = defineJob({
      name: 'test.wakeAfterReconnect',
      payload: z.object({ n: z.number() }),
      handler: async ({ n }) => {
        ran.push(n);
        wake();
      },
    });
    // Ten minutes between polls: past the test's timeout, so only a wake can run the job.
    const runner = new JobRunner(server.database.db, log, {
      pollMs: 600_000,
      notifications: server.database.notifications,
    }).register(job);
    runner.start();
    try {
      const { before, after } = await terminateListener();
      expect(after).not.toBe(before);
      const running = new Promise<void>((resolve) => (wake = resolve));
      await enqueue(server.database.db, job, { n: 1 });
      await running;
      expect(ran).toEqual([1]);
    } finally {
      await runner.stop();
    }
  });

  it('an open draft event stream sends the draft again when the listener is back, then the results that follow', async () => {
    const supplier = new Client(server.url);
    await supplier.login('supplier@example.com', 'Supplier-demo-1');
    const draft = (
      await supplier.upload('/api/draftSubmissions', [{ name: 'front.png', data: await barcodeImage('036000291452') }])
    ).json;
    const events = await readEvents(server.url, `/api/draftSubmissions/${draft.id}/events`, supplier);
    try {
      expect((await events.next()).data).toMatchObject({ fileName: 'front.png', detectionStatus: 'pending' });
      await terminateListener();
      // Sent again at the reconnect (a result stored while it was down would be in it).
      expect((await events.next()).data).toMatchObject({ fileName: 'front.png', detectionStatus: 'pending' });
      await server.ctx.jobs!.drain();
      const done = await events.until((e) => e.data.detectionStatus === 'done');
      expect(done.data).toMatchObject({ fileName: 'front.png', detectedUpcs: ['0036000291452'] });
    } finally {
      events.close();
    }
  });
});
