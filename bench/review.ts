/**
 * Issue: the reviewer's workspace. From a decision key (A on an item of the review queue) to the next item shown, in
 * Chromium, on a portal over PostgreSQL holding 100,000 submissions; against opening that same next item directly (its
 * address loaded in a fresh tab: the page's code, the session, the item's detail and context) in the same run.
 *
 *   npm run bench -- review [--runs 30]      prints the table and writes bench/results/review.md
 *
 * BENCH_DATABASE_URL names the PostgreSQL server (default: the local one); a database of its own is made and dropped.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, queryRows } from '../server/src/db/client.ts';
import { rebuildCounts } from '../server/src/modules/submissions/counts.ts';
import { startPortal, type PortalProcess } from '../e2e/support/portal-process.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(repoRoot, 'bench/results/review.md');
const PORT = 3991 + Number(process.env.E2E_PORT_OFFSET ?? 0);
const SIZE = 100_000;
const PARTNER = 30443;
export const TARGETS = { medianMs: 150 };
const BASE = 20_000_000;
const COMPANIES = 1_000;
const STATUSES = ['SUBMITTED', 'ACCEPTED', 'AUTO_REJECTED', 'ADMIN_REJECTED', 'CATALOGUED'];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (v: number) => v.toFixed(0);

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_review_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/**
 * 100,000 submissions of 1,000 companies by SQL, a fifth of each status, a third of them sent to Fresh Market Grocers,
 * each with one file and its history row; submitted over the past 100,000 seconds. Then the counts and statistics.
 */
async function seed(url: string) {
  const database = await openPostgres(url);
  const db = database.db;
  try {
    await db.execute(sql`
      insert into companies (id, name, kind)
      select ${BASE}::int + c, 'Review Bench Company ' || c, 'supplier' from generate_series(0, ${COMPANIES}) c`);
    await db.execute(sql`
      insert into users (id, company_id, email, first_name, last_name, password_hash)
      select ${BASE}::int + c, ${BASE}::int + c, 'review-bench-' || c || '@example.com', 'Bench', 'User ' || c, 'x'
      from generate_series(0, ${COMPANIES}) c`);
    await db.execute(sql`
      insert into product_submissions (company_id, user_id, partner_company_id, upc, ean13_upc, product_name, item_status,
        submitted_at, created_at, updated_at)
      select owner, owner, case when g % 3 = 0 then ${PARTNER}::int end,
        lpad((g % 1000000000000)::text, 13, '0'), lpad((g % 1000000000000)::text, 13, '0'), 'Bench product ' || g,
        (array[${sql.join(
          STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )}])[1 + g % ${STATUSES.length}],
        now() - (${SIZE}::bigint - g) * interval '1 second', now() - (${SIZE}::bigint - g) * interval '1 second',
        now() - (${SIZE}::bigint - g) * interval '1 second'
      from generate_series(1, ${SIZE}::bigint) g,
        lateral (select ${BASE}::int + ((g * 2654435761) % ${COMPANIES})::int as owner) o`);
    await db.execute(sql`
      insert into submission_files (submission_id, file_name, storage_key, kind, size, position, detection_status,
        detected_upcs, quality_issues)
      select id, 'front.png', 'bench/none/' || id, 'png', 1000, 0, 'done', array[upc],
        case when right(upc, 1) = '7' then '[{"code":"BLURRY"}]'::jsonb else '[]'::jsonb end
      from product_submissions where company_id >= ${BASE}`);
    await db.execute(sql`
      insert into submission_history (submission_id, user_id, from_status, to_status, at)
      select id, user_id, 'IN_PROGRESS', 'SUBMITTED', submitted_at from product_submissions where company_id >= ${BASE}`);
    await rebuildCounts(db);
    await db.execute(sql`vacuum analyze`);
    const [n] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from product_submissions where item_status = 'SUBMITTED' and partner_company_id = ${PARTNER}`,
    );
    return Number(n.n);
  } finally {
    await database.close();
  }
}

/** ms from the key going down to the frame whose h1 names another item, by the page's own clock; and its address. */
async function decideAndTime(page: Page): Promise<{ ms: number; url: string }> {
  const before = await page.locator('h1').textContent();
  // (Strings, not functions: tsx would wrap a named inner function in a helper the page does not have.)
  await page.evaluate(`(() => {
    window.__t0 = null; window.__shown = null;
    window.addEventListener('keydown', () => { window.__t0 = performance.now(); }, { capture: true, once: true });
    const before = ${JSON.stringify(before)};
    const tick = () => {
      const h = document.querySelector('h1');
      if (h && h.textContent !== before && h.textContent.startsWith('Review ')) window.__shown = performance.now();
      else requestAnimationFrame(tick);
    };
    tick();
  })()`);
  await page.keyboard.press('a');
  await page.waitForFunction(() => (window as unknown as { __shown: number | null }).__shown !== null, undefined, {
    timeout: 30_000,
  });
  const took = await page.evaluate<number>('window.__shown - window.__t0');
  return { ms: took, url: page.url() };
}

/** Opening the item's address in a fresh tab: ms from the navigation's start to the frame that shows its heading. */
async function openDirectly(browser: Browser, storage: string, url: string): Promise<number> {
  const context = await browser.newContext({ storageState: JSON.parse(storage) as never });
  const page = await context.newPage();
  try {
    await page.addInitScript(`(() => {
      window.__shown = null;
      const tick = () => {
        const h = document.querySelector('h1');
        if (h && h.textContent.startsWith('Review ')) window.__shown = performance.now();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __shown: number | null }).__shown !== null, undefined, {
      timeout: 30_000,
    });
    return await page.evaluate<number>('window.__shown');
  } finally {
    await context.close();
  }
}

