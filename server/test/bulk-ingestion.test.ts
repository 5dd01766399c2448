import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { crc32, deflateRawSync } from 'node:zlib';
import pino from 'pino';
import {
  ACCESS_MSG,
  gs1CheckDigit,
  INGESTION_RETRY_MSG,
  MAPPING_MSG,
  MAX_FILE_BYTES,
  MEDIA_MSG,
  UPLOAD_MSG,
} from '@portal/domain';
import { bulkIngestionFiles, jobs as jobsTable, productSubmissions, submissionFiles } from '../src/db/schema.ts';
import { JobRunner } from '../src/jobs/queue.ts';
import { configureMediaLimits, DEFAULT_MEDIA_LIMITS } from '../src/media/media-pool.ts';
import { allJobs } from '../src/job-registry.ts';
import { scanAllSources } from '../src/modules/bulk-ingestion/pipeline.ts';
import { barcodeImage, datasetPhoto, plainImage, smallHeicPhoto } from './fixtures.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { until } from './support/wait.ts';

let server: TestServer;
let supplier: Client;
let admin: Client;
let other: Client;
let folder: string;

beforeAll(async () => {
  server = await startTestServer({ INGESTION_SETTLE_SECONDS: '0' });
  [supplier, admin, other] = [new Client(server.url), new Client(server.url), new Client(server.url)];
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await admin.login('admin@example.com', 'Admin-demo-1');
  await other.login('other@example.com', 'Other-demo-1');
});
afterAll(() => server?.close());

/** A valid EAN-13 from a 12-digit body (prefix 50: an ordinary GS1 range). */
let serial = 100000;
const ean = () => {
  const body = `501234${serial++}`;
  return body + gs1CheckDigit(body);
};

