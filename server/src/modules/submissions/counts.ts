import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ITEM_STATUSES } from '@portal/domain';
import type { Db, Tx } from '../../db/client.ts';
import { companies, partnerConfigurations, productSubmissions, submissionCounts } from '../../db/schema.ts';
import { isDeadlock } from '../../lib/db-errors.ts';

/**
 * Maintained submission counts (docs/decisions/database.md, "Counts are maintained"): one row per company, partner (0: none)
 * and status. Only the lifecycle changes them, in the transaction of the change; the activity tabs' totals read
 * them; recountCompany repairs and reports any drift.
 */

/** One submission's move between statuses: from null when it is created, to null when it is deleted. */
export interface CountChange {
  companyId: number;
  partnerCompanyId: number | null;
  from: string | null;
  to: string | null;
}

const keyOf = (companyId: number, partnerKey: number, status: string) => `${companyId}|${partnerKey}|${status}`;

type CountRow = { companyId: number; partnerKey: number; itemStatus: string };
/**
 * The one order in which count rows are locked, by the lifecycle and by the recount alike (statuses compared by code
 * unit, as `collate "C"` does), so neither waits for the other crosswise.
 */
const byKey = (a: CountRow, b: CountRow) =>
  a.companyId - b.companyId ||
  a.partnerKey - b.partnerKey ||
  (a.itemStatus < b.itemStatus ? -1 : a.itemStatus > b.itemStatus ? 1 : 0);

/** Applies the changes as one delta per row, in key order (two transactions never wait on each other crosswise). */
export async function applyCountChanges(tx: Tx, changes: readonly CountChange[]): Promise<void> {
  const deltas = new Map<string, { companyId: number; partnerKey: number; itemStatus: string; n: number }>();
  const add = (c: CountChange, status: string | null, by: number) => {
    if (status === null) return;
    const partnerKey = c.partnerCompanyId ?? 0;
    const key = keyOf(c.companyId, partnerKey, status);
    const row = deltas.get(key) ?? { companyId: c.companyId, partnerKey, itemStatus: status, n: 0 };
    row.n += by;
    deltas.set(key, row);
  };
  for (const c of changes) {
    if (c.from === c.to) continue;
    add(c, c.from, -1);
    add(c, c.to, 1);
  }
  const rows = [...deltas.values()].filter((r) => r.n !== 0).sort(byKey);
  if (!rows.length) return;
  await tx
    .insert(submissionCounts)
    .values(rows)
    .onConflictDoUpdate({
      target: [submissionCounts.companyId, submissionCounts.partnerKey, submissionCounts.itemStatus],
      set: { n: sql`${submissionCounts.n} + excluded.n` },
    });
}

