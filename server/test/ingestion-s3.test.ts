/** Bulk ingestion from an S3 source: files put under the organization's prefix in the bucket become a job. */
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigit } from '@portal/domain';
import { submissionFiles } from '../src/db/schema.ts';
import { scanAllSources } from '../src/modules/bulk-ingestion/pipeline.ts';
import { plainImage, smallHeicPhoto } from './fixtures.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { ingestionAccess } from './support/factories.ts';
import { startS3 } from './support/s3.ts';

let s3: Awaited<ReturnType<typeof startS3>>;
let server: TestServer;
beforeAll(async () => {
  s3 = await startS3();
  server = await startTestServer({
    ...s3.env,
    INGESTION_SETTLE_SECONDS: '0',
  });
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

describe(`bulk ingestion from an S3 source (${databaseKind}, s3rver on loopback)`, () => {
  it('takes the files under {prefix}{folderName}/ into one job: a HEIC phone photo with a barcode (stored back as JPEG), a GS1 file name, a picture without a code, a non-image', async () => {
    await ingestionAccess(server, { companyId: 1002, folderName: 'harbor_bucket', imageSource: 'S3_BUCKET' });
    const body = '501234999999';
    const named = body + gs1CheckDigit(body);
    const put = async (name: string, data: Uint8Array) =>
      server.ctx.storage.put(`ingestion/harbor_bucket/${name}`, Readable.from([Buffer.from(data)]));
    await put('IMG_0001.HEIC', smallHeicPhoto());
    await put(`${named}_side.png`, await plainImage());
    await put('blank.png', await plainImage());
    await put('notes.txt', new TextEncoder().encode('not a picture'));

    await scanAllSources(server.ctx, (err) => {
      throw err;
    });
    await server.ctx.jobs!.drain();
    await scanAllSources(server.ctx, (err) => {
      throw err;
    }); // a second scan takes nothing twice
    await server.ctx.jobs!.drain();

    const other = new Client(server.url);
    await other.login('other@example.com', 'Other-demo-1');
    const jobs = (await other.get('/api/bulkIngestion/jobs')).json as { id: number; totalCount: number }[];
    expect(jobs).toHaveLength(1);
    expect(jobs[0].totalCount).toBe(4);
    const files = (await other.get(`/api/bulkIngestion/jobs/${jobs[0].id}/files`)).json as {
      filename: string;
      status: string;
      submissionId: string;
    }[];
    const status = Object.fromEntries(files.map((f) => [f.filename, f.status]));
    expect(status).toEqual({
      'IMG_0001.HEIC': 'SUBMITTED',
      [`${named}_side.png`]: 'SUBMITTED',
      'blank.png': 'NEEDS_MAPPING',
      'notes.txt': 'IGNORED',
    });
    // The bucket's copy was converted on local disk: the stored blob is the JPEG.
    const photo = files.find((f) => f.filename === 'IMG_0001.HEIC')!;
    const [kept] = await server.database.db
      .select()
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, photo.submissionId));
    expect(kept.kind).toBe('jpeg');
    const stored = Buffer.concat(await (await server.ctx.storage.get(kept.storageKey)).toArray());
    expect([...stored.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });
});
