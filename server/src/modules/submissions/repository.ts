import { and, asc, eq, sql } from 'drizzle-orm';
import { ACTIVITY_PAGE_SIZE } from '@portal/domain';
import { executePrepared, preparedStatement, type Tx } from '../../db/client.ts';
import { countSubmissions } from './counts.ts';
import {
  companies,
  draftSubmissions,
  productSubmissions,
  submissionFiles,
  submissionHistory,
  users,
} from '../../db/schema.ts';

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

export interface ActivityQuery {
  statuses: readonly string[];
  /** null: every company (staff). */
  companyId: number | null;
  partnerCompanyId: number | null;
  includeDrafts: boolean;
  /** Only items with a file that failed a photo check (issue 20). */
  photoIssues?: boolean;
  limit: number;
  offset: number;
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
}

/**
 * One page of the activity list, newest first, with the total: drafts (when asked) and product submissions in one
 * ordered list. Served by the (company_id, item_status, updated_at) and (company_id, updated_at) indexes; with a
 * partner chosen, by the (company_id, partner_company_id, item_status, updated_at) and (partner_company_id,
 * item_status, updated_at) indexes. The partner-status column reads the stored label: nothing is computed here.
 */
export async function activityPage(db: Tx, q: ActivityQuery): Promise<{ rows: ActivityRow[]; total: number }> {
  const shape: ActivityShape = {
    includeDrafts: q.includeDrafts,
    anyCompany: q.companyId === null,
    anyPartner: q.partnerCompanyId === null,
    statusCount: q.statuses.length,
    // The usual page size and the first page are written into the statement, not bound: with them as parameters
    // PostgreSQL judges its cached generic plan dearer than a fresh one and plans the query at every call.
    usualLimit: q.limit === ACTIVITY_PAGE_SIZE,
    firstPage: q.offset === 0,
    photoIssues: q.photoIssues ?? false,
  };
  const values: Record<string, unknown> = {
    company: q.companyId,
    partner: q.partnerCompanyId,
    limit: q.limit,
    offset: q.offset,
  };
  q.statuses.forEach((status, i) => (values[`status${i}`] = status));
  const raw = await executePrepared(db, activityStatement(shape), values);
  return {
    total: await activityTotal(db, q, shape, values),
    rows: raw.map((r) => ({
      kind: r.kind as ActivityRow['kind'],
      id: String(r.id),
      upc: (r.upc as string | null) ?? null,
      upcs: (r.draft_upcs as string[] | null) ?? (r.upc ? [r.upc as string] : []),
      productName: (r.product_name as string | null) ?? null,
      itemStatus: String(r.item_status),
      updatedAt: new Date(r.updated_at as string),
      userId: Number(r.user_id),
      companyId: Number(r.company_id),
      partnerCompanyId: r.partner_company_id == null ? null : Number(r.partner_company_id),
      fileCount: Number(r.file_count),
      partnerStatusLabel: (r.partner_status_label as ActivityRow['partnerStatusLabel'] | null) ?? 'N/A',
    })),
  };
}

/**
 * The list's total from the maintained counts (counts.ts), never a count of the company's submissions; drafts, a
 * short-lived working set, from their company index. The photo-issues filter has no maintained count: it counts
 * the rows that match.
 */
async function activityTotal(db: Tx, q: ActivityQuery, shape: ActivityShape, values: Record<string, unknown>) {
  if (shape.photoIssues)
    return Number((await executePrepared<{ n: number }>(db, activityTotalStatement(shape), values))[0].n);
  const products = await countSubmissions(db, q);
  if (!q.includeDrafts) return products;
  const drafts = and(
    q.companyId === null ? undefined : eq(draftSubmissions.companyId, q.companyId),
    q.partnerCompanyId === null ? undefined : eq(draftSubmissions.partnerCompanyId, q.partnerCompanyId),
  );
  return products + (await db.$count(draftSubmissions, drafts));
}

/** What changes the text of the activity statement; each shape is compiled and prepared once. */
interface ActivityShape {
  includeDrafts: boolean;
  anyCompany: boolean;
  anyPartner: boolean;
  statusCount: number;
  usualLimit: boolean;
  firstPage: boolean;
  photoIssues: boolean;
}

const shapeKey = (prefix: string, shape: ActivityShape) => `${prefix}:${JSON.stringify(shape)}`;

