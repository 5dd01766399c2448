/**
 * Counts drift benchmark: a mixed load on the submissions lifecycle for COUNTS_DRIFT_SECONDS (1,800: half an hour) on
 * PostgreSQL: suppliers of many companies submitting, staff deciding (accept, reject, and cataloguing through the
 * catalogue: one submission, or its product's values imported), suppliers resubmitting and appealing, and deleting,
 * from COUNTS_DRIFT_WORKERS concurrent workers (8), with the repair job's repair (repairCounts: every company
 * recounted, then the staff-wide totals; then repairCompanyCatalogues) running under the load every
 * COUNTS_DRIFT_RECOUNT_SECONDS (60) as the schedule does. Then the load stops, and the repair runs once more: the
 * maintained counts must have kept exact, so every repair finds 0 drift in either, the company counts equal a real
 * count(*) of the rows, the staff totals the sums of the company counts, and each company's catalogue its submissions'
 * products. 40 companies over 16 stripes: companies
 * share stripe rows, so the stripes' row locks are under contention too.
 *
 *   npm run bench -- counts-drift
 *   COUNTS_DRIFT_SECONDS=60 npm run bench -- counts-drift      (a short run)
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ALL_SCOPES, type ItemStatus } from '@portal/domain';
import type { AppContext } from '../server/src/context.ts';
import { openPostgres, queryRows, type Db } from '../server/src/db/client.ts';
import {
  repairCounts,
  TOTAL_STRIPES,
  type CountDrift,
  type TotalDrift,
} from '../server/src/modules/submissions/counts.ts';
import {
  changeStatus,
  createSubmissions,
  deleteSubmissionRecord,
  replaceFiles,
} from '../server/src/modules/submissions/lifecycle.ts';
import { catalogueSubmission, importCertifiedValues } from '../server/src/modules/catalogue/service.ts';
import { repairCompanyCatalogues, type CatalogueDrift } from '../server/src/modules/catalogue/queries/membership.ts';
import { findUserById } from '../server/src/modules/users/repository.ts';
import { certifiedValues } from '../server/test/support/certified-values.ts';
import { subscribeListeners } from '../server/src/listeners.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(repoRoot, 'bench/results/counts-drift.md');
const COMPANIES = 40;
const PARTNERS = 3;
const BASE = 7000;

/** Deterministic choices (a run can be repeated): a small linear congruential generator per worker. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    // The high bits: the low ones of this generator repeat with a short period (every fourth call alike mod 4).
    return (state >>> 16) % n;
  };
}

/** Stored counts and real counts, as sorted "company/partner/status=n" lines (zeros left out). */
async function countsBy(db: Db, kind: 'stored' | 'real') {
  const rows =
    kind === 'stored'
      ? await queryRows<{ c: number; p: number; s: string; n: number }>(
          db,
          sql`select company_id as c, partner_key as p, item_status as s, n from submission_counts where n <> 0`,
        )
      : await queryRows<{ c: number; p: number; s: string; n: number }>(
          db,
          sql`select company_id as c, coalesce(partner_company_id, 0) as p, item_status as s, count(*)::int as n
            from product_submissions group by 1, 2, 3`,
        );
  return rows.map((r) => `${r.c}/${r.p}/${r.s}=${Number(r.n)}`).sort();
}

/** Stored staff totals and the sums of the company counts, per stripe, as sorted "stripe/partner/status=n" lines. */
async function totalsBy(db: Db, kind: 'stored' | 'real') {
  const rows = await queryRows<{ t: number; p: number; s: string; n: number }>(
    db,
    kind === 'stored'
      ? sql`select stripe as t, partner_key as p, item_status as s, n from submission_status_totals where n <> 0`
      : sql`select company_id % ${TOTAL_STRIPES} as t, partner_key as p, item_status as s, sum(n)::int as n
          from submission_counts group by 1, 2, 3 having sum(n) <> 0`,
  );
  return rows.map((r) => `${r.t}/${r.p}/${r.s}=${Number(r.n)}`).sort();
}

