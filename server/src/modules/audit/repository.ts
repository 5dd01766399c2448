import { and, asc, desc, eq, gt, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { AUDIT_COUNT_LIMIT, type AuditFilter, type AuditPageQuery } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { auditLog, companies, users } from '../../db/schema.ts';

export type AuditLogInsert = typeof auditLog.$inferInsert;

export async function insertAuditRow(tx: Tx, row: AuditLogInsert): Promise<void> {
  await tx.insert(auditLog).values(row);
}

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

/** A row of the trail with its actor's name and e-mail and its company's name. */
export type JoinedAuditRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

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
 * Every matching row, newest first, in batches by keyset (the id): each batch the `batch` rows before the last one
 * read, so a row written meanwhile neither repeats nor shifts a batch.
 */
export async function* auditRowBatches(db: Tx, f: AuditFilter, batch: number): AsyncGenerator<JoinedAuditRow[]> {
  const where = await whereOf(db, f);
  let before: number | null = null;
  for (;;) {
    const page: JoinedAuditRow[] = await selectRows(db)
      .where(and(where, before === null ? undefined : lt(auditLog.id, before)))
      .orderBy(desc(auditLog.id))
      .limit(batch);
    yield page;
    if (page.length < batch) return;
    before = page[page.length - 1].row.id;
  }
}

/** The actors and companies that appear in the trail. */
export function auditActorsAndCompanies(db: Tx) {
  return Promise.all([
    db
      .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorUserId)),
    db
      .selectDistinct({ id: companies.id, name: companies.name })
      .from(auditLog)
      .innerJoin(companies, eq(companies.id, auditLog.companyId)),
  ]);
}
