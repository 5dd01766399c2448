import type { StoredPhotoIssue } from '@portal/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { draftFileNamed, draftFileWithDraft, touchDraftOfFile, updateDraftFile } from './repository.ts';
import { defineJob, jobType, retryRatherThanSettle } from '../../jobs/queue.ts';
import { makeRenditions } from '../media-files/renditions.ts';
import { analyseFileOffThread } from '../../media/media-pool.ts';
import { photoChecksOf } from '../media-files/photo-checks.ts';
import { longSideOf } from '../../media/photo-quality.ts';
import { MediaError } from '../../media/messages.ts';
import { withLocalFile } from '../../storage/local-file.ts';

export const processDraftFileJob = jobType('drafts.processFile', {
  queue: 'media',
  payload: z.object({ fileId: z.guid() }),
  maxAttempts: 3,
});

/** After upload: thumbnail first (the screen waits for it), then the barcodes in the file and its photo checks. */
export const processDraftFile = (ctx: AppContext) =>
  defineJob<{ fileId: string }>({
    ...processDraftFileJob,
    handler: async ({ fileId }, job) => {
      const found = await draftFileWithDraft(ctx.db, fileId);
      if (!found) return;
      const { file, companyId, partnerCompanyId } = found; // the draft was deleted or submitted meanwhile
      await withLocalFile(ctx.storage, file.storageKey, async (path) => {
        try {
          const thumbnailKey = file.thumbnailKey ?? (await makeRenditions(ctx.storage, file.id, path, file.kind));
          await updateDraftFile(ctx.db, fileId, { thumbnailKey });
          const analysis = await analyseFileOffThread(path, file.kind);
          const { qualityIssues, perceptualHash } = await photoChecksOf(
            ctx.db,
            { id: file.id, companyId, draftId: file.draftId, partnerCompanyId, kind: file.kind },
            analysis,
          );
          await updateDraftFile(ctx.db, fileId, {
            detectedUpcs: analysis.codes,
            detectedFrom: analysis.readFrom,
            barcodeRegion: analysis.region,
            detectionStatus: 'done',
            qualityIssues,
            perceptualHash,
            longSidePx: longSideOf(analysis.photo),
          });
          await nameEachOther(ctx, file, qualityIssues);
          await touchDraftOfFile(ctx.db, fileId);
        } catch (err) {
          // A verdict on the file (damaged, or past the limits of media work) stands: another attempt cannot change it.
          if (retryRatherThanSettle(err, job, (e) => e instanceof MediaError)) throw err;
          job.log.warn({ err, fileId }, 'draft file could not be read');
          await markUnread(ctx, fileId);
        }
      });
    },
    // Fetching the file failed past every retry (the store stayed away): the page says so instead of waiting.
    onFailed: ({ fileId }) => markUnread(ctx, fileId),
  });

async function markUnread(ctx: AppContext, fileId: string) {
  await updateDraftFile(ctx.db, fileId, { detectionStatus: 'failed' });
  await touchDraftOfFile(ctx.db, fileId);
}

/**
 * Two copies of one picture in a draft name each other. The copy read first was compared before the other had been
 * read, so it may name a file of another draft, or nothing: once the second names it, it names the second.
 */
async function nameEachOther(
  ctx: AppContext,
  file: { draftId: string; fileName: string },
  issues: readonly StoredPhotoIssue[],
) {
  const duplicate = issues.find((i) => i.code === 'DUPLICATE');
  const suffix = ' in this draft';
  if (!duplicate?.detail?.endsWith(suffix) || duplicate.worseCopy) return;
  const otherName = duplicate.detail.slice(0, -suffix.length);
  const other = await draftFileNamed(ctx.db, file.draftId, otherName);
  if (!other) return;
  const theirs = (other.qualityIssues ?? []) as StoredPhotoIssue[];
  if (theirs.some((i) => i.code === 'DUPLICATE' && i.detail?.endsWith(suffix))) return;
  const named: StoredPhotoIssue = { code: 'DUPLICATE', detail: `${file.fileName}${suffix}` };
  await updateDraftFile(ctx.db, other.id, { qualityIssues: [...theirs.filter((i) => i.code !== 'DUPLICATE'), named] });
}
