import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { forUpdate, LOCK } from '../../db/lock-order.ts';
import { draftFiles, draftSubmissions, partnerConfigurations, productSubmissions, users } from '../../db/schema.ts';

export type DraftRow = typeof draftSubmissions.$inferSelect;
export type DraftFileRow = typeof draftFiles.$inferSelect;
export type DraftWithFiles = DraftRow & {
  files: DraftFileRow[];
  creator: { firstName: string; lastName: string; email: string };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

export async function findDraft(db: Tx, id: string): Promise<DraftWithFiles | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ draft: draftSubmissions, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(draftSubmissions)
    .innerJoin(users, eq(users.id, draftSubmissions.userId))
    .where(eq(draftSubmissions.id, id));
  if (!row) return null;
  const files = await db.select().from(draftFiles).where(eq(draftFiles.draftId, id)).orderBy(asc(draftFiles.position));
  return { ...row.draft, files, creator: { firstName: row.firstName, lastName: row.lastName, email: row.email } };
}

/** Drafts visible to a user: the company's, or every company's for administrators. */
export async function listDrafts(db: Tx, scope: { companyId: number | null }): Promise<DraftWithFiles[]> {
  const rows = await db
    .select({ draft: draftSubmissions, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(draftSubmissions)
    .innerJoin(users, eq(users.id, draftSubmissions.userId))
    .where(scope.companyId === null ? undefined : eq(draftSubmissions.companyId, scope.companyId))
    .orderBy(desc(draftSubmissions.updatedAt))
    .limit(500);
  const ids = rows.map((r) => r.draft.id);
  const files = ids.length
    ? await db.select().from(draftFiles).where(inArray(draftFiles.draftId, ids)).orderBy(asc(draftFiles.position))
    : [];
  return rows.map((r) => ({
    ...r.draft,
    files: files.filter((f) => f.draftId === r.draft.id),
    creator: { firstName: r.firstName, lastName: r.lastName, email: r.email },
  }));
}

/** A new version of the draft (its `updated_at` and version are the database's: migration 0040_row_versions). */
export async function touchDraft(db: Tx, id: string) {
  await db
    .update(draftSubmissions)
    .set({ updatedAt: sql`clock_timestamp()` })
    .where(eq(draftSubmissions.id, id));
}

/**
 * After a file's own write (its media job), its draft's `updated_at` moves too. A statement of its own, after the
 * file's: a write that locked the file and then waited for the draft would deadlock with a change that holds the
 * draft and then writes its files (the draft before its files: db/lock-order.ts).
 */
export async function touchDraftOfFile(db: Tx, fileId: string) {
  await db
    .update(draftSubmissions)
    .set({ updatedAt: sql`clock_timestamp()` })
    .where(
      eq(
        draftSubmissions.id,
        sql`(select ${draftFiles.draftId} from ${draftFiles} where ${draftFiles.id} = ${fileId})`,
      ),
    );
}

/** The version of a draft as the integration API serves it (its ETag): the greatest of its row's and its files'. */
export const draftVersion = (draft: DraftWithFiles) => Math.max(draft.version, ...draft.files.map((f) => f.version));

export async function findDraftFileByName(db: Tx, draftId: string, fileName: string) {
  const [row] = await db
    .select()
    .from(draftFiles)
    .where(and(eq(draftFiles.draftId, draftId), sql`lower(${draftFiles.fileName}) = ${fileName.toLowerCase()}`));
  return row;
}

/**
 * Locks a draft's row for the transaction (`SELECT … FOR UPDATE`), then reads it with its files: what a change
 * validates is what no other change can alter until it commits. A file added meanwhile was added before the lock was
 * granted, and is here. Null if the draft is gone.
 */
export async function lockedDraft(tx: Tx, id: string): Promise<DraftWithFiles | null> {
  if (!isUuid(id)) return null;
  const [locked] = await forUpdate(
    tx,
    LOCK.draft,
    tx.select({ id: draftSubmissions.id }).from(draftSubmissions).where(eq(draftSubmissions.id, id)),
    [id],
  );
  return locked ? findDraft(tx, id) : null;
}

/** The submissions a submitted draft became (none if it was never submitted, or was deleted). */
export async function submissionIdsOfDraft(db: Tx, draftId: string): Promise<string[]> {
  if (!isUuid(draftId)) return [];
  const rows = await db
    .select({ id: productSubmissions.id })
    .from(productSubmissions)
    .where(eq(productSubmissions.draftId, draftId))
    .orderBy(asc(productSubmissions.createdAt), asc(productSubmissions.id));
  return rows.map((r) => r.id);
}

export async function insertDraft(tx: Tx, values: typeof draftSubmissions.$inferInsert) {
  await tx.insert(draftSubmissions).values(values);
}

export async function insertDraftFiles(tx: Tx, values: (typeof draftFiles.$inferInsert)[]) {
  await tx.insert(draftFiles).values(values);
}

export async function updateDraftFile(db: Tx, fileId: string, set: Partial<typeof draftFiles.$inferInsert>) {
  await db.update(draftFiles).set(set).where(eq(draftFiles.id, fileId));
}

export async function deleteDraftRow(tx: Tx, draftId: string) {
  await tx.delete(draftSubmissions).where(and(eq(draftSubmissions.id, draftId)));
}

export async function deleteDraftFileRow(tx: Tx, fileId: string) {
  await tx.delete(draftFiles).where(eq(draftFiles.id, fileId));
}

/** A draft file with its draft's company and partner (undefined: the draft was deleted or submitted meanwhile). */
export async function draftFileWithDraft(db: Tx, fileId: string) {
  const [found] = await db
    .select({
      file: draftFiles,
      companyId: draftSubmissions.companyId,
      partnerCompanyId: draftSubmissions.partnerCompanyId,
    })
    .from(draftFiles)
    .innerJoin(draftSubmissions, eq(draftSubmissions.id, draftFiles.draftId))
    .where(eq(draftFiles.id, fileId));
  return found;
}

/** A file of a draft by its name: its id and photo checks. */
export async function draftFileNamed(db: Tx, draftId: string, fileName: string) {
  const [other] = await db
    .select({ id: draftFiles.id, qualityIssues: draftFiles.qualityIssues })
    .from(draftFiles)
    .where(and(eq(draftFiles.draftId, draftId), eq(draftFiles.fileName, fileName)));
  return other;
}

/** What a partner's configuration asks of the intake (field rules, blocking photo checks). */
export async function partnerIntakeRow(db: Tx, partnerCompanyId: number) {
  const [row] = await db
    .select({
      fieldRules: partnerConfigurations.fieldRules,
      blockingPhotoChecks: partnerConfigurations.blockingPhotoChecks,
    })
    .from(partnerConfigurations)
    .where(eq(partnerConfigurations.companyId, partnerCompanyId));
  return row;
}
