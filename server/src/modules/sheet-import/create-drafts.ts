import { z } from 'zod';
import { SHEET_MSG, sheetProductSchema, type SheetImport, type SheetProduct } from '@portal/domain';
import type { AppContext } from '../../context.ts';
import { ClaimLostError, defineJob, enqueue, jobType, type JobInfo } from '../../jobs/queue.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { draftPolicy } from '../drafts/policy.ts';
import { upsertSheetDrafts } from '../drafts/queries/sheet-drafts.ts';
import type { UserRow } from '../users/repository.ts';
import {
  finishSheetImport,
  findSheetImport,
  insertSheetImport,
  recordSheetImportBatch,
  type SheetImportRow,
} from './repository.ts';
import { readSheet, type SheetReadRequest } from './service.ts';

/**
 * "Create drafts" after a sheet's dry run: the sheet read and checked again as the dry run did (the same mapping), the
 * rows that are not blocked stored with the import (each UPC once, the first row of it), and a background job makes
 * the drafts a batch per transaction, recording how far it came in the same transaction: after a restart the job is
 * claimed again and goes on from there (docs/decisions/intake.md).
 */
export const createSheetDraftsJob = jobType('sheetImport.createDrafts', {
  payload: z.object({ importId: z.guid() }),
  maxAttempts: 5,
});

/** Rows per transaction: short locks, and progress a supplier sees move on a sheet of a few hundred rows. */
export const SHEET_DRAFTS_BATCH = 100;

export async function startSheetImport(
  ctx: AppContext,
  user: UserRow,
  path: string,
  request: SheetReadRequest & { fileName: string },
): Promise<SheetImportRow> {
  const { reading } = await readSheet(ctx, user, path, request);
  const blocked = new Set(reading.issues.filter((i) => i.severity === 'blocked').map((i) => i.row));
  const seen = new Set<string>();
  const products: SheetProduct[] = [];
  for (const p of reading.products) {
    if (blocked.has(p.row) || !p.upc || seen.has(p.upc)) continue;
    seen.add(p.upc);
    products.push(p);
  }
  if (!products.length) throw badRequest(SHEET_MSG.nothingToCreate);
  return ctx.db.transaction(async (tx) => {
    const row = await insertSheetImport(tx, {
      companyId: user.companyId,
      userId: user.id,
      partnerCompanyId: request.partnerCompanyId ?? null,
      fileName: request.fileName.slice(0, 255),
      products,
      total: products.length,
      skipped: reading.totals.rows - products.length,
    });
    await enqueue(tx, createSheetDraftsJob, { importId: row.id }, { companyId: user.companyId });
    return row;
  });
}

/** The import if the user may see it (their company's, or an administrator): "not found" otherwise. */
export async function visibleSheetImport(ctx: AppContext, user: UserRow, id: string) {
  const row = await findSheetImport(ctx.db, id);
  if (!row || !draftPolicy.view(user, row)) throw notFound('Sheet import not found.');
  return row;
}

export const presentSheetImport = (row: SheetImportRow): SheetImport => ({
  id: row.id,
  fileName: row.fileName,
  partnerCompanyId: row.partnerCompanyId,
  status: row.status,
  total: row.total,
  done: row.done,
  created: row.created,
  updated: row.updated,
  unchanged: row.unchanged,
  photosAttached: row.photosAttached,
  kept: row.kept,
  skipped: row.skipped,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

const storedProducts = z.array(sheetProductSchema);

/** Makes the drafts of an import from where it stopped, a batch per transaction. */
export async function createDraftsOfImport(
  ctx: AppContext,
  importId: string,
  job?: Pick<JobInfo, 'id' | 'signal' | 'reportProgress'>,
  batch = SHEET_DRAFTS_BATCH,
) {
  const row = await findSheetImport(ctx.db, importId);
  if (!row || row.status === 'done' || row.status === 'failed') return;
  const products = storedProducts.parse(row.products);
  const owner = { companyId: row.companyId, userId: row.userId, partnerCompanyId: row.partnerCompanyId };
  let done = row.done;
  while (done < products.length) {
    if (job?.signal?.aborted) throw new ClaimLostError(job.id);
    const rows = products.slice(done, done + batch);
    await ctx.db.transaction(async (tx) => {
      const outcome = await upsertSheetDrafts(tx, owner, rows);
      await recordSheetImportBatch(tx, row.id, { rows: rows.length, ...outcome });
      await job?.reportProgress?.(tx, { done: done + rows.length, total: products.length });
    });
    done += rows.length;
  }
  await finishSheetImport(ctx.db, row.id, null);
}

export const createSheetDrafts = (ctx: AppContext) =>
  defineJob<{ importId: string }>({
    ...createSheetDraftsJob,
    handler: async ({ importId }, job) => {
      await createDraftsOfImport(ctx, importId, job);
      job.log.info({ importId }, 'sheet drafts created');
    },
    onFailed: async ({ importId }, { error }) => {
      await finishSheetImport(ctx.db, importId, error instanceof Error ? error.message : String(error));
    },
  });
