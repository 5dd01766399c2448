/**
 * Readiness benchmark, two parts.
 *
 * 1. Recompute after a rule change, on PostgreSQL: 100,000 submissions to one partner (one image each, seeded by SQL
 *    into a database of its own, `bench_readiness` on BENCH_DATABASE_URL's server, kept between runs) are judged by
 *    the job's own code (recomputeReadinessOfPartner, in batches, with the webhook listeners subscribed as in the
 *    app) after the partner adds a blocking "at least 2 images" rule, which moves every one of them; then the rule is
 *    removed and they move back. Baseline, in the same run: a plain UPDATE writing the same columns of the same rows
 *    in one statement. Target: each recompute within 60 s.
 * 2. The dry run of a rule change on the same 100,000 submissions: every step (the editor asks one after another until
 *    the last) timed, and the whole. Target: no step over 2 s, so the editor never waits long for an answer and shows
 *    the progress between them.
 * 3. The live score on Enter UPC(s), in Chromium on the real page (bench/readiness-keystroke.ts): a keystroke in a
 *    10-file draft until the frame with the new score, against a keystroke in a plain input of the same page. Target:
 *    p95 within 50 ms (the tail of both is the shared machine's scheduling; the table shows it). Also, in process,
 *    what the judging alone costs per keystroke.
 *
 *   npm run bench -- readiness           (READINESS_ROWS=20000 for a smaller run)
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  draftReadiness,
  effectiveRuleSet,
  emptyDryRun,
  mergeDryRuns,
  type DraftFileFacts,
  type ReadinessDryRun,
  type ReadinessRule,
} from '@portal/domain';
import { minTwoImagesRule, READINESS_FIXTURE } from '@portal/domain/readiness.fixture';
import { openPostgres, queryRows, type Db } from '../server/src/db/client.ts';
import { subscribeListeners } from '../server/src/listeners.ts';
import { writeVersion } from '../server/src/modules/readiness/repository.ts';
import { recomputeReadinessOfPartner } from '../server/src/modules/readiness/jobs.ts';
import { dryRunOwnRules } from '../server/src/modules/readiness/service.ts';
import type { AppContext } from '../server/src/context.ts';
import { FILES, runKeystrokeBench, type KeystrokeFigures } from './readiness-keystroke.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(repoRoot, 'bench/results/readiness.md');
const ROWS = Number(process.env.READINESS_ROWS ?? 100_000);
export const PARTNER = 20_000_001;
const SUPPLIER = 20_000_002;
export const TARGETS = { recomputeSeconds: 60, dryRunStepSeconds: 2, keystrokeP95Ms: 50 };

export async function openBenchDatabase() {
  const name = 'bench_readiness';
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query(`select 1 from pg_database where datname = $1`, [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The plain UPDATE of 100,000 rows is one statement: on a busy shared machine it may pass the app's 30 s limit.
  return openPostgres(url.href, undefined, 300_000);
}

/** Seeds the partner, its configuration (asking for no field of its own) and ROWS submissions of one image each. */
export async function seed(db: Db, log: (line: string) => void) {
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from product_submissions where partner_company_id = ${PARTNER}`,
  );
  const [{ valid }] = await queryRows<{ valid: boolean }>(
    db,
    sql`select exists (select 1 from partner_rule_sets where partner_company_id = ${PARTNER}) as valid`,
  );
  if (n === ROWS && valid) return;
  const started = Date.now();
  await db.execute(sql`delete from product_submissions where partner_company_id = ${PARTNER}`);
  await db.execute(sql`delete from partner_rule_sets where partner_company_id = ${PARTNER}`);
  await db.execute(sql`
    insert into companies (id, name, kind) values (${PARTNER}, 'Bench Partner', 'partner'), (${SUPPLIER}, 'Bench Supplier', 'supplier')
    on conflict (id) do nothing`);
  await db.execute(sql`
    insert into users (id, company_id, email, first_name, last_name, password_hash)
    values (${SUPPLIER}, ${SUPPLIER}, 'bench-readiness@example.com', 'Bench', 'Supplier', 'x') on conflict do nothing`);
  const noFields = JSON.stringify(
    Object.fromEntries(
      ['productName', 'shippingProfile', 'brand', 'suggestedClass', 'itemHeight', 'itemWidth', 'itemDepth', 'size']
        .concat(['unitOfMeasure', 'fob', 'msrp', 'edlp', 'deliveredCost', 'wholesaleCost', 'freeFill', 'inStoreDemo'])
        .concat(['fairShareMerchandisingSupport', 'paidAds', 'offInvoice', 'tpr'])
        .map((f) => [f, { required: false }]),
    ),
  );
  await db.execute(sql`
    insert into partner_configurations (company_id, field_rules) values (${PARTNER}, ${noFields}::jsonb)
    on conflict (company_id) do update set field_rules = excluded.field_rules`);
  // Valid UPC-A codes: 11 digits of the row's number and their GS1 check digit (odd positions weigh 3).
  await db.execute(sql`
    insert into product_submissions (company_id, user_id, partner_company_id, upc, ean13_upc, product_name, item_status)
    select ${SUPPLIER}, ${SUPPLIER}, ${PARTNER}, code, '0' || code, 'Bench product ' || g, 'SUBMITTED'
    from generate_series(1, ${ROWS}) g,
      lateral (select lpad(g::text, 11, '0') as base) b,
      lateral (select base || ((10 - (select sum(substr(base, i, 1)::int * case when i % 2 = 1 then 3 else 1 end)
        from generate_series(1, 11) i) % 10) % 10)::text as code) c`);
  await db.execute(sql`
    insert into submission_files (submission_id, file_name, storage_key, kind, size, position, is_marketing_image,
      detection_status)
    select id, 'front.jpg', 'bench/' || id, 'jpeg', 1000, 0, true, 'done'
    from product_submissions where partner_company_id = ${PARTNER}`);
  await db.execute(sql`vacuum analyze product_submissions`);
  await db.execute(sql`vacuum analyze submission_files`);
  log(`  seeded ${ROWS.toLocaleString('en')} submissions in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

const seconds = async (work: () => Promise<unknown>) => {
  const t = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - t) / 1e9;
};

