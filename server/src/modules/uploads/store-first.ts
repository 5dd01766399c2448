import { randomUUID } from 'node:crypto';
import { HttpError } from '../../lib/errors.ts';
import { IdempotentReplay } from '../../lib/idempotency.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { ReceivedFile } from './receive.ts';

/** A checked upload now in storage under its own key. */
export interface StoredUpload extends ReceivedFile {
  id: string;
  storageKey: string;
}

/**
 * Blobs before rows: every upload goes into storage before any transaction opens (no transfer holds a database
 * connection), then `record` writes the rows, in one short transaction of its own. If recording was refused (our
 * own refusal, or an idempotent replay: the transaction surely rolled back) the new blobs are removed at once. Any
 * other failure may have come from the COMMIT itself, whose rows may stand (its answer lost with the connection):
 * those blobs, and those of a crash in between, are left to the hourly orphan cleanup, which removes them only if
 * no row names them.
 */
export async function storeThenRecord<T>(
  storage: BlobStore,
  files: ReceivedFile[],
  keyOf: (fileId: string) => string,
  record: (stored: StoredUpload[]) => Promise<T>,
): Promise<T> {
  const stored: StoredUpload[] = [];
  try {
    for (const file of files) {
      const id = randomUUID();
      const storageKey = keyOf(id);
      await storage.putFile(storageKey, file.tempPath);
      stored.push({ ...file, id, storageKey });
    }
    return await record(stored);
  } catch (err) {
    if (err instanceof HttpError || err instanceof IdempotentReplay)
      await Promise.all(stored.map((f) => storage.delete(f.storageKey)));
    throw err;
  }
}
