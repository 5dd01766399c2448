/**
 * After a restore, `npm run check-restore` verifies that every file the restored database names is in the restored
 * store: here with the local disk store, one of whose blobs is deleted as a partial restore would leave it.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageFor } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { checkRestore } from '../src/storage/restore-check.ts';
import { proveSharedStorage } from '../src/storage/shared-storage.ts';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

describe(`check-restore (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('finds every stored file the database names, and reports the one deleted from the store with its column', async () => {
    const supplier = new Client(server.url);
    await supplier.login('supplier@example.com', 'Supplier-demo-1');
    const upload = await supplier.upload('/api/draftSubmissions', [
      { name: 'front.png', data: await barcodeImage('4006381333931'), type: 'image/png' },
    ]);
    expect(upload.status).toBe(201);
    const before = await checkRestore(server.database.db, server.ctx.storage);
    expect(before.missing).toEqual([]);
    expect(before.checked).toBeGreaterThanOrEqual(1);

    const [{ storage_key: key }] = await queryRows<{ storage_key: string }>(
      server.database.db,
      sql`select storage_key from draft_files where draft_id = ${upload.json.id}`,
    );
    await server.ctx.storage.delete(key);
    const after = await checkRestore(server.database.db, server.ctx.storage);
    expect(after.missing).toEqual([{ key, where: 'draft_files.storage_key' }]);
    expect(after.checked).toBe(before.checked);
  });

  it('npm run check-restore exits 0 on a whole restore, and 1 naming the storage marker a restore left out', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'check-restore-'));
    const env = {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('hex'),
    };
    try {
      // The restored installation: an embedded database on disk whose marker names a blob of the store.
      const config = loadConfig(env);
      const database = await openDatabase({ dataDir, log: pino({ level: 'silent' }) });
      let marker: string;
      try {
        await proveSharedStorage(database.db, storageFor(config), dataDir);
        [{ marker_key: marker }] = await queryRows<{ marker_key: string }>(
          database.db,
          sql`select marker_key from storage_marker`,
        );
      } finally {
        await database.close();
      }
      expect(marker).toMatch(/^system\/storage-marker-/);
      const run = () =>
        promisify(execFile)('npm', ['run', '--silent', 'check-restore'], { cwd: repoRoot, env }).then(
          (r) => ({ code: 0, stdout: r.stdout }),
          (err: { code: number; stdout: string }) => ({ code: err.code, stdout: err.stdout }),
        );
      const whole = await run();
      expect(whole).toEqual({ code: 0, stdout: 'All 1 stored files the database names are in the store.\n' });

      await storageFor(config).delete(marker);
      const partial = await run();
      expect(partial.code).toBe(1);
      expect(partial.stdout).toBe(
        `missing: ${marker}  (named by storage_marker.marker_key)\n` +
          '1 of 1 stored files the database names are not in the store.\n',
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
