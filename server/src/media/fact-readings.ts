import { factReadingSchema, readLabel, type FactReading, type UploadKind } from '@portal/domain';
import { retryRatherThanSettle, type JobInfo } from '../jobs/queue.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { withLocalFile } from '../storage/local-file.ts';
import { readTextOffThread } from './media-pool.ts';
import { MediaError } from './messages.ts';

/**
 * The product facts a stored photo (or a PDF's first page) gives, for a draft file and for a photo added to a
 * submission alike: its text, read in the media process of its own, and the label's values the domain finds in it.
 * Null when the file's text cannot be read (a verdict on the file: another attempt cannot change it); any other error
 * is thrown while the job has attempts left, for it to be retried.
 */
export async function readFactsOfStoredFile(
  storage: BlobStore,
  file: { storageKey: string; kind: UploadKind },
  job: JobInfo,
): Promise<FactReading[] | null> {
  return withLocalFile(storage, file.storageKey, async (path) => {
    try {
      const reading = await readTextOffThread(path, file.kind);
      return readLabel(reading.lines).filter((r) => factReadingSchema.safeParse(r).success);
    } catch (err) {
      if (retryRatherThanSettle(err, job, (e) => e instanceof MediaError)) throw err;
      job.log.warn({ err, storageKey: file.storageKey }, 'the text of a file could not be read');
      return null;
    }
  });
}
