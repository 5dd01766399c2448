import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import {
  accessFormSchema,
  ACCESS_MSG,
  checkMappingRows,
  FILE_STATUS_LABEL,
  jobStatus,
  normaliseFolderName,
  normaliseImageSource,
  toEan13,
  type IngestionFileStatus,
  type IngestionJobView,
  type MappingRow,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { forUpdate, LOCK } from '../../db/lock-order.ts';
import {
  bulkIngestionFiles,
  bulkIngestionJobs,
  bulkIngestionOrganizations,
  companies,
  users,
} from '../../db/schema.ts';
import { badRequest, conflict, forbidden, HttpError, notFound, zodFields } from '../../lib/errors.ts';
import type { UserRow } from '../users/repository.ts';
import { submitIdentified, type IngestionFileRow } from './pipeline.ts';
import { authorize, type Actor } from '../../lib/authorize.ts';
import { recordAudit, recordIfStaffAction } from '../audit/record.ts';
import { bulkIngestionPolicy } from './policy.ts';

/** The organization of the user's company; none means no access to anything of bulk ingestion (403). */
export async function organizationOf(db: Tx, user: UserRow) {
  const [org] = await db
    .select()
    .from(bulkIngestionOrganizations)
    .where(eq(bulkIngestionOrganizations.companyId, user.companyId));
  return org ?? null;
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
async function jobViews(db: Tx, where: ReturnType<typeof eq> | undefined, limit = 1000): Promise<JobView[]> {
  // The newest jobs are chosen first, so only their files are counted (not every file the company ever sent).
  const newest = db
    .select({ id: bulkIngestionJobs.id })
    .from(bulkIngestionJobs)
    .where(where)
    .orderBy(desc(bulkIngestionJobs.id))
    .limit(limit)
    .as('newest');
  const count = (status: IngestionFileStatus) =>
    sql<number>`(count(${bulkIngestionFiles.id}) filter (where ${bulkIngestionFiles.status} = ${status}))::int`;
  const rows = await db
    .select({
      id: bulkIngestionJobs.id,
      companyId: bulkIngestionJobs.companyId,
      source: bulkIngestionJobs.source,
      receivedCount: count('RECEIVED'),
      ignoredCount: count('IGNORED'),
      unidentifiedCount: count('UNIDENTIFIED'),
      needsMappingCount: count('NEEDS_MAPPING'),
      identifiedCount: count('IDENTIFIED'),
      submitted: count('SUBMITTED'),
      cataloguedCount: count('CATALOGUED'),
      totalCount: sql<number>`count(${bulkIngestionFiles.id})::int`,
      createdAt: bulkIngestionJobs.createdAt,
      updatedAt: sql<string>`greatest(${bulkIngestionJobs.updatedAt}, max(${bulkIngestionFiles.updatedAt}))`,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(bulkIngestionJobs)
    .innerJoin(newest, eq(newest.id, bulkIngestionJobs.id))
    .leftJoin(bulkIngestionFiles, eq(bulkIngestionFiles.jobId, bulkIngestionJobs.id))
    .leftJoin(users, eq(users.id, bulkIngestionJobs.submittedByUserId))
    .groupBy(bulkIngestionJobs.id, users.id)
    .orderBy(desc(bulkIngestionJobs.id));
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
  return jobViews(ctx.db, org ? eq(bulkIngestionJobs.companyId, org.companyId) : undefined);
}

/** A job the user may see; another company's job is 'not found'. */
export async function visibleJob(ctx: AppContext, user: UserRow, jobId: string) {
  const org = await assertAccess(ctx, user);
  const id = Number(jobId);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound('Job not found.');
  const [job] = await ctx.db.select().from(bulkIngestionJobs).where(eq(bulkIngestionJobs.id, id));
  if (!job || !bulkIngestionPolicy.viewJob(user, org, job)) throw notFound('Job not found.');
  return job;
}

export async function jobView(ctx: AppContext, jobId: number) {
  return (await jobViews(ctx.db, eq(bulkIngestionJobs.id, jobId), 1))[0];
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
  const rows = await ctx.db
    .select()
    .from(bulkIngestionFiles)
    .where(eq(bulkIngestionFiles.jobId, job.id))
    .orderBy(asc(bulkIngestionFiles.filename));
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
  const rows = await ctx.db
    .select()
    .from(bulkIngestionFiles)
    .where(and(eq(bulkIngestionFiles.jobId, job.id), gt(bulkIngestionFiles.updatedAt, parseSince(since))))
    .orderBy(asc(bulkIngestionFiles.updatedAt))
    // Above the largest mapping a request may apply (20,000 rows, all stamped at once), so a poll never stalls on them.
    .limit(POLL_MAX_ROWS);
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
    await forUpdate(
      tx,
      LOCK.ingestionJob,
      tx.select({ id: bulkIngestionJobs.id }).from(bulkIngestionJobs).where(eq(bulkIngestionJobs.id, job.id)),
      [job.id],
    );
    const files = await tx.select().from(bulkIngestionFiles).where(eq(bulkIngestionFiles.jobId, job.id));
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
      await tx
        .update(bulkIngestionFiles)
        .set({ upc: r.upc, ean13Upc: toEan13(r.upc), status: 'IDENTIFIED', reason: null, updatedAt: at })
        .where(eq(bulkIngestionFiles.id, file.id));
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
    const all = await tx.select().from(bulkIngestionFiles).where(eq(bulkIngestionFiles.jobId, job.id));
    return all.filter((f) => changed.has(f.id)).map(presentFile);
  });
}

// ---- Access (GraphQL, full administrators) ----

export async function listOrganizations(ctx: AppContext) {
  return ctx.db
    .select({
      id: bulkIngestionOrganizations.id,
      companyId: bulkIngestionOrganizations.companyId,
      companyName: companies.name,
      folderName: bulkIngestionOrganizations.folderName,
      imageSource: bulkIngestionOrganizations.imageSource,
    })
    .from(bulkIngestionOrganizations)
    .innerJoin(companies, eq(companies.id, bulkIngestionOrganizations.companyId))
    .orderBy(asc(companies.name));
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
  const [company] = await ctx.db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, v.companyId));
  if (!company) throw badRequest(ACCESS_MSG.companyRequired, { companyId: ACCESS_MSG.companyRequired });
  const [taken] = await ctx.db
    .select()
    .from(bulkIngestionOrganizations)
    .where(eq(bulkIngestionOrganizations.companyId, v.companyId));
  if (taken) throw conflict('This company already has bulk ingestion access.');
  const [clash] = await ctx.db
    .select()
    .from(bulkIngestionOrganizations)
    .where(
      and(
        eq(bulkIngestionOrganizations.folderName, v.folderName),
        eq(bulkIngestionOrganizations.imageSource, v.imageSource),
      ),
    );
  if (clash) throw conflict('Another company already uses this folder name and image source.');
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx.insert(bulkIngestionOrganizations).values(v).onConflictDoNothing().returning();
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
