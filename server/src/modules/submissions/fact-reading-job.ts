import type { AppContext } from '../../context.ts';
import { defineJob } from '../../jobs/queue.ts';
import { readFactsOfStoredFile } from '../../media/fact-readings.ts';
import { readSubmissionFileFactsJob } from './job-types.ts';
import { recordFileReading } from './lifecycle.ts';
import { submissionFile } from './repository.ts';

/**
 * A photo added on resubmit or for a catalogued product, read as a draft's (media/fact-readings.ts): its readings are
 * stored on the file for the supplier to accept, correct or dismiss on the submission's page. Nothing is filled here.
 */
export const readSubmissionFileFacts = (ctx: AppContext) =>
  defineJob<{ fileId: string }>({
    ...readSubmissionFileFactsJob,
    handler: async ({ fileId }, job) => {
      const file = await submissionFile(ctx.db, fileId);
      if (file?.factReadingStatus !== 'pending') return; // replaced or deleted meanwhile, or read already
      const readings = await readFactsOfStoredFile(ctx.storage, file, job);
      await recordFileReading(
        ctx.db,
        fileId,
        readings ? { factReadings: readings, factReadingStatus: 'done' } : { factReadingStatus: 'failed' },
      );
    },
    onFailed: ({ fileId }) => recordFileReading(ctx.db, fileId, { factReadingStatus: 'failed' }),
  });
