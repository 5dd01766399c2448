import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { draftFiles } from '../../db/schema.ts';
import { defineJob, jobType } from '../../jobs/queue.ts';
import { makeRenditions } from '../media-files/renditions.ts';
import { readBarcodesOffThread as readBarcodes } from '../../media/media-pool.ts';
import { MediaError } from '../../media/messages.ts';
import { withLocalFile } from '../../storage/local-file.ts';

export const processDraftFileJob = jobType('drafts.processFile', { payload: z.object({ fileId: z.guid() }), maxAttempts: 3 });

/** After upload: thumbnail first (the screen waits for it), then the barcodes in the file. */
export const processDraftFile = (ctx: AppContext) =>
  defineJob<{ fileId: string }>({
    ...processDraftFileJob,
    handler: async ({ fileId }, job) => {
      const [file] = await ctx.db.select().from(draftFiles).where(eq(draftFiles.id, fileId));
      if (!file) return; // the draft was deleted or submitted meanwhile
      await withLocalFile(ctx.storage, file.storageKey, async (path) => {
        try {
          const thumbnailKey = file.thumbnailKey ?? (await makeRenditions(ctx.storage, file.id, path, file.kind));
          await ctx.db.update(draftFiles).set({ thumbnailKey }).where(eq(draftFiles.id, fileId));
          const codes = await readBarcodes(path, file.kind);
          await ctx.db.update(draftFiles).set({ detectedUpcs: codes, detectionStatus: 'done' }).where(eq(draftFiles.id, fileId));
        } catch (err) {
          // A verdict on the file (damaged, or past the limits of media work) stands: another attempt cannot change it.
          if (!(err instanceof MediaError) && job.attempt < (processDraftFileJob.maxAttempts ?? 1)) throw err;
          job.log.warn({ err, fileId }, 'draft file could not be read');
          await ctx.db.update(draftFiles).set({ detectionStatus: 'failed' }).where(eq(draftFiles.id, fileId));
        }
      });
    },
  });
