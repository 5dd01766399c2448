import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, send, startTestServer, type TestServer } from './harness.ts';
import { startS3 } from './support/s3.ts';
import { until } from './support/wait.ts';

const DRAFT_QUERY = `query($id: ID!) { getDraftSubmission(id: $id) { files { detectedUpc detectionStatus } } }`;

describe(`health and readiness (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('GET /api/health answers while signed out', async () => {
    const res = await new Client(server.url).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
  });

  it('GET /api/ready reports the database and the storage', async () => {
    const res = await new Client(server.url).get('/api/ready');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
  });
});

const METRICS_TOKEN = 'm'.repeat(32);

describe(`files in S3-compatible storage (${databaseKind}, s3rver on loopback)`, () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let server: TestServer;
  let supplier: Client;
  beforeAll(async () => {
    s3 = await startS3();
    server = await startTestServer({ ...s3.env, METRICS_TOKEN });
    supplier = new Client(server.url);
    await supplier.login('supplier@example.com', 'Supplier-demo-1');
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close().catch(() => {});
  });

  it('an upload is stored in the bucket, read back by the barcode job and served with its thumbnail', async () => {
    const res = await supplier.upload('/api/draftSubmissions', [
      { name: 'front.png', data: await barcodeImage('4006381333931'), type: 'image/png' },
    ]);
    expect(res.status).toBe(201);
    const keys: string[] = [];
    for await (const item of server.ctx.storage.list('')) keys.push(item.key);
    expect(keys.length).toBeGreaterThan(0);

    await server.ctx.jobs!.drain();
    const draft = (await supplier.graphql(DRAFT_QUERY, { id: res.json.id })).json.data.getDraftSubmission;
    expect(draft.files).toEqual([{ detectedUpc: '4006381333931', detectionStatus: 'done' }]);
    const image = await supplier.get(`/draftSubmissions/${res.json.id}/image/front.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const thumbnail = await supplier.get(`/draftSubmissions/${res.json.id}/image/front.png?thumbnail=true`);
    expect(thumbnail.status).toBe(200);
  });

  it('readiness names the storage when the bucket stops answering, yet stays ready (every instance shares the store: a load balancer must keep the fleet); an upload meanwhile is a 503 with Retry-After', async () => {
    const before = await supplier.get('/api/ready');
    expect(before.json).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
    await s3.close();
    // The probe says so after a few failures in a row (hysteresis), and readiness stays 200 all along.
    const statuses: number[] = [];
    const res = await until(async () => {
      const answer = await supplier.get('/api/ready');
      statuses.push(answer.status);
      return answer.json.checks.storage === 'unreachable' && answer;
    });
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(res.json).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'unreachable' } });
    expect((await supplier.get('/api/health')).status).toBe(200);
    const upload = await supplier.upload('/api/draftSubmissions', [
      { name: 'front.png', data: await barcodeImage('4006381333931'), type: 'image/png' },
    ]);
    expect(upload.status).toBe(503);
    expect(upload.headers.get('retry-after')).toBe('5');
    expect(upload.json.code).toBe('DEPENDENCY_UNAVAILABLE');
    // Where an operator sees it: the metrics say the store is down and the database up.
    const metrics = await send(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await metrics.text();
    expect(text).toMatch(/^portal_dependency_up\{dependency="storage"\} 0$/m);
    expect(text).toMatch(/^portal_dependency_up\{dependency="database"\} 1$/m);
  });
});
