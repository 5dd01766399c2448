import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { StoredReadiness } from '@portal/domain';
import { queryRows, type Tx } from '../../db/client.ts';
import { forUpdate, LOCK } from '../../db/lock-order.ts';
import {
  companies,
  productSubmissions,
  submissionComments,
  submissionFiles,
  submissionHistory,
  users,
} from '../../db/schema.ts';

export type SubmissionRow = typeof productSubmissions.$inferSelect;
export type SubmissionFileRow = typeof submissionFiles.$inferSelect;

/**
 * These submissions, locked in id order: two transactions locking overlapping sets take them in the same order, so
 * they never deadlock, and a recompute never writes older values over newer.
 */
export const lockSubmissionsInOrder = (tx: Tx, ids: readonly string[]) =>
  forUpdate(
    tx,
    LOCK.submission,
    tx
      .select()
      .from(productSubmissions)
      .where(inArray(productSubmissions.id, [...ids]))
      .orderBy(asc(productSubmissions.id)),
    ids,
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findSubmission(
  db: Tx,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<SubmissionRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const query = db.select().from(productSubmissions).where(eq(productSubmissions.id, id));
  const [row] = opts.lock ? await forUpdate(db, LOCK.submission, query, [id]) : await query;
  return row;
}

export const filesOf = (db: Tx, submissionId: string) =>
  db
    .select()
    .from(submissionFiles)
    .where(eq(submissionFiles.submissionId, submissionId))
    .orderBy(asc(submissionFiles.position));

/** One submission file by its id (undefined: gone with its submission, or replaced). */
export async function submissionFile(db: Tx, fileId: string): Promise<SubmissionFileRow | undefined> {
  if (!UUID.test(fileId)) return undefined;
  const [row] = await db.select().from(submissionFiles).where(eq(submissionFiles.id, fileId));
  return row;
}

/**
 * Locks a submission's row for the transaction (`SELECT … FOR UPDATE`), then reads it with its files, and runs `fn`
 * with them: what a change validates is what no other change can alter until it commits. Undefined if it is gone.
 */
export async function withLockedSubmission<T>(
  tx: Tx,
  id: string,
  fn: (locked: { submission: SubmissionRow; files: SubmissionFileRow[] } | undefined) => Promise<T>,
): Promise<T> {
  const submission = await findSubmission(tx, id, { lock: true });
  return fn(submission && { submission, files: await filesOf(tx, id) });
}

export async function historyOf(db: Tx, submissionId: string) {
  return db
    .select({
      id: submissionHistory.id,
      at: submissionHistory.at,
      fromStatus: submissionHistory.fromStatus,
      toStatus: submissionHistory.toStatus,
      reason: submissionHistory.reason,
      reasonCode: submissionHistory.reasonCode,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(submissionHistory)
    .leftJoin(users, eq(users.id, submissionHistory.userId))
    .where(eq(submissionHistory.submissionId, submissionId))
    .orderBy(asc(submissionHistory.at), asc(submissionHistory.id));
}

/**
 * Every comment on a submission, by history row, in the order they were written, with its reason code and that code's
 * words: the text of the stock reason carrying it (the submission's partner's own first, then one for every partner;
 * null once no stock reason carries the code).
 */
export async function commentsOf(db: Tx, submissionId: string) {
  return db
    .select({
      historyId: submissionComments.historyId,
      target: submissionComments.target,
      fileName: submissionComments.fileName,
      region: submissionComments.region,
      text: submissionComments.text,
      reasonCode: submissionComments.reasonCode,
      reasonText: sql<string | null>`(
        select r.text from review_stock_reasons r
        where r.code = ${submissionComments.reasonCode}
          and (r.partner_company_id is null or r.partner_company_id =
            (select s.partner_company_id from product_submissions s where s.id = ${submissionComments.submissionId}))
        order by r.partner_company_id is null, r.id limit 1)`,
      at: submissionComments.at,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(submissionComments)
    .leftJoin(users, eq(users.id, submissionComments.userId))
    .where(eq(submissionComments.submissionId, submissionId))
    .orderBy(asc(submissionComments.id));
}

/**
 * The words of these reason codes for a partner's item, as commentsOf reads them: the text of the stock reason carrying
 * each, the partner's own before one for every partner (never another partner's); a code no stock reason carries any
 * longer is left out (its caller writes it out).
 */
export async function reasonCodeWords(
  db: Tx,
  partnerCompanyId: number | null,
  codes: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(codes)];
  if (!wanted.length) return new Map();
  const rows = await queryRows<{ code: string; text: string }>(
    db,
    sql`select distinct on (r.code) r.code, r.text from review_stock_reasons r
        where r.code in (${sql.join(
          wanted.map((c) => sql`${c}`),
          sql`, `,
        )})
          and (r.partner_company_id is null or r.partner_company_id = ${partnerCompanyId})
        order by r.code, r.partner_company_id is null, r.id`,
  );
  return new Map(rows.map((r) => [r.code, r.text]));
}

export async function creatorAndCompany(db: Tx, s: SubmissionRow) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, s.companyId))
    .where(eq(users.id, s.userId));
  return row;
}

export interface ActivityRow {
  kind: 'Draft' | 'Product';
  id: string;
  upc: string | null;
  productName: string | null;
  itemStatus: string;
  updatedAt: Date;
  userId: number;
  companyId: number;
  partnerCompanyId: number | null;
  fileCount: number;
  /** Every UPC of the row, each once: a draft's files in file order (the first is `upc`), a product's own. */
  upcs: string[];
  /** The stored summary of the partner statuses (drafts: N/A). */
  partnerStatusLabel: 'Incomplete' | 'Complete' | 'N/A';
  /** The stored readiness for the partner (drafts, and submissions without partner rules: null). */
  readiness: StoredReadiness | null;
}

/**
 * The version of a submission as the integration API serves it (its ETag): the greatest of its row's and its files'
 * (migration 0040_row_versions: every write of either takes a new number, without one locking the other).
 */
export async function submissionVersion(db: Tx, s: Pick<SubmissionRow, 'id' | 'version'>): Promise<number> {
  const [row] = await db
    .select({ v: sql<string | null>`max(${submissionFiles.version})` })
    .from(submissionFiles)
    .where(eq(submissionFiles.submissionId, s.id));
  return Math.max(s.version, Number(row?.v ?? 0));
}

/** Of these storage keys, those a submission file still refers to (files carried over from a draft share theirs). */
export async function storageKeysInUse(db: Tx, keys: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ k: submissionFiles.storageKey })
    .from(submissionFiles)
    .where(inArray(submissionFiles.storageKey, [...keys]));
  return rows.map((r) => r.k);
}

/**
 * Whether a direct staff decision on this item would pass by its partner's second approval (reviewing/approvals):
 * the partner wants one for this decision, or a decision on it already waits for one.
 */
export async function secondApprovalStands(db: Tx, id: string, decision: 'accept' | 'reject'): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from product_submissions s
      left join partner_configurations pc on pc.company_id = s.partner_company_id
      where s.id = ${id}::uuid and (pc.second_approval in ('both', ${decision})
        or exists (select 1 from review_pending_decisions pd where pd.submission_id = s.id))`,
  );
  return rows.length > 0;
}