export async function runCountsDriftBench({ log = console.log } = {}) {
  const seconds = Number(process.env.COUNTS_DRIFT_SECONDS ?? 1800);
  const workers = Number(process.env.COUNTS_DRIFT_WORKERS ?? 8);
  const recountEvery = Number(process.env.COUNTS_DRIFT_RECOUNT_SECONDS ?? 60) * 1000;
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_counts_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.href);
  // The lifecycle's listeners (readiness, catalogue...), as a server subscribes them at start.
  subscribeListeners();
  const { db } = database;
  try {
    await db.execute(sql`
      insert into companies (id, name, kind)
      select ${BASE} + g, case when g <= ${PARTNERS} then 'Drift Partner ' || g else 'Drift Supplier ' || g end,
        case when g <= ${PARTNERS} then 'partner' else 'supplier' end
      from generate_series(1, ${PARTNERS + COMPANIES}) g`);
    await db.execute(sql`
      insert into partner_configurations (company_id, field_rules)
      select ${BASE} + g, '{}'::jsonb from generate_series(1, ${PARTNERS}) g`);
    await db.execute(sql`
      insert into users (company_id, email, first_name, last_name, password_hash)
      select ${BASE} + g, 'drift-' || g || '@example.com', 'Drift', 'User ' || g, 'x'
      from generate_series(1, ${PARTNERS + COMPANIES}) g`);
    const users = await queryRows<{ id: number; company_id: number }>(
      db,
      sql`select id, company_id from users where company_id > ${BASE + PARTNERS} order by company_id`,
    );
    const [staffUser] = await queryRows<{ id: number }>(db, sql`select id from users where company_id = ${BASE + 1}`);
    const staff = { actor: 'staff' as const, userId: staffUser.id };
    // Cataloguing goes through the catalogue (its products and each company's catalogue), as a cataloguer does it.
    await db.execute(sql`update users set scopes = ${`{${ALL_SCOPES.join(',')}}`}::text[] where id = ${staffUser.id}`);
    const cataloguer = (await findUserById(db, staffUser.id))!;
    const ctx = { db } as unknown as AppContext;
    const values = (brand: string) => certifiedValues({ description: 'Drift product', brand });

    const ops: Record<string, number> = {};
    const refused: Record<string, number> = {};
    const count = (what: Record<string, number>, key: string) => (what[key] = (what[key] ?? 0) + 1);
    const drifts: CountDrift[] = [];
    const totalDrifts: TotalDrift[] = [];
    const catalogueDrifts: CatalogueDrift[] = [];
    const repair = async () => {
      const found = await repairCounts(db);
      drifts.push(...found.companies);
      totalDrifts.push(...found.totals);
      catalogueDrifts.push(...(await repairCompanyCatalogues(db)));
    };
    let recounts = 0;
    const deadline = Date.now() + seconds * 1000;

    /** A submission of the company in one of the statuses, picked at random among the newest (or none). */
    const pick = async (companyId: number, statuses: ItemStatus[], r: (n: number) => number) => {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select id from product_submissions where company_id = ${companyId}
          and item_status in (${sql.join(
            statuses.map((s) => sql`${s}`),
            sql`, `,
          )}) order by updated_at desc limit 20`,
      );
      return rows.length ? rows[r(rows.length)].id : null;
    };

    const worker = async (n: number) => {
      const r = random(n + 1);
      let i = 0;
      while (Date.now() < deadline) {
        const who = users[r(users.length)];
        const supplier = { actor: 'supplier' as const, userId: who.id };
        const op = r(10);
        const run = async (kind: string, step: () => Promise<unknown>) => {
          try {
            await step();
            count(ops, kind);
          } catch (err) {
            // Two workers picking the same submission: one finds it gone or moved on (404, 409). Anything else is a
            // failure of the bench.
            const status = (err as { status?: number }).status;
            if (status !== 404 && status !== 409) throw err;
            count(refused, kind);
          }
        };
        i++;
        if (op < 4) {
          const upc = String(100000000000 + ((n * 1_000_003 + i) % 900000000000));
          await run('submit', () =>
            db.transaction((tx) =>
              createSubmissions(
                tx,
                [
                  {
                    companyId: who.company_id,
                    userId: who.id,
                    partnerCompanyId: r(3) === 0 ? BASE + 1 + r(PARTNERS) : null,
                    upc,
                    ean13Upc: `0${upc}`,
                    productName: `Drift ${n}-${i}`,
                    files: [],
                    from: null,
                  },
                ],
                supplier,
              ),
            ),
          );
        } else if (op < 7) {
          // A decision, on a submission it applies to.
          const decisions: [string, ItemStatus, ItemStatus[], object][] = [
            ['accept', 'ACCEPTED', ['SUBMITTED', 'AUTO_REJECTED'], staff],
            ['reject', 'ADMIN_REJECTED', ['SUBMITTED', 'AUTO_REJECTED'], { ...staff, reason: 'Blurred' }],
            ['catalogue', 'CATALOGUED', ['ACCEPTED'], staff],
            ['auto-reject', 'AUTO_REJECTED', ['SUBMITTED'], { actor: 'system', userId: null, reason: 'No code' }],
          ];
          const [kind, to, from, by] = decisions[r(decisions.length)];
          const id = await pick(who.company_id, from, r);
          if (!id) continue;
          if (kind === 'catalogue') {
            // One submission catalogued, or its product's values imported (which catalogues every ACCEPTED one).
            if (r(2)) await run(kind, () => catalogueSubmission(ctx, cataloguer, id, values(`Brand ${r(50)}`)));
            else {
              const [row] = await queryRows<{ ean13_upc: string }>(
                db,
                sql`select ean13_upc from product_submissions where id = ${id}`,
              );
              if (row)
                await run('import', () =>
                  importCertifiedValues(ctx, cataloguer, [
                    { ean13Upc: row.ean13_upc, values: values(`Brand ${r(50)}`) },
                  ]),
                );
            }
          } else await run(kind, () => db.transaction((tx) => changeStatus(tx, id, to, by as typeof staff)));
        } else if (op < 9) {
          const id = await pick(who.company_id, ['ADMIN_REJECTED', 'AUTO_REJECTED'], r);
          if (!id) continue;
          await run('resubmit', () =>
            db.transaction(async (tx) => {
              if (r(2))
                await replaceFiles(tx, id, { upc: '036000291452', ean13Upc: '0036000291452', files: [] }, supplier);
              else await changeStatus(tx, id, 'SUBMITTED', supplier);
            }),
          );
        } else {
          const id = await pick(who.company_id, ['SUBMITTED', 'ADMIN_REJECTED', 'AUTO_REJECTED', 'ACCEPTED'], r);
          if (!id) continue;
          await run('delete', () => db.transaction((tx) => deleteSubmissionRecord(tx, id)));
        }
      }
    };

    /** The repair job's recount under the load, as the schedule runs it. */
    const recounter = async () => {
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(recountEvery, Math.max(0, deadline - Date.now()))));
        if (Date.now() >= deadline) return;
        await repair();
        recounts++;
        log(
          `  ${Math.round((deadline - Date.now()) / 1000)} s to go: ${recounts} repairs, ${drifts.length} count drifts, ${totalDrifts.length} total drifts, ${catalogueDrifts.length} catalogue drifts`,
        );
      }
    };

    log(`  ${workers} workers for ${seconds} s across ${COMPANIES} companies and ${PARTNERS} partners`);
    await Promise.all([...Array.from({ length: workers }, (_, n) => worker(n)), recounter()]);
    await repair();
    recounts++;
    const stored = await countsBy(db, 'stored');
    const real = await countsBy(db, 'real');
    const equal = JSON.stringify(stored) === JSON.stringify(real);
    const totalsEqual = JSON.stringify(await totalsBy(db, 'stored')) === JSON.stringify(await totalsBy(db, 'real'));
    const [{ catalogued }] = await queryRows<{ catalogued: number }>(
      db,
      sql`select count(*)::int as catalogued from company_catalogue`,
    );
    const ok = drifts.length === 0 && totalDrifts.length === 0 && catalogueDrifts.length === 0 && equal && totalsEqual;
    const [{ rows }] = await queryRows<{ rows: number }>(
      db,
      sql`select count(*)::int as rows from product_submissions`,
    );
    const total = Object.values(ops).reduce((a, b) => a + b, 0);
    const table = [
      `Maintained counts under a mixed load on PostgreSQL: ${workers} concurrent workers for ${seconds} s across ${COMPANIES} supplier companies and ${PARTNERS} partners, the repair job's recount every ${recountEvery / 1000} s under the load and once after it`,
      '',
      '| operation | done | refused (404 or 409: another worker had deleted or moved it first) |',
      '|---|---:|---:|',
      ...[...new Set([...Object.keys(ops), ...Object.keys(refused)])]
        .sort()
        .map((k) => `| ${k} | ${ops[k] ?? 0} | ${refused[k] ?? 0} |`),
      `| all | ${total} | ${Object.values(refused).reduce((a, b) => a + b, 0)} |`,
      '',
      `Submissions at the end: ${rows}. Repairs: ${recounts}. Drift of the company counts found: ${drifts.length}${drifts.length ? ` (${JSON.stringify(drifts.slice(0, 5))})` : ''}. Drift of the staff totals (${TOTAL_STRIPES} stripes) found: ${totalDrifts.length}${totalDrifts.length ? ` (${JSON.stringify(totalDrifts.slice(0, 5))})` : ''}. Stored counts equal to a real count of the rows: ${equal ? 'yes' : 'no'}. Stored totals equal to the sums of the counts: ${totalsEqual ? 'yes' : 'no'}. Company catalogue rows at the end: ${catalogued}; drift of the company catalogues found: ${catalogueDrifts.length}${catalogueDrifts.length ? ` (${JSON.stringify(catalogueDrifts.slice(0, 5))})` : ''}.`,
      '',
      `Target: the repair job finds 0 drift: ${ok ? 'met' : 'missed'}.`,
      '',
    ].join('\n');
    log(table);
    writeFileSync(RESULTS, table);
    return { ok, drifts: drifts.length + totalDrifts.length + catalogueDrifts.length };
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runCountsDriftBench();
