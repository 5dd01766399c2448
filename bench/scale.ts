/**
 * Scale benchmark: the same reads at growing data sizes in one run, on PostgreSQL. Seeds each size's submissions by
 * SQL (generate_series) into a database of its own that it keeps between runs (`bench_scale_<size>` on
 * BENCH_DATABASE_URL's server; drop it to seed again), then their catalogue (a product for each catalogued
 * submission, one in five) as a step of its own with its own marker, so a database seeded before the step gets it
 * alone on its next run. Times in-process, at each size: activity page 1 and a deep page of the largest company (read
 * from the page boundary before it), its tab counts, the staff review queue (first and deep), the catalogue list
 * (page 1 and a page in the middle read from the end cursor of the page before, as the UI reads Next; as the largest
 * company's user and as staff), the integration API's list (first page and a deep cursor), the duplicate check of a
 * new photo among the largest company's (one fingerprint per submission), and a bare `select 1` as the noise floor.
 * The sizes are timed round-robin (every iteration calls each read at each size, in a turning order), so the
 * machine's noise falls on all sizes alike. Then the activity list through the real server against a bare route
 * (bench/activity.ts) at the smallest and the largest size. Targets: every p99 within 1.5× of the same figure at the
 * smallest size; at the largest size the activity list at least 40% of the bare route with the fetch client.
 *
 *   npm run bench -- scale                      (100,000 and 1,000,000 rows)
 *   SCALE_SIZES=100000,1000000,10000000 npm run bench -- scale
 *   SCALE_SEED_ONLY=1 …                         seed (or check) the databases, time nothing
 *   SCALE_ITERATIONS (500), SCALE_WARM_UP (30), SCALE_BARE_SECONDS (12), SCALE_SKIP_BARE=1
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, queryRows, type Db } from '../server/src/db/client.ts';
import { activityPage, type ActivityQuery } from '../server/src/modules/submission-views/queries/activity-list.ts';
import { countSubmissions, rebuildCounts } from '../server/src/modules/submissions/counts.ts';
import { submissionListPage } from '../server/src/modules/submission-views/queries/submission-list.ts';
import { picturesNear } from '../server/src/modules/media-files/repository.ts';
import { cataloguePage } from '../server/src/modules/catalogue/service.ts';
import { cataloguePageReads } from '../server/src/modules/catalogue/queries/catalogue-list.ts';
import type { CataloguedProductRow } from '../server/src/modules/catalogue/repository.ts';
import { rebuildCompanyCatalogues } from '../server/src/modules/catalogue/queries/membership.ts';
import { findUserById, type UserRow } from '../server/src/modules/users/repository.ts';
import type { AppContext } from '../server/src/context.ts';
import { keyOf } from '../server/src/lib/keyset.ts';
import { CATALOGUE_PAGE_SIZE, SCOPES } from '@portal/domain';
import { hashPassword } from '../server/src/modules/users/passwords.ts';
import { measureMode } from './activity.ts';
import { BENCH_PASSWORD } from './support/seed-activity.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(repoRoot, 'bench/results/scale.md');
/** The figures as data, for the plot of docs/performance.md (scripts/plot-scale.ts). */
export const RESULTS_JSON = path.join(repoRoot, 'bench/results/scale.json');
/** Company ids and user ids of the seed start here (user id = company id). */
const BASE = 10_000_000;
/** The largest company: about one row in 46 (216,000 of 10 million), as the largest supplier measured had. */
const BIG = BASE;
const BIG_EVERY = 46;
/** Companies grow with the data: a hundred submissions each on average. */
const companiesAt = (size: number) => Math.max(10, Math.floor(size / 100));
const ALL = ['SUBMITTED', 'ADMIN_REJECTED', 'AUTO_REJECTED', 'ACCEPTED'];
const STATUSES = ['SUBMITTED', 'ACCEPTED', 'AUTO_REJECTED', 'ADMIN_REJECTED', 'CATALOGUED'];
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

