import { displayUpc, photoCodesDiffer, REVIEW_MSG, upcError } from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { submissionFiles } from '../../db/schema.ts';
import { defineJob, retryRatherThanSettle } from '../../jobs/queue.ts';
import { analyseFileOffThread } from '../../media/media-pool.ts';
import { photoChecksOf } from '../media-files/photo-checks.ts';
import { longSideOf } from '../../media/photo-quality.ts';
import { MediaError } from '../../media/messages.ts';
import { withLocalFile } from '../../storage/local-file.ts';
import { makeRenditions } from '../media-files/renditions.ts';
import { automatedChecksJob } from './job-types.ts';
import { submissionEvents } from './events.ts';
import { changeStatus, recordFileReading, setDetectedUpcs } from './lifecycle.ts';
import { filesOf, findSubmission } from './repository.ts';

/** Why the automated checks reject an item, or null when it goes on to staff. */
export function automatedVerdict(
  upc: string,
  files: { fileName: string; detectedUpcs: string[]; detectionStatus: string }[],
): string | null {
  const upcProblem = upcError(upc);
  if (upcProblem) return upcProblem;
  const unreadable = files.find((f) => f.detectionStatus === 'failed');
  if (unreadable) return REVIEW_MSG.unreadableFile(unreadable.fileName);
  const differing = photoCodesDiffer(
    upc,
    files.flatMap((f) => f.detectedUpcs),
  );
  if (differing) return REVIEW_MSG.barcodeMismatch(differing.join(', '), displayUpc(upc));
  return null;
}

/**
 * On every SUBMITTED item: read the codes of any file not read yet, then reject automatically with a reason, or
 * leave the item for staff. An appealed item (human review only) is left alone.
 */
export const automatedChecks = (ctx: AppContext) =>
  defineJob<{ submissionId: string }>({
    ...automatedChecksJob,
    handler: async ({ submissionId }, job) => {
      const submission = await findSubmission(ctx.db, submissionId);
      if (!submission || submission.itemStatus !== 'SUBMITTED' || submission.humanReviewOnly) return;
      for (const file of await filesOf(ctx.db, submissionId)) {
        if (file.detectionStatus === 'done' && file.thumbnailKey) continue;
        await withLocalFile(ctx.storage, file.storageKey, async (path) => {
          let update: Partial<typeof submissionFiles.$inferInsert> = {};
          try {
            update = {
              thumbnailKey: file.thumbnailKey ?? (await makeRenditions(ctx.storage, file.id, path, file.kind)),
            };
            if (file.detectionStatus !== 'done') {
              const analysis = await analyseFileOffThread(path, file.kind);
              const where = {
                id: file.id,
                companyId: submission.companyId,
                submissionId,
                partnerCompanyId: submission.partnerCompanyId,
                kind: file.kind,
              };
              update = {
                ...update,
                detectedUpcs: analysis.codes,
                detectedFrom: analysis.readFrom,
                barcodeRegion: analysis.region,
                detectionStatus: 'done',
                ...(await photoChecksOf(ctx.db, where, analysis)),
                longSidePx: longSideOf(analysis.photo),
              };
            }
          } catch (err) {
            // A verdict on the file (damaged, or past the limits of media work) stands: retrying cannot change it.
            if (retryRatherThanSettle(err, job, (e) => e instanceof MediaError)) throw err;
            job.log.warn({ err, fileId: file.id }, 'submission file could not be read');
            update = { ...update, detectionStatus: 'failed' };
          }
          await recordFileReading(ctx.db, file.id, update);
        });
      }
      await ctx.db.transaction(async (tx) => {
        // The item, its UPC and its files as they are now, under the lock a resubmission or a staff decision also
        // takes: what was read above may be an earlier version (a resubmission in between brings a new UPC and files).
        const current = await findSubmission(tx, submissionId, { lock: true });
        if (!current) return;
        const files = await filesOf(tx, submissionId);
        // Files not read yet came with a resubmission since this run began; the checks it queued decide on them.
        if (files.some((f) => f.detectionStatus === 'pending')) return;
        const detectedUpcs = [...new Set(files.flatMap((f) => f.detectedUpcs))];
        await setDetectedUpcs(tx, submissionId, detectedUpcs);
        // The photo checks are in: the rules that read them (and the code read) are judged again.
        await submissionEvents.emit(tx, 'readinessInputsChanged', { submissionIds: [submissionId] });
        // Staff may have decided meanwhile: the checks only ever act on an item still waiting.
        if (current.itemStatus !== 'SUBMITTED' || current.humanReviewOnly) return;
        const reason = automatedVerdict(current.upc, files);
        if (reason) await changeStatus(tx, submissionId, 'AUTO_REJECTED', { actor: 'system', userId: null, reason });
      });
    },
  });
