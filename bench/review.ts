/**
 * Issue: the reviewer's workspace. The keys and the time of four ways through an item of the review queue, from the
 * keyboard alone: accept (A), reject with a stock reason (R, its number, Enter), a comment on a field then reject, a
 * comment on a region of the image then reject. Each from its first key, and from its decision key, to the next item
 * shown, in Chromium, on a portal over PostgreSQL holding 100,000 submissions; against opening that same next item
 * directly (its address loaded in a fresh tab: the page's code, the session, the item's detail and context) in the
 * same run.
 *
 *   npm run bench -- review [--runs 30]      prints the table and writes bench/results/review.md
 *
 * CHROMIUM_PATH names the browser (default /usr/bin/chromium; /usr/bin/chromium-headless-shell where only that is).
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
// Below the split view's 1280 px: the queue's links open the item's own page (/review/:id), as in the browser tests.
const VIEWPORT = { width: 1200, height: 800 };
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

/** Every key the bench sends, counted; typed text apart (a flow takes "so many keys plus the text"). */
function countingKeyboard(page: Page) {
  let pressed: string[] = [];
  let typed = 0;
  return {
    press: async (key: string) => {
      pressed.push(key);
      await page.keyboard.press(key);
    },
    type: async (text: string) => {
      typed += text.length;
      await page.keyboard.type(text);
    },
    /** The keys pressed and the characters typed since the last take. */
    take: () => {
      const keys = { pressed, typed };
      pressed = [];
      typed = 0;
      return keys;
    },
  };
}
type Keyboard = ReturnType<typeof countingKeyboard>;

const REASONS = ['The barcode on the photo does not match the UPC.', 'The photo is blurred.', 'The pack is not shown.'];
const UPC_COMMENT = 'The UPC on the pack ends in 7.';
const REGION_COMMENT = 'Glare on the code.';

/** A reviewer's way through one item, from the keyboard alone, and what it leaves on the item. */
interface Flow {
  name: string;
  /** The most keys the issue allows (typed text apart), when it sets one. */
  maxKeys: number | null;
  keys: (k: Keyboard) => Promise<void>;
  /** The item's status afterwards, and its comments with the rejection (with a region for how many). */
  outcome: { status: string; comments: number; regions: number };
}

const FLOWS: Flow[] = [
  {
    name: 'accept',
    maxKeys: 1,
    keys: (k) => k.press('a'),
    outcome: { status: 'ACCEPTED', comments: 0, regions: 0 },
  },
  {
    name: 'stock-reason reject',
    maxKeys: null,
    keys: async (k) => {
      await k.press('r');
      await k.press('1');
      await k.press('Enter');
    },
    outcome: { status: 'ADMIN_REJECTED', comments: 0, regions: 0 },
  },
  {
    // C takes the comment box (about the UPC at first), Enter adds the comment and gives the item the focus back.
    name: 'commented reject',
    maxKeys: 4,
    keys: async (k) => {
      await k.press('c');
      await k.type(UPC_COMMENT);
      await k.press('Enter');
      await k.press('r');
      await k.press('Enter');
    },
    outcome: { status: 'ADMIN_REJECTED', comments: 1, regions: 0 },
  },
  {
    // M marks the middle of the image (the arrows would move it), C writes about that region.
    name: 'region comment',
    maxKeys: 5,
    keys: async (k) => {
      await k.press('m');
      await k.press('c');
      await k.type(REGION_COMMENT);
      await k.press('Enter');
      await k.press('r');
      await k.press('Enter');
    },
    outcome: { status: 'ADMIN_REJECTED', comments: 1, regions: 1 },
  },
];

interface FlowTiming {
  /** The first key of the flow going down to the frame whose h1 names another item. */
  flowMs: number;
  /** The decision key (the last one: A, or Enter in the reason picker) going down to that frame. */
  decisionMs: number;
  /** The decision's request (POST /api/review/decisions) as the browser timed it: sent and answered, after the key. */
  sentMs: number;
  answeredMs: number;
  url: string;
  decidedId: string;
}

