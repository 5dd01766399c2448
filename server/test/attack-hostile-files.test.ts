/**
 * The attack suite, hostile files (issue 15): what a signed-in supplier can upload to take the portal down or fill
 * its disk. Every file is made in code (support/hostile-files.ts). Each case must be refused with a clear message,
 * or processed within the limits, while the server goes on serving.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MEDIA_MSG, QUOTA_MSG, ZIP_MSG } from '@portal/domain';
import { configureMediaLimits, DEFAULT_MEDIA_LIMITS } from '../src/media/media-pool.ts';
import { storedBytesOf } from '../src/modules/uploads/repository.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { barcodeImage } from './fixtures.ts';
import {
  damagedTiff,
  hundredMegapixelJpeg,
  noiseImage,
  pdfBomb,
  truncatedImage,
  zipBomb,
  zipOf,
} from './support/hostile-files.ts';

let server: TestServer;
let supplier: Client;
const tried: Record<string, number> = {};
const count = (category: string) => (tried[category] = (tried[category] ?? 0) + 1);

const GRANT = `mutation($input: BulkIngestionOrganizationInput!) { createBulkIngestionOrganization(input: $input) { companyId } }`;

/** Gives the supplier's company (1001) bulk ingestion, so it can upload zips. */
async function grantIngestion(on: TestServer) {
  const admin = new Client(on.url);
  await admin.login('admin@example.com', 'Admin-demo-1');
  const res = await admin.graphql(GRANT, {
    input: { companyId: 1001, folderName: 'green_valley', imageSource: 'UPLOADS' },
  });
  expect(res.json.errors).toBeUndefined();
}

beforeAll(async () => {
  server = await startTestServer();
  supplier = new Client(server.url);
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await grantIngestion(server);
});
afterAll(async () => {
  console.log(`hostile files tried per category: ${JSON.stringify(tried)}`);
  await server?.close();
});

const DRAFT_FILES = `query($id: ID!) { getDraftSubmission(id: $id) { files { fileName detectionStatus thumbnailUrl } } }`;

/** Bytes under the portal's files folder (uploads in progress included). */
function storedBytes(): number {
  const root = path.join(server.config.dataDir, 'files');
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + statSync(path.join(e.parentPath, e.name)).size, 0);
}

