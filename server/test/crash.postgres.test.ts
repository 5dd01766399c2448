/**
 * Crash safety: the server is killed with SIGKILL during an upload, a draft submit, a review transition and while
 * jobs run; after a restart nothing is half-written, nothing committed is lost, orphan files are cleaned up and
 * interrupted jobs run again. (The portal's processes against the PostgreSQL server; the embedded database's own
 * restart after a crash is the last case.)
 */
import type { ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '@portal/domain';
import { openPostgres, type Database } from '../src/db/client.ts';
import { removeOrphanFiles } from '../src/jobs/orphan-files.ts';
import { LocalDiskStore } from '../src/storage/local-disk.ts';
import { plainImage } from './fixtures.ts';
import { Client, createPostgresDatabase } from './harness.ts';
import { startRunning, stopInstances } from './support/instances.ts';
import { freePort } from './support/ports.ts';
import { until } from './support/wait.ts';

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let db: Database;
let work: string;
let server: ChildProcess | undefined;
/** One port for the file: each restart after a kill comes back at the same address. */
let port: number;
let base: string;

function start(env: Record<string, string> = {}, dataDir = path.join(work, 'data')): Promise<ChildProcess> {
  return startRunning({
    DATABASE_URL: database.url,
    SESSION_SECRET: 'c'.repeat(40),
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: 'error',
    DEMO_DATA: 'on',
    INGESTION_ROOT: path.join(work, 'ingestion'),
    INGESTION_SCAN_SECONDS: '0.5',
    INGESTION_SETTLE_SECONDS: '0.5',
    // The jobs a killed server claimed are claimed again after this (the default is 5 minutes, past these tests).
    JOB_LOCK_SECONDS: '2',
    ...env,
  });
}

/** A crash: the process is killed outright, whatever it was doing. */
const kill = (child: ChildProcess | undefined) => stopInstances([child], 'SIGKILL');

const query = async <T>(text: string) => ((await db.db.execute(text)) as unknown as { rows: T[] }).rows;
const upcOf = (n: number) => {
  const body = `83${String(n).padStart(9, '0')}`;
  return body + gs1CheckDigit(body);
};

async function draftOf(client: Client, count: number, first: number) {
  const image = await plainImage();
  const files = Array.from({ length: count }, (_, i) => ({ name: `c${i}.png`, data: image, type: 'image/png' }));
  const draft = await client.upload('/api/draftSubmissions', files);
  const saved = await client.graphql(
    `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`,
    {
      id: draft.json.id,
      input: {
        files: files.map((f, i) => ({
          fileName: f.name,
          upc: upcOf(first + i),
          productName: `Crash product ${first + i}`,
        })),
      },
    },
  );
  if (saved.json.errors) throw new Error(saved.text);
  return draft.json.id as string;
}

beforeAll(async () => {
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  database = await createPostgresDatabase();
  work = mkdtempSync(path.join(tmpdir(), 'crash-'));
  server = await start();
  db = await openPostgres(database.url);
});

afterAll(async () => {
  await kill(server);
  await db?.close();
  await database?.drop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('kill -9 and restart (PostgreSQL)', () => {
  it('during an upload: no draft row, no stored file, and the half-received temporary is cleaned up', async () => {
    const supplier = new Client(base);
    await supplier.login('supplier@example.com', 'Supplier-demo-1');
    const draftsBefore = (await query<{ n: number }>(`select count(*)::int as n from draft_submissions`))[0].n;
    const boundary = 'crashboundary';
    const req = httpRequest(`${base}/api/draftSubmissions`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: [...supplier.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: base,
      },
    });
    req.on('error', () => {}); // the server dies under it
    req.write(
      `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n`,
    );
    req.write(await plainImage());
    req.write(Buffer.alloc(2 * 1024 * 1024, 1)); // more bytes of the same "file", never finished
    // Killed once the server is writing the file to its temporary.
    const uploadTempDir = path.join(work, 'data', 'files', '.incoming');
    await until(() => existsSync(uploadTempDir) && readdirSync(uploadTempDir).length > 0);
    await kill(server);
    server = await start();
    expect((await query<{ n: number }>(`select count(*)::int as n from draft_submissions`))[0].n).toBe(draftsBefore);
    const store = new LocalDiskStore(path.join(work, 'data', 'files'));
    const removed = await removeOrphanFiles({ db: db.db, storage: store, uploadTempDir }, { graceMs: 0 });
    expect(removed.some((r) => r.startsWith('upload temporary'))).toBe(true);
    expect(readdirSync(uploadTempDir)).toEqual([]);
  });

  it('during draft submits: each draft is either still a draft or wholly submitted, never half', async () => {
    const supplier = new Client(base);
    await supplier.login('supplier@example.com', 'Supplier-demo-1');
    const outcomes: string[] = [];
    for (const [round, delay] of [0, 100, 400, 1500].entries()) {
      const first = 1000 + round * 10;
      const draftId = await draftOf(supplier, 10, first);
      void supplier
        .graphql(`mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`, { id: draftId })
        .catch(() => null);
      await new Promise((r) => setTimeout(r, delay));
      await kill(server);
      server = await start();
      const draft = await query(`select id from draft_submissions where id = '${draftId}'`);
      const products = (
        await query<{ n: number }>(
          `select count(*)::int as n from product_submissions where product_name like 'Crash product ${String(first).slice(0, 3)}%'`,
        )
      )[0].n;
      outcomes.push(draft.length ? 'still a draft' : 'submitted');
      if (draft.length) expect(products).toBe(0);
      else expect(products).toBe(10);
    }
    console.log(`draft submits killed mid-way: ${outcomes.join(', ')}`);
  });

  it('during a review transition: the status and its history agree, whichever won', async () => {
    const supplier = new Client(base);
    await supplier.login('supplier@example.com', 'Supplier-demo-1');
    const draftId = await draftOf(supplier, 1, 2000);
    const sent = await supplier.graphql(`mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`, {
      id: draftId,
    });
    const id = sent.json.data.submitProductsFromDraftSubmission[0].id as string;
    const admin = new Client(base);
    await admin.login('admin@example.com', 'Admin-demo-1');
    void admin
      .graphql(`mutation($id: ID!) { updateProductSubmissionStatus(id: $id, status: ACCEPTED) { id } }`, { id })
      .catch(() => null);
    await new Promise((r) => setTimeout(r, 10));
    await kill(server);
    server = await start();
    const [row] = await query<{ item_status: string }>(
      `select item_status from product_submissions where id = '${id}'`,
    );
    const history = await query<{ to_status: string }>(
      `select * from submission_history where submission_id = '${id}' order by at, id`,
    );
    expect(['SUBMITTED', 'ACCEPTED']).toContain(row.item_status);
    const accepted = history.filter((h) => h.to_status === 'ACCEPTED');
    expect(accepted).toHaveLength(row.item_status === 'ACCEPTED' ? 1 : 0);
  });

  it('while jobs run: interrupted jobs are claimed again once their lock passes, and all finish once', async () => {
    const supplier = new Client(base);
    await supplier.login('supplier@example.com', 'Supplier-demo-1');
    const draftId = await draftOf(supplier, 10, 3000);
    await supplier.graphql(`mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`, { id: draftId });
    await kill(server); // the ten automated checks are queued or running
    server = await start();
    const checks = () =>
      query<{ status: string; attempts: number }>(
        // The automated checks only: a status mail or another job of the same submission is not what this counts.
        `select j.status, j.attempts from jobs j join product_submissions s on s.id::text = j.payload->>'submissionId'
          where j.name = 'submissions.automatedChecks' and s.product_name like 'Crash product 30%'`,
      );
    // As long as it takes (the test's own limit): a loaded machine is slower, not wrong.
    const jobs = await until(async () => {
      const rows = await checks();
      return rows.length === 10 && rows.every((j) => j.status === 'done') && rows;
    });
    expect(jobs).toHaveLength(10);
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
  });

  it('during an ingestion job: after the restart every dropped file is in one job, once, and all of them settle', async () => {
    const admin = new Client(base);
    await admin.login('admin@example.com', 'Admin-demo-1');
    const access = await admin.graphql(
      `mutation($input: BulkIngestionOrganizationInput!) { createBulkIngestionOrganization(input: $input) { companyId } }`,
      {
        input: { companyId: 1002, folderName: 'crash_folder', imageSource: 'LOCAL' },
      },
    );
    expect(access.json.errors).toBeUndefined();
    // Dropped at once, as one folder: written aside, every file settled at the same instant, then moved into place.
    // Written straight into the watched folder, a scan on a loaded machine could list some files settled and the
    // rest not yet, and make two jobs before any kill.
    const folder = path.join(work, 'ingestion', 'crash_folder');
    const aside = path.join(work, 'crash_folder.aside');
    mkdirSync(aside, { recursive: true });
    const image = await plainImage();
    const names = Array.from({ length: 12 }, (_, i) => `${upcOf(4000 + i)}_front.png`);
    const settledAt = new Date(Date.now() - 60_000);
    for (const name of names) {
      writeFileSync(path.join(aside, name), image);
      utimesSync(path.join(aside, name), settledAt, settledAt);
    }
    mkdirSync(path.dirname(folder), { recursive: true });
    renameSync(aside, folder);
    // Kill as soon as the scan has started taking the files in.
    await until(
      async () => (await query<{ n: number }>(`select count(*)::int as n from bulk_ingestion_files`))[0].n > 0,
    );
    await kill(server);
    server = await start();
    const settled = async () =>
      query<{ filename: string; status: string }>(`select f.filename, f.status from bulk_ingestion_files f`);
    const files = await until(async () => {
      const rows = await settled();
      return rows.filter((f) => f.status === 'SUBMITTED' || f.status === 'IDENTIFIED').length >= names.length && rows;
    });
    expect(files.map((f) => f.filename).sort()).toEqual([...names].sort());
    expect((await query<{ n: number }>(`select count(distinct job_id)::int as n from bulk_ingestion_files`))[0].n).toBe(
      1,
    );
    expect(files.every((f) => f.status === 'SUBMITTED' || f.status === 'IDENTIFIED')).toBe(true);
  });
});
