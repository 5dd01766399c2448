import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_PAGE_SIZE } from '@portal/domain';
import { executePrepared, preparedStatement, type Statement, type Tx } from '../../../db/client.ts';
import { draftSubmissions } from '../../../db/schema.ts';
import {
  searchConditionOf,
  searchPlaceholders,
  submissionSearchText,
  submissionSearchVector,
  type SearchShape,
} from '../../../db/search-text.ts';
import { searchTermOf } from '../../../db/search-words.ts';
import { decodeCursor, encodeCursor, filtersFingerprint, keyOf, pastPosition } from '../../../lib/keyset.ts';
import { planPageRead, type PageRead } from '../../../lib/numbered-pages.ts';
import { countExpression, countSubmissions } from '../../submissions/counts.ts';
import { readinessOfColumns } from '../../submissions/shapes.ts';
import type { ActivityRow } from '../../submissions/repository.ts';

export interface ActivityQuery {
  statuses: readonly string[];
  /** null: every company (staff). */
  companyId: number | null;
  partnerCompanyId: number | null;
  includeDrafts: boolean;
  /** Only items with a file that failed a photo check. */
  photoIssues?: boolean;
  /** The search box's search (a name or brand, typos forgiven, or a UPC in any form); null or absent: none. */
  search?: string | null;
  page: number;
  pageSize: number;
  /** A boundary cursor of a page already shown: this page is read by keyset from there. */
  boundary?: string | null;
}

export interface ActivityResult {
  rows: ActivityRow[];
  total: number;
  /** Boundaries of this page (its first and last row), for the pages beside it; null when it is empty. */
  startCursor: string | null;
  endCursor: string | null;
}

/** What a cursor of this list is bound to: another company, filter or page size makes it a 400. */
const cursorFilters = (q: ActivityQuery) => ({
  companyId: q.companyId,
  partnerCompanyId: q.partnerCompanyId,
  statuses: [...q.statuses].sort(),
  includeDrafts: q.includeDrafts,
  photoIssues: q.photoIssues ?? false,
  search: q.search ?? null,
  pageSize: q.pageSize,
});

/**
 * One numbered page of the activity list, newest first: drafts (when asked) and product submissions in one ordered
 * list, with its total from the maintained counts. The page is read by keyset from the nearest known place (the
 * top, the bottom, or the boundary given), one index range per status (docs/decisions/database.md, "Each list
 * reads one index range per status"), so its cost does not grow with the page number or the company's size. The
 * partner-status column reads the stored label: nothing is computed here.
 */
export async function activityPage(db: Tx, q: ActivityQuery): Promise<ActivityResult> {
  const read = await activityRead(db, q);
  const { statement, values } = read;
  if (!statement) return { rows: [], total: read.total ?? 0, startCursor: null, endCursor: null };
  let raw = await executePrepared(db, statement, values);
  let total = read.total;
  if (total === null) {
    // The first page read with its total: an empty page does not say it (then the total is counted on its own), and
    // a total of 0 shows no rows, as a page past the end does.
    total = raw.length ? Number(raw[0].total) : await activityTotal(db, q, null); // (with its total: no search)
    if (total === 0) raw = [];
  }
  const filters = filtersFingerprint(cursorFilters(q));
  const boundary = (r: Record<string, unknown> | undefined, edge: 'start' | 'end') =>
    r
      ? encodeCursor(
          { sort: 'updated_at', key: String(r.sort_key), id: String(r.id), boundary: { page: q.page, edge } },
          filters,
        )
      : null;
  return {
    rows: raw.map(toActivityRow),
    total,
    startCursor: boundary(raw[0], 'start'),
    endCursor: boundary(raw[raw.length - 1], 'end'),
  };
}

/**
 * The page's total, and the statement that reads its rows with the values to bind (none when there is nothing to
 * read: past the end, or no status and no drafts asked for). The first page read from the top, the usual read,
 * needs no total to be planned: without drafts its statement reads the total too, in a column of every row (total
 * null here), so that the page costs one statement. The plan test explains this statement.
 */
export async function activityRead(
  db: Tx,
  q: ActivityQuery,
): Promise<{ total: number | null; statement: Statement | null; values: Record<string, unknown> }> {
  const anchor = q.boundary ? decodeCursor(q.boundary, { sort: 'updated_at', filters: cursorFilters(q) }) : null;
  const search = q.search ? searchPlaceholders(await searchTermOf(db, q.search)) : null;
  const withTotal = q.page === 1 && !anchor && !q.photoIssues && !search && !q.includeDrafts && q.statuses.length > 0;
  const total = withTotal ? null : await activityTotal(db, q, search);
  const read: PageRead | null =
    total === null
      ? { from: null, direction: 'older', skip: 0, take: q.pageSize }
      : planPageRead(
          q.page,
          q.pageSize,
          total,
          anchor?.boundary && { ...anchor.boundary, key: anchor.key, id: anchor.id },
        );
  if (!read || (!q.statuses.length && !q.includeDrafts)) return { total, statement: null, values: {} };
  const shape: ActivityShape = {
    withTotal,
    includeDrafts: q.includeDrafts,
    anyCompany: q.companyId === null,
    anyPartner: q.partnerCompanyId === null,
    statusCount: q.statuses.length,
    photoIssues: q.photoIssues ?? false,
    search: search?.shape ?? null,
    direction: read.direction,
    from: read.from ? (read.from.inclusive ? 'inclusive' : 'exclusive') : 'none',
    // The usual page read from a boundary or an end is written into the statement, not bound: with them as
    // parameters PostgreSQL judges its cached generic plan dearer than a fresh one and plans at every call.
    usualRead: read.skip === 0 && read.take === ACTIVITY_PAGE_SIZE,
  };
  const values: Record<string, unknown> = {
    company: q.companyId,
    partner: q.partnerCompanyId,
    skip: read.skip,
    take: read.take,
    reach: read.skip + read.take,
    key: read.from?.key ?? null,
    id: read.from?.id ?? null,
    ...search?.values,
  };
  q.statuses.forEach((status, i) => (values[`status${i}`] = status));
  return { total, statement: activityStatement(shape), values };
}

