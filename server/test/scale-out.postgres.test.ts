/**
 * Several instances of one build against one PostgreSQL server and one S3-compatible store, as separate processes:
 * two web instances (ROLE=web) and two workers (ROLE=worker). A user signs in on one web instance and continues on
 * the other; 200 submissions' automated checks are each processed exactly once by the two workers, and so is a
 * folder dropped for bulk ingestion.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gs1CheckDigit } from '@portal/domain';
import { plainImage } from './fixtures.ts';
import { Client, createPostgresDatabase } from './harness.ts';
import { startRunning, stopInstances } from './support/instances.ts';
import { freePort } from './support/ports.ts';
import { startS3 } from './support/s3.ts';
import { HANG_LIMIT, until } from './support/wait.ts';
import { metricSample } from './support/metrics.ts';

const children: ChildProcess[] = [];
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let s3: Awaited<ReturnType<typeof startS3>>;
let work: string;
let webA: string;
let webB: string;
/** The workers' own ports: their /metrics counts the ingestion scans each has finished. */
let workerPorts: number[];
const METRICS_TOKEN = 'scale-out-metrics-token';

/** Starts one instance and resolves once it says it is running. */
async function start(role: 'web' | 'worker', port: number, env: Record<string, string>): Promise<void> {
  const child = await startRunning({
    ...env,
    ROLE: role,
    PORT: String(port),
    DATABASE_URL: database.url,
    SESSION_SECRET: 's'.repeat(40),
    DATA_DIR: path.join(work, `${role}-${port}`),
    LOG_LEVEL: 'warn',
    ...s3.env,
    // One ingestion root watched by every worker, scanned often.
    INGESTION_ROOT: path.join(work, 'ingestion'),
    INGESTION_SCAN_SECONDS: '0.5',
    INGESTION_SETTLE_SECONDS: '1',
  });
  children.push(child);
}

beforeAll(async () => {
  database = await createPostgresDatabase();
  s3 = await startS3();
  work = mkdtempSync(path.join(tmpdir(), 'scale-out-'));
  const [portA, portB] = [await freePort(), await freePort()];
  workerPorts = [await freePort(), await freePort()];
  webA = `http://127.0.0.1:${portA}`;
  webB = `http://127.0.0.1:${portB}`;
  // All four start together: one of them migrates, the first seeds the demo data, and the shared storage's marker is
  // recorded once (instances started together on an empty database: demo-seed.postgres.test.ts).
  await Promise.all([
    start('web', portA, { DEMO_DATA: 'on', PUBLIC_URL: webA }),
    start('web', portB, { DEMO_DATA: 'off', PUBLIC_URL: webA }),
    ...workerPorts.map((port) => start('worker', port, { DEMO_DATA: 'off', WORKER_PORT: String(port), METRICS_TOKEN })),
  ]);
});

afterAll(async () => {
  await stopInstances(children);
  await s3?.close();
  await database?.drop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The ingestion scans a worker has finished without a failure, from its /metrics. */
async function scansDone(port: number): Promise<number> {
  const headers = { authorization: `Bearer ${METRICS_TOKEN}` };
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { headers })).text();
  const done = metricSample(text, 'portal_ingestion_scans_total{outcome="done"}');
  if (done === undefined) throw new Error(`worker on ${port} counts no ingestion scans: ${text.slice(0, 200)}`);
  return done;
}

/** A client of web instance B carrying the session cookie that instance A set. */
function sameBrowserOn(other: string, client: Client) {
  const moved = new Client(other, webA);
  moved.cookies = client.cookies;
  return moved;
}

