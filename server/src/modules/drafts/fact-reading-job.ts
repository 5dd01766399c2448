import { factReadingSchema, readLabel } from '@portal/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineJob, jobType, retryRatherThanSettle } from '../../jobs/queue.ts';
import { readTextOffThread } from '../../media/media-pool.ts';
import { MediaError } from '../../media/messages.ts';
import { withLocalFile } from '../../storage/local-file.ts';
import { draftFileWithDraft, touchDraftOfFile, updateDraftFile } from './repository.ts';

export const readDraftFileFactsJob = jobType('drafts.readFacts', {
  queue: 'text',
  payload: z.object({ fileId: z.guid() }),
  maxAttempts: 3,
});

/**
 * After upload, in a queue of its own: the text of the photo (or of a PDF's first page), and the product facts its
 * lines give, stored as readings for the supplier to accept, correct or dismiss. Nothing is filled here.
 */
export const readDraftFileFacts = (ctx: AppContext) =>
  defineJob<{ fileId: string }>({
    ...readDraftFileFactsJob,
    handler: async ({ fileId }, job) => {
      const found = await draftFileWithDraft(ctx.db, fileId);
      if (!found) return; // the draft was deleted or submitted meanwhile
      await withLocalFile(ctx.storage, found.file.storageKey, async (path) => {
        try {
          const reading = await readTextOffThread(path, found.file.kind);
          const readings = readLabel(reading.lines).filter((r) => factReadingSchema.safeParse(r).success);
          await updateDraftFile(ctx.db, fileId, { factReadings: readings, factReadingStatus: 'done' });
        } catch (err) {
          // A verdict on the file (damaged, or past the limits of media work) stands: another attempt cannot change it.
          if (retryRatherThanSettle(err, job, (e) => e instanceof MediaError)) throw err;
          job.log.warn({ err, fileId }, 'draft file text could not be read');
          await updateDraftFile(ctx.db, fileId, { factReadingStatus: 'failed' });
        }
        await touchDraftOfFile(ctx.db, fileId);
      });
    },
    onFailed: async ({ fileId }) => {
      await updateDraftFile(ctx.db, fileId, { factReadingStatus: 'failed' });
      await touchDraftOfFile(ctx.db, fileId);
    },
  });
