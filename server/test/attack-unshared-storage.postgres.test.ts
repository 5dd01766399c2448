/**
 * The attack suite, scale-out on unshared disks (issue 15, item 12): instances on one PostgreSQL database, each
 * with its own DATA_DIR and no S3_BUCKET, would accept uploads that only one of them can read. An instance whose
 * storage is not the shared one must refuse to start with the way out; /api/ready must say so; and a stored file
 * that is missing must be reported as missing, never as a damaged image.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainImage } from './fixtures.ts';
import { Client, createPostgresDatabase } from './harness.ts';
import { startInstance, stopInstances } from './support/instances.ts';
import { freePort } from './support/ports.ts';
import { until } from './support/wait.ts';

const children: ChildProcess[] = [];
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let work: string;
const tried: Record<string, number> = {};
const count = (category: string) => (tried[category] = (tried[category] ?? 0) + 1);

/** Starts one instance; resolves with its output once it runs, or once it exits (with the exit code). */
async function start(role: 'web' | 'worker', port: number, dataDir: string, env: Record<string, string> = {}) {
  const started = await startInstance({
    ...env,
    ROLE: role,
    PORT: String(port),
    DATABASE_URL: database.url,
    SESSION_SECRET: 's'.repeat(40),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  children.push(started.child);
  return started;
}

let base: number;
let shared: string;
let starting: {
  own: Promise<Awaited<ReturnType<typeof start>>>[];
  second: Promise<{ port: number; started: Awaited<ReturnType<typeof start>> }>;
};

beforeAll(async () => {
  database = await createPostgresDatabase();
  work = mkdtempSync(path.join(tmpdir(), 'unshared-'));
  shared = path.join(work, 'shared');
  // A free port each (a computed range once landed on 5060, a port fetch refuses to reach).
  base = await freePort();
  const first = await start('web', base, shared, { DEMO_DATA: 'on' });
  expect(first.running).toBe(true);
  // The instances the first two tests judge need only the first one's marker: they start together, now.
  starting = {
    own: (['web', 'worker'] as const).map(async (role) =>
      start(role, await freePort(), path.join(work, `own-${role}`), { DEMO_DATA: 'off' }),
    ),
    second: freePort().then(async (port) => ({
      port,
      started: await start('web', port, shared, { DEMO_DATA: 'off' }),
    })),
  };
});

afterAll(async () => {
  console.log(`unshared storage cases tried per category: ${JSON.stringify(tried)}`);
  await stopInstances(children);
  await database?.drop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('instances on one PostgreSQL database, files on local disks', () => {
  it('an instance (web or worker) with a DATA_DIR of its own refuses to start, saying how to share storage', async () => {
    for (const started of starting.own) {
      count('unshared start');
      const own = await started;
      expect(own.running).toBe(false);
      expect(own.code).toBe(1);
      expect(own.output).toMatch(/File storage is not shared/);
      expect(own.output).toMatch(/set S3_BUCKET/);
    }
  });

  it('an instance on the same shared folder starts and serves', async () => {
    count('shared start');
    const { port, started: second } = await starting.second;
    expect(second.running).toBe(true);
    expect((await new Client(`http://127.0.0.1:${port}`).get('/api/ready')).json.checks.storage).toBe('ok');
  });

  it('/api/ready answers 503 "not shared" when the storage an instance sees lacks the marker', async () => {
    count('readiness');
    const client = new Client(`http://127.0.0.1:${base}`);
    expect((await client.get('/api/ready')).status).toBe(200);
    const files = path.join(shared, 'files');
    const marker = readdirSync(path.join(files, 'system'))[0];
    rmSync(path.join(files, 'system', marker));
    const ready = await client.get('/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.json.checks.storage).toBe('not shared');
  });

  it('a stored file that is gone is reported as missing, never as a damaged image', async () => {
    count('missing file');
    const client = new Client(`http://127.0.0.1:${base}`);
    await client.login('supplier@example.com', 'Supplier-demo-1');
    // The worker would pick the job up at once: the file is taken away before any worker runs.
    const res = await client.upload('/api/draftSubmissions', [{ name: 'front.png', data: await plainImage() }]);
    expect(res.status).toBe(201);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows } = await db.query(`select storage_key from draft_files where draft_id = $1`, [res.json.id]);
      rmSync(path.join(shared, 'files', rows[0].storage_key));
      // A worker on the shared folder: the marker is written again, as the readiness test removed it.
      await db.query('delete from storage_marker');
      expect((await start('worker', 1, shared, { DEMO_DATA: 'off' })).running).toBe(true);
      const job: { status: string; last_error: string | null } = await until(
        async () =>
          (
            await db.query(
              `select status, last_error from jobs where name = 'drafts.processFile' and last_error is not null`,
            )
          ).rows[0],
      );
      expect(job.last_error).toMatch(/is missing from this instance's storage/);
      expect(job.last_error).not.toMatch(/damaged/);
    } finally {
      await db.end();
    }
  });
});
