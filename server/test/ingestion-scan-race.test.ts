/**
 * A scan lists its source with no transaction open, so a file it lists may be moved into storage (and its row say so)
 * before the scan records what it listed: the scan must not record that file again. A file dropped again under the
 * same name after the move is a new file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { bulkIngestionFiles, bulkIngestionOrganizations } from '../src/db/schema.ts';
import { recordScannedBatch, scanOrganization } from '../src/modules/bulk-ingestion/pipeline.ts';
import { plainImage } from './fixtures.ts';
import { databaseKind, startTestServer, type TestServer } from './harness.ts';
import { BLUE_HARBOR, ingestionAccess } from './support/factories.ts';

let server: TestServer;
let org: typeof bulkIngestionOrganizations.$inferSelect;
let folder: string;

beforeAll(async () => {
  server = await startTestServer({ INGESTION_SETTLE_SECONDS: '0' });
  org = await ingestionAccess(server, { companyId: BLUE_HARBOR, folderName: 'race_folder', imageSource: 'LOCAL' });
  folder = path.join(server.config.ingestion.root, 'race_folder');
  mkdirSync(folder, { recursive: true });
});
afterAll(() => server?.close());

const databaseNow = async () =>
  (await queryRows<{ at: string }>(server.database.db, sql`select clock_timestamp()::text as at`))[0].at;
const rowsNamed = (name: string) =>
  server.database.db.select().from(bulkIngestionFiles).where(eq(bulkIngestionFiles.filename, name));

describe(`a scan outside any transaction (${databaseKind})`, () => {
  it('a file listed before its move is not recorded again; dropped again after it, it is a new file', async () => {
    writeFileSync(path.join(folder, 'front.png'), await plainImage());
    const [first] = await scanOrganization(server.ctx, org.id);
    expect(first).toBeDefined();
    // A second scan's listing begins now, while the file still sits in the folder.
    const listedFrom = await databaseNow();
    const listed = [{ key: 'LOCAL:front.png', name: 'front.png' }];
    await server.ctx.jobs!.drain(); // the first job's processing moves the file into storage and records it
    const [moved] = await rowsNamed('front.png');
    expect(moved.sourceLeftAt).not.toBeNull();
    // What the second scan listed, recorded after the move: nothing new.
    expect(await recordScannedBatch(server.ctx, org, listed, listedFrom)).toBeNull();
    expect(await rowsNamed('front.png')).toHaveLength(1);

    // The supplier drops a file of the same name again: the next scan, listing after the move, takes it.
    writeFileSync(path.join(folder, 'front.png'), await plainImage());
    const [second] = await scanOrganization(server.ctx, org.id);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(await rowsNamed('front.png')).toHaveLength(2);
  });

  it('two scans recording the same listing at once record each file once', async () => {
    for (const name of ['a.png', 'b.png', 'c.png']) writeFileSync(path.join(folder, name), await plainImage());
    const jobs = (
      await Promise.all([scanOrganization(server.ctx, org.id), scanOrganization(server.ctx, org.id)])
    ).flat();
    expect(jobs).toHaveLength(1);
    for (const name of ['a.png', 'b.png', 'c.png']) expect(await rowsNamed(name)).toHaveLength(1);
  });
});