const toActivityRow = (r: Record<string, unknown>): ActivityRow => ({
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
  readiness: readinessOfColumns(r),
});

/**
 * The list's total from the maintained counts (counts.ts), never a count of the company's submissions; drafts, a
 * short-lived working set, from their company index. The photo-issues filter and the search have no maintained
 * count: they count the rows that match.
 */
async function activityTotal(
  db: Tx,
  q: ActivityQuery,
  search: ReturnType<typeof searchPlaceholders> | null,
): Promise<number> {
  if (q.photoIssues || search) {
    const shape = {
      includeDrafts: q.includeDrafts,
      anyCompany: q.companyId === null,
      anyPartner: q.partnerCompanyId === null,
      photoIssues: q.photoIssues ?? false,
      search: search?.shape ?? null,
    };
    const values: Record<string, unknown> = { company: q.companyId, partner: q.partnerCompanyId, ...search?.values };
    q.statuses.forEach((status, i) => (values[`status${i}`] = status));
    const [row] = await executePrepared<{ n: number }>(
      db,
      filteredTotal({ ...shape, statusCount: q.statuses.length }),
      values,
    );
    return Number(row.n);
  }
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
  /** The list's total in a column (countExpression; drafts not listed). */
  withTotal: boolean;
  includeDrafts: boolean;
  anyCompany: boolean;
  anyPartner: boolean;
  statusCount: number;
  photoIssues: boolean;
  search: SearchShape | null;
  direction: PageRead['direction'];
  from: 'none' | 'inclusive' | 'exclusive';
  usualRead: boolean;
}

const company = (anyCompany: boolean, col: string) =>
  anyCompany ? sql`true` : sql`${sql.raw(col)} = ${sql.placeholder('company')}`;
const partner = (anyPartner: boolean, col: string) =>
  anyPartner ? sql`true` : sql`${sql.raw(col)} = ${sql.placeholder('partner')}`;
// Photo issues: any file whose checks found something ('[]' is the column's value when none did).
const productPhoto = (on: boolean) =>
  on
    ? sql`exists (select 1 from submission_files pf where pf.submission_id = s.id and pf.quality_issues <> '[]'::jsonb)`
    : sql`true`;
const draftPhoto = (on: boolean) =>
  on
    ? sql`exists (select 1 from draft_files pf where pf.draft_id = d.id and pf.quality_issues <> '[]'::jsonb)`
    : sql`true`;
// The search: a product by its name and brand or its EAN-13; a draft by a file's product name or UPC.
// A product's words by its word index; a draft's, a company's short-lived working set with no word index (and
// words the catalogue's dictionary may not hold yet), by trigrams.
const productSearch = (search: SearchShape | null) =>
  search
    ? searchConditionOf(search, {
        text: submissionSearchText('s'),
        vector: submissionSearchVector('s'),
        ean: sql.raw('s.ean13_upc'),
      })
    : sql`true`;
const draftSearch = (search: SearchShape | null) =>
  search
    ? sql`(exists (select 1 from draft_files sf where sf.draft_id = d.id and ${searchConditionOf(search, {
        text: sql.raw(`public.search_text(coalesce(sf.product_name, ''))`),
        vector: null,
        ean: sql.raw(`lpad(coalesce(nullif(sf.upc, ''), sf.detected_upcs[1]), 13, '0')`),
      })}) or (d.sheet_upc is not null and ${searchConditionOf(search, {
        text: sql.raw(`public.search_text(coalesce(d.sheet_product_name, ''))`),
        vector: null,
        ean: sql.raw(`d.sheet_upc`),
      })}))`
    : sql`true`;
/**
 * A list searched by name is planned with each call's values: a rare word's rows are best read from the word index,
 * a common word's by walking the list's order (db/client.ts, preparedStatement).
 */
const planning = (search: SearchShape | null) => ({ planEachCall: search !== null && search.kind !== 'upc' });

const statusPlaceholders = (count: number) =>
  Array.from({ length: count }, (_, i) => sql`${sql.placeholder(`status${i}`)}`);