/** One flow on the item on show, timed by the page's own clock (the keys' own time stamps); the next item's address. */
async function runFlow(page: Page, keyboard: Keyboard, flow: Flow): Promise<FlowTiming> {
  const before = await page.locator('h1').textContent();
  const decidedId = new URL(page.url()).pathname.split('/').pop()!;
  // (Strings, not functions: tsx would wrap a named inner function in a helper the page does not have.)
  await page.evaluate(`(() => {
    window.__first = null; window.__last = null; window.__shown = null;
    performance.clearResourceTimings();
    const onKey = (e) => {
      if (window.__shown !== null) return;
      if (window.__first === null) window.__first = e.timeStamp;
      window.__last = e.timeStamp;
    };
    window.addEventListener('keydown', onKey, { capture: true });
    const before = ${JSON.stringify(before)};
    const tick = () => {
      const h = document.querySelector('h1');
      if (h && h.textContent !== before && h.textContent.startsWith('Review ')) {
        window.__shown = performance.now();
        window.removeEventListener('keydown', onKey, { capture: true });
      } else requestAnimationFrame(tick);
    };
    tick();
  })()`);
  await flow.keys(keyboard);
  await page.waitForFunction(() => (window as unknown as { __shown: number | null }).__shown !== null, undefined, {
    timeout: 30_000,
  });
  const [flowMs, decisionMs, sentMs, answeredMs] = await page.evaluate<[number, number, number, number]>(`(() => {
    const request = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('/api/review/decisions')).pop();
    return [
      window.__shown - window.__first,
      window.__shown - window.__last,
      request ? request.startTime - window.__last : NaN,
      request ? request.responseEnd - window.__last : NaN,
    ];
  })()`);
  if (Number.isNaN(sentMs)) throw new Error(`${flow.name}: no decision request seen`);
  return { flowMs, decisionMs, sentMs, answeredMs, url: page.url(), decidedId };
}

