import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  codeFromFileName,
  INGESTION_RETRY_MSG,
  MAX_FILE_BYTES,
  toEan13,
  upcError,
  UPLOAD_MSG,
  type UploadKind,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { defineJob, enqueue, jobType, retryRatherThanSettle } from '../../jobs/queue.ts';
import { convertHeifUpload, inspectUpload, readBarcodesCheckedOffThread } from '../../media/media-pool.ts';
import { MEDIA_MSG } from '../../media/messages.ts';
import { LocalDiskStore } from '../../storage/local-disk.ts';
import { withLocalFile } from '../../storage/local-file.ts';
import { addFiles, createSubmissions } from '../submissions/lifecycle.ts';
import { countChangesTogether } from '../submissions/counts.ts';
import { ingestionEvents } from './events.ts';
import { sourceFor } from './sources.ts';
import {
  databaseClock,
  fileCountsOfJob,
  findFile,
  findOrganization,
  firstUserOf,
  identifiedUnsubmitted,
  ignoreUnread,
  insertFiles,
  insertJob,
  leftSourceNow,
  lockJob,
  lockOrganization,
  markSubmitted,
  now,
  organizationIds,
  organizationOfJob,
  setFile,
  sourceKeysTaken,
  findJob,
  touchJob,
  waitingSubmissionOfCode,
  type IngestionFileRow,
  type OrganizationRow,
} from './repository.ts';

export const INGESTION_MSG = {
  vanished: 'The file left the source folder before it could be stored.',
  unprocessable: 'This file could not be processed.',
  /** A code from the bars that another look at the image contradicts: the supplier says which it is. */
  disputed: (codes: string[]) =>
    `The barcode was read as ${codes.join(' and as ')}: give the right UPC in a mapping file.`,
} as const;

export const processIngestionFileJob = jobType('bulkIngestion.processFile', {
  queue: 'media',
  // A folder of hundreds of files: the company's own uploads through the pages go first.
  bulk: true,
  payload: z.object({ fileId: z.guid() }),
  maxAttempts: 3,
});

/** Storage keys are ours: the job and the file id, never the source name. */
export const ingestionStorageKey = (jobId: number, fileId: string) => `ingestion/${jobId}/${fileId}`;

/**
 * A new job from files that are already somewhere we can reach: enqueues one processing job per file in the same
 * transaction, so a job and its files' work exist together or not at all. A file given with an `ignored` reason is
 * recorded IGNORED at once; its processing job finds it so and leaves it be.
 */
export async function createJobWithFiles(
  tx: Tx,
  org: Pick<OrganizationRow, 'id' | 'companyId'>,
  source: 'LOCAL' | 'S3' | 'UPLOAD',
  submittedByUserId: number | null,
  files: {
    id?: string;
    filename: string;
    sourceKey: string | null;
    size: number | null;
    storageKey?: string;
    ignored?: string;
  }[],
) {
  const at = now();
  const job = await insertJob(tx, {
    organizationId: org.id,
    companyId: org.companyId,
    source,
    submittedByUserId,
    createdAt: at,
    updatedAt: at,
  });
  const rows = files.map((f) => {
    const id = f.id ?? randomUUID();
    return {
      id,
      jobId: job.id,
      filename: f.filename,
      sourceKey: f.sourceKey,
      storageKey: f.storageKey ?? ingestionStorageKey(job.id, id),
      size: f.size,
      ...(f.ignored ? { status: 'IGNORED' as const, reason: f.ignored } : {}),
      createdAt: at,
      updatedAt: at,
    };
  });
  await insertFiles(tx, rows);
  for (const r of rows)
    await enqueue(
      tx,
      processIngestionFileJob,
      { fileId: r.id },
      { dedupeKey: `bulkIngestion.file:${r.id}`, companyId: org.companyId },
    );
  return { job, files: rows };
}

/** Files recorded per short transaction of a scan: each batch is one job, committed on its own. */
export const SCAN_BATCH_FILES = 500;

/**
 * One scan of one organization's source, with no transaction open while the source is listed: the settled files are
 * listed first, then recorded in batches of SCAN_BATCH_FILES, each batch one job with one row and one processing job
 * per file, in a short transaction that locks the organization's row (two workers' batches take turns, and a file
 * pending in a row is skipped). A file moved into storage since the listing began (its row says when it left the
 * source, by the database's clock) is skipped too: the listing may have seen it before it left. A crash between two
 * batches leaves the rest in the source for the next scan. Returns the jobs made.
 */
