import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { ingestionAccess } from './support/factories.ts';
import { failedDraftJob } from './support/failing-job.ts';
import { metricSample } from './support/metrics.ts';
import { until } from './support/wait.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe(`GET /metrics (${databaseKind})`, () => {
  let server: TestServer;
  let supplier: Client;
  let admin: Client;
  const scrape = async () => {
    const res = await new Client(server.url).request('GET', '/metrics', undefined, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    return res.text;
  };

  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
    supplier = new Client(server.url);
    await supplier.login('supplier@example.com', 'Supplier-demo-1');
    admin = new Client(server.url);
    await admin.login('admin@example.com', 'Admin-demo-1');
  });
  afterAll(() => server?.close());

  it('answers only the METRICS_TOKEN bearer: missing 401, wrong 401, right 200 in the Prometheus text format', async () => {
    const visitor = new Client(server.url);
    const missing = await visitor.get('/metrics');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(missing.text).not.toContain('portal_');
    const wrong = await visitor.request('GET', '/metrics', undefined, {
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.status).toBe(401);
    // A signed-in administrator's session is no substitute for the token.
    expect((await admin.get('/metrics')).status).toBe(401);
    const right = await visitor.request('GET', '/metrics', undefined, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(right.headers.get('cache-control')).toBe('no-store');
    expect(right.text).toContain('# TYPE portal_http_request_duration_seconds histogram');
  });

  it('counts and times HTTP requests by route pattern, method and status, never by the raw address', async () => {
    const upload = await supplier.upload('/api/draftSubmissions', [
      { name: 'front.png', data: await barcodeImage('4006381333931'), type: 'image/png' },
    ]);
    expect(upload.status).toBe(201);
    const id: string = upload.json.id;
    expect((await supplier.get(`/draftSubmissions/${id}/image/front.png`)).status).toBe(200);
    expect((await supplier.get(`/draftSubmissions/${id}/image/missing.png`)).status).toBe(404);
    const text = await scrape();
    const route = '/draftSubmissions/:id/image/:fileName';
    expect(metricSample(text, `portal_http_requests_total{route="${route}",method="GET",status_code="200"}`)).toBe(1);
    expect(metricSample(text, `portal_http_requests_total{route="${route}",method="GET",status_code="404"}`)).toBe(1);
    expect(
      metricSample(text, `portal_http_request_duration_seconds_count{route="${route}",method="GET",status_code="200"}`),
    ).toBe(1);
    expect(
      metricSample(
        text,
        `portal_http_request_duration_seconds_bucket{le="+Inf",route="${route}",method="GET",status_code="200"}`,
      ),
    ).toBe(1);
    expect(
      metricSample(text, `portal_http_requests_total{route="/api/draftSubmissions",method="POST",status_code="201"}`),
    ).toBe(1);
    expect(text).not.toContain(id);
    // An address no route has is one series, whatever was asked.
    await supplier.get('/api/no-such-thing/123');
    expect(
      metricSample(await scrape(), `portal_http_requests_total{route="(unmatched)",method="GET",status_code="404"}`),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts GraphQL operations by type and root field', async () => {
    await supplier.graphql('query Mine { currentUser { id } }');
    await supplier.graphql('query { currentUser { email } enabledFeatureFlags }');
    const text = await scrape();
    expect(metricSample(text, 'portal_graphql_operations_total{operation="query",field="currentUser"}')).toBe(2);
    expect(metricSample(text, 'portal_graphql_operations_total{operation="query",field="enabledFeatureFlags"}')).toBe(
      1,
    );
  });

  it('reports jobs by type and state from the table, the oldest queued age, and run times observed by the worker', async () => {
    await server.ctx.jobs!.drain();
    const before = await scrape();
    expect(metricSample(before, 'portal_jobs{type="submissions.automatedChecks",state="failed"}')).toBe(0);
    const doneBefore = metricSample(before, 'portal_jobs{type="drafts.processFile",state="done"}')!;
    const runsBefore = metricSample(
      before,
      'portal_job_duration_seconds_count{type="drafts.processFile",outcome="done"}',
    )!;
    // Queued and waiting: the age of the oldest due job grows.
    const upload = await supplier.upload('/api/draftSubmissions', [
      { name: 'front.png', data: await barcodeImage('036000291452'), type: 'image/png' },
    ]);
    expect(upload.status).toBe(201);
    const waiting = await until(async () => {
      const text = await scrape();
      return (metricSample(text, 'portal_jobs_oldest_queued_age_seconds{type="drafts.processFile"}') ?? 0) >= 1 && text;
    });
    expect(metricSample(waiting, 'portal_jobs{type="drafts.processFile",state="queued"}')).toBe(1);
    await server.ctx.jobs!.drain();
    // A job that fails for real: three runs, two with attempts left ("retry"), the last one "failed".
    const failed = await failedDraftJob(server, supplier, '012345678905');
    expect(failed.jobId).toBeGreaterThan(0);
    const text = await scrape();
    expect(metricSample(text, 'portal_jobs{type="drafts.processFile",state="done"}')).toBe(doneBefore + 1);
    expect(metricSample(text, 'portal_jobs{type="drafts.processFile",state="failed"}')).toBe(1);
    expect(metricSample(text, 'portal_jobs{type="drafts.processFile",state="queued"}')).toBe(0);
    expect(metricSample(text, 'portal_jobs_oldest_queued_age_seconds{type="drafts.processFile"}')).toBe(0);
    expect(metricSample(text, 'portal_job_duration_seconds_count{type="drafts.processFile",outcome="done"}')).toBe(
      runsBefore + 1,
    );
    expect(metricSample(text, 'portal_job_duration_seconds_count{type="drafts.processFile",outcome="retry"}')).toBe(2);
    expect(metricSample(text, 'portal_job_duration_seconds_count{type="drafts.processFile",outcome="failed"}')).toBe(1);
    // Every declared type is listed, at 0 when it has no jobs.
    expect(metricSample(text, 'portal_jobs{type="auth.passwordResetMail",state="running"}')).toBe(0);
  });

  it('tells claims past their lock from live running jobs, and counts jobs waiting on a dependency', async () => {
    // What a worker killed mid-job leaves (its claim's lock passes with no heartbeat), and a job whose last run found
    // a dependency away, of a type no worker here takes (so neither is picked up while the test reads them).
    const type = 'test.operatorsGauges';
    await server.database.db.execute(sql`
      insert into jobs (name, payload, status, locked_until, lock_token, attempts, run_at)
      values (${type}, '{}', 'running', now() - interval '1 minute', gen_random_uuid(), 1, now() - interval '2 minutes'),
             (${type}, '{}', 'running', now() + interval '1 minute', gen_random_uuid(), 1, now())`);
    await server.database.db.execute(sql`
      insert into jobs (name, payload, status, run_at, transient_failures, transient_since)
      values (${type}, '{}', 'queued', now() + interval '1 minute', 2, now() - interval '30 seconds')`);
    try {
      const text = await scrape();
      expect(metricSample(text, `portal_jobs{type="${type}",state="running"}`)).toBe(2);
      expect(metricSample(text, `portal_jobs_running_past_lock{type="${type}"}`)).toBe(1);
      expect(metricSample(text, `portal_jobs_waiting_on_dependency{type="${type}"}`)).toBe(1);
      expect(metricSample(text, 'portal_jobs_running_past_lock{type="drafts.processFile"}')).toBe(0);
      // The media processes' kills are a series per limit from the first scrape on.
      for (const limit of ['memory', 'cpu', 'wall'])
        expect(metricSample(text, `portal_media_processes_killed_total{limit="${limit}"}`)).toBeGreaterThanOrEqual(0);
      // So are the ingestion scans by outcome (the scale-out test watches a worker's count rise).
      for (const outcome of ['done', 'failed'])
        expect(metricSample(text, `portal_ingestion_scans_total{outcome="${outcome}"}`)).toBeGreaterThanOrEqual(0);
    } finally {
      await server.database.db.execute(sql`delete from jobs where name = ${type}`);
    }
  });

  it('reports bulk-ingestion files by status', async () => {
    await ingestionAccess(server, { companyId: 1001, folderName: 'metrics_folder', imageSource: 'UPLOADS_ONLY' });
    const res = await supplier.upload('/api/bulkIngestion/jobs', [
      { name: 'front.png', data: await barcodeImage('5012345678900'), type: 'image/png' },
      { name: 'notes.txt', data: Buffer.from('not a picture'), type: 'text/plain' },
    ]);
    expect(res.status).toBe(201);
    // The text file is refused as it arrives; the picture waits for its job.
    const arrived = await scrape();
    expect(metricSample(arrived, 'portal_ingestion_files{status="RECEIVED"}')).toBe(1);
    expect(metricSample(arrived, 'portal_ingestion_files{status="IGNORED"}')).toBe(1);
    await server.ctx.jobs!.drain();
    const text = await scrape();
    expect(metricSample(text, 'portal_ingestion_files{status="RECEIVED"}')).toBe(0);
    expect(metricSample(text, 'portal_ingestion_files{status="SUBMITTED"}')).toBe(1);
    expect(metricSample(text, 'portal_ingestion_files{status="IGNORED"}')).toBe(1);
  });

  it('reports the database pool on PostgreSQL (and says the embedded database has none), and the process metrics', async () => {
    const text = await scrape();
    expect(metricSample(text, `portal_database_info{kind="${databaseKind}"}`)).toBe(1);
    if (databaseKind === 'postgres') {
      expect(metricSample(text, 'portal_db_pool_max_connections')).toBe(10);
      expect(metricSample(text, 'portal_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(metricSample(text, 'portal_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('portal_db_pool_');
    }
    expect(metricSample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(metricSample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(metricSample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe(`GET /metrics without METRICS_TOKEN (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('does not exist: 404, with or without a token, and no web page in its place', async () => {
    for (const headers of [{}, { authorization: 'Bearer anything-at-all-0123456789' }] as Record<string, string>[]) {
      const res = await new Client(server.url).request('GET', '/metrics', undefined, { headers });
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('NOT_FOUND');
    }
  });
});