describe('two web instances and two workers on one PostgreSQL and one S3 store', () => {
  it('a user signs in on one instance and continues on the other; signing out there ends the session everywhere', async () => {
    const onA = new Client(webA);
    await onA.login('supplier@example.com', 'Supplier-demo-1');
    const onB = sameBrowserOn(webB, onA);
    const me = await onB.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.json.email).toBe('supplier@example.com');
    expect((await onB.get('/api/auth/logout')).status).toBeLessThan(300);
    // Instance A may reuse what it read for SESSION_CACHE_MS (2 s); after that the sign-out holds there too.
    await vi.waitFor(async () => expect((await onA.get('/api/user')).status).toBe(401), HANG_LIMIT);
  });

  it('200 submissions made through both instances get their automated checks exactly once', async () => {
    const a = new Client(webA);
    await a.login('supplier@example.com', 'Supplier-demo-1');
    const b = sameBrowserOn(webB, a);
    const image = await plainImage();
    // 20 drafts of 10 products each, alternating instances, four at a time.
    const draft = async (d: number) => {
      const client = d % 2 ? b : a;
      const files = Array.from({ length: 10 }, (_, i) => ({ name: `p${i}.png`, data: image, type: 'image/png' }));
      const uploaded = await client.upload('/api/draftSubmissions', files);
      expect(uploaded.status).toBe(201);
      const upc = (i: number) => {
        const body = `81${String(d).padStart(3, '0')}${String(i).padStart(6, '0')}`;
        return body + gs1CheckDigit(body);
      };
      const saved = await client.graphql(
        `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`,
        {
          id: uploaded.json.id,
          input: {
            files: files.map((f, i) => ({ fileName: f.name, upc: upc(i), productName: `Scale product ${d}-${i}` })),
          },
        },
      );
      expect(saved.json.errors).toBeUndefined();
      const sent = await client.graphql(`mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`, {
        id: uploaded.json.id,
      });
      expect(sent.json.errors).toBeUndefined();
      expect(sent.json.data.submitProductsFromDraftSubmission).toHaveLength(10);
    };
    for (let d = 0; d < 20; d += 4) await Promise.all([0, 1, 2, 3].map((i) => draft(d + i)));

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const checks = async () =>
        (await db.query(`select status, attempts from jobs where name = 'submissions.automatedChecks'`)).rows as {
          status: string;
          attempts: number;
        }[];
      const deadline = Date.now() + 240_000;
      while ((await checks()).filter((j) => j.status === 'done').length < 200 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      const jobs = await checks();
      expect(jobs).toHaveLength(200);
      // Done, and claimed once each: a second claim by the other worker would have counted a second attempt.
      expect(jobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
      const history = await db.query(`
        select s.id, count(h.*) as changes from product_submissions s left join submission_history h on h.submission_id = s.id
        where s.product_name like 'Scale product %' group by s.id`);
      expect(history.rows).toHaveLength(200);
      // Every item went through the same steps, once: no item has a status change recorded twice.
      expect(new Set(history.rows.map((r) => Number(r.changes))).size).toBe(1);
      const files = await db.query(`
        select count(*)::int as n from submission_files f join product_submissions s on s.id = f.submission_id
        where s.product_name like 'Scale product %' and f.detection_status = 'done'`);
      expect(files.rows[0].n).toBe(200);
    } finally {
      await db.end();
    }
  });

  it('a folder dropped for bulk ingestion becomes one job, each file processed once, with both workers scanning', async () => {
    const admin = new Client(webA);
    await admin.login('admin@example.com', 'Admin-demo-1');
    const access = await admin.graphql(
      `mutation($input: BulkIngestionOrganizationInput!) { createBulkIngestionOrganization(input: $input) { companyId } }`,
      {
        input: { companyId: 1002, folderName: 'scale_folder', imageSource: 'LOCAL' },
      },
    );
    expect(access.json.errors).toBeUndefined();
    const folder = path.join(work, 'ingestion', 'scale_folder');
    const image = await plainImage();
    // GS1-style names: identified from the name, no barcode in the picture.
    const codes = Array.from({ length: 20 }, (_, i) => {
      const body = `84${String(i).padStart(9, '0')}`;
      return body + gs1CheckDigit(body);
    });
    // The folder arrives whole, its files settled alike: written one by one into the watched folder, a slow machine
    // could let a scan see the first files settled before the last were written, which is two jobs by design.
    const staging = path.join(work, 'staging-scale_folder');
    mkdirSync(staging, { recursive: true });
    const settled = new Date(Date.now() - 60_000);
    for (const code of codes) {
      const file = path.join(staging, `${code}_front.png`);
      writeFileSync(file, image);
      utimesSync(file, settled, settled);
    }
    mkdirSync(path.dirname(folder), { recursive: true });
    renameSync(staging, folder);

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const fileJobs = async () =>
        (await db.query(`select status, attempts from jobs where name = 'bulkIngestion.processFile'`)).rows as {
          status: string;
          attempts: number;
        }[];
      const deadline = Date.now() + 240_000;
      while ((await fileJobs()).filter((j) => j.status === 'done').length < 20 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      // Nothing new may appear after them: wait until each worker has finished a whole scan begun after they were done
      // (the second to finish from now; the first may have begun before).
      const seen = await Promise.all(workerPorts.map(scansDone));
      await Promise.all(workerPorts.map((port, i) => until(async () => (await scansDone(port)) >= seen[i] + 2)));
      const jobs = await fileJobs();
      expect(jobs).toHaveLength(20);
      expect(jobs.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
      const other = new Client(webB);
      await other.login('other@example.com', 'Other-demo-1');
      const list = (await other.get('/api/bulkIngestion/jobs')).json as { id: number; totalCount: number }[];
      expect(list).toHaveLength(1);
      expect(list[0].totalCount).toBe(20);
      const submissions = await db.query(
        `select ean13_upc from product_submissions where company_id = 1002 and is_imported`,
      );
      expect(submissions.rows.map((r) => r.ean13_upc).sort()).toEqual(codes.map((c) => `0${c}`).sort());
    } finally {
      await db.end();
    }
  });
});
