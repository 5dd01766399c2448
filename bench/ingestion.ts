/**
 * Bulk ingestion benchmark: generated package photos (barcodes on photo-like backgrounds at varied angles, one in ten
 * without a code) dropped into an organization's source folder; the time from the drop until every file has settled
 * (SUBMITTED, NEEDS_MAPPING or IGNORED) with two job runners (two workers) of concurrency 2, against the raw
 * barcode-reading throughput of the same files through the same media threads, in the same run. Then the polling
 * query's plan on a job of 10,000 files.
 *
 *   node --import tsx bench/ingestion.ts [--count 1000]
 */
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {} from '@fastify/multipart';
import type {} from '@fastify/session';
import type {} from '../server/src/modules/users/current-user.ts';
import pino from 'pino';
import sharp from 'sharp';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { gs1CheckDigit } from '@portal/domain';
import { createContext } from '../server/src/bootstrap.ts';
import { loadConfig } from '../server/src/config.ts';
import { openPglite, openPostgres, type Database } from '../server/src/db/client.ts';
import { bulkIngestionFiles, bulkIngestionOrganizations } from '../server/src/db/schema.ts';
import { seedDemoData } from '../server/src/demo/seed.ts';
import { JobRunner } from '../server/src/jobs/queue.ts';
import { allJobs } from '../server/src/job-registry.ts';
import { closeMediaPool, readBarcodesOffThread } from '../server/src/media/media-pool.ts';
import { scanAllSources } from '../server/src/modules/bulk-ingestion/pipeline.ts';
import { barcodePng } from '../server/test/support/media-files.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(repoRoot, 'bench/results/ingestion.md');

const ean = (i: number) => {
  const body = `50${String(100000000 + i).padStart(10, '0')}`;
  return body + gs1CheckDigit(body);
};

/** A package side in a photo: a noisy coloured background, a label with the barcode, turned by an angle. */
async function packagePhoto(i: number, withCode: boolean): Promise<Buffer> {
  const width = 1400;
  const height = 1050;
  const hue = (i * 47) % 255;
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();
  const background = await sharp({
    create: { width, height, channels: 3, background: { r: hue, g: 160, b: 255 - hue } },
  })
    .composite([{ input: noise, blend: 'soft-light' }])
    .png()
    .toBuffer();
  const layers = [];
  if (withCode)
    layers.push({ input: await barcodePng('ean13', ean(i), 3, 18), left: 300 + (i % 5) * 40, top: 300 + (i % 3) * 50 });
  const angles = [0, 8, -12, 90, 180, 270, 20];
  const scene = await sharp(background).composite(layers).png().toBuffer();
  return sharp(scene)
    .rotate(angles[i % angles.length], { background: '#808080' })
    .jpeg({ quality: 88 })
    .toBuffer();
}