describe(`hostile media files (${databaseKind})`, () => {
  it('refuses a PDF decompression bomb at upload with the domain message, and keeps serving', async () => {
    count('pdf bomb');
    const bomb = await pdfBomb(600 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await supplier.upload('/api/draftSubmissions', [{ name: 'label.pdf', data: bomb }]);
    expect(res.status).toBe(400);
    expect(res.json.message).toContain(MEDIA_MSG.tooComplexPdf);
    expect((await supplier.get('/api/health')).status).toBe(200);
  });

  it('refuses a 222-byte TIFF that declares 9999×9999 pixels it does not hold', async () => {
    count('damaged image');
    const res = await supplier.upload('/api/draftSubmissions', [{ name: 'scan.tif', data: damagedTiff() }]);
    expect(res.status).toBe(400);
    expect(res.json.message).toContain(MEDIA_MSG.unreadableImage);
  });

  it.each(['jpeg', 'png', 'tiff'] as const)('refuses a %s cut off in its pixel data', async (format) => {
    count('damaged image');
    const res = await supplier.upload('/api/draftSubmissions', [
      { name: `cut.${format}`, data: await truncatedImage(format) },
    ]);
    expect(res.status).toBe(400);
    expect(res.json.message).toContain(MEDIA_MSG.unreadableImage);
  });

  it('ends media work that passes its CPU time limit: the file is marked failed at the first attempt, never retried', async () => {
    count('media limits');
    const res = await supplier.upload('/api/draftSubmissions', [
      { name: 'huge.jpg', data: await hundredMegapixelJpeg() },
    ]);
    expect(res.status).toBe(201);
    configureMediaLimits({ ...DEFAULT_MEDIA_LIMITS, cpuMs: 50 });
    try {
      await server.ctx.jobs!.drain();
    } finally {
      configureMediaLimits(DEFAULT_MEDIA_LIMITS);
    }
    const draft = (await supplier.graphql(DRAFT_FILES, { id: res.json.id })).json.data.getDraftSubmission;
    expect(draft.files[0].detectionStatus).toBe('failed');
    const jobs = (await server.database.db
      .execute(sql`select status, attempts from jobs where name = 'drafts.processFile'
      and payload->>'fileId' in (select id::text from draft_files where draft_id = ${res.json.id})`)) as unknown as {
      rows: { status: string; attempts: number }[];
    };
    expect(jobs.rows).toEqual([{ status: 'done', attempts: 1 }]);
    expect((await supplier.get('/api/health')).status).toBe(200);
  });

  it('processes a 100-megapixel photo within the default limits', async () => {
    count('media limits');
    const res = await supplier.upload('/api/draftSubmissions', [
      { name: 'huge.jpg', data: await hundredMegapixelJpeg() },
    ]);
    expect(res.status).toBe(201);
    await server.ctx.jobs!.drain();
    const draft = (await supplier.graphql(DRAFT_FILES, { id: res.json.id })).json.data.getDraftSubmission;
    expect(draft.files[0].detectionStatus).toBe('done');
    expect(draft.files[0].thumbnailUrl).toBeTruthy();
    expect(storedBytes()).toBeGreaterThan(0);
  });
});

describe(`hostile zips on the import page (${databaseKind})`, () => {
  const filesOfJob = async (id: number) =>
    (await server.database.db.execute(
      sql`select filename, status, reason, storage_key from bulk_ingestion_files where job_id = ${id} order by filename`,
    )) as unknown as {
      rows: { filename: string; status: string; reason: string | null; storage_key: string }[];
    };

  it('refuses a zip bomb (30 entries of 15 MB zeros in under 1 MB) before unpacking it, keeping nothing', async () => {
    count('zip');
    const bomb = zipBomb(30, 15 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = storedBytes();
    const res = await supplier.upload('/api/bulkIngestion/jobs', [{ name: 'photos.zip', data: bomb }]);
    expect(res.status).toBe(413);
    expect(res.json.message).toBe(ZIP_MSG.tooCompressed('zeros-0.png'));
    expect(storedBytes()).toBe(before);
  });

  it('keeps no bytes of files that end IGNORED, whether refused at once or by the pipeline', async () => {
    count('zip');
    const text = Buffer.from('not a picture\n'.repeat(20_000)); // 280 KB of text: compresses well, but not like a bomb
    const archive = zipOf([
      { name: 'notes.png', data: text.subarray(0, 2000) },
      { name: 'fake.png', data: Buffer.concat([(await noiseImage('png')).subarray(0, 64), await noiseImage('jpeg')]) },
      { name: 'front.png', data: await barcodeImage('4006381333931') },
    ]);
    const res = await supplier.upload('/api/bulkIngestion/jobs', [
      { name: 'photos.zip', data: archive },
      { name: 'readme.png', data: text },
    ]);
    expect(res.status).toBe(201);
    await server.ctx.jobs!.drain();
    const { rows } = await filesOfJob(res.json.id);
    expect(rows.map((r) => [r.filename, r.status, r.reason])).toEqual([
      ['fake.png', 'IGNORED', MEDIA_MSG.unreadableImage],
      ['front.png', 'SUBMITTED', null],
      ['notes.png', 'IGNORED', MEDIA_MSG.wrongType],
      ['readme.png', 'IGNORED', MEDIA_MSG.wrongType],
    ]);
    for (const r of rows) expect(await server.ctx.storage.exists(r.storage_key)).toBe(r.status !== 'IGNORED');
  });

  it('refuses a zip whose entry does not match its CRC-32 (damaged in transfer)', async () => {
    count('zip');
    const image = await barcodeImage('4006381333931');
    const res = await supplier.upload('/api/bulkIngestion/jobs', [
      { name: 'photos.zip', data: zipOf([{ name: 'front.png', data: image, crc: 1234 }]) },
    ]);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(ZIP_MSG.unreadable);
  });

  it('reads ZIP64 archives', async () => {
    count('zip');
    const image = await barcodeImage('4006381333931');
    const res = await supplier.upload('/api/bulkIngestion/jobs', [
      { name: 'photos.zip', data: zipOf([{ name: 'front.png', data: image }], { zip64: true }) },
    ]);
    expect(res.status).toBe(201);
    expect(res.json.totalCount).toBe(1);
  });
});

describe(`storage quota per company (${databaseKind})`, () => {
  let small: TestServer;
  let client: Client;
  beforeAll(async () => {
    // 1 MB: three noise pictures of 360 KB do not fit.
    small = await startTestServer({ COMPANY_STORAGE_QUOTA_GB: String(1 / 1024) });
    client = new Client(small.url);
    await client.login('supplier@example.com', 'Supplier-demo-1');
    await grantIngestion(small);
  });
  afterAll(() => small?.close());

  it('answers 413 with a clear message once a company has used its storage, for drafts and for imports', async () => {
    count('quota');
    const picture = await noiseImage('png');
    const first = await client.upload('/api/draftSubmissions', [
      { name: 'a.png', data: picture },
      { name: 'b.png', data: picture },
    ]);
    expect(first.status).toBe(201);
    const more = await client.upload('/api/draftSubmissions', [{ name: 'c.png', data: picture }]);
    expect(more.status).toBe(413);
    expect(more.json.message).toBe(QUOTA_MSG.full(1 / 1024));
    const imported = await client.upload('/api/bulkIngestion/jobs', [
      { name: 'photos.zip', data: zipOf([{ name: 'c.png', data: picture }]) },
    ]);
    expect(imported.status).toBe(413);
    expect(imported.json.message).toBe(QUOTA_MSG.full(1 / 1024));
    // Another company's quota is its own.
    const other = new Client(small.url);
    await other.login('other@example.com', 'Other-demo-1');
    expect((await other.upload('/api/draftSubmissions', [{ name: 'c.png', data: picture }])).status).toBe(201);
  });

  it('holds under concurrent uploads: of 12 at once, drafts and imports, only those that fit are kept', async () => {
    count('quota');
    const picture = await noiseImage('png');
    // Room for three and a half pictures: the first check (before the bytes are stored) lets every upload through,
    // so only the reservation in the recording transaction stands between them and the quota.
    const used = await storedBytesOf(small.database.db, 1001);
    small.ctx.config.companyStorageQuotaGb = (used + 3.5 * picture.length) / 1024 ** 3;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 3 === 2
          ? client.upload('/api/bulkIngestion/jobs', [{ name: `race-${i}.png`, data: picture, type: 'image/png' }])
          : client.upload('/api/draftSubmissions', [{ name: `race-${i}.png`, data: picture }]),
      ),
    );
    expect(results.filter((r) => r.status !== 201).map((r) => [r.status, r.json?.code])).toEqual(
      Array.from({ length: 9 }, () => [413, 'STORAGE_QUOTA_REACHED']),
    );
    expect(await storedBytesOf(small.database.db, 1001)).toBe(used + 3 * picture.length);
  });
});
