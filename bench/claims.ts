/**
 * Job claims against the number of due jobs, on PostgreSQL: a worker's claim (the runner's own statement,
 * claimStatement, four slots) timed with 1,000, 100,000 and 1,000,000 due jobs of one queue, half of them one
 * company's flood and the rest spread over 49 other companies, 4 jobs running. Each claim runs in a transaction that
 * is rolled back, so every claim of a size meets the same queue. Baseline, in the same run: the claim at the smallest
 * size. Target: p95 at 1,000,000 due jobs within 2x of it. For contrast, the claim the runner used before (a window
 * over every due job of the queue) at the same sizes, and the new claim with the jobs spread over 1,000 companies
 * (its cost follows the companies with queued work, not the jobs).
 *
 *   npm run bench -- claims        (CLAIMS_SIZES=1000,20000 for a quick run; a database `bench_claims` on
 *                                   BENCH_DATABASE_URL's server, 127.0.0.1:5432 by default)
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openPostgres } from '../server/src/db/client.ts';
import { claimStatement } from '../server/src/jobs/queue.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(repoRoot, 'bench/results/claims.md');
const SIZES = (process.env.CLAIMS_SIZES ?? '1000,100000,1000000').split(',').map(Number);
const NAME = 'bench.claim';
const SLOTS = 4;
const SAMPLES = 200;
/** The window over every due job costs seconds at a million: fewer samples of it. */
const WINDOW_SAMPLES = (size: number) => (size >= 500_000 ? 5 : size >= 50_000 ? 20 : SAMPLES);
export const TARGET_RATIO = 2;

/** The claim the runner used before: every due job of the queue ranked by a window, at each claim. */
const windowClaimStatement = (limit: number, lockMs: number): SQL => sql`
  UPDATE jobs SET status = 'running', attempts = attempts + 1, lock_token = gen_random_uuid(),
    locked_until = now() + make_interval(secs => ${lockMs / 1000})
  WHERE id IN (
    SELECT id FROM jobs
    WHERE id IN (
      SELECT id FROM (
        SELECT id, run_at, busy, company_id,
          row_number() OVER (PARTITION BY company_id ORDER BY busy DESC, run_at, id) AS turn
        FROM (
          SELECT id, run_at, company_id, (status = 'running' AND locked_until >= now()) AS busy
          FROM jobs
          WHERE name IN (${NAME}) AND (status = 'running' OR (status = 'queued' AND run_at <= now()))
        ) candidates
      ) lines
      WHERE NOT busy
      ORDER BY turn, run_at, id
      LIMIT ${limit}
    )
      AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
    FOR UPDATE SKIP LOCKED
  )
  RETURNING id, company_id`;

async function openBenchDatabase() {
  const name = 'bench_claims';
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query(`select 1 from pg_database where datname = $1`, [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.href, undefined, 600_000); // migrates; seeding a million rows takes a while
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  return { database, client };
}

/** The queue as the size asks: `size` due jobs over `companies` companies (half the first's), 4 running. */
async function seed(client: pg.Client, size: number, companies: number) {
  await client.query(`delete from jobs`);
  await client.query(
    `insert into jobs (name, payload, status, run_at, company_id, max_attempts)
     select $1, '{}'::jsonb, 'queued', now() - interval '1 hour' + g * interval '1 millisecond',
       case when g % 2 = 0 then 1 else 2 + g % ($3 - 1) end, 3
     from generate_series(1, $2) g`,
    [NAME, size, companies],
  );
  await client.query(
    `insert into jobs (name, payload, status, run_at, company_id, locked_until, lock_token, attempts)
     select $1, '{}'::jsonb, 'running', now() - interval '2 hours', g, now() + interval '1 hour', gen_random_uuid(), 1
     from generate_series(1, 4) g`,
    [NAME],
  );
  await client.query(`vacuum analyze jobs`);
}

const dialect = new PgDialect();

/** Each claim's time in ms, in a transaction rolled back after it (the queue stays as seeded). */
async function timeClaims(client: pg.Client, statement: SQL, samples: number): Promise<number[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const ms: number[] = [];
  for (let i = 0; i < samples; i++) {
    await client.query('begin');
    const t = process.hrtime.bigint();
    const res = await client.query(text, params);
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
    await client.query('rollback');
    if (res.rowCount !== SLOTS) throw new Error(`a claim took ${res.rowCount} jobs, not ${SLOTS}`);
  }
  return ms.sort((a, b) => a - b);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

interface Row {
  label: string;
  size: number;
  companies: number;
  claim: number[];
  window?: number[];
}

export async function runClaimsBench() {
  const { database, client } = await openBenchDatabase();
  const rows: Row[] = [];
  try {
    const claim = claimStatement([NAME], SLOTS, 300_000, []);
    for (const size of SIZES) {
      const started = Date.now();
      await seed(client, size, 50);
      console.log(`  ${size.toLocaleString('en')} due jobs seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
      rows.push({
        label: `${size.toLocaleString('en')} due jobs, 50 companies`,
        size,
        companies: 50,
        claim: await timeClaims(client, claim, SAMPLES),
        window: await timeClaims(client, windowClaimStatement(SLOTS, 300_000), WINDOW_SAMPLES(size)),
      });
    }
    const spreadSize = SIZES[Math.min(1, SIZES.length - 1)];
    await seed(client, spreadSize, 1000);
    rows.push({
      label: `${spreadSize.toLocaleString('en')} due jobs, 1,000 companies`,
      size: spreadSize,
      companies: 1000,
      claim: await timeClaims(client, claim, SAMPLES),
    });
    await client.query(`delete from jobs`);
  } finally {
    await client.end();
    await database.close();
  }
  const baseline = pct(rows[0].claim, 0.95);
  const largest = rows.filter((r) => r.companies === 50).at(-1)!;
  const ratio = pct(largest.claim, 0.95) / baseline;
  const ok = ratio <= TARGET_RATIO;
  const f = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(2));
  const lines = [
    '# Job claims',
    '',
    `Run ${new Date().toISOString()} on ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}; PostgreSQL; one claim of ${SLOTS} slots (the runner's statement), ${SAMPLES} per size, each rolled back so the queue stays as seeded; 4 jobs running.`,
    '',
    '| due jobs of the queue | claim median ms | claim p95 ms | claim p99 ms | ratio (p95 against the smallest) | before: window over the due jobs, median ms | before p95 ms | target |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const p95 = pct(r.claim, 0.95);
      const isLargest = r === largest;
      return `| ${r.label} | ${f(pct(r.claim, 0.5))} | ${f(p95)} | ${f(pct(r.claim, 0.99))} | ${(p95 / baseline).toFixed(2)}x | ${r.window ? f(pct(r.window, 0.5)) : ''} | ${r.window ? f(pct(r.window, 0.95)) : ''} | ${isLargest ? `p95 ≤ ${TARGET_RATIO}x of the smallest ${ok ? 'met' : 'MISSED'}` : ''} |`;
    }),
    '',
    "Half of the due jobs are one company's flood (a bulk import), the rest spread evenly over the other companies. The claim skips through the companies with queued work by index, one probe each, then reads each one's oldest due jobs: its cost follows the companies waiting, not the jobs (the last row).",
    '',
  ];
  writeFileSync(RESULTS, lines.join('\n'));
  console.log(lines.slice(2).join('\n'));
  return { ok, ratio };
}
