import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { IngestionFileStatus } from '@portal/domain';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { forUpdate, LOCK } from '../../db/lock-order.ts';
import {
  bulkIngestionFiles,
  bulkIngestionJobs,
  bulkIngestionOrganizations,
  companies,
  productSubmissions,
  users,
} from '../../db/schema.ts';

/** The queries of bulk ingestion: its organizations (access), jobs and files. */

export type IngestionFileRow = typeof bulkIngestionFiles.$inferSelect;
export type IngestionJobRow = typeof bulkIngestionJobs.$inferSelect;
export type OrganizationRow = typeof bulkIngestionOrganizations.$inferSelect;
type FileInsert = typeof bulkIngestionFiles.$inferInsert;

/** Every status a bulk-ingestion file can have, so a metric lists each one even at zero. */
export const INGESTION_FILE_STATUSES = bulkIngestionFiles.status.enumValues;

/** Every write to a file row sets the time from here: milliseconds, as the polling timestamps carry them. */
export const now = () => new Date();

// ---- Organizations ----

export async function organizationOfCompany(db: Tx, companyId: number): Promise<OrganizationRow | null> {
  const [org] = await db
    .select()
    .from(bulkIngestionOrganizations)
    .where(eq(bulkIngestionOrganizations.companyId, companyId));
  return org ?? null;
}

export async function findOrganization(db: Tx, id: number): Promise<OrganizationRow | undefined> {
  const [org] = await db.select().from(bulkIngestionOrganizations).where(eq(bulkIngestionOrganizations.id, id));
  return org;
}

/** The organization's row, locked for the rest of the caller's transaction. */
export async function lockOrganization(tx: Tx, id: number): Promise<OrganizationRow | undefined> {
  const [org] = await forUpdate(
    tx,
    LOCK.ingestionOrganization,
    tx.select().from(bulkIngestionOrganizations).where(eq(bulkIngestionOrganizations.id, id)),
    [id],
  );
  return org;
}

export const organizationIds = (db: Tx) =>
  db
    .select({ id: bulkIngestionOrganizations.id })
    .from(bulkIngestionOrganizations)
    .orderBy(asc(bulkIngestionOrganizations.id));

/** The organization using this folder name and image source, if any. */
export async function organizationUsing(db: Tx, folderName: string, imageSource: string) {
  const [clash] = await db
    .select()
    .from(bulkIngestionOrganizations)
    .where(
      and(
        eq(bulkIngestionOrganizations.folderName, folderName),
        eq(bulkIngestionOrganizations.imageSource, imageSource),
      ),
    );
  return clash;
}

export async function insertOrganization(
  tx: Tx,
  values: { companyId: number; folderName: string; imageSource: string },
): Promise<OrganizationRow | undefined> {
  const [created] = await tx.insert(bulkIngestionOrganizations).values(values).onConflictDoNothing().returning();
  return created;
}

export const organizationsWithCompanies = (db: Tx) =>
  db
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

export async function findCompany(db: Tx, id: number) {
  const [company] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, id));
  return company;
}

/** The company's first user: who submits a scanned folder's files. */
export async function firstUserOf(tx: Tx, companyId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.id))
    .limit(1);
  return row?.id;
}

// ---- Jobs ----

/**
 * The newest jobs (of one company, or one job) with their counts per file status, computed from the file rows in the
 * same query: always what the rows say, whatever the workers are doing.
 */