/** A zip as archivers write it: local headers, data (deflated or stored), central directory, end record. */
function zip(entries: { name: string; data: Buffer; store?: boolean }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const body = e.store ? e.data : deflateRawSync(e.data);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(0x800, 6);
    head.writeUInt16LE(e.store ? 0 : 8, 8);
    head.writeUInt32LE(crc32(e.data), 14);
    head.writeUInt32LE(body.length, 18);
    head.writeUInt32LE(e.data.length, 22);
    head.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x800, 8);
    dir.writeUInt16LE(e.store ? 0 : 8, 10);
    dir.writeUInt32LE(crc32(e.data), 16);
    dir.writeUInt32LE(body.length, 20);
    dir.writeUInt32LE(e.data.length, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(head, name, body);
    central.push(dir, name);
    offset += head.length + name.length + body.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

const ORGS = `{ bulkIngestionOrganizations { companyId companyName folderName imageSource } }`;
const CREATE = `mutation($input: BulkIngestionOrganizationInput!) { createBulkIngestionOrganization(input: $input) { companyId folderName imageSource } }`;
const scan = () =>
  scanAllSources(server.ctx, (err) => {
    throw err;
  });
const filesOf = async (c: Client, jobId: number) =>
  (await c.get(`/api/bulkIngestion/jobs/${jobId}/files`)).json as any[];
const jobOf = async (c: Client, jobId: number) =>
  ((await c.get('/api/bulkIngestion/jobs')).json as any[]).find((j) => j.id === jobId);
const drop = (name: string, data: Buffer) => {
  mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
  writeFileSync(path.join(folder, name), data);
};

describe(`bulk ingestion access (${databaseKind})`, () => {
  it('a company without an organization gets 403 for every call, and only full administrators manage access', async () => {
    expect((await supplier.get('/api/bulkIngestion/jobs')).status).toBe(403);
    expect((await supplier.get('/api/bulkIngestion/jobs/1/files')).status).toBe(403);
    expect((await supplier.get('/api/bulkIngestion/jobs/1/files/ifAnyUpdatedSince/0')).status).toBe(403);
    expect(
      (await supplier.put('/api/bulkIngestion/jobs/1/files', [{ upc: '4006381333931', filename: 'a.png' }])).status,
    ).toBe(403);
    expect(
      (await supplier.upload('/api/bulkIngestion/jobs', [{ name: 'a.png', data: await plainImage() }])).status,
    ).toBe(403);
    const denied = await supplier.graphql(ORGS);
    expect(denied.json.errors[0].extensions.code).toBe('FORBIDDEN');
    const create = await supplier.graphql(CREATE, {
      input: { companyId: 1001, folderName: 'green_valley', imageSource: 'LOCAL' },
    });
    expect(create.json.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('createBulkIngestionOrganization normalises on the server and checks the access form rules', async () => {
    const short = await admin.graphql(CREATE, { input: { companyId: 1001, folderName: 'a!b', imageSource: 'LOCAL' } });
    expect(short.json.errors[0].message).toBe(ACCESS_MSG.tooShort);
    const noSource = await admin.graphql(CREATE, { input: { companyId: 1001, folderName: 'green', imageSource: '' } });
    expect(noSource.json.errors[0].message).toBe(ACCESS_MSG.sourceRequired);
    const res = await admin.graphql(CREATE, {
      input: { companyId: 1001, folderName: 'Green Valley!', imageSource: 'local' },
    });
    expect(res.json.data.createBulkIngestionOrganization).toEqual({
      companyId: 1001,
      folderName: 'green_valley',
      imageSource: 'LOCAL',
    });
    const again = await admin.graphql(CREATE, {
      input: { companyId: 1001, folderName: 'other_folder', imageSource: 'LOCAL' },
    });
    expect(again.json.errors[0].extensions.code).toBe('CONFLICT');
    const sameFolder = await admin.graphql(CREATE, {
      input: { companyId: 1002, folderName: 'green_valley', imageSource: 'LOCAL' },
    });
    expect(sameFolder.json.errors[0].extensions.code).toBe('CONFLICT');
    const list = await admin.graphql(ORGS);
    expect(list.json.data.bulkIngestionOrganizations).toContainEqual({
      companyId: 1001,
      companyName: 'Green Valley Foods',
      folderName: 'green_valley',
      imageSource: 'LOCAL',
    });
    folder = path.join(server.config.ingestion.root, 'green_valley');
    expect((await supplier.get('/api/bulkIngestion/jobs')).json).toEqual([]);
  });
});

describe(`bulk ingestion pipeline (${databaseKind})`, () => {
  let jobId: number;
  const gs1 = ean();
  const photo = datasetPhoto('ean13-1/1.png');

  it('a new batch in the source folder becomes one job; each file is validated, read and grouped into imported submissions', async () => {
    drop('shelf/photo.png', photo.data);
    drop(`${gs1}_front.png`, await plainImage());
    drop('no-code.png', await plainImage());
    drop('notes.txt', Buffer.from('not an image'));
    drop('.partial-upload.png', await plainImage()); // hidden: still being copied in
    const created = await scan();
    expect(created).toHaveLength(1);
    jobId = created[0];
    expect(await scan()).toEqual([]); // pending files are not taken twice
    const before = await filesOf(supplier, jobId);
    expect(before.map((f) => [f.filename, f.status])).toEqual([
      [`${gs1}_front.png`, 'RECEIVED'],
      ['no-code.png', 'RECEIVED'],
      ['notes.txt', 'RECEIVED'],
      ['shelf/photo.png', 'RECEIVED'],
    ]);
    await server.ctx.jobs!.drain();
    expect(
      readdirSync(folder, { recursive: true }).filter((n) => !String(n).startsWith('.') && String(n).includes('.')),
    ).toEqual([]);

    const files = Object.fromEntries((await filesOf(supplier, jobId)).map((f) => [f.filename, f]));
    expect(files['shelf/photo.png']).toMatchObject({
      status: 'SUBMITTED',
      detectedEan13Upc: photo.expected.padStart(13, '0'),
      upc: null,
    });
    expect(files[`${gs1}_front.png`]).toMatchObject({
      status: 'SUBMITTED',
      upc: gs1,
      ean13Upc: gs1,
      detectedEan13Upc: null,
    });
    expect(files['no-code.png']).toMatchObject({
      status: 'NEEDS_MAPPING',
      statusDisplayName: 'Needs mapping',
      upc: null,
    });
    expect(files['notes.txt'].status).toBe('IGNORED');
    expect(files['notes.txt'].reason).toMatch(/not a PDF, JPG, PNG, GIF or TIF/);

    const job = await jobOf(supplier, jobId);
    expect(job).toMatchObject({
      totalCount: 4,
      ignoredCount: 1,
      needsMappingCount: 1,
      submittedCount: 2,
      identifiedCount: 0,
      status: 'Incomplete',
      submittedByEmail: null,
    });

    const subs = await server.database.db
      .select()
      .from(productSubmissions)
      .where(
        inArray(productSubmissions.id, [files['shelf/photo.png'].submissionId, files[`${gs1}_front.png`].submissionId]),
      );
    expect(subs).toHaveLength(2);
    for (const s of subs) expect(s).toMatchObject({ companyId: 1001, isImported: true });
    // The automated checks follow: a file name code with no code in the picture stays for staff.
    expect(subs.find((s) => s.ean13Upc === gs1)!.itemStatus).toBe('SUBMITTED');
  });

  it('HEIC/HEIF phone photos in the folder are stored as JPEG and read for barcodes; one that cannot be decoded is reported and the rest imports', async () => {
    const heic = smallHeicPhoto();
    const code = ean();
    drop('iphone/IMG_0001.HEIC', heic);
    drop('iphone/IMG_0002.heif', heic.subarray(0, 2000)); // cut short: not decodable
    drop('iphone/front.png', await barcodeImage(code));
    const [heicJob] = await scan();
    await server.ctx.jobs!.drain();
    const files = Object.fromEntries((await filesOf(supplier, heicJob)).map((f) => [f.filename, f]));
    expect(files['iphone/IMG_0001.HEIC']).toMatchObject({ status: 'SUBMITTED', detectedEan13Upc: '0036000291452' });
    expect(files['iphone/IMG_0002.heif']).toMatchObject({ status: 'IGNORED', reason: MEDIA_MSG.unreadableImage });
    expect(files['iphone/front.png']).toMatchObject({ status: 'SUBMITTED', ean13Upc: code });
    // Kept under its own name, as the JPEG every later step (thumbnails, the browser, the readers) reads.
    const [kept] = await server.database.db
      .select()
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, files['iphone/IMG_0001.HEIC'].submissionId));
    expect(kept).toMatchObject({ fileName: 'IMG_0001.HEIC', kind: 'jpeg' });
    const stored = Buffer.concat(await (await server.ctx.storage.get(kept.storageKey)).toArray());
    expect([...stored.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await jobOf(supplier, heicJob)).toMatchObject({ totalCount: 3, ignoredCount: 1, submittedCount: 2 });
    // The import page takes them too, loose or in a zip, instead of setting them aside as not images.
    const res = await supplier.upload('/api/bulkIngestion/jobs', [
      { name: 'photos.zip', data: zip([{ name: 'IMG_0003.heic', data: heic }]), type: 'application/zip' },
    ]);
    expect(res.json).toMatchObject({ totalCount: 1, receivedCount: 1, ignoredCount: 0 });
    await server.ctx.jobs!.drain();
    expect(await filesOf(supplier, res.json.id)).toMatchObject([
      { filename: 'IMG_0003.heic', status: 'SUBMITTED', detectedEan13Upc: '0036000291452' },
    ]);
    // Three HEIC decodes and their barcode readings: a ceiling for a busy machine, not a speed target.
  });

  it('a picture over the size limit is refused alike from a folder and from the import page', async () => {
    const huge = Buffer.alloc(MAX_FILE_BYTES + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(huge);
    drop('large/huge.png', huge);
    const [bigJob] = await scan();
    await server.ctx.jobs!.drain();
    expect(await filesOf(supplier, bigJob)).toMatchObject([
      { filename: 'large/huge.png', status: 'IGNORED', reason: UPLOAD_MSG.size },
    ]);
    const sent = await supplier.upload('/api/bulkIngestion/jobs', [{ name: 'huge.png', data: huge }]);
    expect(sent.status).toBe(413);
    expect(sent.json.message).toBe(`huge.png: ${UPLOAD_MSG.size}`);
  });

  it('polling returns only files updated after the time given, from the index', async () => {
    const files = await filesOf(supplier, jobId);
    const newest = files
      .map((f) => f.updatedDate)
      .sort()
      .at(-1);
    expect((await supplier.get(`/api/bulkIngestion/jobs/${jobId}/files/ifAnyUpdatedSince/${newest}`)).json).toEqual([]);
    expect((await supplier.get(`/api/bulkIngestion/jobs/${jobId}/files/ifAnyUpdatedSince/0`)).json).toHaveLength(4);
    expect((await supplier.get(`/api/bulkIngestion/jobs/${jobId}/files/ifAnyUpdatedSince/yesterday`)).status).toBe(400);
  });

  it('a mapping file with one bad row is refused whole on the server with every reason; the good rows then map the file', async () => {
    const code = ean();
    const bad = await supplier.put(`/api/bulkIngestion/jobs/${jobId}/files`, [
      { upc: code, filename: 'no-code.png' },
      { upc: code, filename: 'notes.txt' },
      { upc: '123', filename: 'unknown.png' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('MAPPING_INVALID');
    expect(bad.json.fields['row.3']).toBe(MAPPING_MSG.ignored);
    expect(bad.json.fields['row.4']).toContain(MAPPING_MSG.unknownFile);
    expect(bad.json.fields['row.2']).toBeUndefined();
    expect((await filesOf(supplier, jobId)).find((f) => f.filename === 'no-code.png').status).toBe('NEEDS_MAPPING');

    const before = (await filesOf(supplier, jobId))
      .map((f) => f.updatedDate)
      .sort()
      .at(-1);
    const ok = await supplier.put(`/api/bulkIngestion/jobs/${jobId}/files`, [{ upc: code, filename: 'no-code.png' }]);
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual([
      expect.objectContaining({ filename: 'no-code.png', upc: code, ean13Upc: code, status: 'SUBMITTED' }),
    ]);
    const changed = (await supplier.get(`/api/bulkIngestion/jobs/${jobId}/files/ifAnyUpdatedSince/${before}`)).json;
    expect(changed.map((f: any) => f.filename)).toEqual(['no-code.png']);
    const again = await supplier.put(`/api/bulkIngestion/jobs/${jobId}/files`, [
      { upc: code, filename: 'no-code.png' },
    ]);
    expect(again.json.fields['row.2']).toBe(MAPPING_MSG.alreadyMapped);
    expect(await jobOf(supplier, jobId)).toMatchObject({ submittedCount: 3, needsMappingCount: 0, totalCount: 4 });
  });

  it('CATALOGUED follows the submission', async () => {
    const file = (await filesOf(supplier, jobId)).find((f) => f.filename === `${gs1}_front.png`);
    await admin.graphql(
      `mutation($id: ID!) { updateProductSubmissionStatus(id: $id, status: ACCEPTED) { itemStatus } }`,
      { id: file.submissionId },
    );
    const res = await admin.graphql(
      `mutation($id: ID!, $input: CertifiedValuesInput!) { catalogueSubmission(id: $id, input: $input) { itemStatus } }`,
      {
        id: file.submissionId,
        input: {
          description: 'Imported oats',
          brand: 'Green Valley',
          itemSize: '18',
          unitsOfMeasure: 'oz',
          packCount: 1,
        },
      },
    );
    expect(res.json.data.catalogueSubmission.itemStatus).toBe('CATALOGUED');
    expect((await filesOf(supplier, jobId)).find((f) => f.filename === `${gs1}_front.png`).status).toBe('CATALOGUED');
    expect(await jobOf(supplier, jobId)).toMatchObject({ submittedCount: 3, cataloguedCount: 1 });
  });

  it('users of the organization upload files from the import page into the same pipeline; duplicates keep both names', async () => {
    const code = ean();
    const res = await supplier.upload('/api/bulkIngestion/jobs', [
      { name: 'a.png', data: await barcodeImage(code) },
      { name: 'a.png', data: await barcodeImage(code, { rotate: 90 }) },
      { name: 'empty.png', data: Buffer.alloc(0) },
    ]);
    expect(res.status).toBe(201);
    // An empty file is recorded IGNORED at once: nothing of it is kept for the pipeline.
    expect(res.json).toMatchObject({
      totalCount: 3,
      receivedCount: 2,
      ignoredCount: 1,
      submittedByFirstName: 'Sam',
      submittedByLastName: 'Supplier',
      submittedByEmail: 'supplier@example.com',
    });
    await server.ctx.jobs!.drain();
    const files = await filesOf(supplier, res.json.id);
    expect(files.map((f) => [f.filename, f.status])).toEqual([
      ['a (2).png', 'SUBMITTED'],
      ['a.png', 'SUBMITTED'],
      ['empty.png', 'IGNORED'],
    ]);
    // Both pictures of one code make one submission with two files.
    expect(files[0].submissionId).toBe(files[1].submissionId);
    const attached = await server.database.db
      .select()
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, files[0].submissionId));
    expect(attached).toHaveLength(2);
  });

  it("a photo uploaded to a draft is read before the company's own import files queued ahead of it", async () => {
    const imported = await supplier.upload(
      '/api/bulkIngestion/jobs',
      await Promise.all(
        [1, 2, 3, 4, 5].map(async (i) => ({ name: `shelf-${i}.png`, data: await barcodeImage(ean()) })),
      ),
    );
    expect(imported.status).toBe(201);
    const draft = await supplier.upload('/api/draftSubmissions', [
      { name: 'front.png', data: await barcodeImage(ean()) },
    ]);
    expect(draft.status, JSON.stringify(draft.json)).toBe(201);
    // One media slot: the jobs run one after another, in the order the claims choose.
    await new JobRunner(server.database.db, pino({ level: 'silent' }), { queueConcurrency: { media: 1 } })
      .register(...allJobs(server.ctx))
      .drain();
    const ran = await server.database.db
      .select({ name: jobsTable.name, payload: jobsTable.payload })
      .from(jobsTable)
      .where(
        and(
          inArray(jobsTable.name, ['drafts.processFile', 'bulkIngestion.processFile']),
          sql`payload->>'fileId' in (select id::text from draft_files where draft_id = ${draft.json.id}
            union all select id::text from bulk_ingestion_files where job_id = ${imported.json.id})`,
        ),
      )
      .orderBy(jobsTable.finishedAt);
    expect(ran.map((j) => j.name)).toEqual(['drafts.processFile', ...Array(5).fill('bulkIngestion.processFile')]);
  });

  it('the same UPC from two import jobs joins one waiting submission instead of making two', async () => {
    const code = ean();
    const first = await supplier.upload('/api/bulkIngestion/jobs', [
      { name: 'front.png', data: await barcodeImage(code) },
    ]);
    await server.ctx.jobs!.drain();
    const second = await supplier.upload('/api/bulkIngestion/jobs', [
      { name: 'side.png', data: await barcodeImage(code, { rotate: 90 }) },
    ]);
    await server.ctx.jobs!.drain();
    const [a] = await filesOf(supplier, first.json.id);
    const [b] = await filesOf(supplier, second.json.id);
    expect([a.status, b.status]).toEqual(['SUBMITTED', 'SUBMITTED']);
    expect(b.submissionId).toBe(a.submissionId);
    const subs = await server.database.db
      .select()
      .from(productSubmissions)
      .where(and(eq(productSubmissions.companyId, 1001), eq(productSubmissions.ean13Upc, code)));
    expect(subs).toHaveLength(1);
    const attached = await server.database.db
      .select()
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, a.submissionId));
    expect(attached).toHaveLength(2);
  });

  it('a code the second looks contradict is held for the mapping step, never submitted; the mapping files it', async () => {
    // ean13-2/01.png: ZBar reads 9780204816638 (a valid check digit) beside the printed 9780804816632.
    const misread = datasetPhoto('ean13-2/01.png');
    const res = await supplier.upload('/api/bulkIngestion/jobs', [
      { name: 'photos.zip', data: zip([{ name: 'book/01.png', data: misread.data }]), type: 'application/zip' },
    ]);
    expect(res.status).toBe(201);
    await server.ctx.jobs!.drain();
    const [held] = await filesOf(supplier, res.json.id);
    expect(held).toMatchObject({ status: 'NEEDS_MAPPING', submissionId: null, detectedEan13Upc: null, ean13Upc: null });
    expect(held.reason).toContain(misread.expected);
    expect(held.reason).toContain('9780204816638');
    const none = await server.database.db
      .select()
      .from(productSubmissions)
      .where(inArray(productSubmissions.ean13Upc, [misread.expected, '9780204816638']));
    expect(none).toEqual([]);
    // The supplier confirms the printed code: the file is filed under it, and the reason goes.
    const mapped = await supplier.put(`/api/bulkIngestion/jobs/${res.json.id}/files`, [
      { upc: misread.expected, filename: 'book/01.png' },
    ]);
    expect(mapped.status).toBe(200);
    expect(mapped.json).toMatchObject([{ status: 'SUBMITTED', ean13Upc: misread.expected, reason: null }]);
  });

  it('a file whose reading runs out of time is tried again, then set aside for a retry, never called too complex', async () => {
    const code = ean();
    const res = await supplier.upload('/api/bulkIngestion/jobs', [
      { name: 'busy.png', data: await barcodeImage(code) },
    ]);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const fileJobs = sql`name = 'bulkIngestion.processFile' and payload->>'fileId' in
      (select id::text from bulk_ingestion_files where job_id = ${res.json.id})`;
    // A machine so busy that every reading runs out of time on the clock with CPU to spare: the machine's fault, an
    // outage. Each try is retried without spending an attempt, the file still waiting to be read.
    configureMediaLimits({ ...DEFAULT_MEDIA_LIMITS, wallMs: 1 });
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        await server.database.db
          .update(jobsTable)
          .set({ runAt: new Date() })
          .where(and(eq(jobsTable.status, 'queued'), fileJobs));
        await server.ctx.jobs!.drain();
      }
      const [waiting] = await filesOf(supplier, res.json.id);
      // Inspected, its code still to be read: neither set aside nor judged.
      expect(waiting).toMatchObject({ status: 'UNIDENTIFIED', reason: null });
      const [job] = await server.database.db.select().from(jobsTable).where(fileJobs);
      expect(job).toMatchObject({ status: 'queued', attempts: 0 });
      expect(job.transientFailures).toBeGreaterThanOrEqual(3);
      // Busy past the retry horizon: the file is set aside with its bytes, for the import page's retry.
      await server.database.db
        .update(jobsTable)
        .set({ runAt: new Date(), transientSince: new Date(Date.now() - 3 * 24 * 3_600_000) })
        .where(fileJobs);
      await server.ctx.jobs!.drain();
    } finally {
      configureMediaLimits(DEFAULT_MEDIA_LIMITS);
    }
    const [aside] = await filesOf(supplier, res.json.id);
    expect(aside).toMatchObject({ status: 'IGNORED', reason: INGESTION_RETRY_MSG.notReadInTime });
    expect(aside.reason).not.toBe(MEDIA_MSG.tooComplexImage);
    // Only such a file can be retried, and only by who may map the job's files.
    const [done] = await filesOf(supplier, jobId);
    expect((await supplier.post(`/api/bulkIngestion/jobs/${jobId}/files/${done.id}/retry`, {})).status).toBe(409);
    expect((await other.post(`/api/bulkIngestion/jobs/${res.json.id}/files/${aside.id}/retry`, {})).status).toBe(403);
    const retried = await supplier.post(`/api/bulkIngestion/jobs/${res.json.id}/files/${aside.id}/retry`, {});
    expect(retried.status).toBe(200);
    expect(retried.json).toMatchObject({ status: 'RECEIVED', reason: null });
    await server.ctx.jobs!.drain();
    expect(await filesOf(supplier, res.json.id)).toMatchObject([{ status: 'SUBMITTED', ean13Upc: code }]);
    expect(await jobOf(supplier, res.json.id)).toMatchObject({ status: 'Complete', ignoredCount: 0 });
  });

  it('a zip from the import page is unpacked: its files join one job, named by their path in the zip', async () => {
    const code = ean();
    const archive = zip([
      { name: 'shoot/front.png', data: await barcodeImage(code) },
      { name: 'shoot/blank.png', data: await plainImage(), store: true },
      { name: 'shoot/', data: Buffer.alloc(0), store: true },
      { name: '__MACOSX/shoot/._front.png', data: Buffer.from('x'), store: true },
      { name: '../readme.txt', data: Buffer.from('hello') },
    ]);
    const res = await supplier.upload('/api/bulkIngestion/jobs', [
      { name: 'photos.zip', data: archive, type: 'application/zip' },
    ]);
    expect(res.status).toBe(201);
    expect(res.json.totalCount).toBe(3);
    await server.ctx.jobs!.drain();
    const files = await filesOf(supplier, res.json.id);
    expect(files.map((f) => [f.filename, f.status])).toEqual([
      ['readme.txt', 'IGNORED'],
      ['shoot/blank.png', 'NEEDS_MAPPING'],
      ['shoot/front.png', 'SUBMITTED'],
    ]);
    expect(files[2].ean13Upc).toBe(code);
    // A damaged zip is refused whole, keeping nothing.
    const broken = await supplier.upload('/api/bulkIngestion/jobs', [
      { name: 'broken.zip', data: archive.subarray(0, archive.length - 30) },
    ]);
    expect(broken.status).toBe(400);
    expect(broken.json.message).toMatch(/zip file could not be read/);
    // The job list: newest first, one row a job, each with its own files' counts.
    const list = (await supplier.get('/api/bulkIngestion/jobs')).json as {
      id: number;
      totalCount: number;
      ignoredCount: number;
    }[];
    expect(list.map((j) => j.id)).toEqual([...list.map((j) => j.id)].sort((a, b) => b - a));
    expect(new Set(list.map((j) => j.id)).size).toBe(list.length);
    expect(list[0]).toMatchObject({ id: res.json.id, totalCount: 3, ignoredCount: 1 });
  });

  it("another company's user never reaches the job: 403 without access, 'not found' with access of its own", async () => {
    expect((await other.get(`/api/bulkIngestion/jobs/${jobId}/files`)).status).toBe(403);
    await admin.graphql(CREATE, { input: { companyId: 1002, folderName: 'blue_harbor', imageSource: 'LOCAL' } });
    expect((await other.get('/api/bulkIngestion/jobs')).json).toEqual([]);
    expect((await other.get(`/api/bulkIngestion/jobs/${jobId}/files`)).status).toBe(404);
    expect((await other.get(`/api/bulkIngestion/jobs/${jobId}/files/ifAnyUpdatedSince/0`)).status).toBe(404);
    expect(
      (await other.put(`/api/bulkIngestion/jobs/${jobId}/files`, [{ upc: ean(), filename: 'no-code.png' }])).status,
    ).toBe(404);
    // Not a job id at all: a bad request (issue 15: route parameters are range-checked, 400).
    expect((await other.get('/api/bulkIngestion/jobs/abc/files')).status).toBe(400);
    // Full administrators look at every company's jobs.
    expect((await admin.get(`/api/bulkIngestion/jobs/${jobId}/files`)).status).toBe(200);
  });
});

describe(`bulk ingestion under failures and concurrency (${databaseKind})`, () => {
  const silent = pino({ level: 'silent' });
  const runner = () =>
    new JobRunner(server.database.db, silent, { concurrency: 2, pollMs: 20 }).register(...allJobs(server.ctx));

  /** Every file of the job exactly once, each settled, each SUBMITTED file in exactly one submission. */
  async function expectSettledOnce(jobId: number, names: string[]) {
    const rows = await server.database.db.select().from(bulkIngestionFiles).where(eq(bulkIngestionFiles.jobId, jobId));
    expect(rows.map((r) => r.filename).sort()).toEqual([...names].sort());
    for (const r of rows) expect(['SUBMITTED', 'NEEDS_MAPPING', 'IGNORED']).toContain(r.status);
    const submitted = rows.filter((r) => r.status === 'SUBMITTED');
    for (const r of submitted) {
      const attached = await server.database.db
        .select()
        .from(submissionFiles)
        .where(eq(submissionFiles.storageKey, r.storageKey));
      expect(attached).toHaveLength(1);
    }
    return rows;
  }

  it('a worker stopped in the middle of a job (and one that died holding a file) loses and duplicates nothing', async () => {
    const codes = [ean(), ean(), ean()];
    const names: string[] = [];
    for (const [i, code] of codes.entries()) {
      for (const side of ['front', 'back']) {
        drop(`restart/${side}-${i}.png`, await barcodeImage(code, { rotate: side === 'back' ? 90 : 0 }));
        names.push(`restart/${side}-${i}.png`);
      }
    }
    drop('restart/blank.png', await plainImage());
    names.push('restart/blank.png');
    const [jobId] = await scan();

    // One file already moved into storage by a worker that died before it recorded the move.
    const [moved] = await server.database.db
      .select()
      .from(bulkIngestionFiles)
      .where(and(eq(bulkIngestionFiles.jobId, jobId), eq(bulkIngestionFiles.filename, 'restart/front-0.png')));
    await (server.ctx.storage as any).putFile(moved.storageKey, path.join(folder, 'restart/front-0.png'));

    const first = runner();
    first.start();
    // Stop it as soon as the first file has moved on.
    await until(async () => {
      const [{ n }] = await server.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(bulkIngestionFiles)
        .where(and(eq(bulkIngestionFiles.jobId, jobId), sql`${bulkIngestionFiles.status} <> 'RECEIVED'`));
      return n > 0;
    }, 25);
    await first.stop();
    const [{ left }] = await server.database.db
      .select({ left: sql<number>`count(*)::int` })
      .from(jobsTable)
      .where(and(eq(jobsTable.name, 'bulkIngestion.processFile'), eq(jobsTable.status, 'queued')));
    expect(left).toBeGreaterThan(0); // really stopped in the middle
    // A worker that died holding a job: its lock has run out.
    await server.database.db
      .execute(sql`UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() - interval '1 second'
      WHERE id = (SELECT id FROM jobs WHERE name = 'bulkIngestion.processFile' AND status = 'queued' ORDER BY id LIMIT 1)`);

    await runner().drain();
    const rows = await expectSettledOnce(jobId, names);
    expect(rows.filter((r) => r.status === 'SUBMITTED')).toHaveLength(6);
    expect(rows.find((r) => r.filename === 'restart/blank.png')!.status).toBe('NEEDS_MAPPING');
    const subs = new Set(rows.filter((r) => r.submissionId).map((r) => r.submissionId));
    expect(subs.size).toBe(3); // one per code, however the work was split
    expect(readdirSync(path.join(folder, 'restart'))).toEqual([]);
    expect(await jobOf(supplier, jobId)).toMatchObject({
      totalCount: 7,
      submittedCount: 6,
      needsMappingCount: 1,
      receivedCount: 0,
    });
  });

  it('two job runners draining one job at once give the right counts and one submission per code', async () => {
    const codes = [ean(), ean()];
    const names: string[] = [];
    for (let i = 0; i < 8; i++) {
      drop(`busy/${i}.png`, await barcodeImage(codes[i % 2], { rotate: (i % 4) * 90 }));
      names.push(`busy/${i}.png`);
    }
    const [jobId] = await scan();
    await Promise.all([runner().drain(), runner().drain()]);
    const rows = await expectSettledOnce(jobId, names);
    expect(new Set(rows.map((r) => r.submissionId)).size).toBe(2);
    expect(await jobOf(supplier, jobId)).toMatchObject({ totalCount: 8, submittedCount: 8, status: 'Complete' });
    const [{ n }] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(productSubmissions)
      .where(inArray(productSubmissions.ean13Upc, codes));
    expect(n).toBe(2);
  });
});