const filteredTotal = (
  shape: Pick<ActivityShape, 'includeDrafts' | 'anyCompany' | 'anyPartner' | 'statusCount' | 'photoIssues' | 'search'>,
) =>
  preparedStatement(
    `activity-filtered-total:${JSON.stringify(shape)}`,
    () => {
      const statuses = shape.statusCount
        ? sql`s.item_status in (${sql.join(statusPlaceholders(shape.statusCount), sql`, `)})`
        : sql`false`;
      const products = sql`select count(*) from product_submissions s where ${company(shape.anyCompany, 's.company_id')}
      and ${partner(shape.anyPartner, 's.partner_company_id')} and ${statuses} and ${productPhoto(shape.photoIssues)}
      and ${productSearch(shape.search)}`;
      const drafts = sql`select count(*) from draft_submissions d where ${company(shape.anyCompany, 'd.company_id')}
      and ${partner(shape.anyPartner, 'd.partner_company_id')} and ${draftPhoto(shape.photoIssues)}
      and ${draftSearch(shape.search)}`;
      return shape.includeDrafts
        ? sql`select ((${products}) + (${drafts}))::int as n`
        : sql`select (${products})::int as n`;
    },
    planning(shape.search),
  );

const activityStatement = (shape: ActivityShape) =>
  preparedStatement(
    `activity:${JSON.stringify(shape)}`,
    () => {
      const order = shape.direction === 'older' ? sql.raw('desc') : sql.raw('asc');
      const take = shape.usualRead ? sql.raw(String(ACTIVITY_PAGE_SIZE)) : sql`${sql.placeholder('take')}`;
      const skip = shape.usualRead ? sql.raw('0') : sql`${sql.placeholder('skip')}`;
      const reach = shape.usualRead ? take : sql`${sql.placeholder('reach')}`;
      const position = (alias: string) =>
        shape.from === 'none'
          ? sql`true`
          : pastPosition(
              { sort: sql.raw(`${alias}.updated_at`), id: sql.raw(`${alias}.id`) },
              { key: sql`${sql.placeholder('key')}`, id: sql`${sql.placeholder('id')}` },
              shape.direction,
              shape.from === 'inclusive',
            );
      // One branch per status, each an index range read from the position with its own limit, then merged.
      const products = statusPlaceholders(shape.statusCount).map(
        (status) => sql`(
        select 'Product' as kind, s.id, s.upc, s.product_name, s.item_status, s.updated_at, s.user_id, s.company_id,
          s.partner_company_id, s.partner_status_label, s.readiness_percent, s.readiness_ready, s.readiness_version,
          s.readiness_failing
        from product_submissions s
        where ${company(shape.anyCompany, 's.company_id')} and ${partner(shape.anyPartner, 's.partner_company_id')}
          and s.item_status = ${status} and ${position('s')} and ${productPhoto(shape.photoIssues)}
          and ${productSearch(shape.search)}
        order by s.updated_at ${order}, s.id ${order} limit ${reach})`,
      );
      const drafts = sql`(
      select 'Draft' as kind, d.id,
        coalesce(d.sheet_upc, (select coalesce(nullif(f.upc, ''), f.detected_upcs[1]) from draft_files f where f.draft_id = d.id order by f.position limit 1)) as upc,
        coalesce(d.sheet_product_name, (select f.product_name from draft_files f where f.draft_id = d.id and f.product_name is not null order by f.position limit 1)) as product_name,
        'IN_PROGRESS' as item_status, d.updated_at, d.user_id, d.company_id, d.partner_company_id, 'N/A' as partner_status_label,
        null::smallint as readiness_percent, null::boolean as readiness_ready, null::int as readiness_version,
        '[]'::jsonb as readiness_failing
      from draft_submissions d
      where ${company(shape.anyCompany, 'd.company_id')} and ${partner(shape.anyPartner, 'd.partner_company_id')}
        and ${position('d')} and ${draftPhoto(shape.photoIssues)} and ${draftSearch(shape.search)}
      order by d.updated_at ${order}, d.id ${order} limit ${reach})`;
      const branches: SQL[] = [...products, ...(shape.includeDrafts ? [drafts] : [])];
      const merged = sql.join(branches, sql` union all `);
      const total = shape.withTotal ? sql`${countExpression(shape)} as total,` : sql``;
      return sql`
      select page.*, ${total} ${keyOf(sql`page.updated_at`)} as sort_key,
        case when page.kind = 'Draft'
          then (select count(*) from draft_files f where f.draft_id = page.id)
          else (select count(*) from submission_files f where f.submission_id = page.id) end::int as file_count,
        case when page.kind = 'Draft' then (
          select coalesce(array_agg(code order by first_position), '{}') from (
            select coalesce(nullif(f.upc, ''), f.detected_upcs[1]) as code, min(f.position) as first_position
            from draft_files f where f.draft_id = page.id group by 1) as codes
          where code is not null) end as draft_upcs
      from (select * from (${merged}) as activity order by updated_at ${order}, id ${order} limit ${take} offset ${skip}) as page
      order by updated_at desc, id desc`;
    },
    planning(shape.search),
  );
