/**
 * Load benchmark: `users` signed-in suppliers (each of their own company) browse their activity tabs and submit
 * drafts (upload an image, name it, submit) for `seconds`, against the portal (web and worker) on the PostgreSQL
 * server, on loopback only. Reports per-operation counts, errors, median and p99 latency.
 *
 *   node --import tsx bench/load.ts [--users 50] [--seconds 60]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { gs1CheckDigit } from '@portal/domain';
import { openPostgres } from '../server/src/db/client.ts';
import { BENCH_PASSWORD, benchUser, seedActivity } from './support/seed-activity.ts';
import { waitFor } from './support/wait-for.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(repoRoot, 'bench/results/load.md');
const TABS = ['requires_action', 'pending', 'all', 'accepted', 'rejected'];
const ACTIVITY = `query($tab: ActivityTab, $page: Int) { getProductSubmissionsByStatuses(tab: $tab, page: $page) { total items { kind id upc productName itemStatus updatedDate fileCount canDelete } } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`;
const SUBMIT = `mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`;

export interface OperationFigures {
  operation: string;
  count: number;
  errors: number;
  median: number;
  p99: number;
}
export interface LoadResult {
  users: number;
  seconds: number;
  operations: OperationFigures[];
  total: OperationFigures;
  firstErrors: string[];
}

/** A valid, unrestricted UPC-A per user and iteration (prefix 7: regular products). */
function uniqueUpc(user: number, n: number): string {
  const body = `7${String(user).padStart(3, '0')}${String(n).padStart(7, '0')}`.slice(0, 11);
  return body + gs1CheckDigit(body);
}

const figures = (operation: string, samples: number[], errors: number): OperationFigures => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { operation, count: samples.length, errors, median: at(0.5), p99: at(0.99) };
};

/** Runs the load against a portal at `base`; the users bench-1..bench-N must exist. */
export async function driveLoad(base: string, { users = 50, seconds = 60 } = {}): Promise<LoadResult> {
  const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c8d2dc' } })
    .png()
    .toBuffer();
  const samples = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const firstErrors: string[] = [];
  const record = async (operation: string, fn: () => Promise<Response>) => {
    const start = performance.now();
    let ok = false;
    try {
      const res = await fn();
      const body = await res.text();
      ok = res.ok && !body.includes('"errors"');
      if (!ok && firstErrors.length < 5) firstErrors.push(`${operation} ${res.status}: ${body.slice(0, 200)}`);
      (samples.get(operation) ?? samples.set(operation, []).get(operation)!).push(performance.now() - start);
      return ok ? body : null;
    } catch (err) {
      if (firstErrors.length < 5) firstErrors.push(`${operation}: ${(err as Error).message}`);
      return null;
    } finally {
      if (!ok) errors.set(operation, (errors.get(operation) ?? 0) + 1);
    }
  };

  const sessions = await Promise.all(
    Array.from({ length: users }, async (_, i) => {
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
        body: new URLSearchParams({ username: benchUser(i + 1), password: BENCH_PASSWORD }),
      });
      if (!login.ok) throw new Error(`login of ${benchUser(i + 1)} failed: ${login.status}`);
      return login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    }),
  );

  const end = performance.now() + seconds * 1000;
  await Promise.all(
    sessions.map(async (cookie, user) => {
      const headers = { cookie, origin: base };
      const graphql = (query: string, variables: object) => () =>
        fetch(`${base}/graphql`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables }),
        });
      for (let n = 0; performance.now() < end; n++) {
        if (n % 5 !== 4) {
          await record('browse activity', graphql(ACTIVITY, { tab: TABS[n % TABS.length], page: n % 3 }));
          continue;
        }
        // Every fifth step submits a new product: upload, describe, submit.
        const form = new FormData();
        form.append('files', new Blob([image], { type: 'image/png' }), `product-${n}.png`);
        const created = await record('upload draft', () =>
          fetch(`${base}/api/draftSubmissions`, { method: 'POST', headers, body: form }),
        );
        if (!created) continue;
        const id = (JSON.parse(created) as { id: string }).id;
        const described = await record(
          'describe draft',
          graphql(UPDATE, {
            id,
            input: {
              files: [
                { fileName: `product-${n}.png`, upc: uniqueUpc(user + 1, n), productName: `Load test product ${n}` },
              ],
            },
          }),
        );
        if (!described) continue;
        await record('submit draft', graphql(SUBMIT, { id }));
      }
    }),
  );

  const operations = [...samples.keys()].map((op) => figures(op, samples.get(op)!, errors.get(op) ?? 0));
  const total = figures(
    'all',
    [...samples.values()].flat(),
    [...errors.values()].reduce((a, b) => a + b, 0),
  );
  return { users, seconds, operations, total, firstErrors };
}

export function loadTable(r: LoadResult): string {
  const row = (f: OperationFigures) =>
    `| ${f.operation} | ${f.count} | ${(f.count / r.seconds).toFixed(1)} | ${f.errors} | ${f.median.toFixed(1)} | ${f.p99.toFixed(1)} |`;
  return [
    `${r.users} signed-in suppliers for ${r.seconds} s against the portal (web and worker in one process) on the PostgreSQL server; each browses activity tabs and every fifth step submits a new product (upload, describe, submit).`,
    '',
    '| operation | requests | per second | errors | median ms | p99 ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...r.operations.map(row),
    row(r.total),
    '',
  ].join('\n');
}

export async function runLoadBench({
  users = 50,
  seconds = 60,
  write = true,
  log = console.log,
} = {}): Promise<LoadResult> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `bench_load_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const work = mkdtempSync(path.join(tmpdir(), 'bench-load-'));
  let server: ChildProcess | undefined;
  try {
    const database = await openPostgres(url.href);
    await seedActivity(database.db, { count: 20_000, companies: Math.max(users, 200) });
    await database.close();
    const port = 3975;
    server = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/src/main.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: url.href,
        SESSION_SECRET: 'l'.repeat(40),
        DATA_DIR: path.join(work, 'data'),
        PORT: String(port),
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
        // The benchmark's users click far faster than people: the per-user GraphQL limit would measure itself.
        GRAPHQL_RATE_LIMIT_PER_MINUTE: '1000000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health`, server);
    const result = await driveLoad(base, { users, seconds });
    log(loadTable(result));
    if (result.firstErrors.length) log(`First errors:\n${result.firstErrors.join('\n')}`);
    if (write) {
      mkdirSync(path.dirname(RESULTS), { recursive: true });
      writeFileSync(RESULTS, `# Load benchmark\n\n${loadTable(result)}`);
    }
    return result;
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (flag: string, fallback: number) => {
    const i = process.argv.indexOf(flag);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  await runLoadBench({ users: arg('--users', 50), seconds: arg('--seconds', 60) });
}
