/**
 * Deploying several instances on one PostgreSQL database, as separate processes (`server/src/main.ts`): an instance
 * with another SESSION_SECRET refuses to start; SIGTERM drains the instance (readiness 503 while requests are still
 * served, then the requests in flight and the jobs in hand finish) and exits 0; a worker-only process serves /health
 * and /metrics on WORKER_PORT; the rate limits count across instances; every line a process prints is JSON.
 */
import type { ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { datasetPhoto, plainImage } from './fixtures.ts';
import { Client, createPostgresDatabase } from './harness.ts';
import { startInstance, startRunning, stopInstances, type Started } from './support/instances.ts';
import { freePort } from './support/ports.ts';

const SECRET = 'd'.repeat(40);
const children: ChildProcess[] = [];
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let work: string;
let webA: string;
/** The instance the SIGTERM test stops, and where it listens. */
let draining: { child: ChildProcess; base: string };

/** The settings of an instance on the shared database and the shared files folder (`name` tells them apart). */
function envOf(name: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    SESSION_SECRET: SECRET,
    DATA_DIR: path.join(work, 'data'),
    INSTANCE_NAME_FOR_TEST: name,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'off',
    ...env,
  };
}

async function start(name: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = await startRunning(envOf(name, env));
  children.push(child);
  return child;
}

beforeAll(async () => {
  database = await createPostgresDatabase();
  work = mkdtempSync(path.join(tmpdir(), 'deploy-safe-'));
  const [port, drainingPort] = [await freePort(), await freePort()];
  webA = `http://127.0.0.1:${port}`;
  const drainingBase = `http://127.0.0.1:${drainingPort}`;
  // The first instance migrates, seeds the demo data and records the secret's fingerprint; the one the SIGTERM test
  // stops starts beside it (instances started together on an empty database: demo-seed.postgres.test.ts).
  const [, child] = await Promise.all([
    start('a', { ROLE: 'web', PORT: String(port), PUBLIC_URL: webA, DEMO_DATA: 'on' }),
    start('draining', {
      ROLE: 'all',
      PORT: String(drainingPort),
      PUBLIC_URL: drainingBase,
      SHUTDOWN_DRAIN_SECONDS: '5',
      LOG_LEVEL: 'info',
    }),
  ]);
  draining = { child, base: drainingBase };
});

