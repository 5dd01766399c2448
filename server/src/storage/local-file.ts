import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BlobNotFoundError, type BlobStore } from './blob-store.ts';
import { LocalDiskStore } from './local-disk.ts';

/** Gives a path on local disk for a stored blob (the blob itself on local disk, a temporary copy otherwise). */
export async function withLocalFile<T>(store: BlobStore, key: string, fn: (file: string) => Promise<T>): Promise<T> {
  if (store instanceof LocalDiskStore) {
    // A missing file must be reported as missing: handed on, it would read as a damaged image.
    if (!(await store.exists(key))) throw new BlobNotFoundError(key);
    return fn(store.pathOf(key));
  }
  const dir = path.join(tmpdir(), 'portal-blobs');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, randomUUID());
  try {
    await pipeline(await store.get(key), createWriteStream(file));
    return await fn(file);
  } finally {
    await rm(file, { force: true });
  }
}
