import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { AUDIT_ACTION_LABELS, isAuditAction, type AuditFilter, type AuditRowView } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { auditLog, companies, users } from '../../db/schema.ts';

/** A row as the server holds it; the routes send `at` as an ISO instant. */
export type AuditRow = AuditRowView<Date>;

function whereOf(f: AuditFilter): SQL | undefined {
  const c: SQL[] = [];
  if (f.action) c.push(eq(auditLog.action, f.action));
  if (f.actorId) c.push(eq(auditLog.actorUserId, f.actorId));
  if (f.companyId) c.push(eq(auditLog.companyId, f.companyId));
  if (f.targetType) c.push(eq(auditLog.targetType, f.targetType));
  if (f.targetId) c.push(eq(auditLog.targetId, f.targetId));
  if (f.from) c.push(gte(auditLog.at, new Date(f.from)));
  if (f.to) c.push(lte(auditLog.at, new Date(f.to)));
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

/** One page of the trail, newest first (ids follow the time of writing: `at` is the clock at the insert). */
export async function auditPage(db: Tx, f: AuditFilter & { page: number; pageSize: number }) {
  const where = whereOf(f);
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return { items: rows.map(present), total: Number(total), page: f.page, pageSize: f.pageSize };
}

/**
 * Every matching row, newest first, read in batches by keyset (the id) so the export holds one batch in memory
 * however long the trail is, and a row written meanwhile neither repeats nor shifts a batch.
 */
export async function* auditRows(db: Tx, f: AuditFilter, batch = 500): AsyncGenerator<AuditRow> {
  const where = whereOf(f);
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
