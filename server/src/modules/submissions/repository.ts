import { asc, eq } from 'drizzle-orm';
import type { StoredReadiness } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { companies, productSubmissions, submissionFiles, submissionHistory, users } from '../../db/schema.ts';

export type SubmissionRow = typeof productSubmissions.$inferSelect;
export type SubmissionFileRow = typeof submissionFiles.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findSubmission(
  db: Tx,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<SubmissionRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const query = db.select().from(productSubmissions).where(eq(productSubmissions.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

export const filesOf = (db: Tx, submissionId: string) =>
  db
    .select()
    .from(submissionFiles)
    .where(eq(submissionFiles.submissionId, submissionId))
    .orderBy(asc(submissionFiles.position));

export async function historyOf(db: Tx, submissionId: string) {
  return db
    .select({
      at: submissionHistory.at,
      fromStatus: submissionHistory.fromStatus,
      toStatus: submissionHistory.toStatus,
      reason: submissionHistory.reason,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(submissionHistory)
    .leftJoin(users, eq(users.id, submissionHistory.userId))
    .where(eq(submissionHistory.submissionId, submissionId))
    .orderBy(asc(submissionHistory.at), asc(submissionHistory.id));
}

export async function recordHistory(
  db: Tx,
  entry: {
    submissionId: string;
    userId: number | null;
    fromStatus: string | null;
    toStatus: string;
    reason?: string | null;
  },
) {
  await db.insert(submissionHistory).values({ ...entry, reason: entry.reason ?? null });
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
