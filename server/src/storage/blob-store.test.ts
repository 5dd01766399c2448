import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3 } from '../../test/support/s3.ts';
import { BlobNotFoundError, type BlobStore } from './blob-store.ts';
import { LocalDiskStore } from './local-disk.ts';
import { S3Store } from './s3.ts';

interface Subject {
  store: BlobStore;
  close(): Promise<void>;
}

const subjects: Record<string, () => Promise<Subject>> = {
  'local disk': async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'blobs-'));
    return { store: new LocalDiskStore(root), close: async () => rmSync(root, { recursive: true, force: true }) };
  },
  's3 (s3rver on loopback)': async () => {
    const s3 = await startS3();
    const store = new S3Store(s3.settings);
    return {
      store,
      close: async () => {
        store.close();
        await s3.close();
      },
    };
  },
};

// The same suite for every BlobStore: what the portal relies on must hold wherever files live.
describe.each(Object.keys(subjects))('BlobStore on %s', (name) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await subjects[name]();
  });
  afterAll(() => subject?.close());

  it('streams a blob in and out, byte for byte, and reports its size', async () => {
    const body = 'x'.repeat(100_000);
    expect(await subject.store.put('a/one.txt', Readable.from([Buffer.from(body)]))).toEqual({ size: body.length });
    expect(await subject.store.exists('a/one.txt')).toBe(true);
    expect(await text(await subject.store.get('a/one.txt'))).toBe(body);
  });

  it('stores a large upload in parts without holding it whole (20 MB)', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < 20; i++) yield chunk;
      })(),
    );
    expect(await subject.store.put('big/blob.bin', source)).toEqual({ size: 20 * chunk.length });
    let size = 0;
    for await (const part of await subject.store.get('big/blob.bin')) size += (part as Buffer).length;
    expect(size).toBe(20 * chunk.length);
  });

  it('moves a finished local file into storage: the local file is gone afterwards', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'blob-file-'));
    const file = path.join(dir, 'upload.bin');
    writeFileSync(file, 'file body');
    expect(await subject.store.putFile('b/from-file.bin', file)).toEqual({ size: 9 });
    expect(existsSync(file)).toBe(false);
    expect(await text(await subject.store.get('b/from-file.bin'))).toBe('file body');
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a missing key with BlobNotFoundError and exists() false; delete is idempotent', async () => {
    await expect(subject.store.get('nothing/here.txt')).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await subject.store.exists('nothing/here.txt')).toBe(false);
    await subject.store.put('c/gone.txt', Readable.from([Buffer.from('bye')]));
    await subject.store.delete('c/gone.txt');
    await subject.store.delete('c/gone.txt');
    expect(await subject.store.exists('c/gone.txt')).toBe(false);
  });

  it('lists every key under a prefix with its modification time', async () => {
    await subject.store.put('list/1.txt', Readable.from([Buffer.from('1')]));
    await subject.store.put('list/deep/2.txt', Readable.from([Buffer.from('2')]));
    const keys: string[] = [];
    for await (const item of subject.store.list('list/')) {
      keys.push(item.key);
      expect(item.modified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(keys.sort()).toEqual(['list/1.txt', 'list/deep/2.txt']);
  });

  it('refuses keys that could escape the store', async () => {
    for (const key of ['../x', 'a/../../x', '/abs', 'a//b', 'nul\0byte']) {
      await expect(subject.store.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/Unsafe storage key/);
    }
  });
});
