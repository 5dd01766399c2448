/**
 * The S3-compatible store failing under the portal, for real: s3rver on loopback behind a TCP proxy that refuses
 * connections or swallows traffic. Uploads answer 503 with Retry-After meanwhile; a file's job waits the outage
 * out without spending the attempts meant for bad content, and finishes once the store is back, with no manual step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { jobs } from '../src/db/schema.ts';
import { queryRows } from '../src/db/client.ts';
import { JobRunner } from '../src/jobs/queue.ts';
import { allJobs } from '../src/job-registry.ts';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { until } from './support/wait.ts';
import { BLUE_HARBOR, ingestionAccess, submissions } from './support/factories.ts';
import { startS3 } from './support/s3.ts';
import { metricSample } from './support/metrics.ts';
import { scheduleIngestionScan } from '../src/modules/bulk-ingestion/pipeline.ts';

const DRAFT_FILES = `query($id: ID!) { getDraftSubmission(id: $id) { files { detectedUpc detectionStatus } } }`;

let s3: Awaited<ReturnType<typeof startS3>>;
let proxy: FaultProxy;
let server: TestServer;
let supplier: Client;

beforeAll(async () => {
  s3 = await startS3();
  const endpoint = new URL(s3.env.S3_ENDPOINT);
  proxy = await startFaultProxy({ host: endpoint.hostname, port: Number(endpoint.port) });
  server = await startTestServer({ ...s3.env, S3_ENDPOINT: proxy.via(s3.env.S3_ENDPOINT).replace(/\/$/, '') });
  supplier = new Client(server.url);
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
});
afterAll(async () => {
  proxy?.restore();
  await server?.close();
  await proxy?.close();
  await s3?.close();
});

describe(`the file store fails under the portal (${databaseKind})`, () => {
  it('the storage probe has hysteresis: a probe that fails now and then never reports it down; readiness and /metrics share one state', async () => {
    const storageUp = async () => {
      const text = await server.ctx.metrics.scrape();
      return metricSample(text, 'portal_dependency_up{dependency="storage"}') ?? NaN;
    };
    const ready = async () => (await supplier.get('/api/ready')).json.checks.storage;
    const healthy = () => until(async () => (await ready()) === 'ok' && (await storageUp()) === 1);
    await healthy();
    // A probe that fails now and then (a starved store): each failure alone, between answered probes, reports nothing.
    for (let i = 0; i < 3; i++) {
      proxy.refuse();
      proxy.cut();
      expect([await ready(), await storageUp()]).toEqual(['ok', 1]);
      proxy.restore();
      await healthy();
    }

    // Away for good: down at the third failed probe in a row, whichever of the two probes it.
    proxy.refuse();
    proxy.cut();
    expect([await storageUp(), await ready(), await storageUp(), await ready()]).toEqual([1, 'ok', 0, 'unreachable']);
    // Back: reported up again once enough probes in a row have answered, by both.
    proxy.restore();
    await healthy();
  });

  it('an upload while the store is away is a 503 with Retry-After; a file stored before the outage is read once the store is back, its job having waited without spending its attempts', async () => {
    const stored = await supplier.upload('/api/draftSubmissions', [
      { name: 'front.png', data: await barcodeImage('4006381333931'), type: 'image/png' },
    ]);
    expect(stored.status).toBe(201);

    proxy.refuse();
    proxy.cut();
    const refused = await supplier.upload('/api/draftSubmissions', [
      { name: 'back.png', data: await barcodeImage('4006381333931'), type: 'image/png' },
    ]);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(refused.json.code).toBe('DEPENDENCY_UNAVAILABLE');
    // Reported after STORAGE_PROBE_DOWN_AFTER (3) failed probes in a row, not at the first one.
    const probes = [];
    for (let i = 0; i < 3; i++) probes.push((await supplier.get('/api/ready')).json);
    expect(probes.map((p) => p.checks.storage)).toEqual(['ok', 'ok', 'unreachable']);
    expect(probes[2]).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'unreachable' } });

    // The worker runs on its own, as in production, while the store stays away for as many failures as the job
    // has attempts (3): any of them would have failed it for good if it had spent one.
    const runner = new JobRunner(server.database.db, pino({ level: 'silent' }), { pollMs: 50 }).register(
      ...allJobs(server.ctx),
    );
    runner.start();
    try {
      const waiting = await until(async () => {
        const [row] = await server.database.db.select().from(jobs).where(eq(jobs.name, 'drafts.processFile'));
        // Read between two runs (a run in progress holds its claim's attempt until the failure gives it back).
        return row && row.transientFailures >= 3 && row.status === 'queued' && row;
      });
      expect(waiting).toMatchObject({ status: 'queued', attempts: 0 });
      expect(waiting.lastError).toBeTruthy();
      proxy.restore();
      const draft = await until(async () => {
        const files = (await supplier.graphql(DRAFT_FILES, { id: stored.json.id })).json.data.getDraftSubmission.files;
        return files[0].detectionStatus !== 'pending' && files;
      });
      expect(draft).toEqual([{ detectedUpc: '4006381333931', detectionStatus: 'done' }]);
    } finally {
      await runner.stop();
    }
    const [done] = await queryRows<{ status: string; transient_failures: number }>(
      server.database.db,
      sql`select status, transient_failures from jobs where name = 'drafts.processFile'`,
    );
    expect(done).toEqual({ status: 'done', transient_failures: 0 });
  });

  it("a submission's image zip while the store is away is a 503 with Retry-After, and downloads whole once it is back", async () => {
    const [s] = await submissions(server, [{ files: [{ data: await barcodeImage('4006381333931') }] }]);
    const path = `/api/productSubmissions/${s.id}/images.zip`;
    proxy.refuse();
    proxy.cut();
    try {
      const refused = await supplier.getBytes(path);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBeTruthy();
    } finally {
      proxy.restore();
    }
    const whole = await until(async () => {
      const res = await supplier.getBytes(path);
      return res.status === 200 && res;
    });
    expect(Number(whole.headers.get('content-length'))).toBe(whole.body.length);
  });

  it('an ingestion scan while the store is away counts as failed on /metrics, and one once it is back as done', async () => {
    await ingestionAccess(server, { companyId: BLUE_HARBOR, folderName: 'scan_outage', imageSource: 'S3_BUCKET' });
    const scans = async (outcome: 'done' | 'failed') =>
      metricSample(await server.ctx.metrics.scrape(), `portal_ingestion_scans_total{outcome="${outcome}"}`) ?? NaN;
    const before = { done: await scans('done'), failed: await scans('failed') };

    const errors: unknown[] = [];
    proxy.refuse();
    proxy.cut();
    let stop = scheduleIngestionScan(server.ctx, (err) => errors.push(err));
    try {
      await until(async () => (await scans('failed')) > before.failed);
    } finally {
      stop();
      proxy.restore();
    }
    expect(errors.length).toBeGreaterThan(0);

    stop = scheduleIngestionScan(server.ctx, (err) => errors.push(err));
    try {
      await until(async () => (await scans('done')) > before.done);
    } finally {
      stop();
    }
  });
});
