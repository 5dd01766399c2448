import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineJob, jobType } from '../../jobs/queue.ts';
import { readFactsOfStoredFile } from '../../media/fact-readings.ts';
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
      const readings = await readFactsOfStoredFile(ctx.storage, found.file, job);
      await updateDraftFile(
        ctx.db,
        fileId,
        readings ? { factReadings: readings, factReadingStatus: 'done' } : { factReadingStatus: 'failed' },
      );
      await touchDraftOfFile(ctx.db, fileId);
    },
    onFailed: async ({ fileId }) => {
      await updateDraftFile(ctx.db, fileId, { factReadingStatus: 'failed' });
      await touchDraftOfFile(ctx.db, fileId);
    },
  });
