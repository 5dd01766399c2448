import { createReadStream } from 'node:fs';
import { lstat, readdir, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { assertSafeKey, type BlobStore } from '../../storage/blob-store.ts';
import { LocalDiskStore } from '../../storage/local-disk.ts';
import { S3Store } from '../../storage/s3.ts';
import { INGESTION_SOURCES } from '@portal/domain';

/**
 * Where an organization's files arrive (DESIGN section 3, "ingestion source"). The image source names the kind:
 * LOCAL is the folder `{INGESTION_ROOT}/{folderName}`, S3 the prefix `{INGESTION_S3_PREFIX}{folderName}/` of the
 * configured bucket; any other image source has no source here (its users can still upload from the import page).
 */
export interface IngestionSource {
  kind: 'LOCAL' | 'S3';
  /** Every file now in the source: a key that names it in this source, its display name, when it last changed. */
  list(): AsyncIterable<{ key: string; name: string; modified: Date }>;
  /** Moves the file into storage; 'missing' when it is no longer in the source (already moved). */
  moveInto(storage: BlobStore, key: string, storageKey: string): Promise<'moved' | 'missing'>;
}

export function sourceFor(config: Config, org: { folderName: string; imageSource: string }): IngestionSource | null {
  if (org.imageSource === INGESTION_SOURCES.local) return localSource(path.join(config.ingestion.root, org.folderName));
  if (org.imageSource === INGESTION_SOURCES.s3 && config.s3)
    return s3Source(new S3Store(config.s3), `${config.ingestion.s3Prefix}${org.folderName}/`);
  return null;
}

/** Source keys carry the kind, so a pending LOCAL key never matches an S3 one. */
const LOCAL = 'LOCAL:';

/**
 * A regular file reached without following a symbolic link (a link to a file, or within a linked folder): a link
 * dropped in the folder could point at any file the portal can read (another company's stored images, its secrets).
 */
async function plainFileIn(folder: string, realFolder: string, relative: string) {
  try {
    const file = path.join(folder, relative);
    const info = await lstat(file);
    if (!info.isFile() || (await realpath(file)) !== path.join(realFolder, relative)) return null;
    return info;
  } catch {
    return null;
  }
}

export function localSource(folder: string): IngestionSource {
  const relativeOf = (key: string) => path.join(...key.slice(LOCAL.length).split('/'));
  return {
    kind: 'LOCAL',
    async *list() {
      let entries: string[];
      let realFolder: string;
      try {
        entries = await readdir(folder, { recursive: true });
        realFolder = await realpath(folder); // once per scan, not per file
      } catch {
        return; // no folder yet: nothing has arrived
      }
      for (const entry of entries.sort()) {
        const parts = entry.split(path.sep);
        if (parts.some((p) => p.startsWith('.'))) continue; // hidden files and half-copied temporaries
        // Links are left where they are (plainFileIn says why).
        const info = await plainFileIn(folder, realFolder, entry);
        if (!info) continue;
        const rel = parts.join('/');
        yield { key: LOCAL + rel, name: rel, modified: info.mtime };
      }
    },
    async moveInto(storage, key, storageKey) {
      // Gone, or replaced by a link since it was listed: not a file of the source any more.
      const relative = relativeOf(key);
      const realFolder = await realpath(folder).catch(() => null);
      if (!realFolder || !(await plainFileIn(folder, realFolder, relative))) return 'missing';
      const file = path.join(folder, relative);
      if (storage instanceof LocalDiskStore) {
        await storage.putFile(storageKey, file); // a rename on the same disk: the file leaves the source at once
      } else {
        await storage.put(storageKey, createReadStream(file));
        await rm(file, { force: true });
      }
      return 'moved';
    },
  };
}

export function s3Source(bucket: S3Store, prefix: string): IngestionSource {
  return {
    kind: 'S3',
    async *list() {
      for await (const { key, modified } of bucket.list(prefix)) {
        const name = key.slice(prefix.length);
        if (!name || name.split('/').some((p) => p.startsWith('.')) || !isSafeKey(key)) continue;
        yield { key, name, modified };
      }
    },
    async moveInto(storage, key, storageKey) {
      if (!(await bucket.exists(key))) return 'missing';
      await storage.put(storageKey, await bucket.get(key));
      await bucket.delete(key);
      return 'moved';
    },
  };
}

/** Object keys our store refuses (spaces, unusual characters) are left in the bucket. */
function isSafeKey(key: string) {
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}
