/**
 * Bulk ingestion holds no lock while it waits on the store: the scan lists an S3 prefix, and the move of a file into
 * storage copies it, outside any transaction. The store sits behind the fault proxy, which swallows everything while
 * the test looks at the organization's row: another transaction that needs it (as the next scan's short record or an
 * administrator's change of the organization does) gets it at once.
 */
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkIngestionFiles, bulkIngestionJobs } from '../src/db/schema.ts';
import { scanOrganization } from '../src/modules/bulk-ingestion/pipeline.ts';
import { S3Store } from '../src/storage/s3.ts';
import { plainImage } from './fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { BLUE_HARBOR, ingestionAccess } from './support/factories.ts';
import { startS3 } from './support/s3.ts';
import { until } from './support/wait.ts';

let s3: Awaited<ReturnType<typeof startS3>>;
let proxy: FaultProxy;
let server: TestServer;
let bucket: S3Store;
let orgId: number;

beforeAll(async () => {
  s3 = await startS3();
  const { hostname, port } = new URL(s3.env.S3_ENDPOINT);
  proxy = await startFaultProxy({ host: hostname, port: Number(port) });
  server = await startTestServer({
    ...s3.env,
    S3_ENDPOINT: proxy.via(s3.env.S3_ENDPOINT).replace(/\/$/, ''),
    INGESTION_SETTLE_SECONDS: '0',
  });
  bucket = new S3Store(s3.settings); // the supplier's side: straight to the store
  ({ id: orgId } = await ingestionAccess(server, {
    companyId: BLUE_HARBOR,
    folderName: 'slow_bucket',
    imageSource: 'S3_BUCKET',
  }));
});
afterAll(async () => {
  await server?.close();
  await proxy?.close();
  bucket?.close();
  await s3?.close();
});

/** Whether another transaction can take the organization's row for update right now (NOWAIT: no waiting). */
async function organizationRowFree(): Promise<boolean> {
  try {
    await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from bulk_ingestion_organizations where id = ${orgId} for update nowait`);
    });
    return true;
  } catch (err) {
    const { code, cause } = err as { code?: string; cause?: { code?: string } };
    if (code === '55P03' || cause?.code === '55P03') return false; // lock_not_available

    throw err;
  }
}

/** Swallows the store's traffic until `run` has opened a connection to it; then says whether the row was free. */
async function rowFreeWhileStoreHangs<T>(run: () => Promise<T>): Promise<{ free: boolean; result: T }> {
  proxy.cut(); // no kept-alive connection left: the call under test opens its own, which the proxy counts
  const before = proxy.accepted();
  proxy.blackHole();
  const running = run();
  try {
    await until(() => proxy.accepted() > before);
    const free = await organizationRowFree();
    return { free, result: await (proxy.restore(), proxy.cut(), running) };
  } finally {
    proxy.restore();
    proxy.cut(); // the swallowed call fails at once and is retried, instead of waiting out its timeout
  }
}

describe('bulk ingestion waits on the store outside transactions (postgres, s3rver behind the fault proxy)', () => {
  it('the scan lists the prefix without holding the organization row, then records the files', async () => {
    await bucket.put('ingestion/slow_bucket/listed.png', Readable.from([await plainImage()]));
    const { free, result } = await rowFreeWhileStoreHangs(() => scanOrganization(server.ctx, orgId));
    expect(free).toBe(true);
    expect(result).toHaveLength(1);
    const files = await server.database.db
      .select({ filename: bulkIngestionFiles.filename })
      .from(bulkIngestionFiles)
      .innerJoin(bulkIngestionJobs, eq(bulkIngestionJobs.id, bulkIngestionFiles.jobId))
      .where(eq(bulkIngestionJobs.organizationId, orgId));
    expect(files.map((f) => f.filename)).toEqual(['listed.png']);
  });

  it('a file is copied into storage without a lock on the organization row, then recorded as moved', async () => {
    await server.ctx.jobs!.drain(); // the first test's file, with the store answering
    await bucket.put('ingestion/slow_bucket/moved.png', Readable.from([await plainImage()]));
    const [jobId] = await scanOrganization(server.ctx, orgId);
    const { free } = await rowFreeWhileStoreHangs(() => server.ctx.jobs!.drain());
    expect(free).toBe(true);
    const [file] = await server.database.db
      .select()
      .from(bulkIngestionFiles)
      .where(eq(bulkIngestionFiles.jobId, jobId));
    expect(file.status).toBe('NEEDS_MAPPING');
    expect(await bucket.exists('ingestion/slow_bucket/moved.png')).toBe(false);
    expect(await bucket.exists(file.storageKey)).toBe(true);
  });
});