export async function jobsWithCounts(db: Tx, scope: { companyId?: number; jobId?: number }, limit: number) {
  const where: SQL | undefined =
    scope.jobId !== undefined
      ? eq(bulkIngestionJobs.id, scope.jobId)
      : scope.companyId !== undefined
        ? eq(bulkIngestionJobs.companyId, scope.companyId)
        : undefined;
  // The newest jobs are chosen first, so only their files are counted (not every file the company ever sent).
  const newest = db
    .select({ id: bulkIngestionJobs.id })
    .from(bulkIngestionJobs)
    .where(where)
    .orderBy(desc(bulkIngestionJobs.id))
    .limit(limit)
    .as('newest');
  const countOf = (status: IngestionFileStatus) =>
    sql<number>`(count(${bulkIngestionFiles.id}) filter (where ${bulkIngestionFiles.status} = ${status}))::int`;
  return db
    .select({
      id: bulkIngestionJobs.id,
      companyId: bulkIngestionJobs.companyId,
      source: bulkIngestionJobs.source,
      receivedCount: countOf('RECEIVED'),
      ignoredCount: countOf('IGNORED'),
      unidentifiedCount: countOf('UNIDENTIFIED'),
      needsMappingCount: countOf('NEEDS_MAPPING'),
      identifiedCount: countOf('IDENTIFIED'),
      submitted: countOf('SUBMITTED'),
      cataloguedCount: countOf('CATALOGUED'),
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
}

export async function findJob(db: Tx, id: number): Promise<IngestionJobRow | undefined> {
  const [job] = await db.select().from(bulkIngestionJobs).where(eq(bulkIngestionJobs.id, id));
  return job;
}

/** The job's row, locked for the rest of the caller's transaction. */
export async function lockJob(tx: Tx, id: number): Promise<IngestionJobRow | undefined> {
  const [job] = await forUpdate(
    tx,
    LOCK.ingestionJob,
    tx.select().from(bulkIngestionJobs).where(eq(bulkIngestionJobs.id, id)),
    [id],
  );
  return job;
}

export async function insertJob(tx: Tx, values: typeof bulkIngestionJobs.$inferInsert): Promise<IngestionJobRow> {
  const [job] = await tx.insert(bulkIngestionJobs).values(values).returning();
  return job;
}

export async function touchJob(tx: Tx, id: number, values: { updatedAt?: Date; processedAt?: Date }) {
  await tx.update(bulkIngestionJobs).set(values).where(eq(bulkIngestionJobs.id, id));
}

/** A job whose file is read again: it completes again once that file is read. */
export async function reopenJob(tx: Tx, id: number) {
  await tx.update(bulkIngestionJobs).set({ processedAt: null, updatedAt: now() }).where(eq(bulkIngestionJobs.id, id));
}

/** The organization a job's files come from. */
export async function organizationOfJob(db: Tx, jobId: number): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select({ o: bulkIngestionOrganizations })
    .from(bulkIngestionJobs)
    .innerJoin(bulkIngestionOrganizations, eq(bulkIngestionOrganizations.id, bulkIngestionJobs.organizationId))
    .where(eq(bulkIngestionJobs.id, jobId));
  return row?.o;
}

// ---- Files ----

/** Inserts the rows in statements of 500. */
export async function insertFiles(tx: Tx, rows: FileInsert[]) {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(bulkIngestionFiles).values(rows.slice(i, i + 500));
}

export async function findFile(db: Tx, id: string): Promise<IngestionFileRow | undefined> {
  const [file] = await db.select().from(bulkIngestionFiles).where(eq(bulkIngestionFiles.id, id));
  return file;
}

export const filesOfJob = (db: Tx, jobId: number) =>
  db.select().from(bulkIngestionFiles).where(eq(bulkIngestionFiles.jobId, jobId));

export const filesOfJobByName = (db: Tx, jobId: number) =>
  filesOfJob(db, jobId).orderBy(asc(bulkIngestionFiles.filename));

/** Files of the job updated after the time, oldest change first: a range read of the (job_id, updated_at) index. */
export const filesOfJobUpdatedAfter = (db: Tx, jobId: number, since: Date, limit: number) =>
  db
    .select()
    .from(bulkIngestionFiles)
    .where(and(eq(bulkIngestionFiles.jobId, jobId), gt(bulkIngestionFiles.updatedAt, since)))
    .orderBy(asc(bulkIngestionFiles.updatedAt))
    .limit(limit);

/** Sets the file's values, and its time (now()); returns the row as it is now. */
export async function setFile(db: Tx, id: string, values: PgUpdateSetSource<typeof bulkIngestionFiles>) {
  const [row] = await db
    .update(bulkIngestionFiles)
    .set({ ...values, updatedAt: now() })
    .where(eq(bulkIngestionFiles.id, id))
    .returning();
  return row;
}

/** Records that the file left its source, by the database's clock (as a scan's listing start is read). */
export const leftSourceNow = () => ({ sourceLeftAt: sql`clock_timestamp()` });

/** The database's clock, as text: when a scan's listing begins. */
export async function databaseClock(db: Tx): Promise<string> {
  const [{ at }] = await queryRows<{ at: string }>(db, sql`select clock_timestamp()::text as at`);
  return at;
}

/** Of these source keys, those pending in a row or moved into storage since `listedFrom`. */
export async function sourceKeysTaken(tx: Tx, keys: string[], listedFrom: string): Promise<Set<string | null>> {
  const rows = await tx
    .select({ k: bulkIngestionFiles.sourceKey })
    .from(bulkIngestionFiles)
    .where(
      and(
        inArray(bulkIngestionFiles.sourceKey, keys),
        or(
          isNull(bulkIngestionFiles.sourceLeftAt),
          sql`${bulkIngestionFiles.sourceLeftAt} >= ${listedFrom}::timestamptz`,
        ),
      ),
    );
  return new Set(rows.map((r) => r.k));
}

/** Settles a file still to be read as IGNORED with the reason; undefined when it was read meanwhile. */
export async function ignoreUnread(tx: Tx, id: string, reason: string): Promise<IngestionFileRow | undefined> {
  const [file] = await tx
    .update(bulkIngestionFiles)
    .set({ status: 'IGNORED', reason, updatedAt: now() })
    .where(and(eq(bulkIngestionFiles.id, id), inArray(bulkIngestionFiles.status, ['RECEIVED', 'UNIDENTIFIED'])))
    .returning();
  return file;
}

/** How many files of the job are in each status. */
export const fileCountsOfJob = (tx: Tx, jobId: number) =>
  tx
    .select({ status: bulkIngestionFiles.status, n: count() })
    .from(bulkIngestionFiles)
    .where(eq(bulkIngestionFiles.jobId, jobId))
    .groupBy(bulkIngestionFiles.status);

/** Of these files of the job, the IDENTIFIED ones not yet in a submission. */
export const identifiedUnsubmitted = (tx: Tx, jobId: number, fileIds: string[]) =>
  tx
    .select()
    .from(bulkIngestionFiles)
    .where(
      and(
        eq(bulkIngestionFiles.jobId, jobId),
        inArray(bulkIngestionFiles.id, fileIds),
        eq(bulkIngestionFiles.status, 'IDENTIFIED'),
        isNull(bulkIngestionFiles.submissionId),
      ),
    );

/**
 * The company's imported submission of this code that is still waiting (SUBMITTED), from any of its import jobs: a
 * second job's file of the same product joins it instead of making a second submission.
 */
export async function waitingSubmissionOfCode(tx: Tx, companyId: number, ean13Upc: string) {
  const [existing] = await tx
    .select({ id: productSubmissions.id })
    .from(productSubmissions)
    .where(
      and(
        eq(productSubmissions.companyId, companyId),
        eq(productSubmissions.ean13Upc, ean13Upc),
        eq(productSubmissions.isImported, true),
        eq(productSubmissions.itemStatus, 'SUBMITTED'),
      ),
    )
    .orderBy(asc(productSubmissions.createdAt))
    .limit(1);
  return existing;
}

export async function markSubmitted(tx: Tx, fileIds: string[], submissionId: string) {
  await tx
    .update(bulkIngestionFiles)
    .set({ status: 'SUBMITTED', submissionId, updatedAt: now() })
    .where(inArray(bulkIngestionFiles.id, fileIds));
}

/** A mapping row applied: the file identified by the code given. */
export async function mapFile(tx: Tx, id: string, upc: string, ean13Upc: string | null, at: Date) {
  await tx
    .update(bulkIngestionFiles)
    .set({ upc, ean13Upc, status: 'IDENTIFIED', reason: null, updatedAt: at })
    .where(eq(bulkIngestionFiles.id, id));
}

/** The submission's files, submitted and waiting, follow it into the catalogue. */
export async function markCatalogued(tx: Tx, submissionId: string) {
  await tx
    .update(bulkIngestionFiles)
    .set({ status: 'CATALOGUED', updatedAt: new Date() })
    .where(and(eq(bulkIngestionFiles.submissionId, submissionId), eq(bulkIngestionFiles.status, 'SUBMITTED')));
}

/** How many ingestion files are in each status (the metrics scrape). */
export async function ingestionFileCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: bulkIngestionFiles.status, count: count() })
    .from(bulkIngestionFiles)
    .groupBy(bulkIngestionFiles.status);
  return new Map(rows.map((r) => [r.status, Number(r.count)]));
}
