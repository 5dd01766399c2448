/**
 * Activity list benchmark: 100,000 submissions across 200 companies; the activity query of one company and tab
 * through the real GraphQL API, at 32 concurrent clients, against a bare Fastify route answering the same JSON,
 * measured in the same run. On PGlite and, when one answers, on the PostgreSQL server.
 *
 *   node --import tsx bench/activity.ts [--count 100000]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPglite, openPostgres } from '../server/src/db/client.ts';
import { BENCH_PASSWORD, benchUser, seedActivity } from './support/seed-activity.ts';
import { fetchClient, leanClient, load } from './support/load.ts';
import { waitFor } from './support/wait-for.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(repoRoot, 'bench/results/activity.md');
const QUERY = `query($tab: ActivityTab) { getProductSubmissionsByStatuses(tab: $tab) { total items { kind id upc productName itemStatus updatedDate fileCount canDelete } } }`;

interface Figures {
  rps: number;
  median: number;
  p99: number;
  errors: number;
  requests: number;
  latencies?: number[];
}
const ROUNDS = 3;
/** The PGlite server's port (its bare route one above); the PostgreSQL one two above. */
const PORT = 3971 + Number(process.env.E2E_PORT_OFFSET ?? 0);

/** Several rounds as one: requests and errors add up, percentiles over every request. */
function combine(rounds: Figures[], seconds: number): Figures {
  const latencies = rounds.flatMap((r) => r.latencies ?? []).sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  const requests = rounds.reduce((n, r) => n + r.requests, 0);
  return {
    requests,
    rps: requests / seconds,
    median: at(0.5),
    p99: at(0.99),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
  };
}
export interface ActivityBenchRow {
  database: string;
  client: ClientKind;
  portal: Figures;
  bare: Figures;
  ratio: number;
}

/** The target is judged on the fetch client; the lean one shows how much of the servers' cost fetch hides. */
export type ClientKind = 'fetch' | 'node:http';
const CLIENTS: [ClientKind, typeof fetchClient][] = [
  ['fetch', fetchClient],
  ['node:http', leanClient],
];

/**
 * The portal's activity list against the bare route, both served from `env`'s database, signed in as `username`
 * (benchUser(1) unless given): one row per client kind.
 */
export async function measureMode(
  database: string,
  env: Record<string, string>,
  work: string,
  port: number,
  seconds: number,
  username = benchUser(1),
): Promise<ActivityBenchRow[]> {
  const children: ChildProcess[] = [];
  try {
    const server = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/src/main.ts')], {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ROLE: 'web',
        // No load balancer to drain: the listener closes at once when the measurement ends.
        SHUTDOWN_DRAIN_SECONDS: '0',
        LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
        GRAPHQL_RATE_LIMIT_PER_MINUTE: '1000000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(server);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/feature-flags/enabled`, server);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ username, password: BENCH_PASSWORD }),
    });
    if (!login.ok) throw new Error(`login failed ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const post = (url: string) => ({
      url,
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY, variables: { tab: 'pending' } }),
    });
    const sample = await (await fetch(`${base}/graphql`, { method: 'POST', ...post(`${base}/graphql`) })).text();
    if (!sample.includes('"total"')) throw new Error(`unexpected answer ${sample.slice(0, 200)}`);

    const bodyFile = path.join(work, `${database}-body.json`);
    writeFileSync(bodyFile, sample);
    const bare = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'bench/support/bare-json-server.ts')],
      {
        env: { ...process.env, PORT: String(port + 1), BODY_FILE: bodyFile },
        stdio: 'inherit',
      },
    );
    children.push(bare);
    await waitFor(`http://127.0.0.1:${port + 1}/`, bare);

    const rows: ActivityBenchRow[] = [];
    for (const [client, makeClient] of CLIENTS) {
      const portalAt = makeClient(post(`${base}/graphql`));
      const bareAt = makeClient(post(`http://127.0.0.1:${port + 1}/graphql`));
      await load(portalAt, { seconds: 1 }); // warm-up
      await load(bareAt, { seconds: 1 });
      // Alternating rounds: both sides see the same machine. This one's speed drifts by a third within a minute.
      const portalRounds: Figures[] = [];
      const bareRounds: Figures[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        portalRounds.push(await load(portalAt, { seconds: seconds / ROUNDS }));
        bareRounds.push(await load(bareAt, { seconds: seconds / ROUNDS }));
      }
      const portal = combine(portalRounds, seconds);
      const bareFigures = combine(bareRounds, seconds);
      rows.push({ database, client, portal, bare: bareFigures, ratio: portal.rps / bareFigures.rps });
    }
    return rows;
  } finally {
    // Gone before the next measurement takes the same ports: a server that still listened would answer its requests.
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
          }),
      ),
    );
  }
}

export async function runActivityBench({ count = 100_000, seconds = 12, write = true, log = console.log } = {}) {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-activity-'));
  const rows: ActivityBenchRow[] = [];
  try {
    const dataDir = path.join(work, 'pglite');
    const embedded = await openPglite(dataDir);
    await seedActivity(embedded.db, { count });
    await embedded.close();
    rows.push(...(await measureMode('PGlite', { DATA_DIR: dataDir }, work, PORT, seconds)));

    const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const admin = new pg.Client({ connectionString: adminUrl });
    const reachable = await admin.connect().then(
      () => true,
      () => false,
    );
    if (reachable) {
      const name = `bench_activity_${process.pid}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      try {
        // The seed is a statement of seconds, longer on a busy machine: no query limit.
        const server = await openPostgres(url.href, undefined, 0);
        await seedActivity(server.db, { count });
        await server.close();
        rows.push(
          ...(await measureMode(
            'PostgreSQL',
            { DATABASE_URL: url.href, SESSION_SECRET: 'b'.repeat(40), DATA_DIR: path.join(work, 'pg') },
            work,
            PORT + 2,
            seconds,
          )),
        );
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const table = [
    `Activity list (tab Pending Review, one company, page of 10) with ${count.toLocaleString('en')} submissions across 200 companies; 32 concurrent clients, ${seconds} s each for the portal and the bare route, in ${ROUNDS} alternating rounds`,
    '',
    '| database | client | portal req/s | median ms | p99 ms | errors | bare Fastify req/s | bare median ms | portal / bare |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.client} | ${r.portal.rps.toFixed(0)} | ${r.portal.median.toFixed(1)} | ${r.portal.p99.toFixed(1)} | ${r.portal.errors} | ${r.bare.rps.toFixed(0)} | ${r.bare.median.toFixed(1)} | ${(r.ratio * 100).toFixed(0)}% |`,
    ),
    '',
    "Target: at least 40% of the bare route's throughput on PostgreSQL, judged with the fetch client.",
    '',
    "The load runs on the same two cores as the servers (and PostgreSQL), so the client's own work is part of both",
    'figures. fetch spends about 0.8 ms of CPU a request; the node:http client a fraction of that, which lets the bare',
    'route (a fixed string) run far faster while the portal, whose PostgreSQL alone spends about 0.25 ms a request on',
    "the same cores, cannot follow. Read that row as the servers' own cost ratio. The bare route answers the portal's",
    'bytes: compressed as the portal compresses them for the client (gzip for fetch, none for node:http).',
    '',
  ].join('\n');
  log(table);
  if (write) {
    mkdirSync(path.dirname(RESULTS), { recursive: true });
    writeFileSync(RESULTS, `# Activity list benchmark\n\n${table}`);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--count');
  await runActivityBench({ count: i > 0 ? Number(process.argv[i + 1]) : 100_000 });
}