export async function scanOrganization(ctx: AppContext, orgId: number): Promise<number[]> {
  const org = await findOrganization(ctx.db, orgId);
  const source = org && sourceFor(ctx.config, org);
  if (!source) return [];
  const listedFrom = await databaseClock(ctx.db);
  const settledBefore = Date.now() - ctx.config.ingestion.settleMs;
  const found: { key: string; name: string }[] = [];
  for await (const entry of source.list()) if (entry.modified.getTime() <= settledBefore) found.push(entry);
  const jobs: number[] = [];
  for (let i = 0; i < found.length; i += SCAN_BATCH_FILES) {
    const job = await recordScannedBatch(ctx, org, found.slice(i, i + SCAN_BATCH_FILES), listedFrom);
    if (job != null) jobs.push(job);
  }
  return jobs;
}

/**
 * One batch of listed files recorded as a job, leaving out those pending or moved since `listedFrom` (the database's
 * clock when the listing began).
 */
export async function recordScannedBatch(
  ctx: AppContext,
  listedFor: OrganizationRow,
  batch: { key: string; name: string }[],
  listedFrom: string,
): Promise<number | null> {
  return ctx.db.transaction(async (tx) => {
    const org = await lockOrganization(tx, listedFor.id);
    // Gone, or pointed at another source since the listing: what was listed is not this organization's any more.
    if (!org || org.imageSource !== listedFor.imageSource || org.folderName !== listedFor.folderName) return null;
    const taken = await sourceKeysTaken(
      tx,
      batch.map((f) => f.key),
      listedFrom,
    );
    const fresh = batch.filter((f) => !taken.has(f.key));
    if (!fresh.length) return null;
    const { job } = await createJobWithFiles(
      tx,
      org,
      sourceFor(ctx.config, org)!.kind,
      null,
      fresh.map((f) => ({ filename: f.name.slice(-300), sourceKey: f.key, size: null })),
    );
    return job.id;
  });
}

/** Scans every organization once; a failure of one is logged and the others go on. */
export async function scanAllSources(ctx: AppContext, log: (err: unknown) => void): Promise<number[]> {
  const orgs = await organizationIds(ctx.db);
  const jobs: number[] = [];
  for (const org of orgs) {
    try {
      jobs.push(...(await scanOrganization(ctx, org.id)));
    } catch (err) {
      log(err);
    }
  }
  return jobs;
}

/** The worker's periodic scan (not kept alive by its timer); returns the stop function. */
export function scheduleIngestionScan(ctx: AppContext, onError: (err: unknown) => void): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    let failed = false;
    const failure = (err: unknown) => {
      failed = true;
      onError(err);
    };
    try {
      await scanAllSources(ctx, failure);
    } catch (err) {
      failure(err);
    } finally {
      ctx.metrics.observeIngestionScan(failed ? 'failed' : 'done');
      running = false;
    }
  };
  const timer = setInterval(() => void run(), ctx.config.ingestion.scanMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}

/**
 * Moves a scanned file from its source into storage, then records that it left the source (blobs before rows): no
 * transaction and no lock is held while the bytes travel. A crash after the copy leaves the file in the source (copied
 * again by the retry, over the same key) or, once removed from the source, stored under its key (the retry finds it
 * there); a copy whose row is never recorded is the orphan cleanup's (jobs/orphan-files.ts).
 */
async function stage(ctx: AppContext, file: IngestionFileRow): Promise<IngestionFileRow> {
  const org = await organizationOfJob(ctx.db, file.jobId);
  const source = org && sourceFor(ctx.config, org);
  const moved = source ? await source.moveInto(ctx.storage, file.sourceKey!, file.storageKey) : 'missing';
  // 'missing': an earlier attempt moved it and stopped before recording it, or the file was taken away.
  const vanished = moved === 'missing' && !(await ctx.storage.exists(file.storageKey));
  // The database's clock, as the scan's listing start is read: a scan that began listing before this moment skips it.
  const left = leftSourceNow();
  return setFile(ctx.db, file.id, vanished ? { ...left, status: 'IGNORED', reason: INGESTION_MSG.vanished } : left);
}

/** An ignored file keeps its row and reason, never its bytes. */
async function ignore(ctx: AppContext, file: IngestionFileRow, reason: string) {
  const row = await setFile(ctx.db, file.id, { status: 'IGNORED', reason });
  await ctx.storage.delete(file.storageKey);
  return row;
}

const MEDIA_MESSAGES = new Set<string>(Object.values(MEDIA_MSG));

/** The first valid retail code among those read, as EAN-13. */
function firstValidCode(codes: string[]): string | null {
  for (const c of codes) if (!upcError(c)) return toEan13(c);
  return null;
}