/** How many submissions have one of the statuses: a company's (null: every company's), a partner's if given. */
export async function countSubmissions(
  db: Tx,
  q: { companyId: number | null; partnerCompanyId: number | null; statuses: readonly string[] },
): Promise<number> {
  if (!q.statuses.length) return 0;
  const where: SQL[] = [inArray(submissionCounts.itemStatus, [...q.statuses])];
  if (q.companyId !== null) where.push(eq(submissionCounts.companyId, q.companyId));
  if (q.partnerCompanyId !== null) where.push(eq(submissionCounts.partnerKey, q.partnerCompanyId));
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${submissionCounts.n}), 0)::int` })
    .from(submissionCounts)
    .where(and(...where));
  return Number(row.n);
}

/** A count that was not what the rows say. */
export interface CountDrift {
  companyId: number;
  partnerCompanyId: number | null;
  itemStatus: string;
  stored: number;
  real: number;
}

/**
 * Recounts one company's submissions and sets its counts to what they are, returning each drift it fixed. Exact
 * while the lifecycle works on: first every row a change could touch (each status, for each partner the company
 * has or could send to) is made to exist, and committed; then, in a second transaction, they are locked in the
 * lifecycle's order and the rows counted. A change not yet committed then applies its delta after the recount
 * commits, on top of the recounted value. Chosen to break a deadlock (a lifecycle transaction that counted twice),
 * it runs again.
 */
export async function recountCompany(db: Db, companyId: number, attempts = 3): Promise<CountDrift[]> {
  try {
    await db.transaction((tx) => createEveryCountRow(tx, companyId));
    return await db.transaction((tx) => recountIn(tx, companyId));
  } catch (err) {
    if (attempts > 1 && isDeadlock(err)) return recountCompany(db, companyId, attempts - 1);
    throw err;
  }
}

async function createEveryCountRow(tx: Tx, companyId: number) {
  // One after another: a transaction is one connection.
  const submitted = await tx
    .selectDistinct({ key: sql<number>`coalesce(${productSubmissions.partnerCompanyId}, 0)` })
    .from(productSubmissions)
    .where(eq(productSubmissions.companyId, companyId));
  const counted = await tx
    .selectDistinct({ key: submissionCounts.partnerKey })
    .from(submissionCounts)
    .where(eq(submissionCounts.companyId, companyId));
  const partners = await tx.select({ key: partnerConfigurations.companyId }).from(partnerConfigurations);
  const keys = [...new Set([0, ...[...submitted, ...counted, ...partners].map((r) => Number(r.key))])];
  await tx
    .insert(submissionCounts)
    .values(
      keys
        .flatMap((partnerKey) => ITEM_STATUSES.map((itemStatus) => ({ companyId, partnerKey, itemStatus, n: 0 })))
        .sort(byKey),
    )
    .onConflictDoNothing();
}

async function recountIn(tx: Tx, companyId: number): Promise<CountDrift[]> {
  const stored = await tx
    .select()
    .from(submissionCounts)
    .where(eq(submissionCounts.companyId, companyId))
    .orderBy(submissionCounts.partnerKey, sql`${submissionCounts.itemStatus} collate "C"`)
    .for('update');
  const real = await tx
    .select({
      partnerKey: sql<number>`coalesce(${productSubmissions.partnerCompanyId}, 0)`,
      itemStatus: productSubmissions.itemStatus,
      n: sql<number>`count(*)::int`,
    })
    .from(productSubmissions)
    .where(eq(productSubmissions.companyId, companyId))
    .groupBy(sql`1`, sql`2`);
  const realByKey = new Map(real.map((r) => [keyOf(companyId, Number(r.partnerKey), r.itemStatus), Number(r.n)]));
  const drifts: CountDrift[] = [];
  for (const row of stored) {
    const n = realByKey.get(keyOf(companyId, row.partnerKey, row.itemStatus)) ?? 0;
    realByKey.delete(keyOf(companyId, row.partnerKey, row.itemStatus));
    if (row.n !== n)
      drifts.push({
        companyId,
        partnerCompanyId: row.partnerKey || null,
        itemStatus: row.itemStatus,
        stored: row.n,
        real: n,
      });
  }
  // A status outside ITEM_STATUSES (never written by the lifecycle) is still counted, so nothing is hidden.
  for (const [key, n] of realByKey) {
    const [, partnerKey, itemStatus] = key.split('|');
    drifts.push({ companyId, partnerCompanyId: Number(partnerKey) || null, itemStatus, stored: 0, real: n });
  }
  for (const d of drifts)
    await tx
      .insert(submissionCounts)
      .values({ companyId, partnerKey: d.partnerCompanyId ?? 0, itemStatus: d.itemStatus, n: d.real })
      .onConflictDoUpdate({
        target: [submissionCounts.companyId, submissionCounts.partnerKey, submissionCounts.itemStatus],
        set: { n: d.real },
      });
  await tx.delete(submissionCounts).where(and(eq(submissionCounts.companyId, companyId), eq(submissionCounts.n, 0)));
  return drifts;
}

/** Every company's counts recounted, one company per transaction (companies in id order, a page at a time). */
export async function recountAll(db: Db, onDrift: (drift: CountDrift) => void = () => {}): Promise<CountDrift[]> {
  const all: CountDrift[] = [];
  let after = 0;
  for (;;) {
    const page = await db
      .select({ id: companies.id })
      .from(companies)
      .where(sql`${companies.id} > ${after}`)
      .orderBy(companies.id)
      .limit(500);
    if (!page.length) return all;
    for (const { id } of page)
      for (const drift of await recountCompany(db, id)) {
        all.push(drift);
        onDrift(drift);
      }
    after = page[page.length - 1].id;
  }
}

/**
 * The counts rebuilt from the rows in one statement, for data loaded in bulk while nothing else writes (a benchmark's
 * seed, a restore): recountAll is the repair to run on a live portal.
 */
export async function rebuildCounts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(submissionCounts);
    await tx.execute(sql`insert into submission_counts (company_id, partner_key, item_status, n)
      select company_id, coalesce(partner_company_id, 0), item_status, count(*)::int from product_submissions group by 1, 2, 3`);
  });
}
