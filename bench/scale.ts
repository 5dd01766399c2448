/**
 * Scale benchmark (start): the same reads at growing data sizes in one run, on PostgreSQL. Seeds each size's
 * submissions by SQL (generate_series) into a database of its own that it keeps between runs (`bench_scale_<size>` on
 * BENCH_DATABASE_URL's server; drop it to seed again), and times in-process, at each size: activity page 1 and a deep page of the largest company
 * (read from the page boundary before it), its tab counts, the staff review queue (first and deep), and the
 * integration API's list (first page and a deep cursor), and the duplicate check of a new photo among the largest company's
 * (one fingerprint per submission). Target: every p99 within 1.5× of the same figure at the
 * smallest size.
 *
 *   npm run bench -- scale                      (100,000 and 1,000,000 rows)
 *   SCALE_SIZES=100000,1000000,10000000 npm run bench -- scale
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, queryRows, type Db } from '../server/src/db/client.ts';
import { activityPage, type ActivityQuery } from '../server/src/modules/submissions/activity-list.ts';
import { countSubmissions, rebuildCounts } from '../server/src/modules/submissions/counts.ts';
import { submissionListPage } from '../server/src/modules/submissions/submission-list.ts';
import { picturesNear } from '../server/src/modules/media-files/photo-checks.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(repoRoot, 'bench/results/scale.md');
/** Company ids and user ids of the seed start here (user id = company id). */
const BASE = 10_000_000;
/** The largest company: about one row in 46 (216,000 of 10 million), as the largest supplier measured had. */
const BIG = BASE;
const BIG_EVERY = 46;
/** Companies grow with the data: a hundred submissions each on average. */
const companiesAt = (size: number) => Math.max(10, Math.floor(size / 100));
const ALL = ['SUBMITTED', 'ADMIN_REJECTED', 'AUTO_REJECTED', 'ACCEPTED'];
const STATUSES = ['SUBMITTED', 'ACCEPTED', 'AUTO_REJECTED', 'ADMIN_REJECTED', 'CATALOGUED'];
const ITERATIONS = 200;
/** No file is being checked: the bench's new photos are not stored. */
const NO_FILE = '00000000-0000-0000-0000-000000000000';

