import {
  AUDIT_ACTION_LABELS,
  AUDIT_COUNT_LIMIT,
  isAuditAction,
  type AuditFilter,
  type AuditPageQuery,
  type AuditRowView,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { auditActorsAndCompanies, auditPageReads, auditRowBatches, type JoinedAuditRow } from './repository.ts';

/** A row as the server holds it; the routes send `at` as an ISO instant. */
export type AuditRow = AuditRowView<Date>;

const present = ({ row, firstName, lastName, email, companyName }: JoinedAuditRow): AuditRow => ({
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

/**
 * Every matching row, newest first, read in batches by keyset (the id) so the export holds one batch in memory
 * however long the trail is, and a row written meanwhile neither repeats nor shifts a batch.
 */
export async function* auditRows(db: Tx, f: AuditFilter, batch = 500): AsyncGenerator<AuditRow> {
  for await (const page of auditRowBatches(db, f, batch)) for (const r of page) yield present(r);
}

/** The choices of the page's actor and company filters: those that appear in the trail. */
export async function auditFilterOptions(db: Tx) {
  const [actors, companyRows] = await auditActorsAndCompanies(db);
  return {
    actors: actors
      .map((a) => ({ id: a.id, name: `${a.firstName} ${a.lastName}`.trim() || a.email, email: a.email }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    companies: companyRows.sort((a, b) => a.name.localeCompare(b.name)),
  };
}