async function openDatabase(): Promise<{ database: Database; kind: string; drop: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const pg = (await import('pg')).default;
    const name = `bench_ingestion_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    return {
      database: await openPostgres(u.href),
      kind: 'PostgreSQL',
      drop: async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  return { database: await openPglite(null), kind: 'PGlite', drop: async () => {} };
}

export interface IngestionBenchResult {
  count: number;
  rawPerSecond: number;
  pipelinePerSecond: number;
  ratio: number;
  planUsesIndex: boolean;
  markdown: string;
}

export async function runIngestionBench({
  count = 1000,
  write = true,
  log = console.log,
} = {}): Promise<IngestionBenchResult> {
  const work = await mkdtemp(path.join(tmpdir(), 'bench-ingestion-'));
  const { database, kind, drop } = await openDatabase();
  try {
    // The photos, made once, outside any measurement.
    const photos = path.join(work, 'photos');
    await mkdir(photos, { recursive: true });
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      const name = `package-${String(i).padStart(5, '0')}.jpg`;
      await writeFile(path.join(photos, name), await packagePhoto(i, i % 10 !== 9));
      names.push(name);
    }
    log(`${count} photos generated`);

    // Baseline: the same reader on the same files through the same media threads, kept busy.
    const rawStart = performance.now();
    let next = 0;
    let rawFound = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < names.length) {
          const file = path.join(photos, names[next++]);
          if ((await readBarcodesOffThread(file, 'jpeg')).codes.length) rawFound++;
        }
      }),
    );
    const rawSeconds = (performance.now() - rawStart) / 1000;

    // The pipeline: the portal's own code, an organization with a LOCAL folder, two runners of concurrency 2.
    await seedDemoData(database.db);
    const config = loadConfig({
      SESSION_SECRET: 'x'.repeat(40),
      DATA_DIR: path.join(work, 'data'),
      INGESTION_SETTLE_SECONDS: '0',
      LOG_LEVEL: 'silent',
    });
    const silent = pino({ level: 'silent' });
    const ctx = createContext(config, database, silent);
    await database.db
      .insert(bulkIngestionOrganizations)
      .values({ companyId: 1001, folderName: 'bench', imageSource: 'LOCAL' });
    const folder = path.join(config.ingestion.root, 'bench');
    await mkdir(folder, { recursive: true });
    const runners = [1, 2].map(() =>
      new JobRunner(database.db, silent, { concurrency: 2, pollMs: 50 }).register(...allJobs(ctx)),
    );

    const start = performance.now();
    await Promise.all(names.map((n) => copyFile(path.join(photos, n), path.join(folder, n))));
    const jobs = await scanAllSources(ctx, (err) => {
      throw err;
    });
    runners.forEach((r) => r.start());
    let settled = 0;
    for (;;) {
      const [{ n }] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(bulkIngestionFiles)
        .where(
          and(
            inArray(bulkIngestionFiles.jobId, jobs),
            inArray(bulkIngestionFiles.status, ['SUBMITTED', 'NEEDS_MAPPING', 'IGNORED']),
          ),
        );
      settled = n;
      if (settled >= count) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const pipelineSeconds = (performance.now() - start) / 1000;
    await Promise.all(runners.map((r) => r.stop()));
    const [{ identified }] = await database.db
      .select({ identified: sql<number>`count(*)::int` })
      .from(bulkIngestionFiles)
      .where(and(inArray(bulkIngestionFiles.jobId, jobs), eq(bulkIngestionFiles.status, 'SUBMITTED')));
    const left = (await readdir(folder)).length;

    // Polling a job of 10,000 files: the plan of the query the screen runs.
    const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
    const [{ id: bigJob }] = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`insert into bulk_ingestion_jobs (organization_id, company_id, source) select id, company_id, 'UPLOAD' from bulk_ingestion_organizations limit 1 returning id`,
      ),
    );
    await database.db.execute(sql`
      insert into bulk_ingestion_files (job_id, filename, storage_key, status, updated_at)
      select ${bigJob}, 'file-' || g || '.jpg', 'ingestion/x/' || g, 'SUBMITTED', now() - ((10000 - g) || ' seconds')::interval
      from generate_series(1, 10000) g`);
    await database.db.execute(sql`analyze bulk_ingestion_files`);
    const since = new Date(Date.now() - 5000).toISOString();
    const plan = rowsOf<Record<string, string>>(
      await database.db.execute(
        sql`explain analyze select * from bulk_ingestion_files where job_id = ${bigJob} and updated_at > ${since} order by updated_at limit 25000`,
      ),
    ).map((r) => Object.values(r)[0]);
    const planUsesIndex =
      plan.some((l) => l.includes('bulk_ingestion_files_job_updated_idx')) && !plan.some((l) => /Seq Scan/.test(l));

    const rawPerSecond = count / rawSeconds;
    const pipelinePerSecond = count / pipelineSeconds;
    const ratio = pipelinePerSecond / rawPerSecond;
    const markdown = [
      `Bulk ingestion, ${count} generated package photos (JPEG 1400x1050, one in ten without a code), ${kind}, two job runners of concurrency 2, media threads shared.`,
      '',
      '| | seconds | images/s | codes found |',
      '|---|---:|---:|---:|',
      `| raw barcode reading (same files, same threads) | ${rawSeconds.toFixed(1)} | ${rawPerSecond.toFixed(1)} | ${rawFound} |`,
      `| pipeline: drop to every file settled | ${pipelineSeconds.toFixed(1)} | ${pipelinePerSecond.toFixed(1)} | ${identified} submitted |`,
      '',
      `Pipeline throughput / raw: **${(ratio * 100).toFixed(0)}%** (target 70%). Files left in the source folder: ${left}.`,
      '',
      `Polling a job of 10,000 files (files updated in the last 5 s):`,
      '',
      '```',
      ...plan,
      '```',
      '',
    ].join('\n');
    log(markdown);
    if (write) await writeFile(RESULTS, markdown);
    return { count, rawPerSecond, pipelinePerSecond, ratio, planUsesIndex, markdown };
  } finally {
    await database.close();
    await drop();
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const at = process.argv.indexOf('--count');
  const count = at > 0 ? Number(process.argv[at + 1]) : 1000;
  await runIngestionBench({ count, write: count >= 1000 });
  await closeMediaPool();
}