/** The decided item's status and the comments its rejection carried: the flow did what it says. */
async function checkOutcome(db: pg.Client, flow: Flow, id: string) {
  const { rows } = await db.query<{ status: string; comments: number; regions: number }>(
    `select s.item_status as status,
       (select count(*)::int from submission_comments c where c.submission_id = s.id) as comments,
       (select count(*)::int from submission_comments c where c.submission_id = s.id and c.target = 'region'
          and c.region is not null) as regions
     from product_submissions s where s.id = $1`,
    [id],
  );
  const got = rows[0];
  const want = flow.outcome;
  if (!got || got.status !== want.status || got.comments !== want.comments || got.regions !== want.regions)
    throw new Error(`${flow.name} on ${id} left ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
}

/** Opening the item's address in a fresh tab: ms from the navigation's start to the frame that shows its heading. */
async function openDirectly(browser: Browser, storage: string, url: string): Promise<number> {
  const context = await browser.newContext({ storageState: JSON.parse(storage) as never, viewport: VIEWPORT });
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

interface Summary {
  median: number;
  p95: number;
}
const summary = (v: number[]): Summary => ({ median: percentile(v, 50), p95: percentile(v, 95) });

export interface FlowResult {
  name: string;
  /** The keys pressed (the same every run: the bench checks it), typed text apart. */
  keys: string[];
  typed: number;
  maxKeys: number | null;
  keysMet: boolean;
  flow: Summary;
  decision: Summary;
  /** The decision's request, sent and answered, ms after the decision key. */
  sent: Summary;
  answered: Summary;
  /** The same next items opened directly in a fresh tab. */
  direct: Summary;
  timeMet: boolean;
}

export interface ReviewBenchResult {
  ok: boolean;
  flows: FlowResult[];
  /** Every direct opening of the run. */
  direct: Summary;
}

const keyName = (k: string) => (k.length === 1 ? k.toUpperCase() : k);

function report(result: ReviewBenchResult, pending: number, runs: number, browserPath: string, loadAtStart: number) {
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  const keysCell = (f: FlowResult) =>
    `${f.keys.length}${f.typed ? ' plus the text' : ''} (${f.keys.map(keyName).join(', ')})`;
  const keysTarget = (f: FlowResult) =>
    f.maxKeys === null
      ? 'none set'
      : `≤ ${f.maxKeys}${f.typed ? ' plus the text' : ''}: ${f.keysMet ? 'met' : `**NOT met** (${f.keys.length})`}`;
  return [
    `Four reviewer flows on the review view (/review/:id), from the keyboard alone, in Chromium ` +
      `(${path.basename(browserPath)}, headless), portal on PostgreSQL with ${SIZE.toLocaleString('en')} submissions ` +
      `(${pending.toLocaleString('en')} pending for the partner in the queue, oldest first). ` +
      `${runs} runs per flow, the four flows taking turns, after 3 warm-up accepts and one warm-up of each flow; each ` +
      `decision followed by opening the item it led to directly in a fresh tab (the page's code, the session, the ` +
      `item's detail and context). Run ${new Date().toISOString()}, load average ${loadAtStart.toFixed(1)} when the runs ` +
      `began and ${loadavg()[0].toFixed(1)} when they ended, on ${cpus().length} cores (the machine shared with other ` +
      `work).`,
    '',
    'Keys: every key the bench pressed, counted by a wrapper around the keyboard; the comment text (typed a key per ' +
      'character) is counted apart as "plus the text". Time: from the key going down (its event time) to the first ' +
      'frame whose h1 names the next item, by the page\'s clock. "Flow" starts at the first key of the flow (it ' +
      'includes the typing, at the bench\'s speed); "decision key" at the last (A, or Enter in the reason picker); when ' +
      "the decision's request (POST /api/review/decisions, timed by the browser) left and was answered after that key " +
      "is shown apart: the rest is the browser's. " +
      'Each decided item is checked afterwards in the database (status, comments, region).',
    '',
    '| flow | keys | key target | decision key to next item: median ms | p95 ms | decision request sent / answered, ms after the key (medians) | flow, first key to next item: median ms | p95 ms | decision key vs opened directly | flow vs opened directly | median ≤ ' +
      `${TARGETS.medianMs} ms |`,
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...result.flows.map(
      (f) =>
        `| ${f.name} | ${keysCell(f)} | ${keysTarget(f)} | ${ms(f.decision.median)} | ${ms(f.decision.p95)} | ${ms(f.sent.median)} / ${ms(f.answered.median)} | ` +
        `${ms(f.flow.median)} | ${ms(f.flow.p95)} | ${ratio(f.decision.median, f.direct.median)} | ` +
        `${ratio(f.flow.median, f.direct.median)} | ${f.timeMet ? 'met' : '**NOT met**'} |`,
    ),
    `| the same next items opened directly (their address in a fresh tab), all ${runs * result.flows.length} | | | ` +
      `${ms(result.direct.median)} | ${ms(result.direct.p95)} | | | | 1.00× | | |`,
    '',
    "Ratios: each flow's median against the median of opening its own next items directly (" +
      result.flows.map((f) => `${f.name} ${ms(f.direct.median)} ms`).join(', ') +
      '). Comment texts: ' +
      `"${UPC_COMMENT}" (${UPC_COMMENT.length} characters) on the UPC, "${REGION_COMMENT}" (${REGION_COMMENT.length}) on ` +
      "the region M marks (the middle of the image); the stock reason picked is the partner's first. A rejection " +
      'with comments takes them as its reason: R and Enter, no digit.',
    '',
    `Targets: accept 1 key; commented reject ≤ 4 keys plus the text; region comment ≤ 5 keys plus the text; decision ` +
      `key to next item median ≤ ${TARGETS.medianMs} ms: ` +
      (result.ok
        ? 'all met.'
        : `missed: ${[
            ...result.flows.filter((f) => !f.keysMet).map((f) => `${f.name} keys`),
            ...result.flows.filter((f) => !f.timeMet).map((f) => `${f.name} time`),
          ].join(', ')}.`),
    '',
  ].join('\n');
}

export async function runReviewBench(runs = 30): Promise<ReviewBenchResult> {
  const database = await createDatabase();
  let portal: PortalProcess | undefined;
  let browser: Browser | undefined;
  const db = new pg.Client({ connectionString: database.url });
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
    await db.connect();
    const browserPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox', '--disable-gpu'] });
    const context = await browser.newContext({ baseURL: portal.url, viewport: VIEWPORT });
    const login = await context.request.post('/api/auth/login', {
      form: { username: 'admin@example.com', password: 'Admin-demo-1' },
      headers: { origin: portal.url },
    });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
    // The partner's stock reasons: the reason picker numbers them, 1 the first.
    for (const text of REASONS) {
      const added = await context.request.post('/api/review/stock-reasons', {
        data: { partnerCompanyId: PARTNER, text },
        headers: { origin: portal.url },
      });
      if (!added.ok()) throw new Error(`stock reason not added: ${added.status()} ${await added.text()}`);
    }
    const storage = JSON.stringify(await context.storageState());
    const page = await context.newPage();
    // The queue of one partner's pending items, oldest first: 100,000 rows behind it.
    await page.goto(`/review?partner=${PARTNER}`);
    const first = page.getByRole('table').getByRole('link').first();
    await page.goto(`${portal.url}${await first.getAttribute('href')}`);
    await page.locator('h1', { hasText: 'Review ' }).waitFor();
    if (!/^\/review\/[0-9a-f-]+$/.test(new URL(page.url()).pathname))
      throw new Error(`not an item's page: ${page.url()}`);
    const keyboard = countingKeyboard(page);
    const measure = async (flow: Flow) => {
      const timing = await runFlow(page, keyboard, flow);
      await checkOutcome(db, flow, timing.decidedId);
      return { timing, keys: keyboard.take() };
    };
    // Warm-up: the first decisions pay for the code of the dialogs and the statements' first plans.
    for (let i = 0; i < 3; i++) await measure(FLOWS[0]);
    for (const flow of FLOWS) await measure(flow);
    const loadAtStart = loadavg()[0];
    const samples = FLOWS.map(() => ({
      flow: [] as number[],
      decision: [] as number[],
      sent: [] as number[],
      answered: [] as number[],
      direct: [] as number[],
    }));
    const keysSeen = FLOWS.map(() => null as null | { pressed: string[]; typed: number });
    for (let i = 0; i < runs; i++) {
      const line: string[] = [];
      for (const [f, flow] of FLOWS.entries()) {
        const { timing, keys } = await measure(flow);
        const seen = keysSeen[f];
        if (seen && (seen.pressed.join() !== keys.pressed.join() || seen.typed !== keys.typed))
          throw new Error(`${flow.name}: keys changed between runs`);
        keysSeen[f] = keys;
        samples[f].flow.push(timing.flowMs);
        samples[f].decision.push(timing.decisionMs);
        samples[f].sent.push(timing.sentMs);
        samples[f].answered.push(timing.answeredMs);
        samples[f].direct.push(await openDirectly(browser, storage, timing.url));
        line.push(
          `${flow.name} ${ms(timing.decisionMs)}/${ms(timing.sentMs)}-${ms(timing.answeredMs)}/${ms(timing.flowMs)} (direct ${ms(samples[f].direct.at(-1)!)})`,
        );
      }
      console.log(`  run ${i + 1} (decision key / its request sent-answered / flow ms): ${line.join(', ')}`);
    }
    const flows = FLOWS.map((flow, f): FlowResult => {
      const keys = keysSeen[f]!;
      const decision = summary(samples[f].decision);
      return {
        name: flow.name,
        keys: keys.pressed,
        typed: keys.typed,
        maxKeys: flow.maxKeys,
        keysMet: flow.maxKeys === null || keys.pressed.length <= flow.maxKeys,
        flow: summary(samples[f].flow),
        decision,
        sent: summary(samples[f].sent),
        answered: summary(samples[f].answered),
        direct: summary(samples[f].direct),
        timeMet: decision.median <= TARGETS.medianMs,
      };
    });
    const result: ReviewBenchResult = {
      flows,
      direct: summary(samples.flatMap((s) => s.direct)),
      ok: flows.every((f) => f.keysMet && f.timeMet),
    };
    const text = report(result, pending, runs, browserPath, loadAtStart);
    console.log(text);
    writeFileSync(RESULTS, text);
    return result;
  } finally {
    await db.end().catch(() => {});
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
