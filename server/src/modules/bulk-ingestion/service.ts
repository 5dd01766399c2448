import {
  accessFormSchema,
  ACCESS_MSG,
  checkMappingRows,
  FILE_STATUS_LABEL,
  INGESTION_RETRY_MSG,
  isRetryableFile,
  jobStatus,
  normaliseFolderName,
  normaliseImageSource,
  toEan13,
  type IngestionJobView,
  type MappingRow,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, HttpError, notFound, zodFields } from '../../lib/errors.ts';
import type { UserRow } from '../users/repository.ts';
import { enqueue } from '../../jobs/queue.ts';
import { lockJobAndOrganization, processIngestionFileJob, submitIdentified } from './pipeline.ts';
import {
  filesOfJob,
  filesOfJobByName,
  filesOfJobUpdatedAfter,
  findCompany,
  findJob,
  insertOrganization,
  jobsWithCounts,
  lockJob,
  mapFile,
  reopenJob,
  setFile,
  organizationOfCompany,
  organizationsWithCompanies,
  organizationUsing,
  type IngestionFileRow,
} from './repository.ts';
import { authorize, type Actor } from '../../lib/authorize.ts';
import { recordAudit, recordIfStaffAction } from '../audit/record.ts';
import { bulkIngestionPolicy } from './policy.ts';

/** The organization of the user's company; none means no access to anything of bulk ingestion (403). */
export async function organizationOf(db: Tx, user: UserRow) {
  return organizationOfCompany(db, user.companyId);
}

/** Users of an organization's company, and full administrators (who look at every company's jobs). */
async function assertAccess(ctx: AppContext, user: UserRow) {
  const org = await organizationOf(ctx.db, user);
  authorize(bulkIngestionPolicy.use(user, org), () => forbidden('Your company has no access to bulk ingestion.'));
  return org;
}

export type JobView = IngestionJobView;

/**
 * Jobs with their counts, computed from the file rows in the same query: always what the rows say, whatever the
 * workers are doing. Submitted counts catalogued files too (both are past submission).
 */
async function jobViews(db: Tx, scope: { companyId?: number; jobId?: number }, limit = 1000): Promise<JobView[]> {
  const rows = await jobsWithCounts(db, scope, limit);
  return rows.map(({ submitted, firstName, lastName, email, createdAt, updatedAt, ...r }) => {
    const counts = { ...r, submittedCount: submitted + r.cataloguedCount };
    return {
      ...counts,
      createdDate: createdAt.toISOString(),
      updatedDate: new Date(updatedAt).toISOString(),
      submittedByFirstName: firstName,
      submittedByLastName: lastName,
      submittedByEmail: email,
      status: jobStatus(counts),
    };
  });
}

/** GET /api/bulkIngestion/jobs: the company's jobs, newest first; every company's for full administrators. */
export async function listJobs(ctx: AppContext, user: UserRow) {
  const org = await assertAccess(ctx, user);
  return jobViews(ctx.db, org ? { companyId: org.companyId } : {});
}

/** A job the user may see; another company's job is 'not found'. */
export async function visibleJob(ctx: AppContext, user: UserRow, jobId: string) {
  const org = await assertAccess(ctx, user);
  const id = Number(jobId);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound('Job not found.');
  const job = await findJob(ctx.db, id);
  if (!job || !bulkIngestionPolicy.viewJob(user, org, job)) throw notFound('Job not found.');
  return job;
}

export async function jobView(ctx: AppContext, jobId: number) {
  return (await jobViews(ctx.db, { jobId }, 1))[0];
}

export const presentFile = (f: IngestionFileRow) => ({
  id: f.id,
  filename: f.filename,
  upc: f.upc,
  detectedEan13Upc: f.detectedEan13Upc,
  ean13Upc: f.ean13Upc,
  status: f.status,
  statusDisplayName: FILE_STATUS_LABEL[f.status],
  reason: f.reason,
  submissionId: f.submissionId,
  updatedDate: f.updatedAt.toISOString(),
});

export async function jobFiles(ctx: AppContext, user: UserRow, jobId: string) {
  const job = await visibleJob(ctx, user, jobId);
  const rows = await filesOfJobByName(ctx.db, job.id);
  return rows.map(presentFile);
}

const POLL_MAX_ROWS = 25_000;

/** A timestamp as the screen sends it: an ISO date or milliseconds since 1970. */
/** Years the database and its drivers write as plain four-digit years; a time outside them is not a poll. */
const SINCE_RANGE = { from: Date.UTC(1970, 0, 1), to: Date.UTC(10000, 0, 1) - 1 };

export function parseSince(raw: string): Date {
  const date = /^\d{1,15}$/.test(raw) ? new Date(Number(raw)) : new Date(raw);
  const time = date.getTime();
  if (Number.isNaN(time) || time < SINCE_RANGE.from || time > SINCE_RANGE.to)
    throw badRequest('The timestamp is not a date.');
  return date;
}

/**
 * Files of the job updated after the time: a range read of the (job_id, updated_at) index, so a poll of a large job
 * reads only what changed.
 */