export interface ReviewBenchResult {
  ok: boolean;
  decision: { median: number; p95: number };
  direct: { median: number; p95: number };
}

export async function runReviewBench(runs = 30): Promise<ReviewBenchResult> {
  const database = await createDatabase();
  let portal: PortalProcess | undefined;
  let browser: Browser | undefined;
  try {
    // The portal migrates the new database and makes its demo data; then the bulk of the rows.
    portal = await startPortal(PORT, {
      DATABASE_URL: database.url,
      DEMO_DATA: 'on',
      SESSION_SECRET: randomBytes(32).toString('hex'),
    });
    const started = Date.now();
    const pending = await seed(database.url);
    console.log(`  seeded ${SIZE.toLocaleString('en')} submissions in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const context = await browser.newContext({ baseURL: portal.url });
    const login = await context.request.post('/api/auth/login', {
      form: { username: 'admin@example.com', password: 'Admin-demo-1' },
      headers: { origin: portal.url },
    });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
    const storage = JSON.stringify(await context.storageState());
    const page = await context.newPage();
    // The queue of one partner's pending items, oldest first: 100,000 rows behind it.
    await page.goto(`/review?partner=${PARTNER}`);
    const first = page.getByRole('table').getByRole('link').first();
    await page.goto(`${portal.url}${await first.getAttribute('href')}`);
    await page.locator('h1', { hasText: 'Review ' }).waitFor();
    // Warm-up: the first decisions pay for the code of the dialogs and the statements' first plans.
    for (let i = 0; i < 3; i++) await decideAndTime(page);
    const decision: number[] = [];
    const direct: number[] = [];
    for (let i = 0; i < runs; i++) {
      const shown = await decideAndTime(page);
      decision.push(shown.ms);
      direct.push(await openDirectly(browser, storage, shown.url));
      console.log(
        `  run ${i + 1}: decision to next item ${ms(decision.at(-1)!)} ms, opened directly ${ms(direct.at(-1)!)} ms`,
      );
    }
    const summary = (v: number[]) => ({ median: percentile(v, 50), p95: percentile(v, 95) });
    const result: ReviewBenchResult = { decision: summary(decision), direct: summary(direct), ok: false };
    result.ok = result.decision.median <= TARGETS.medianMs;
    const report = [
      `A decision key (A) to the next item shown on the review view, Chromium, portal on PostgreSQL with ` +
        `${SIZE.toLocaleString('en')} submissions (${pending.toLocaleString('en')} pending for the partner in the queue), ` +
        `${runs} runs after 3 warm-up decisions, each followed by opening that same item directly in a fresh tab ` +
        `(load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores when it ended).`,
      '',
      '| | median ms | p95 ms | median vs opened directly |',
      '|---|---|---|---|',
      `| decision key to next item shown | ${ms(result.decision.median)} | ${ms(result.decision.p95)} | ${(result.decision.median / result.direct.median).toFixed(2)}× |`,
      `| the same item opened directly (its address in a fresh tab) | ${ms(result.direct.median)} | ${ms(result.direct.p95)} | 1.00× |`,
      '',
      `Target: median ≤ ${TARGETS.medianMs} ms: ${result.ok ? 'met' : 'NOT met'}.`,
      '',
    ].join('\n');
    console.log(report);
    writeFileSync(RESULTS, report);
    return result;
  } finally {
    await browser?.close();
    await portal?.stop();
    await database.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--runs');
  const result = await runReviewBench(at > 0 ? Number(process.argv[at + 1]) : 30);
  if (!result.ok) process.exitCode = 1;
}