/**
 * One file through the pipeline: RECEIVED (checked by content) -> UNIDENTIFIED (barcodes read with the intake's
 * reader) -> IDENTIFIED (a valid code, or a GS1 file name), NEEDS_MAPPING (no code) or IGNORED (with the reason);
 * IDENTIFIED files then go into the organization's product submissions. Each step commits on its own, so the screen
 * sees it, and a retry after a crash picks up where the file stands.
 */
export const processIngestionFile = (ctx: AppContext) =>
  defineJob<{ fileId: string }>({
    ...processIngestionFileJob,
    handler: async ({ fileId }, job) => {
      const found = await findFile(ctx.db, fileId);
      if (!found) return;
      let file = found;
      if (file.sourceKey && !file.sourceLeftAt) file = await stage(ctx, file);
      if (file.status === 'RECEIVED' || file.status === 'UNIDENTIFIED') {
        await withLocalFile(ctx.storage, file.storageKey, async (path) => {
          if (file.status === 'RECEIVED') {
            // The import page's limit for one picture (as sent, or in a zip) holds for a folder's files too.
            if ((await stat(path)).size > MAX_FILE_BYTES) {
              file = await ignore(ctx, file, UPLOAD_MSG.size);
              return;
            }
            // Phone photos in HEIC/HEIF are stored as JPEG, as an upload's are (converted in a media process, under
            // its limits). A retry after the conversion finds a JPEG and goes straight on.
            const conversion = await convertHeifUpload(path);
            if ('error' in conversion) {
              file = await ignore(ctx, file, conversion.error);
              return;
            }
            // On local disk `path` is the stored file itself; elsewhere it is a copy, and the JPEG replaces the blob.
            if (conversion.converted && !(ctx.storage instanceof LocalDiskStore)) {
              await ctx.storage.put(file.storageKey, createReadStream(path), { contentType: 'image/jpeg' });
            }
            const info = await inspectUpload(path);
            if ('error' in info) {
              file = await ignore(ctx, file, info.error);
              return;
            }
            const { size } = await stat(path);
            file = await setFile(ctx.db, fileId, { status: 'UNIDENTIFIED', kind: info.kind, size });
          }
          let codes: string[];
          let disputed: string[];
          try {
            const reading = await readBarcodesCheckedOffThread(path, file.kind as UploadKind);
            // Nobody confirms a file's code here before it is filed: printed digits (OCR) are not proof enough, and a
            // code another look contradicts waits for the supplier's mapping.
            codes = reading.readFrom === 'bars' ? reading.codes : [];
            disputed = reading.disputed;
          } catch (err) {
            const message = (err as Error).message;
            // Out of time on the clock is no verdict on the file: the media pool calls it the machine's fault (an
            // outage), retried without spending an attempt; past the retry horizon onFailed sets the file aside.
            if (retryRatherThanSettle(err, job, () => MEDIA_MESSAGES.has(message))) throw err;
            file = await ignore(ctx, file, MEDIA_MESSAGES.has(message) ? message : INGESTION_MSG.unprocessable);
            return;
          }
          const detected = disputed.length ? null : firstValidCode(codes);
          // A disputed code is settled by the file's GS1 name only when the name is one of the codes read.
          const fromName = detected ? null : codeFromFileName(file.filename);
          const named = disputed.length && !disputed.includes(fromName ?? '') ? null : fromName;
          file = await ctx.db.transaction(async (tx) => {
            const row = await setFile(
              tx,
              fileId,
              detected
                ? { status: 'IDENTIFIED', detectedEan13Upc: detected, ean13Upc: detected }
                : named
                  ? { status: 'IDENTIFIED', upc: named, ean13Upc: named }
                  : { status: 'NEEDS_MAPPING', reason: disputed.length ? INGESTION_MSG.disputed(disputed) : null },
            );
            if (row.status === 'NEEDS_MAPPING') {
              const job = (await findJob(tx, row.jobId))!;
              await ingestionEvents.emit(tx, 'fileNeedsMapping', { file: row, companyId: job.companyId });
            }
            if (row.status !== 'IDENTIFIED') return row;
            // Identified and submitted in one commit: another file's completion check (under the same job lock)
            // never counts this one as identified but not yet submitted.
            await submitIdentified(tx, row.jobId, [row.id]);
            return (await findFile(tx, fileId))!;
          });
        });
      }
      if (file.status === 'IDENTIFIED' && !file.submissionId) {
        await ctx.db.transaction((tx) => submitIdentified(tx, file.jobId, [file.id]));
      }
      await ctx.db.transaction((tx) => markProcessedWhenRead(tx, file.jobId));
    },
    // Every retry failed (the store stayed away past the horizon, say): the file says so, and its job can finish.
    onFailed: async ({ fileId }) => {
      await ctx.db.transaction(async (tx) => {
        // Its bytes are kept (or still in the source): the import page can retry it once the machine is well.
        const file = await ignoreUnread(tx, fileId, INGESTION_RETRY_MSG.notReadInTime);
        if (file) await markProcessedWhenRead(tx, file.jobId);
      });
    },
  });