afterAll(async () => {
  await stopInstances(children);
  await database?.drop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('an instance with another SESSION_SECRET', () => {
  it('refuses to start, web or worker, saying why and how to rotate, and exits 1', async () => {
    const tries = ['web', 'worker'].map(async (role) =>
      startInstance(
        envOf(`other-${role}`, { ROLE: role, PORT: String(await freePort()), SESSION_SECRET: 'e'.repeat(40) }),
      ),
    );
    for (const started of await Promise.all(tries)) {
      if (started.running) children.push(started.child);
      expect(started.running).toBe(false);
      expect(started.code).toBe(1);
      expect(started.output).toContain('SESSION_SECRET differs from the secret the other instances');
      expect(started.output).toContain('SESSION_SECRET_PREVIOUS');
      // The message, not a stack trace.
      expect(started.output).not.toMatch(/\n\s+at /);
    }
    // The first instance still serves.
    expect((await fetch(`${webA}/api/health`)).status).toBe(200);
  });
});

/** Resolves with the status of a GET, or null when no connection could be made (the listener is closed). */
async function statusOf(url: string): Promise<number | null> {
  try {
    const res = await fetch(url);
    await res.arrayBuffer();
    return res.status;
  } catch {
    return null;
  }
}

async function until<T>(what: string, probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}; last: ${String(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('SIGTERM', () => {
  it('readiness turns 503 while requests are served, an upload in flight finishes after the listener closed, the jobs in hand finish, exit 0', async () => {
    const { child, base } = draining;
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    expect(await statusOf(`${base}/api/ready`)).toBe(200);

    const supplier = new Client(base);
    await supplier.login('supplier@example.com', 'Supplier-demo-1');
    // An upload whose body the client holds back: in flight across the whole shutdown.
    const boundary = 'drainboundary';
    const inFlight = httpRequest(`${base}/api/draftSubmissions`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: [...supplier.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: base,
      },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      inFlight.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      inFlight.on('error', reject);
    });
    const image = await plainImage();
    inFlight.write(
      `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="drain.png"\r\ncontent-type: image/png\r\n\r\n`,
    );
    inFlight.write(image.subarray(0, 100));

    child.kill('SIGTERM');
    // Draining: not ready, yet still answering.
    await until(
      'readiness 503',
      () => statusOf(`${base}/api/ready`),
      (s) => s === 503,
    );
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not ready', checks: { instance: 'stopping' } });
    expect(await statusOf(`${base}/api/health`)).toBe(200);
    // Then the listener closes: a new connection is refused, while the upload is still in flight.
    await until(
      'the listener to close',
      () => statusOf(`${base}/api/health`),
      (s) => s === null,
    );
    expect(child.exitCode).toBeNull();
    inFlight.end(Buffer.concat([image.subarray(100), Buffer.from(`\r\n--${boundary}--\r\n`)]));
    const uploaded = await answer;
    expect(uploaded.status).toBe(201);
    expect(await exited).toBe(0);
    expect(stdout).toContain('"msg":"stopped"');

    // Nothing was left half-done: the upload's draft is there, and no job is still marked running.
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const draftId = (JSON.parse(uploaded.body) as { id: string }).id;
      expect((await db.query(`select id from draft_submissions where id = $1`, [draftId])).rows).toHaveLength(1);
      expect((await db.query(`select id from jobs where status = 'running'`)).rows).toEqual([]);
    } finally {
      await db.end();
    }
  });
});

describe('a worker-only process', () => {
  it('serves /health and, to the holder of METRICS_TOKEN only, /metrics on WORKER_PORT; nothing of the web app', async () => {
    const port = await freePort();
    const token = 'worker-metrics-token-0123456789';
    const worker = await start('worker-probe', { ROLE: 'worker', WORKER_PORT: String(port), METRICS_TOKEN: token });
    const base = `http://127.0.0.1:${port}`;
    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer not-the-token-at-all' } })).status).toBe(
      401,
    );
    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toContain('portal_jobs{');
    expect(text).toContain('portal_job_duration_seconds');
    expect(text).toContain('process_resident_memory_bytes');
    // A worker serves no web routes.
    expect((await fetch(`${base}/api/health`)).status).toBe(404);
    expect((await fetch(`${base}/graphql`, { method: 'POST' })).status).toBe(404);
    await stopInstances([worker]); // the log test below wants its worker to be the only one
  });

  // Without METRICS_TOKEN it has no /metrics, as a web instance: the worker of the log test below shows it.
});

describe('rate limits', () => {
  it('are counted once for the whole fleet: sign-in attempts through two instances share one limit', async () => {
    const ports = [await freePort(), await freePort()];
    const bases = ports.map((p) => `http://127.0.0.1:${p}`);
    await Promise.all(
      ports.map((port, i) =>
        start(`limited-${i}`, {
          ROLE: 'web',
          PORT: String(port),
          PUBLIC_URL: bases[0],
          LOGIN_RATE_LIMIT_PER_MINUTE: '4',
        }),
      ),
    );
    const attempt = async (i: number) => {
      const res = await fetch(`${bases[i % 2]}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: bases[0] },
        body: new URLSearchParams({ username: `nobody${i}@example.com`, password: 'Wrong-password-1' }).toString(),
      });
      await res.arrayBuffer();
      // RateLimit: "default";r=<remaining>;t=<seconds to reset>
      const field = (name: string) =>
        Number(new RegExp(`;${name}=(\\d+)`).exec(res.headers.get('ratelimit') ?? '')?.[1]);
      return { status: res.status, remaining: field('r'), reset: field('t') };
    };
    // Alternating instances: each answer counts the other's attempts too. A burst that a new minute cut in two
    // (the seconds to the window's end went up) is tried again in the new window.
    for (let burst = 0; ; burst++) {
      const answers: Awaited<ReturnType<typeof attempt>>[] = [];
      for (let i = 0; i < 5; i++) answers.push(await attempt(i));
      const newWindow = answers.some((a, i) => i > 0 && a.reset > answers[i - 1].reset + 1);
      if (newWindow && burst < 3) continue;
      // Other tests' sign-ins from this address this minute count too: the answers go down from where they were.
      const allowed = answers.filter((a) => a.status === 401);
      expect(allowed.length).toBeGreaterThanOrEqual(2); // at least one through each instance
      expect(answers.map((a) => a.status)).toEqual([
        ...allowed.map(() => 401),
        ...answers.slice(allowed.length).map(() => 429),
      ]);
      // Counted as one: 3, 2, 1, 0 (or the end of it); counted per instance it would be 3, 3, 2, 2.
      expect(allowed.map((a) => a.remaining)).toEqual(allowed.map((_, i) => allowed.length - 1 - i));
      break;
    }
  });
});

describe('logs', () => {
  /** Starts an instance that must come up and collects everything it prints on stdout and stderr from the start. */
  async function startLogged(name: string, env: Record<string, string>) {
    const started: Started = await startInstance(envOf(name, env));
    if (started.running) children.push(started.child);
    expect(started.running, started.output).toBe(true);
    const printed = { text: started.output };
    started.child.stdout!.on('data', (chunk: Buffer) => (printed.text += chunk.toString()));
    started.child.stderr!.on('data', (chunk: Buffer) => (printed.text += chunk.toString()));
    return { child: started.child, printed };
  }
  const linesOf = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
  const notJson = (lines: string[]) =>
    lines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });

  it("every line a web instance and a worker print is one JSON object, the readers' notes at debug; one line per request; a worker without METRICS_TOKEN serves /health and no /metrics", async () => {
    const [port, workerPort] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    const [web, worker] = await Promise.all([
      startLogged('logged-web', { ROLE: 'web', PORT: String(port), PUBLIC_URL: base, LOG_LEVEL: 'debug' }),
      startLogged('logged-worker', { ROLE: 'worker', LOG_LEVEL: 'debug', WORKER_PORT: String(workerPort) }),
    ]);
    expect((await fetch(`http://127.0.0.1:${workerPort}/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${workerPort}/metrics`)).status).toBe(404);

    // Real photos: the first has bars that read, the second sends the reader to the printed digits (tesseract), whose
    // notes ("Estimating resolution as ...") were plain text among the JSON.
    const photos = ['upca-3/03.png', 'upca-3/04.png'].map(datasetPhoto);
    const supplier = new Client(base);
    await supplier.login('supplier@example.com', 'Supplier-demo-1');
    const draft = await supplier.upload(
      '/api/draftSubmissions',
      photos.map((p) => ({ name: p.name.replace('.png', `-${p.expected}.png`), data: p.data, type: 'image/png' })),
    );
    expect(draft.status).toBe(201);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const pending = async () =>
        (
          await db.query(
            `select count(*)::int as n from draft_files where draft_id = $1 and detection_status = 'pending'`,
            [draft.json.id],
          )
        ).rows[0].n as number;
      await until('the worker to read every file', pending, (n) => n === 0);
    } finally {
      await db.end();
    }
    const health = await fetch(`${base}/api/health?access_token=not-logged`, {
      headers: { 'x-request-id': 'one-line-please' },
    });
    expect(health.status).toBe(200);
    await until(
      'the request to be logged',
      async () => web.printed.text,
      (t) => t.includes('one-line-please'),
    );
    await stopInstances([web.child, worker.child]);

    for (const printed of [web.printed.text, worker.printed.text]) {
      const lines = linesOf(printed);
      expect(lines.length).toBeGreaterThan(0);
      expect(notJson(lines)).toEqual([]);
    }
    const webLines = linesOf(web.printed.text).map((l) => JSON.parse(l) as Record<string, unknown>);
    const ofRequest = webLines.filter((l) => l.reqId === 'one-line-please');
    expect(ofRequest).toHaveLength(1);
    expect(ofRequest[0]).toMatchObject({ msg: 'request', method: 'GET', path: '/api/health', statusCode: 200 });
    expect(web.printed.text).not.toContain('not-logged');
    // The worker read the files, and it logged that (so the lines above are the ones that matter).
    const workerLines = linesOf(worker.printed.text).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(workerLines.some((l) => l.msg === 'job done')).toBe(true);
  });
});