export async function filesUpdatedSince(ctx: AppContext, user: UserRow, jobId: string, since: string) {
  const job = await visibleJob(ctx, user, jobId);
  // Above the largest mapping a request may apply (20,000 rows, all stamped at once), so a poll never stalls on them.
  const rows = await filesOfJobUpdatedAfter(ctx.db, job.id, parseSince(since), POLL_MAX_ROWS);
  return rows.map(presentFile);
}

/**
 * PUT mapping rows: checked again here with the browser's rules, against the files as they are now, and applied in
 * one transaction (the job row locked, so two uploads cannot both map one file). Any bad row refuses the whole request
 * with every row's reason; the screen sends only rows it found good.
 */
export async function applyMapping(ctx: AppContext, user: UserRow, jobId: string, rows: MappingRow[]) {
  const job = await visibleJob(ctx, user, jobId);
  if (!rows.length) throw badRequest('Send at least one mapping row.');
  return ctx.db.transaction(async (tx) => {
    await lockJobAndOrganization(tx, job.id);
    const files = await filesOfJob(tx, job.id);
    const results = checkMappingRows(rows, files);
    const bad = results.filter((r) => r.reason);
    if (bad.length) {
      throw new HttpError(400, 'MAPPING_INVALID', `${bad.length} of ${rows.length} mapping rows have errors.`, {
        fields: Object.fromEntries(bad.map((r) => [`row.${r.row}`, r.reason])),
      });
    }
    const byName = new Map(files.map((f) => [f.filename, f]));
    const at = new Date();
    const ids: string[] = [];
    for (const r of rows) {
      const file = byName.get(r.filename)!;
      await mapFile(tx, file.id, r.upc, toEan13(r.upc), at);
      ids.push(file.id);
    }
    await submitIdentified(tx, job.id, ids);
    await recordIfStaffAction(tx, user, {
      action: 'bulk_ingestion.files_mapped',
      target: { type: 'bulk_ingestion_job', id: job.id, companyId: job.companyId, label: `Import job ${job.id}` },
      after: { files: rows.map((r) => `${r.filename} → ${r.upc}`) },
    });
    // The answer is read in the transaction: once the mapping commits, no failed read can answer "not applied".
    const changed = new Set(ids);
    const all = await filesOfJob(tx, job.id);
    return all.filter((f) => changed.has(f.id)).map(presentFile);
  });
}

/**
 * A file set aside because the machine was busy or a service away (isRetryableFile), read again from the start: its
 * bytes were kept. Under the job's lock, so two clicks enqueue one reading; the job completes again after it.
 */
export async function retryFile(ctx: AppContext, user: UserRow, jobId: string, fileId: string) {
  const job = await visibleJob(ctx, user, jobId);
  return ctx.db.transaction(async (tx) => {
    await lockJob(tx, job.id);
    const file = (await filesOfJob(tx, job.id)).find((f) => f.id === fileId);
    if (!file) throw notFound('File not found.');
    if (!isRetryableFile(file)) throw conflict(INGESTION_RETRY_MSG.notRetryable);
    const row = await setFile(tx, file.id, { status: 'RECEIVED', reason: null });
    await reopenJob(tx, job.id);
    await enqueue(
      tx,
      processIngestionFileJob,
      { fileId: file.id },
      { dedupeKey: `bulkIngestion.file:${file.id}`, companyId: job.companyId },
    );
    return presentFile(row);
  });
}

// ---- Access (GraphQL, full administrators) ----

export async function listOrganizations(ctx: AppContext) {
  return organizationsWithCompanies(ctx.db);
}

/** Normalised here as the form does, then checked with the form's schema: a hand-made request gets the same result. */
export async function createOrganization(
  ctx: AppContext,
  user: Pick<Actor, 'id'>,
  input: { companyId: number; folderName: string; imageSource: string },
) {
  const parsed = accessFormSchema.safeParse({
    companyId: input.companyId,
    folderName: normaliseFolderName(input.folderName),
    imageSource: normaliseImageSource(input.imageSource),
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message, zodFields(parsed.error));
  const v = parsed.data;
  const company = await findCompany(ctx.db, v.companyId);
  if (!company) throw badRequest(ACCESS_MSG.companyRequired, { companyId: ACCESS_MSG.companyRequired });
  const taken = await organizationOfCompany(ctx.db, v.companyId);
  if (taken) throw conflict('This company already has bulk ingestion access.');
  const clash = await organizationUsing(ctx.db, v.folderName, v.imageSource);
  if (clash) throw conflict('Another company already uses this folder name and image source.');
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertOrganization(tx, v);
    if (created) {
      await recordAudit(tx, {
        actor: user,
        action: 'bulk_ingestion.access_granted',
        target: {
          type: 'bulk_ingestion_organization',
          id: created.id,
          companyId: created.companyId,
          label: company.name,
        },
        after: { folderName: created.folderName, imageSource: created.imageSource },
      });
    }
    return created;
  });
  if (!row) throw conflict('This company already has bulk ingestion access.');
  return (await listOrganizations(ctx)).find((o) => o.id === row.id)!;
}