/** The same columns of the same rows written by one plain UPDATE (what the database alone costs). */
const plainUpdate = (db: Db, ready: boolean) =>
  db.execute(sql`
    UPDATE product_submissions SET readiness_percent = ${ready ? 100 : 50}, readiness_ready = ${ready},
      readiness_version = readiness_version + 1,
      readiness_failing = ${ready ? '[]' : JSON.stringify([{ code: 'R-IMG-MIN-2', severity: 'blocking', message: 'm', fix: 'f', fileNames: [] }])}::jsonb,
      readiness_failing_codes = ${ready ? '{}' : '{R-IMG-MIN-2}'}::text[],
      partner_statuses = partner_statuses, partner_status_label = partner_status_label
    WHERE partner_company_id = ${PARTNER}`);

async function recomputePart(log: (line: string) => void) {
  const database = await openBenchDatabase();
  const { db } = database;
  try {
    await seed(db, log);
    subscribeListeners();
    // Judged once by the rules as they are (every row stored ready), so the change below moves every one.
    await writeVersion(db, PARTNER, [], SUPPLIER);
    await recomputeReadinessOfPartner(db, PARTNER);
    const rule: ReadinessRule = minTwoImagesRule(1);
    const dryRun = await dryRunPart(db, rule);
    await writeVersion(db, PARTNER, [rule], SUPPLIER);
    const toNotReady = await seconds(() => recomputeReadinessOfPartner(db, PARTNER));
    await writeVersion(db, PARTNER, [], SUPPLIER);
    const toReady = await seconds(() => recomputeReadinessOfPartner(db, PARTNER));
    const [{ moved }] = await queryRows<{ moved: number }>(
      db,
      sql`select count(*)::int as moved from product_submissions where partner_company_id = ${PARTNER} and readiness_ready`,
    );
    const updateNotReady = await seconds(() => plainUpdate(db, false));
    const updateReady = await seconds(() => plainUpdate(db, true));
    // Leave the rows as the recompute left them for the next run.
    await recomputeReadinessOfPartner(db, PARTNER);
    return { toNotReady, toReady, updateNotReady, updateReady, readyAfter: moved, dryRun };
  } finally {
    await database.close();
  }
}

/** The dry run of adding the rule, step after step as the editor asks, each step timed. */
async function dryRunPart(db: Db, rule: ReadinessRule) {
  const ctx = { db } as AppContext;
  const steps: number[] = [];
  let run: ReadinessDryRun = emptyDryRun();
  let after: string | null = null;
  const started = process.hrtime.bigint();
  do {
    let step!: Awaited<ReturnType<typeof dryRunOwnRules>>;
    steps.push(
      await seconds(async () => {
        step = await dryRunOwnRules(ctx, PARTNER, [rule], { after });
      }),
    );
    run = mergeDryRuns(run, step);
    after = step.next;
  } while (after);
  const total = Number(process.hrtime.bigint() - started) / 1e9;
  return { total, steps, longest: Math.max(...steps), run };
}

