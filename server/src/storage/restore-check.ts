import type { Db } from '../db/client.ts';
import { storedKeyReferences } from '../jobs/orphan-files.ts';
import type { BlobStore } from './blob-store.ts';

/** How many stores' answers are awaited at once: a bucket of a million files is checked in minutes, not hours. */
const AT_ONCE = 16;

export interface RestoreCheck {
  /** Storage keys the database names. */
  checked: number;
  /** Those the store lacks, with the table and column naming each. */
  missing: { key: string; where: string }[];
}

/**
 * After a restore: is every file the restored database names in the restored store? A backup of the bucket taken
 * before the database's dump lacks the files stored in between; a bucket restored without `system/` lacks the storage
 * marker, and no instance on PostgreSQL starts. Reads only.
 */
export async function checkRestore(db: Db, storage: BlobStore): Promise<RestoreCheck> {
  const references = [...(await storedKeyReferences(db, { storageOnly: true }))];
  const missing: RestoreCheck['missing'] = [];
  for (let i = 0; i < references.length; i += AT_ONCE) {
    const batch = references.slice(i, i + AT_ONCE);
    const present = await Promise.all(batch.map(([key]) => storage.exists(key)));
    batch.forEach(([key, where], j) => {
      if (!present[j]) missing.push({ key, where });
    });
  }
  missing.sort((a, b) => a.where.localeCompare(b.where) || a.key.localeCompare(b.key));
  return { checked: references.length, missing };
}