/** Seeds of this many rows or more drop the secondary indexes first and build them after. */
const BUILD_INDEXES_AFTER = 2_000_000;
/** What the file table's fingerprint trigger looks up on every insert: kept. */
const KEPT_INDEXES = ['picture_fingerprints_submission_file_idx', 'picture_fingerprints_draft_file_idx'];

async function dropSecondaryIndexes(db: Db, log: (line: string) => void) {
  await db.execute(
    sql`create table if not exists bench_scale_dropped_indexes (name text primary key, def text not null)`,
  );
  const indexes = await queryRows<{ name: string; def: string }>(
    db,
    sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = any(${`{${SIZED_TABLES.join(',')}}`}::regclass[])
        and not i.indisunique and not i.indisprimary and c.relname <> all(${`{${KEPT_INDEXES.join(',')}}`}::text[])`,
  );
  for (const { name, def } of indexes) {
    await db.execute(
      sql`insert into bench_scale_dropped_indexes (name, def) values (${name}, ${def}) on conflict do nothing`,
    );
    await db.execute(sql.raw(`drop index if exists "${name}"`));
  }
  if (indexes.length) log(`  dropped ${indexes.length} secondary indexes for the seed`);
}

async function buildDroppedIndexes(db: Db, log: (line: string) => void) {
  await db.execute(
    sql`create table if not exists bench_scale_dropped_indexes (name text primary key, def text not null)`,
  );
  const indexes = await queryRows<{ name: string; def: string }>(
    db,
    sql`select name, def from bench_scale_dropped_indexes`,
  );
  // One core: the machine is shared.
  await db.execute(sql`set max_parallel_maintenance_workers = 0`);
  await db.execute(sql`set maintenance_work_mem = '512MB'`);
  for (const { name, def } of indexes) {
    const started = Date.now();
    await db.execute(sql.raw(def.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ')));
    await db.execute(sql`delete from bench_scale_dropped_indexes where name = ${name}`);
    log(`  built ${name} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}

/** The submissions a seed has so far (of the seed's companies: the rows it writes, in order). */
async function seedRows(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from product_submissions`);
  return Number(row.n);
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
  // Millions of rows go in faster without the secondary indexes, built again once at the end (sorted, not row by
  // row). Their definitions are kept in the database, so a seed cut short builds them when it goes on.
  if (to - from >= BUILD_INDEXES_AFTER) await dropSecondaryIndexes(db, log);
  // A chunk is one statement: a seed cut short loses at most one (and goes on from there when run again).
  const CHUNK = 250_000;
  for (let start = from + 1; start <= to; start += CHUNK) {
    const end = Math.min(to, start + CHUNK - 1);
    // Each submission as a real one is: a photo (read, with its codes and picture hash, and its fingerprint) and a PDF,
    // created then decided (two history rows, one for those still waiting). Written as the application writes them,
    // but with the row-by-row work that only guards against what this statement cannot do switched off for it
    // (session_replication_role: foreign key checks, and the file table's trigger, whose fingerprint it writes itself).
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
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
        returning id, company_id, ean13_upc, item_status, created_at
      ), files as (
        insert into submission_files (submission_id, file_name, storage_key, kind, size, position, is_marketing_image,
          detected_upcs, detected_from, detection_status, perceptual_hash, long_side_px)
        select id, 'front.jpg', 'scale/' || id || '/front.jpg', 'jpeg', 850000, 0, true, array[ean13_upc], 'bars', 'done',
          substr(md5(id::text), 1, 16) || '-' || substr(md5(id::text), 17, 16), 3024 from s
        union all
        select id, 'spec-sheet.pdf', 'scale/' || id || '/spec-sheet.pdf', 'pdf', 120000, 1, false, '{}', null, 'done',
          null, null from s
        returning id, submission_id, perceptual_hash
      ), fingerprints as (
        insert into picture_fingerprints (company_id, submission_file_id, hash)
        select s.company_id, files.id, files.perceptual_hash from files join s on s.id = files.submission_id
        where files.perceptual_hash is not null
      )
      insert into submission_history (submission_id, at, from_status, to_status)
      select id, created_at, null, 'SUBMITTED' from s
      union all
      select id, created_at + interval '1 hour', 'SUBMITTED', item_status from s where item_status <> 'SUBMITTED'`);
    });
    log(`  seeded ${end.toLocaleString('en')} rows`);
  }
  await buildDroppedIndexes(db, log);
  await rebuildCounts(db);
  await db.execute(sql`vacuum analyze product_submissions`);
  await db.execute(sql`vacuum analyze submission_counts`);
  await db.execute(sql`vacuum analyze submission_status_totals`);
  for (const table of ['picture_fingerprints', 'submission_files', 'submission_history'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  await db.execute(sql`insert into bench_scale_seed (size) values (${to})`);
  log(`  grew to ${to.toLocaleString('en')} rows in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** The size the catalogue was seeded to (0: never): a step of its own, so a database seeded before it gets it alone. */
async function cataloguedSize(db: Db): Promise<number> {
  await db.execute(sql`create table if not exists bench_scale_catalogue (size bigint not null)`);
  const [row] = await queryRows<{ size: string | null }>(db, sql`select max(size) as size from bench_scale_catalogue`);
  return Number(row.size ?? 0);
}

/** The seed's rows that are CATALOGUED: row g has status STATUSES[g % 5] (growTo). */
const CATALOGUED_AT = STATUSES.indexOf('CATALOGUED');

/**
 * The catalogue of a seeded database: one catalogued product for each EAN-13 of the seed's CATALOGUED submissions
 * (one in five: 2 million at 10 million), last modified when it was submitted, one in 97 delisted, a few sizes
 * and units left empty (as the list's sorts meet them). Written by SQL from the rows' numbers (as growTo wrote
 * them), chunk by chunk; a chunk written before is passed over, so a step cut short goes on.
 */
async function seedCatalogue(db: Db, size: number, log: (line: string) => void) {
  const started = Date.now();
  const CHUNK = 500_000;
  const last = Math.floor((size - CATALOGUED_AT) / STATUSES.length);
  for (let start = 0; start <= last; start += CHUNK) {
    const end = Math.min(last, start + CHUNK - 1);
    await db.execute(sql`
      insert into catalogued_products (ean13_upc, description, brand, item_size, units_of_measure, pack_count,
        is_delisted, delisted_at, created_at, updated_at)
      select lpad((g % 1000000000000)::text, 13, '0'), 'Scale product ' || g, 'Brand ' || (g * 7919 % 499),
        case when g % 4 = 0 then null else (g % 89)::text || ' oz' end, case when g % 3 = 0 then null else 'EA' end,
        1 + g % 12, g % 97 = 0, case when g % 97 = 0 then now() end,
        now() - (${size}::bigint - g) * interval '1 second', now() - (${size}::bigint - g) * interval '1 second'
      from generate_series(${start}::bigint, ${end}::bigint) k,
        lateral (select k * ${STATUSES.length} + ${CATALOGUED_AT} as g) as row
      where g between 1 and ${size}
      on conflict (ean13_upc) do nothing`);
    log(`  catalogued the products of ${Math.min(size, (end + 1) * STATUSES.length).toLocaleString('en')} rows`);
  }
  // Each company's catalogue from the submissions and products just written (the lifecycle and the catalogue keep it
  // in the portal; these rows went round both). Built whole here, the migration's backfill having run on whatever
  // the database held when it was opened: either order ends with the rows the products and submissions say.
  const rebuilding = Date.now();
  await rebuildCompanyCatalogues(db);
  log(`  company catalogues rebuilt in ${((Date.now() - rebuilding) / 1000).toFixed(0)} s`);
  await db.execute(sql`vacuum analyze catalogued_products`);
  await db.execute(sql`vacuum analyze company_catalogue`);
  await db.execute(sql`vacuum analyze company_catalogue_counts`);
  await db.execute(sql`insert into bench_scale_catalogue (size) values (${size})`);
  log(`  catalogue of ${size.toLocaleString('en')} rows in ${((Date.now() - started) / 1000).toFixed(0)} s`);
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

const activity = (over: Partial<ActivityQuery> = {}): ActivityQuery => ({
  statuses: ALL,
  companyId: BIG,
  partnerCompanyId: null,
  includeDrafts: false,
  page: 1,
  pageSize: 10,
  ...over,
});

type Reads = Record<string, () => Promise<unknown>>;

/** Every read of the benchmark at a database's present size, ready to be called over and over. */
async function prepareReads(db: Db): Promise<Reads> {
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
  const supplier = await findUserById(db, BIG);
  if (!supplier) throw new Error(`no user ${BIG}: seed the database again`);
  const staff: UserRow = { ...supplier, scopes: [SCOPES.readAllProductSubmissions] };
  const ctx = { db } as AppContext;
  const catalogueDeep = await catalogueDeepPage(db, supplier, BIG);
  const staffCatalogueDeep = await catalogueDeepPage(db, staff, null);
  let photo = 0;
  const newPhotoHash = () => {
    const h = createHash('md5').update(`new photo ${photo++}`).digest('hex');
    return `${h.slice(0, 16)}-${h.slice(16)}`;
  };
  return {
    // The noise floor: a round trip that does no work, timed beside the others. When its p99 moves, the machine moved.
    'round trip (select 1)': () => db.execute(sql`select 1`),
    'duplicate check of a new photo': () => picturesNear(db, BIG, newPhotoHash(), NO_FILE),
    'activity page 1': () => activityPage(db, activity()),
    'activity deep page': () => activityPage(db, activity({ page: deepPage, boundary: before.endCursor })),
    'tab counts (4 tabs)': () =>
      Promise.all(
        [['IN_PROGRESS', 'PREPOPULATED'], ['AUTO_REJECTED', 'ADMIN_REJECTED'], ['SUBMITTED'], ['ACCEPTED']].map(
          (statuses) => countSubmissions(db, { companyId: BIG, partnerCompanyId: null, statuses }),
        ),
      ),
    'staff queue page 1': () => activityPage(db, activity({ companyId: null, statuses: ['SUBMITTED'] })),
    'staff queue deep page': () =>
      activityPage(
        db,
        activity({ companyId: null, statuses: ['SUBMITTED'], page: staffDeep, boundary: staffBefore.endCursor }),
      ),
    'catalogue page 1': () => cataloguePage(ctx, supplier, {}),
    'catalogue deep page': () => cataloguePage(ctx, supplier, catalogueDeep),
    'staff catalogue page 1': () => cataloguePage(ctx, staff, {}),
    'staff catalogue deep page': () => cataloguePage(ctx, staff, staffCatalogueDeep),
    'v1 list first page': () => submissionListPage(db, { limit: 100, sort: 'updated_at', companyId: BIG }),
    'v1 list deep cursor': () =>
      submissionListPage(db, { limit: 100, sort: 'updated_at', companyId: BIG, ...(cursor ? { cursor } : {}) }),
  };
}

/**
 * A page in the middle of the catalogue list as `user` sees it (`company`'s products, delisted ones aside, or every
 * product for staff), in the order the list opens in (last modified first), asked as the list asks for the page after
 * one shown: from the end cursor of the page before. That boundary row is found here by an offset, once, untimed.
 */
async function catalogueDeepPage(db: Db, user: UserRow, company: number | null) {
  const visible =
    company === null
      ? sql`true`
      : sql`not c.is_delisted and exists (select 1 from product_submissions s where s.company_id = ${company} and s.ean13_upc = c.ean13_upc)`;
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from catalogued_products c where ${visible}`,
  );
  const pageBefore = Math.max(1, Math.floor(n / CATALOGUE_PAGE_SIZE / 2));
  const [edge] = await queryRows<{ ean13_upc: string; key: string }>(
    db,
    sql`select c.ean13_upc, ${keyOf(sql`c.updated_at`)} as key from catalogued_products c where ${visible}
      order by c.updated_at desc, c.ean13_upc desc offset ${pageBefore * CATALOGUE_PAGE_SIZE - 1} limit 1`,
  );
  if (!edge) throw new Error(`no catalogued products for ${company ?? 'staff'}: seed the catalogue again`);
  const after = (await cataloguePageReads(db, user, {})).cursorOf({
    key: edge.key,
    row: { ean13Upc: edge.ean13_upc } as CataloguedProductRow,
  });
  const q = { page: pageBefore + 1, after };
  const page = await cataloguePage({ db } as AppContext, user, q);
  if (page.items.length !== CATALOGUE_PAGE_SIZE)
    throw new Error(`the deep catalogue page of ${company ?? 'staff'} has ${page.items.length} products`);
  return q;
}

/** Calls of each read at each size before any is timed: plans cached, pages of the indexes read in. */
const WARM_UP = Number(process.env.SCALE_WARM_UP ?? 30);
const ITERATIONS = Number(process.env.SCALE_ITERATIONS ?? 500);

interface Sample {
  ms: number;
  start: number;
  end: number;
}
interface Figure {
  median: number;
  p99: number;
  /** p99 of the calls no garbage collection pause overlapped. */
  p99NoGc: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];

/**
 * Times every read at every size round-robin: each iteration calls each read once at each size, the sizes in an order
 * that turns each iteration, so what the machine does meanwhile (other engineers' work, a checkpoint, a garbage
 * collection) falls on every size alike instead of on whichever size was being measured at the time.
 */
async function timeRoundRobin(dbs: Db[], reads: Reads[]) {
  const names = Object.keys(reads[0]);
  const samples = reads.map(() => Object.fromEntries(names.map((n) => [n, [] as Sample[]])));
  const gcPauses: { start: number; end: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcPauses.push({ start: e.startTime, end: e.startTime + e.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  const misses = async () =>
    Promise.all(
      dbs.map(async (db) => {
        const [row] = await queryRows<{ n: string }>(
          db,
          sql`select blks_read::text as n from pg_stat_database where datname = current_database()`,
        );
        return Number(row.n);
      }),
    );
  let missesBefore: number[] = [];
  for (let i = 0; i < WARM_UP + ITERATIONS; i++) {
    if (i === WARM_UP) missesBefore = await misses();
    for (const name of names)
      for (let k = 0; k < reads.length; k++) {
        const at = (i + k) % reads.length;
        const start = performance.now();
        await reads[at][name]();
        const end = performance.now();
        if (i >= WARM_UP) samples[at][name].push({ ms: end - start, start, end });
      }
  }
  const missesAfter = await misses();
  // Let the observer deliver the last entries.
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  const duringGc = (s: Sample) => gcPauses.some((g) => g.start < s.end && g.end > s.start);
  const callsPerSize = names.length * ITERATIONS;
  return {
    // Buffers PostgreSQL did not find in its cache, per call of any read (pg_stat_database of the size's database).
    missesPerCall: missesAfter.map((after, at) => (after - missesBefore[at]) / callsPerSize),
    figures: samples.map((bySize) =>
      Object.fromEntries(
        names.map((name) => {
          const ms = bySize[name].map((s) => s.ms).sort((a, b) => a - b);
          const noGc = bySize[name]
            .filter((s) => !duringGc(s))
            .map((s) => s.ms)
            .sort((a, b) => a - b);
          const figure: Figure = {
            median: quantile(ms, 0.5),
            p99: quantile(ms, 0.99),
            p99NoGc: quantile(noGc, 0.99),
          };
          return [name, figure];
        }),
      ),
    ),
  };
}

/** The activity list through the real server against the bare route, at a size's database (bench/activity.ts). */
async function bareRatio(size: number, log: (line: string) => void) {
  const database = await openScaleDatabase(size);
  const work = mkdtempSync(path.join(tmpdir(), 'bench-scale-'));
  try {
    await database.db.execute(
      sql`update users set password_hash = ${await hashPassword(BENCH_PASSWORD)} where id = ${BIG}`,
    );
    // Each run's server has storage of its own (a fresh folder): the marker of an earlier run's is forgotten.
    await database.db.execute(sql`delete from storage_marker`);
    const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
    url.pathname = `/bench_scale_${size}`;
    const port = 3975 + Number(process.env.E2E_PORT_OFFSET ?? 0);
    const rows = await measureMode(
      `${size.toLocaleString('en')} rows`,
      { DATABASE_URL: url.href, SESSION_SECRET: 'b'.repeat(40), DATA_DIR: path.join(work, 'data') },
      work,
      port,
      Number(process.env.SCALE_BARE_SECONDS ?? 12),
      'scale-0@example.com',
    );
    for (const r of rows) log(`  ${r.database}, ${r.client}: portal / bare ${(r.ratio * 100).toFixed(0)}%`);
    return rows;
  } finally {
    rmSync(work, { recursive: true, force: true });
    await database.close();
  }
}

export interface ScaleResult {
  sizes: number[];
  iterations: number;
  figures: Record<string, Figure>[];
  missesPerCall: number[];
  bytes: Record<string, number>[];
  bare: { size: number; client: string; ratio: number; portalRps: number; bareRps: number }[];
}

export async function runScaleBench({ log = console.log } = {}) {
  const sizes = (process.env.SCALE_SIZES ?? '100000,1000000')
    .split(',')
    .map(Number)
    .sort((a, b) => a - b);
  const databases: Awaited<ReturnType<typeof openScaleDatabase>>[] = [];
  const result: ScaleResult = {
    sizes,
    iterations: ITERATIONS,
    figures: [],
    missesPerCall: [],
    bytes: [],
    bare: [],
  };
  try {
    for (const size of sizes) {
      const database = await openScaleDatabase(size);
      databases.push(database);
      const have = await seededSize(database.db);
      if (have !== size) {
        // A seed cut short goes on from the rows it has: each chunk is one statement, so the rows there are the first
        // ones of the seed, whole. Anything else (more rows, or a seed from before the largest company had photos)
        // starts again from nothing.
        const present = await seedRows(database.db);
        const resume = present > 0 && present < size && (await hasPhotos(database.db)) ? present : 0;
        if (!resume) {
          await cataloguedSize(database.db);
          await database.db.execute(
            sql`truncate product_submissions, submission_counts, submission_status_totals, bench_scale_seed, catalogued_products, company_catalogue, company_catalogue_counts, bench_scale_catalogue cascade`,
          );
        } else log(`  going on from ${resume.toLocaleString('en')} rows seeded before`);
        await growTo(database.db, resume, size, log);
      }
      // The catalogue came after the first seeds: a database seeded before it gets it alone, its submissions kept.
      if ((await cataloguedSize(database.db)) !== size) await seedCatalogue(database.db, size, log);
    }
    if (process.env.SCALE_SEED_ONLY) return { ok: true, failures: [] };
    const dbs = databases.map((d) => d.db);
    const reads = await Promise.all(dbs.map(prepareReads));
    log(
      `  timing ${Object.keys(reads[0]).length} reads at ${sizes.length} sizes round-robin, ${ITERATIONS} calls each`,
    );
    Object.assign(result, await timeRoundRobin(dbs, reads));
    result.bytes = await Promise.all(dbs.map(tableBytes));
  } finally {
    await Promise.all(databases.map((d) => d.close()));
  }
  const write = () => {
    writeFileSync(RESULTS_JSON, JSON.stringify(result, null, 2) + '\n');
    const { table, failures } = scaleTable(result);
    writeFileSync(RESULTS, table);
    return { table, failures };
  };
  // The timings are kept before the server is started, which may fail on its own.
  write();
  if (!process.env.SCALE_SKIP_BARE)
    for (const size of new Set([sizes[0], sizes[sizes.length - 1]]))
      for (const r of await bareRatio(size, log))
        result.bare.push({ size, client: r.client, ratio: r.ratio, portalRps: r.portal.rps, bareRps: r.bare.rps });
  const { table, failures } = write();
  log(table);
  return { ok: failures.length === 0, failures };
}

const NOISE_FLOOR = 'round trip (select 1)';

/** The results as markdown (bench/results/scale.md, and the table of docs/performance.md), and the targets missed. */
export function scaleTable(result: ScaleResult) {
  const { sizes, figures } = result;
  const names = Object.keys(figures[0] ?? {});
  const last = figures.length - 1;
  const failures: string[] = [];
  const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
  const ratioOf = (name: string, key: 'p99' | 'median' | 'p99NoGc') => figures[last][name][key] / figures[0][name][key];
  const rows = names.map((name) => {
    const ratio = ratioOf(name, 'p99');
    if (ratio > 1.5 && name !== NOISE_FLOOR) failures.push(name);
    return `| ${name} | ${figures.map((f) => `${fmt(f[name].median)} / ${fmt(f[name].p99)}`).join(' | ')} | ${ratioOf(name, 'median').toFixed(2)}× | ${ratio.toFixed(2)}× | ${ratioOf(name, 'p99NoGc').toFixed(2)}× |`;
  });
  const bareRows = result.bare.map((b) => {
    if (b.size === sizes[last] && b.client === 'fetch' && b.ratio < 0.4) failures.push(`bare route at ${b.size}`);
    return `| ${b.size.toLocaleString('en')} | ${b.client} | ${b.portalRps.toFixed(0)} | ${b.bareRps.toFixed(0)} | ${(b.ratio * 100).toFixed(0)}% |`;
  });
  const sizeList = sizes.map((s) => s.toLocaleString('en')).join(', ');
  const table = [
    `Reads at ${sizeList} submissions on PostgreSQL (largest company: one submission in ${BIG_EVERY}), in process; median / p99 ms over ${result.iterations} calls per read and size, the sizes timed round-robin (each iteration calls every read at every size, in a turning order) after ${WARM_UP} warm-up calls. Ratios: the largest size against the smallest; "p99 no GC" leaves out calls a garbage collection pause overlapped.`,
    '',
    `| read | ${sizes.map((s) => `${s.toLocaleString('en')} rows`).join(' | ')} | median ratio | p99 ratio | p99 ratio, no GC |`,
    `|---|${sizes.map(() => '---:').join('|')}|---:|---:|---:|`,
    ...rows,
    '',
    `Buffers PostgreSQL read from outside its own cache (the operating system's cache or the disk), per call: ${result.missesPerCall.map((m, i) => `${m.toFixed(1)} at ${sizes[i].toLocaleString('en')}`).join(', ')}.`,
    '',
    `Target: every p99 within 1.5× of the same read at the smallest size (the round trip is the noise floor, not a target): ${failures.filter((f) => !f.startsWith('bare')).length ? `missed by ${failures.filter((f) => !f.startsWith('bare')).join(', ')}` : 'met'}.`,
    '',
    ...(bareRows.length
      ? [
          `Activity list (tab Pending Review of the largest company, page of 10) through the server against a bare Fastify route answering the same JSON in the same encoding, 32 concurrent clients, same run:`,
          '',
          '| rows | client | portal req/s | bare req/s | portal / bare |',
          '|---:|---|---:|---:|---:|',
          ...bareRows,
          '',
          `Target: at the largest size at least 40% of the bare route with the fetch client: ${failures.some((f) => f.startsWith('bare')) ? 'missed' : 'met'}.`,
          '',
        ]
      : []),
    `Database size per million submissions (each with a photo, a PDF and its history; tables with their indexes):`,
    '',
    `| table | ${sizes.map((s) => `MB per million at ${s.toLocaleString('en')}`).join(' | ')} |`,
    `|---|${sizes.map(() => '---:').join('|')}|`,
    ...[...SIZED_TABLES, 'total'].map(
      (t) => `| ${t} | ${result.bytes.map((b, i) => (((b[t] / sizes[i]) * 1e6) / 2 ** 20).toFixed(0)).join(' | ')} |`,
    ),
    '',
  ].join('\n');
  return { table, failures };
}

if (import.meta.url === `file://${process.argv[1]}`) await runScaleBench();