/** A 10-file draft of five products (two files each), as typed so far, with the fixture partner's rules. */
function keystrokePart() {
  const ruleSet = effectiveRuleSet(READINESS_FIXTURE.settings, READINESS_FIXTURE.ownRules, 3);
  const files: DraftFileFacts[] = Array.from({ length: 10 }, (_, i) => ({
    ...READINESS_FIXTURE.files[i % 2],
    fileName: `photo-${i}.jpg`,
    upc: ['036000291452', '4006381333931', '0012345678905', '5901234123457', '9780201379624'][Math.floor(i / 2)],
  }));
  const ms: number[] = [];
  for (let i = 0; i < 2000; i++) {
    // Each keystroke changes one file's product name, as typing does.
    const typed = files.map((f, j) => (j === i % 10 ? { ...f, productName: `Oat Crisps ${i}` } : f));
    const t = process.hrtime.bigint();
    draftReadiness(typed, ruleSet);
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)], p99: ms[Math.floor(ms.length * 0.99)], max: ms[ms.length - 1] };
}

export async function runReadinessBench() {
  const lines: string[] = [];
  const log = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  const r = await recomputePart(log);
  const k = keystrokePart();
  const browser = await runKeystrokeBench(log);
  const recomputeOk = r.toNotReady <= TARGETS.recomputeSeconds && r.toReady <= TARGETS.recomputeSeconds;
  const dryRunOk = r.dryRun.longest <= TARGETS.dryRunStepSeconds;
  const keystrokeOk = browser.portal.p95 <= TARGETS.keystrokeP95Ms;
  const ms = (v: number) => v.toFixed(1);
  const row = (name: string, f: KeystrokeFigures, ratio: string, target: string) =>
    `| ${name} | ${ms(f.median)} | ${ms(f.p95)} | ${ms(f.p99)} | ${ms(f.max)} | ${f.n} | ${ratio} | ${target} |`;
  const report = [
    `# Readiness`,
    ``,
    `Run ${new Date().toISOString()} on ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}; PostgreSQL; ${ROWS.toLocaleString('en')} submissions to one partner.`,
    ``,
    `| recompute after a rule change | seconds | plain UPDATE of the same rows | ratio | target |`,
    `|---|---|---|---|---|`,
    `| rule added, every submission becomes not ready | ${r.toNotReady.toFixed(1)} | ${r.updateNotReady.toFixed(1)} | ${(r.toNotReady / r.updateNotReady).toFixed(1)}x | ≤ ${TARGETS.recomputeSeconds} s ${r.toNotReady <= TARGETS.recomputeSeconds ? 'met' : 'missed'} |`,
    `| rule removed, every submission ready again | ${r.toReady.toFixed(1)} | ${r.updateReady.toFixed(1)} | ${(r.toReady / r.updateReady).toFixed(1)}x | ≤ ${TARGETS.recomputeSeconds} s ${r.toReady <= TARGETS.recomputeSeconds ? 'met' : 'missed'} |`,
    ``,
    `Ready after the rule was removed: ${r.readyAfter.toLocaleString('en')} of ${ROWS.toLocaleString('en')}. Each recompute also emitted a readiness event per submission to the webhook listener (no endpoint subscribed, so no delivery was written).`,
    ``,
    `| dry run of the rule before it is saved | steps | longest step s | whole run s | judged | would become not ready | target |`,
    `|---|---|---|---|---|---|---|`,
    `| rule added (the recompute's first change) | ${r.dryRun.steps.length} | ${r.dryRun.longest.toFixed(2)} | ${r.dryRun.total.toFixed(1)} | ${r.dryRun.run.judged.toLocaleString('en')} | ${r.dryRun.run.becomesNotReady.toLocaleString('en')} | each step ≤ ${TARGETS.dryRunStepSeconds} s ${dryRunOk ? 'met' : 'missed'} |`,
    ``,
    `The editor asks for the steps one after another, showing how many are judged of how many, and may be left or changed meanwhile; the counts are of every submission once the last step answers.`,
    ``,
    `| live score on Enter UPC(s), Chromium, ${FILES}-file draft: keystroke until the frame with the change | median ms | p95 ms | p99 ms | max ms | keystrokes | ratio (median) | target |`,
    `|---|---|---|---|---|---|---|---|`,
    row(
      'Backspace or a digit in a UPC field: the score changes',
      browser.portal,
      `${(browser.portal.median / browser.plain.median).toFixed(1)}x`,
      `p95 ≤ ${TARGETS.keystrokeP95Ms} ms ${keystrokeOk ? 'met' : 'missed'}`,
    ),
    row('baseline: a plain input on the same page (no score)', browser.plain, '1.0x', ''),
    ``,
    `| judging alone, in process (what each keystroke runs before React draws) | median ms | p99 ms | max ms |`,
    `|---|---|---|---|`,
    `| draftReadiness, 5 products, ${effectiveRuleSet(READINESS_FIXTURE.settings, READINESS_FIXTURE.ownRules, 3).rules.length} rules | ${k.median.toFixed(3)} | ${k.p99.toFixed(3)} | ${k.max.toFixed(3)} |`,
    ``,
  ].join('\n');
  console.log(report);
  writeFileSync(RESULTS, report);
  return { ok: recomputeOk && dryRunOk && keystrokeOk, ...r, keystroke: k, browser };
}