function activityFilters(shape: ActivityShape) {
  const company = (col: string) =>
    shape.anyCompany ? sql`true` : sql`${sql.raw(col)} = ${sql.placeholder('company')}`;
  const partner = (col: string) =>
    shape.anyPartner ? sql`true` : sql`${sql.raw(col)} = ${sql.placeholder('partner')}`;
  const statuses = shape.statusCount
    ? sql`s.item_status in (${sql.join(
        Array.from({ length: shape.statusCount }, (_, i) => sql`${sql.placeholder(`status${i}`)}`),
        sql`, `,
      )})`
    : sql`false`;
  // Photo issues: any file whose checks found something ('[]' is the column's value when none did).
  const productPhoto = shape.photoIssues
    ? sql`exists (select 1 from submission_files pf where pf.submission_id = s.id and pf.quality_issues <> '[]'::jsonb)`
    : sql`true`;
  const draftPhoto = shape.photoIssues
    ? sql`exists (select 1 from draft_files pf where pf.draft_id = d.id and pf.quality_issues <> '[]'::jsonb)`
    : sql`true`;
  const productCount = sql`select count(*) from product_submissions s where ${company('s.company_id')} and ${partner('s.partner_company_id')} and ${statuses} and ${productPhoto}`;
  const draftCount = sql`select count(*) from draft_submissions d where ${company('d.company_id')} and ${partner('d.partner_company_id')} and ${draftPhoto}`;
  const total = shape.includeDrafts ? sql`((${productCount}) + (${draftCount}))::int` : sql`(${productCount})::int`;
  return { company, partner, statuses, total, productPhoto, draftPhoto };
}

const activityTotalStatement = (shape: ActivityShape) =>
  preparedStatement(shapeKey('activity-total', shape), () => sql`select ${activityFilters(shape).total} as n`);

const activityStatement = (shape: ActivityShape) =>
  preparedStatement(shapeKey('activity', shape), () => {
    const { company, partner, statuses, productPhoto, draftPhoto } = activityFilters(shape);
    const limit = shape.usualLimit ? sql.raw(String(ACTIVITY_PAGE_SIZE)) : sql`${sql.placeholder('limit')}`;
    const offset = shape.firstPage ? sql.raw('0') : sql`${sql.placeholder('offset')}`;
    // The page reads only its own rows from the index (newest first); the total comes from the counts. Without drafts
    // the statement stays simple, which also keeps the server's planning time small.
    if (!shape.includeDrafts) {
      return sql`
        select 'Product' as kind, s.id, s.upc, s.product_name, s.item_status, s.updated_at, s.user_id, s.company_id,
          s.partner_company_id, s.partner_status_label,
          (select count(*) from submission_files f where f.submission_id = s.id)::int as file_count
        from product_submissions s where ${company('s.company_id')} and ${partner('s.partner_company_id')} and ${statuses} and ${productPhoto}
        order by s.updated_at desc, s.id desc limit ${limit} offset ${offset}`;
    }
    const products = sql`
      select 'Product' as kind, s.id::text as id, s.upc, s.product_name, s.item_status, s.updated_at, s.user_id, s.company_id,
        s.partner_company_id, s.partner_status_label
      from product_submissions s where ${company('s.company_id')} and ${partner('s.partner_company_id')} and ${statuses} and ${productPhoto}`;
    const drafts = sql`
      select 'Draft' as kind, d.id::text as id,
        (select coalesce(nullif(f.upc, ''), f.detected_upcs[1]) from draft_files f where f.draft_id = d.id order by f.position limit 1) as upc,
        (select f.product_name from draft_files f where f.draft_id = d.id and f.product_name is not null order by f.position limit 1) as product_name,
        'IN_PROGRESS' as item_status, d.updated_at, d.user_id, d.company_id, d.partner_company_id, 'N/A' as partner_status_label
      from draft_submissions d where ${company('d.company_id')} and ${partner('d.partner_company_id')} and ${draftPhoto}`;
    return sql`
      select page.*,
        case when page.kind = 'Draft'
          then (select count(*) from draft_files f where f.draft_id = page.id::uuid)
          else (select count(*) from submission_files f where f.submission_id = page.id::uuid) end::int as file_count,
        case when page.kind = 'Draft' then (
          select coalesce(array_agg(code order by first_position), '{}') from (
            select coalesce(nullif(f.upc, ''), f.detected_upcs[1]) as code, min(f.position) as first_position
            from draft_files f where f.draft_id = page.id::uuid group by 1) as codes
          where code is not null) end as draft_upcs
      from (select * from (${products} union all ${drafts}) as activity order by updated_at desc, id desc limit ${limit} offset ${offset}) as page
      order by updated_at desc, id desc`;
  });
