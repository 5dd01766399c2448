import { and, asc, desc, eq, gt, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_COUNT_LIMIT,
  isAuditAction,
  type AuditFilter,
  type AuditPageQuery,
  type AuditRowView,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { auditLog, companies, users } from '../../db/schema.ts';

/** A row as the server holds it; the routes send `at` as an ISO instant. */
export type AuditRow = AuditRowView<Date>;

/**
 * The filter as conditions on indexed columns. Rows in id order are in time order (`at` is the clock at the insert),
 * so a date range becomes the id range of its first and last rows, found by the index on `at`: every filter then
 * composes with an index ending in the id, the order of the list.
 */
async function whereOf(db: Tx, f: AuditFilter): Promise<SQL | undefined> {
  const c: SQL[] = [];
  if (f.action) c.push(eq(auditLog.action, f.action));
  if (f.actorId) c.push(eq(auditLog.actorUserId, f.actorId));
  if (f.companyId) c.push(eq(auditLog.companyId, f.companyId));
  if (f.targetType) c.push(eq(auditLog.targetType, f.targetType));
  if (f.targetId) c.push(eq(auditLog.targetId, f.targetId));
  const edge = async (where: SQL, order: SQL) =>
    (await db.select({ id: auditLog.id }).from(auditLog).where(where).orderBy(order).limit(1))[0]?.id;
  const inRange = (id: number | undefined, bound: (id: number) => SQL) => (id === undefined ? sql`false` : bound(id));
  if (f.from)
    c.push(inRange(await edge(gte(auditLog.at, new Date(f.from)), asc(auditLog.at)), (id) => gte(auditLog.id, id)));
  if (f.to)
    c.push(inRange(await edge(lte(auditLog.at, new Date(f.to)), desc(auditLog.at)), (id) => lte(auditLog.id, id)));
  return c.length ? and(...c) : undefined;
}

const selectRows = (db: Tx) =>
  db
    .select({
      row: auditLog,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      companyName: companies.name,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(companies, eq(companies.id, auditLog.companyId));

type Joined = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

const present = ({ row, firstName, lastName, email, companyName }: Joined): AuditRow => ({
  id: row.id,
  at: row.at,
  actor: { id: row.actorUserId, name: `${firstName} ${lastName}`.trim() || email, email },
  action: row.action,
  actionLabel: isAuditAction(row.action) ? AUDIT_ACTION_LABELS[row.action] : row.action,
  target: { type: row.targetType, id: row.targetId, companyId: row.companyId, companyName, label: row.targetLabel },
  before: row.before ?? null,
  after: row.after ?? null,
});

/**
 * One page of the trail, newest first, and how many rows match, counted up to AUDIT_COUNT_LIMIT (`more`: there are
 * more). A page next to one already shown is read from that page's edge (`after` its last row, `before` its first),
 * any other by its place from the top, within the counted rows: no request reads more than AUDIT_COUNT_LIMIT rows,
 * however long the trail.
 */
export async function auditPage(db: Tx, q: AuditPageQuery) {
  const reads = await auditPageReads(db, q);
  const [rows, [{ counted }]] = await Promise.all([reads.rows ?? [], reads.count]);
  const more = Number(counted) > AUDIT_COUNT_LIMIT;
  return {
    items: (reads.oldestFirst ? rows.reverse() : rows).map(present),
    total: more ? AUDIT_COUNT_LIMIT : Number(counted),
    more,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The statements of a page: its rows (null past the rows counted, with no edge to read from) and the capped count. */
export async function auditPageReads(db: Tx, q: AuditPageQuery) {
  const where = await whereOf(db, q);
  const skip = (q.page - 1) * q.pageSize;
  const rows = q.after
    ? selectRows(db)
        .where(and(where, lt(auditLog.id, q.after)))
        .orderBy(desc(auditLog.id))
        .limit(q.pageSize)
    : q.before
      ? selectRows(db)
          .where(and(where, gt(auditLog.id, q.before)))
          .orderBy(asc(auditLog.id))
          .limit(q.pageSize)
      : skip < AUDIT_COUNT_LIMIT
        ? selectRows(db).where(where).orderBy(desc(auditLog.id)).limit(q.pageSize).offset(skip)
        : null;
  const count = db.select({ counted: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(auditLog)
      .where(where)
      .limit(AUDIT_COUNT_LIMIT + 1)
      .as('counted'),
  );
  return { rows, count, oldestFirst: !q.after && !!q.before };
}

/**
 * Every matching row, newest first, read in batches by keyset (the id) so the export holds one batch in memory
 * however long the trail is, and a row written meanwhile neither repeats nor shifts a batch.
 */
export async function* auditRows(db: Tx, f: AuditFilter, batch = 500): AsyncGenerator<AuditRow> {
  const where = await whereOf(db, f);
  let before: number | null = null;
  for (;;) {
    const page: Joined[] = await selectRows(db)
      .where(and(where, before === null ? undefined : lt(auditLog.id, before)))
      .orderBy(desc(auditLog.id))
      .limit(batch);
    for (const r of page) yield present(r);
    if (page.length < batch) return;
    before = page[page.length - 1].row.id;
  }
}

/** The choices of the page's actor and company filters: those that appear in the trail. */
export async function auditFilterOptions(db: Tx) {
  const [actors, companyRows] = await Promise.all([
    db
      .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorUserId)),
    db
      .selectDistinct({ id: companies.id, name: companies.name })
      .from(auditLog)
      .innerJoin(companies, eq(companies.id, auditLog.companyId)),
  ]);
  return {
    actors: actors
      .map((a) => ({ id: a.id, name: `${a.firstName} ${a.lastName}`.trim() || a.email, email: a.email }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    companies: companyRows.sort((a, b) => a.name.localeCompare(b.name)),
  };
}