/**
 * Once no file of the job is still to be read, records it (once: the job row is locked, and processedAt set) and
 * tells the listeners, with the job's counts.
 */
async function markProcessedWhenRead(tx: Tx, jobId: number) {
  const job = await lockJob(tx, jobId);
  if (!job || job.processedAt) return;
  const rows = await fileCountsOfJob(tx, jobId);
  const n = (status: IngestionFileRow['status']) => rows.find((r) => r.status === status)?.n ?? 0;
  if (n('RECEIVED') + n('UNIDENTIFIED') > 0) return;
  await touchJob(tx, jobId, { processedAt: now() });
  await ingestionEvents.emit(tx, 'jobCompleted', {
    job,
    counts: {
      total: rows.reduce((sum, r) => sum + r.n, 0),
      identified: n('IDENTIFIED'),
      submitted: n('SUBMITTED') + n('CATALOGUED'),
      needsMapping: n('NEEDS_MAPPING'),
      ignored: n('IGNORED'),
    },
  });
}

/**
 * A job's row locked, after its organization's: every job of a company files into the same waiting submissions, so
 * two jobs' workers take turns (the organization's row before the job's, in the lock order). The organization of a
 * job never changes, so it is read before its lock.
 */
export async function lockJobAndOrganization(tx: Tx, jobId: number) {
  const organizationId = (await findJob(tx, jobId))?.organizationId;
  if (organizationId != null) await lockOrganization(tx, organizationId);
  return lockJob(tx, jobId);
}

/**
 * Files the organization's company submits: IDENTIFIED files grouped by code into product submissions (imported,
 * SUBMITTED), through the submission lifecycle like every other submission (history, checks, partner statuses,
 * shipping profile). A file joins the company's imported submission of the same code that is still waiting (from
 * this job or another), or starts a new one. The organization's and the job's rows are locked, so two workers never
 * make two submissions of one code.
 * They are submitted in the name of the user who uploaded them, or, for a folder, the company's first user.
 */
export async function submitIdentified(tx: Tx, jobId: number, fileIds: string[]) {
  if (!fileIds.length) return;
  const job = await lockJobAndOrganization(tx, jobId);
  if (!job) return;
  const files = await identifiedUnsubmitted(tx, jobId, fileIds);
  if (!files.length) return;
  const userId = job.submittedByUserId ?? (await firstUserOf(tx, job.companyId));
  if (userId == null) return; // a company without users: the files stay IDENTIFIED (complete) until one exists
  const groups = new Map<string, IngestionFileRow[]>();
  for (const f of files) groups.set(f.ean13Upc!, [...(groups.get(f.ean13Upc!) ?? []), f]);
  // Their counts applied once at the end: the company's (and its stripe's) count rows held for that moment only, not
  // while the rest of the files are written (submissions/counts.ts).
  await countChangesTogether(tx, async () => {
    for (const [ean13Upc, group] of groups) {
      const existing = await waitingSubmissionOfCode(tx, job.companyId, ean13Upc);
      const attached = group.map((f) => ({
        fileName: f.filename.split('/').pop()!,
        storageKey: f.storageKey,
        kind: f.kind!,
        size: f.size ?? 0,
        detectedUpcs: f.detectedEan13Upc ? [f.detectedEan13Upc] : [],
        detectedFrom: f.detectedEan13Upc ? ('bars' as const) : null,
        detectionStatus: 'done' as const,
      }));
      const joined =
        existing && (await addFiles(tx, existing.id, attached, { userId, reason: `Imported (job ${jobId})` }));
      const submissionId = joined
        ? joined.id
        : (
            await createSubmissions(
              tx,
              [
                {
                  companyId: job.companyId,
                  userId,
                  partnerCompanyId: null,
                  upc: group.find((f) => f.upc)?.upc ?? ean13Upc,
                  ean13Upc,
                  productName: null,
                  isImported: true,
                  files: attached,
                  from: null,
                  reason: `Imported (job ${jobId})`,
                },
              ],
              { actor: 'supplier', userId },
            )
          )[0].id;
      await markSubmitted(
        tx,
        group.map((f) => f.id),
        submissionId,
      );
    }
  });
  await touchJob(tx, jobId, { updatedAt: now() });
}