/** A size's database, kept between runs: created once, migrated by opening it. */
async function openScaleDatabase(size: number) {
  const name = `bench_scale_${size}`;
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query(`select 1 from pg_database where datname = $1`, [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Seeding a million rows with their files and history is one statement of minutes: no query limit.
  return openPostgres(url.href, undefined, 0);
}

/** The size the kept database was seeded to in full (0: never, or cut short). */
async function seededSize(db: Db): Promise<number> {
  await db.execute(sql`create table if not exists bench_scale_seed (size bigint not null)`);
  const [row] = await queryRows<{ size: string | null }>(db, sql`select max(size) as size from bench_scale_seed`);
  return Number(row.size ?? 0);
}

/** Seeds rows `from`+1 to `to` by SQL, their companies and users first; then counts and statistics. */
async function growTo(db: Db, from: number, to: number, log: (line: string) => void) {
  const started = Date.now();
  const companies = companiesAt(to);
  await db.execute(sql`
    insert into companies (id, name, kind)
    select ${BASE}::int + c, 'Scale Company ' || c, 'supplier' from generate_series(0, ${companies}) c
    on conflict (id) do nothing`);
  await db.execute(sql`
    insert into users (id, company_id, email, first_name, last_name, password_hash)
    select ${BASE}::int + c, ${BASE}::int + c, 'scale-' || c || '@example.com', 'Scale', 'User ' || c, 'x'
    from generate_series(0, ${companies}) c
    on conflict do nothing`);
  const CHUNK = 1_000_000;
  for (let start = from + 1; start <= to; start += CHUNK) {
    const end = Math.min(to, start + CHUNK - 1);
    // Each submission as a real one is: a photo (read, with its codes and picture hash, which the file table's trigger
    // fingerprints) and a PDF, created then decided (two history rows, one for those still waiting).
    await db.execute(sql`
      with s as (
        insert into product_submissions (company_id, user_id, upc, ean13_upc, product_name, item_status, created_at, updated_at)
        select owner, owner, lpad((g % 1000000000000)::text, 12, '0'), lpad((g % 1000000000000)::text, 13, '0'),
          'Scale product ' || g,
          (array[${sql.join(
            STATUSES.map((s) => sql`${s}`),
            sql`, `,
          )}])[1 + g % ${STATUSES.length}],
          now() - (${to}::bigint - g) * interval '1 second', now() - (${to}::bigint - g) * interval '1 second'
        from generate_series(${start}::bigint, ${end}::bigint) g,
          lateral (select case when g % ${BIG_EVERY} = 0 then ${BIG}::int
            else ${BASE}::int + 1 + ((g * 2654435761) % ${companies})::int end as owner) as o
        returning id, ean13_upc, item_status, created_at
      ), files as (
        insert into submission_files (submission_id, file_name, storage_key, kind, size, position, is_marketing_image,
          detected_upcs, detected_from, detection_status, perceptual_hash, long_side_px)
        select id, 'front.jpg', 'scale/' || id || '/front.jpg', 'jpeg', 850000, 0, true, array[ean13_upc], 'bars', 'done',
          substr(md5(id::text), 1, 16) || '-' || substr(md5(id::text), 17, 16), 3024 from s
        union all
        select id, 'spec-sheet.pdf', 'scale/' || id || '/spec-sheet.pdf', 'pdf', 120000, 1, false, '{}', null, 'done',
          null, null from s
      )
      insert into submission_history (submission_id, at, from_status, to_status)
      select id, created_at, null, 'SUBMITTED' from s
      union all
      select id, created_at + interval '1 hour', 'SUBMITTED', item_status from s where item_status <> 'SUBMITTED'`);
    log(`  seeded ${end.toLocaleString('en')} rows`);
  }
  await rebuildCounts(db);
  await db.execute(sql`vacuum analyze product_submissions`);
  await db.execute(sql`vacuum analyze submission_counts`);
  for (const table of ['picture_fingerprints', 'submission_files', 'submission_history'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  await db.execute(sql`insert into bench_scale_seed (size) values (${to})`);
  log(`  grew to ${to.toLocaleString('en')} rows in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** The tables that grow with submissions. */
const SIZED_TABLES = ['product_submissions', 'submission_files', 'submission_history', 'picture_fingerprints'];

/** Each table's bytes on disk with its indexes and TOAST, and their total. */
async function tableBytes(db: Db): Promise<Record<string, number>> {
  const rows = await queryRows<{ t: string; bytes: string }>(
    db,
    sql`select t, pg_total_relation_size(t::regclass)::text as bytes from unnest(${`{${SIZED_TABLES.join(',')}}`}::text[]) t`,
  );
  const bytes = Object.fromEntries(rows.map((r) => [r.t, Number(r.bytes)]));
  return { ...bytes, total: rows.reduce((sum, r) => sum + Number(r.bytes), 0) };
}

async function hasPhotos(db: Db) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from picture_fingerprints where company_id = ${BIG} limit 1) x`,
  );
  return (row?.n ?? 0) > 0;
}

/** Median and p99 of a read, in milliseconds, over ITERATIONS calls after a few to warm up. */
async function time(read: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await read();
  const ms: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t = process.hrtime.bigint();
    await read();
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)], p99: ms[Math.floor(ms.length * 0.99)] };
}

const activity = (over: Partial<ActivityQuery> = {}): ActivityQuery => ({
  statuses: ALL,
  companyId: BIG,
  partnerCompanyId: null,
  includeDrafts: false,
  page: 1,
  pageSize: 10,
  ...over,
});

/** Every read of the benchmark at the database's present size. */
async function measure(db: Db) {
  const total = await countSubmissions(db, { companyId: BIG, partnerCompanyId: null, statuses: ALL });
  // A deep page: the middle of the largest company's list, read from the boundary of the page before it.
  const deepPage = Math.max(2, Math.floor(total / 10 / 2));
  const before = await activityPage(db, activity({ page: deepPage - 1 }));
  const staffTotal = await countSubmissions(db, { companyId: null, partnerCompanyId: null, statuses: ['SUBMITTED'] });
  const staffDeep = Math.max(2, Math.floor(staffTotal / 10 / 2));
  const staffBefore = await activityPage(
    db,
    activity({ companyId: null, statuses: ['SUBMITTED'], page: staffDeep - 1 }),
  );
  // A cursor deep in the integration list: walk a few pages of 100.
  let cursor: string | null = null;
  for (let i = 0; i < 20; i++)
    cursor = (
      await submissionListPage(db, { limit: 100, sort: 'updated_at', companyId: BIG, ...(cursor ? { cursor } : {}) })
    ).next_cursor;
  let photo = 0;
  const newPhotoHash = () => {
    const h = createHash('md5').update(`new photo ${photo++}`).digest('hex');
    return `${h.slice(0, 16)}-${h.slice(16)}`;
  };
  return {
    'duplicate check of a new photo': await time(() => picturesNear(db, BIG, newPhotoHash(), NO_FILE)),
    'activity page 1': await time(() => activityPage(db, activity())),
    'activity deep page': await time(() => activityPage(db, activity({ page: deepPage, boundary: before.endCursor }))),
    'tab counts (4 tabs)': await time(() =>
      Promise.all(
        [['IN_PROGRESS', 'PREPOPULATED'], ['AUTO_REJECTED', 'ADMIN_REJECTED'], ['SUBMITTED'], ['ACCEPTED']].map(
          (statuses) => countSubmissions(db, { companyId: BIG, partnerCompanyId: null, statuses }),
        ),
      ),
    ),
    'staff queue page 1': await time(() => activityPage(db, activity({ companyId: null, statuses: ['SUBMITTED'] }))),
    'staff queue deep page': await time(() =>
      activityPage(
        db,
        activity({ companyId: null, statuses: ['SUBMITTED'], page: staffDeep, boundary: staffBefore.endCursor }),
      ),
    ),
    'v1 list first page': await time(() => submissionListPage(db, { limit: 100, sort: 'updated_at', companyId: BIG })),
    'v1 list deep cursor': await time(() =>
      submissionListPage(db, { limit: 100, sort: 'updated_at', companyId: BIG, ...(cursor ? { cursor } : {}) }),
    ),
  };
}

export async function runScaleBench({ log = console.log } = {}) {
  const sizes = (process.env.SCALE_SIZES ?? '100000,1000000')
    .split(',')
    .map(Number)
    .sort((a, b) => a - b);
  const results: { size: number; figures: Awaited<ReturnType<typeof measure>>; bytes: Record<string, number> }[] = [];
  for (const size of sizes) {
    const database = await openScaleDatabase(size);
    try {
      const have = await seededSize(database.db);
      // A seed from before the largest company had photos is seeded again too.
      if (have !== size || !(await hasPhotos(database.db))) {
        // A seed cut short (or of another size) starts again from nothing.
        await database.db.execute(sql`truncate product_submissions, submission_counts, bench_scale_seed cascade`);
        await growTo(database.db, 0, size, log);
      }
      results.push({ size, figures: await measure(database.db), bytes: await tableBytes(database.db) });
    } finally {
      await database.close();
    }
  }
  const names = Object.keys(results[0]?.figures ?? {}) as (keyof Awaited<ReturnType<typeof measure>>)[];
  const base = results[0];
  const failures: string[] = [];
  const table = [
    `Reads at growing sizes on PostgreSQL (largest company: one submission in ${BIG_EVERY}); median / p99 ms over ${ITERATIONS} calls in process; last column: p99 against the smallest size`,
    '',
    `| read | ${results.map((r) => `${r.size.toLocaleString('en')} rows`).join(' | ')} | p99 ratio |`,
    `|---|${results.map(() => '---:').join('|')}|---:|`,
    ...names.map((name) => {
      const ratio = results.length > 1 ? results[results.length - 1].figures[name].p99 / base.figures[name].p99 : 1;
      if (ratio > 1.5) failures.push(name);
      return `| ${name} | ${results.map((r) => `${r.figures[name].median.toFixed(2)} / ${r.figures[name].p99.toFixed(2)}`).join(' | ')} | ${ratio.toFixed(2)}× |`;
    }),
    '',
    'Target: every p99 within 1.5× of the same read at the smallest size.',
    '',
    `Database size per million submissions (each with a photo, a PDF and its history; tables with their indexes), at ${results.map((r) => r.size.toLocaleString('en')).join(' and ')} rows:`,
    '',
    `| table | ${results.map((r) => `MB per million at ${r.size.toLocaleString('en')}`).join(' | ')} |`,
    `|---|${results.map(() => '---:').join('|')}|`,
    ...[...SIZED_TABLES, 'total'].map(
      (t) => `| ${t} | ${results.map((r) => (((r.bytes[t] / r.size) * 1e6) / 2 ** 20).toFixed(0)).join(' | ')} |`,
    ),
    '',
  ].join('\n');
  log(table);
  writeFileSync(RESULTS, table);
  return { ok: failures.length === 0, failures };
}

if (import.meta.url === `file://${process.argv[1]}`) await runScaleBench();
