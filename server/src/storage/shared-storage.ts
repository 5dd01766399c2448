import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { storageMarker } from '../db/schema.ts';
import type { BlobStore } from './blob-store.ts';

/**
 * Proof that this instance's file storage is the one every instance uses. The first instance to start writes a
 * marker file and records its key in the database; every instance (and every readiness check) then looks for that
 * file in its own storage. Instances that each keep files on their own disk would accept uploads that the others
 * (and the worker) cannot read: that is refused at start, with the way out.
 */
export class StorageNotSharedError extends Error {
  constructor(markerKey: string, where: string) {
    super(
      `File storage is not shared: the marker file ${markerKey}, recorded in the database by the first instance, is not in ` +
        `this instance's storage (${where}). Every instance must see the same files: set S3_BUCKET (with the same ` +
        `bucket on every instance), or point every instance's DATA_DIR at one shared folder.`,
    );
    this.name = 'StorageNotSharedError';
  }
}

const ROW = 1;

/** Where an instance keeps files, in words for messages. */
export const storagePlace = (config: Pick<Config, 's3' | 'dataDir'>) =>
  config.s3 ? `S3 bucket ${config.s3.bucket}` : `folder ${path.join(config.dataDir, 'files')}`;

/** The recorded marker key, recording (and writing) one first if there is none. */
async function markerKey(db: Db, storage: BlobStore): Promise<string> {
  const [row] = await db.select().from(storageMarker).where(eq(storageMarker.id, ROW));
  if (row) return row.markerKey;
  const key = `system/storage-marker-${randomUUID()}`;
  await storage.put(key, Readable.from([Buffer.from('Product Hub: the storage every instance shares.\n')]));
  const [won] = await db.insert(storageMarker).values({ id: ROW, markerKey: key }).onConflictDoNothing().returning();
  if (won) return key;
  await storage.delete(key); // another instance recorded its marker first
  const [first] = await db.select().from(storageMarker).where(eq(storageMarker.id, ROW));
  return first.markerKey;
}

/** Resolves when this instance's storage holds the recorded marker; throws StorageNotSharedError when not. */
export async function proveSharedStorage(db: Db, storage: BlobStore, where: string): Promise<void> {
  const key = await markerKey(db, storage);
  if (!(await storage.exists(key))) throw new StorageNotSharedError(key, where);
}
