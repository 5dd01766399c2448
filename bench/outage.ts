/**
 * Outages under load, as an operator would try them before production: two web instances and one worker on
 * PostgreSQL and an S3-compatible store (s3rver), each behind a fault proxy, 30 suppliers uploading photos and
 * polling for their barcodes. The database is cut for 10 s, then the store for 30 s. Counted: every request by
 * status (target: no 500, only 201/200 or 503 with Retry-After), whether every process stayed up, and the time from
 * the store's return to an empty job backlog with every uploaded file read (nothing lost, no manual step).
 *
 * Needs a PostgreSQL server (several processes share the database): DATABASE_URL, or the local one on
 * 127.0.0.1:5432; a database of its own is made on it and dropped after. BENCH_WORKER_LOG=FILE writes the worker's
 * log (at debug level) to FILE, to see why a backlog took the time it did.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startFaultProxy } from '../server/test/support/fault-proxy.ts';
import { startInstance, startRunning, stopInstances } from '../server/test/support/instances.ts';
import { startS3 } from '../server/test/support/s3.ts';
import { scratchDatabase } from './support/bench-database.ts';
import { faultBenchPhoto } from './support/dataset.ts';

const BASE_PORT = 3993 + Number(process.env.E2E_PORT_OFFSET ?? 0);
const SUPPLIERS = 30;
const DB_OUTAGE_MS = 10_000;
const STORE_OUTAGE_MS = 30_000;
const ACCOUNTS = [
  ['supplier@example.com', 'Supplier-demo-1'],
  ['supplier2@example.com', 'Supplier-demo-2'],
  ['other@example.com', 'Other-demo-1'],
] as const;

export interface OutageResult {
  ok: boolean;
  table: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every request's status, counted; 0 stands for no answer at all (the connection failed). */
class Tally {
  readonly byStatus = new Map<number, number>();
  missingRetryAfter = 0;
  add(res: Response | null) {
    const status = res?.status ?? 0;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    if (status === 503 && !res?.headers.get('retry-after')) this.missingRetryAfter++;
  }
  count = (pred: (status: number) => boolean) =>
    [...this.byStatus].filter(([s]) => pred(s)).reduce((n, [, c]) => n + c, 0);
}

async function send(tally: Tally, url: string, init: RequestInit): Promise<Response | null> {
  const res = await fetch(url, init).catch(() => null);
  tally.add(res);
  return res;
}

/** One supplier: signs in on one instance, then uploads a photo and polls for its barcode, again and again. */
async function supplierLoop(
  base: string,
  account: readonly [string, string],
  photo: { name: string; data: Buffer },
  tally: Tally,
  uploaded: string[],
  running: () => boolean,
) {
  let cookie = '';
  while (running() && !cookie) {
    const res = await send(tally, `${base}/api/auth/login`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: account[0], password: account[1] }),
    });
    if (res?.ok)
      cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    else await sleep(1000);
  }
  const headers = { cookie, origin: base };
  while (running()) {
    const form = new FormData();
    form.append(
      'files',
      new Blob([new Uint8Array(photo.data)], { type: photo.name.endsWith('.png') ? 'image/png' : 'image/jpeg' }),
      photo.name,
    );
    const res = await send(tally, `${base}/api/draftSubmissions`, { method: 'POST', headers, body: form });
    if (res?.status !== 201) {
      await res?.body?.cancel();
      await sleep(1000); // Retry-After says 5 s; a busy client tries sooner, which is what the count should see
      continue;
    }
    const { id } = (await res.json()) as { id: string };
    uploaded.push(id);
    for (let polls = 0; running() && polls < 100; polls++) {
      const answer = await send(tally, `${base}/graphql`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'query($id: ID!) { getDraftSubmission(id: $id) { files { detectionStatus } } }',
          variables: { id },
        }),
      });
      const json = (await answer?.json().catch(() => null)) as {
        data?: { getDraftSubmission?: { files: { detectionStatus: string }[] } };
      } | null;
      if (json?.data?.getDraftSubmission?.files?.[0]?.detectionStatus !== 'pending' && answer?.ok) break;
      await sleep(250);
    }
  }
}

