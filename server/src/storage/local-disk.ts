import { randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, BlobNotFoundError, type BlobStore } from './blob-store.ts';

/** Files under one folder; each blob is written to a temporary name and renamed, so a crash never leaves half a file under its key. */
export class LocalDiskStore implements BlobStore {
  constructor(private root: string) {}

  pathOf(key: string) {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(this.root, '.incoming', randomUUID());
    await mkdir(path.dirname(temp), { recursive: true });
    let size = 0;
    body.on('data', (chunk: Buffer) => (size += chunk.length));
    try {
      await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return { size };
  }

  /** Moves a finished local file into the store: a rename on the same disk, a copy otherwise. */
  async putFile(key: string, file: string): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(file, target);
      return { size: (await stat(target)).size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      const result = await this.put(key, createReadStream(file));
      await rm(file, { force: true });
      return result;
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    if (!(await this.exists(key))) throw new BlobNotFoundError(key);
    return createReadStream(file);
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  async *list(prefix: string): AsyncIterable<{ key: string; modified: Date }> {
    const base = path.join(this.root, prefix);
    let entries: string[];
    try {
      entries = await readdir(base, { recursive: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(base, entry);
      const info = await stat(full);
      if (info.isFile()) yield { key: path.relative(this.root, full).split(path.sep).join('/'), modified: info.mtime };
    }
  }
}
