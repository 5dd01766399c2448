import { utimesSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodeImage } from '../../test/fixtures.ts';
import { Client, databaseKind, startTestServer, type TestServer } from '../../test/harness.ts';
import { LocalDiskStore } from '../storage/local-disk.ts';
import { removeOrphanFiles } from './orphan-files.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const DAY = 24 * 60 * 60 * 1000;
const age = (file: string, ms: number) => utimesSync(file, new Date(Date.now() - ms), new Date(Date.now() - ms));

describe(`orphan file cleanup (${databaseKind})`, () => {
  it('removes old files no row names and old upload temporaries; keeps referenced files, their renditions and anything recent', async () => {
    const supplier = new Client(server.url);
    await supplier.login('supplier@example.com', 'Supplier-demo-1');
    const draft = await supplier.upload('/api/draftSubmissions', [
      { name: 'front.png', data: await barcodeImage('036000291452'), type: 'image/png' },
    ]);
    expect(draft.status).toBe(201);
    await server.ctx.jobs!.drain(); // makes the renditions
    const store = server.ctx.storage as LocalDiskStore;
    const keys: string[] = [];
    for await (const item of store.list('')) if (!item.key.startsWith('.')) keys.push(item.key);
    expect(keys.length).toBeGreaterThanOrEqual(2); // the original and its thumbnail

    await store.put('drafts/gone/orphan', Readable.from([Buffer.from('left by a crash')]));
    await store.put('renditions/gone/thumbnail', Readable.from([Buffer.from('rendition of a deleted file')]));
    await store.put('drafts/gone/young', Readable.from([Buffer.from('row not committed yet')]));
    const temporary = path.join(server.ctx.uploadTempDir, 'interrupted-upload');
    writeFileSync(temporary, 'half an upload');
    for (const key of [...keys, 'drafts/gone/orphan', 'renditions/gone/thumbnail']) age(store.pathOf(key), 2 * DAY);
    age(temporary, 2 * DAY);

    const removed = await removeOrphanFiles(server.ctx);
    expect(removed.sort()).toEqual([
      'drafts/gone/orphan',
      'renditions/gone/thumbnail',
      'upload temporary interrupted-upload',
    ]);
    for (const key of keys) expect(await store.exists(key)).toBe(true);
    expect(await store.exists('drafts/gone/young')).toBe(true);
    expect(existsSync(temporary)).toBe(false);
  });
});