export async function runOutageBench(): Promise<OutageResult | null> {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const probe = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
    await probe.end();
  } catch {
    console.log('Outages under load: skipped, no PostgreSQL server (set DATABASE_URL).');
    return null;
  }
  const database = await scratchDatabase(serverUrl, 'portal_bench_outage');
  const dbTarget = new URL(database.url);
  const dbProxy = await startFaultProxy({ host: dbTarget.hostname, port: Number(dbTarget.port || 5432) });
  const s3 = await startS3();
  const s3Proxy = await startFaultProxy({
    host: '127.0.0.1',
    port: Number(new URL(s3.env.S3_ENDPOINT).port),
  });
  const shared = {
    DATABASE_URL: dbProxy.via(database.url),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DEMO_DATA: 'on',
    LOG_LEVEL: 'fatal',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    GRAPHQL_RATE_LIMIT_PER_MINUTE: '1000000',
    WEBHOOK_LOOPBACK_ONLY: 'on',
    ...s3.env,
    S3_ENDPOINT: s3Proxy.via(s3.env.S3_ENDPOINT).replace(/\/$/, ''),
  };
  const bases = [BASE_PORT, BASE_PORT + 1].map((p) => `http://127.0.0.1:${p}`);
  const processes: ChildProcess[] = [];
  const direct = new pg.Client({ connectionString: database.url });
  // Interrupted (Ctrl-C), the portal processes go too.
  const interrupted = () => void stopInstances(processes).finally(() => process.exit(130));
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  try {
    // The first web instance migrates and seeds; the second and the worker join it.
    processes.push(await startRunning({ ...shared, PORT: String(BASE_PORT), ROLE: 'web', PUBLIC_URL: bases[0] }));
    processes.push(await startRunning({ ...shared, PORT: String(BASE_PORT + 1), ROLE: 'web', PUBLIC_URL: bases[1] }));
    if (process.env.BENCH_WORKER_LOG) {
      const { createWriteStream } = await import('node:fs');
      const out = createWriteStream(process.env.BENCH_WORKER_LOG);
      const started = await startInstance({ ...shared, ROLE: 'worker', LOG_LEVEL: 'debug' });
      out.write(started.output);
      started.child.stdout?.pipe(out);
      started.child.stderr?.pipe(out);
      processes.push(started.child);
    } else processes.push(await startRunning({ ...shared, ROLE: 'worker' }));
    await direct.connect();

    const photo = await faultBenchPhoto();

    const tally = new Tally();
    const uploaded: string[] = [];
    let loadOn = true;
    const load = Array.from({ length: SUPPLIERS }, (_, i) =>
      supplierLoop(bases[i % 2], ACCOUNTS[i % ACCOUNTS.length], photo, tally, uploaded, () => loadOn),
    );
    const phase = async (label: string, ms: number, during?: () => void, after?: () => void) => {
      during?.();
      await sleep(ms);
      after?.();
      console.log(`  ${label}: ${(ms / 1000).toFixed(0)} s`);
    };
    await phase('load, no fault', 10_000);
    await phase(
      'database cut (every connection closed, new ones refused)',
      DB_OUTAGE_MS,
      () => {
        dbProxy.refuse();
        dbProxy.cut();
      },
      () => dbProxy.restore(),
    );
    await phase('load, database back', 15_000);
    await phase(
      'store cut',
      STORE_OUTAGE_MS,
      () => {
        s3Proxy.refuse();
        s3Proxy.cut();
      },
      () => s3Proxy.restore(),
    );
    const storeBack = performance.now();
    const { rows: waitingAtReturn } = await direct.query<{ n: number }>(
      `select count(*)::int as n from jobs where status in ('queued', 'running') and transient_failures > 0`,
    );
    await phase('load, store back', 10_000);
    loadOn = false;
    await Promise.all(load);

    // From the store's return until no job waits and every uploaded file has been read (none left pending).
    let reported = performance.now();
    for (;;) {
      if (performance.now() - reported > 15_000) {
        reported = performance.now();
        const { rows: left } = await direct.query<{ name: string; status: string; due: boolean; n: number }>(
          `select name, status, run_at <= now() as due, count(*)::int as n from jobs
           where status in ('queued', 'running') group by 1, 2, 3 order by 1, 2, 3`,
        );
        const { rows: files } = await direct.query<{ n: number }>(
          `select count(*)::int as n from draft_files where detection_status = 'pending'`,
        );
        console.log(
          `  waiting: ${left.map((r) => `${r.name} ${r.status}${r.due ? '' : ' later'} ${r.n}`).join(', ')}; files pending ${files[0].n}`,
        );
      }
      const { rows } = await direct.query<{ jobs: number; pending: number }>(
        `select (select count(*)::int from jobs
                  where status = 'running' or (status = 'queued' and run_at <= now())) as jobs,
                (select count(*)::int from draft_files where detection_status = 'pending') as pending`,
      );
      if (rows[0].jobs === 0 && rows[0].pending === 0) break;
      await sleep(250);
    }
    const backlogEmptyS = (performance.now() - storeBack) / 1000;
    const { rows: failedRows } = await direct.query<{ n: number }>(
      `select count(*)::int as n from jobs where status = 'failed'`,
    );
    const exited = processes.filter((p) => p.exitCode !== null || p.signalCode !== null).length;
    const status500 = tally.count((s) => s >= 500 && s !== 503);
    const noAnswer = tally.count((s) => s === 0);
    const ok = status500 === 0 && noAnswer === 0 && exited === 0 && tally.missingRetryAfter === 0;
    const statuses = [...tally.byStatus]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s === 0 ? 'no answer' : s}: ${n}`)
      .join(', ');
    const table = [
      '| | |',
      '|---|---|',
      `| setup | 2 web instances + 1 worker, PostgreSQL and s3rver each behind a fault proxy, ${SUPPLIERS} suppliers |`,
      `| faults | database cut ${DB_OUTAGE_MS / 1000} s, then the store cut ${STORE_OUTAGE_MS / 1000} s |`,
      `| requests | ${tally.count(() => true)} (${statuses}) |`,
      `| 500s and unanswered (target 0) | ${status500 + noAnswer} |`,
      `| 503s without Retry-After (target 0) | ${tally.missingRetryAfter} |`,
      `| processes that exited (target 0) | ${exited} |`,
      `| drafts uploaded | ${uploaded.length}, every file read afterwards with no manual step |`,
      `| jobs failed for good | ${failedRows[0].n} |`,
      `| jobs waiting for a dependency when the store came back | ${waitingAtReturn[0].n} |`,
      `| store back to an empty backlog (the load went on for 10 s of it) | ${backlogEmptyS.toFixed(1)} s |`,
      '',
      `Outages under load: ${ok ? 'met' : 'NOT met'}.`,
    ].join('\n');
    console.log(table);
    return { ok, table };
  } finally {
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
    await direct.end().catch(() => {});
    await stopInstances(processes);
    dbProxy.restore();
    s3Proxy.restore();
    await dbProxy.close();
    await s3Proxy.close();
    await s3.close();
    await database.drop();
  }
}
