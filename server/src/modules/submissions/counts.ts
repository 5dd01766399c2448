import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ITEM_STATUSES } from '@portal/domain';
import { executePrepared, preparedStatement, type Db, type Statement, type Tx } from '../../db/client.ts';
import {
  companies,
  partnerConfigurations,
  productSubmissions,
  submissionCounts,
  submissionStatusTotals,
} from '../../db/schema.ts';
import { forUpdate, LOCK, taken } from '../../db/lock-order.ts';
import { isDeadlock } from '../../lib/db-errors.ts';
import { submissionEvents } from './events.ts';

/**
 * Maintained submission counts (docs/decisions/database.md, "Counts are maintained"): one row per company, partner (0: none)
 * and status. Only the lifecycle changes them, in the transaction of the change; the activity tabs' totals read
 * them; recountCompany repairs and reports any drift.
 *
 * Beside them, the staff-wide totals (docs/decisions/database.md, "Staff totals are maintained in striped rows"): per
 * partner and status, the count across every company, split over TOTAL_STRIPES rows (stripe = company_id %
 * TOTAL_STRIPES) so that changes of different companies seldom wait on one row. Changed with the same deltas in the
 * same transaction; the staff queue's total reads at most TOTAL_STRIPES rows; recountTotals repairs them.
 *
 * Lock order (db/lock-order.ts, where the reasons are): the company rows (LOCK.submissionCounts) by (company,
 * partner, status), then the totals rows (LOCK.statusTotals) by (status, partner, stripe). The lifecycle applies its
 * changes once per transaction (applyCountChanges sorts them; a transaction that changes many submissions collects
 * them with countChangesTogether); recountCompany locks its company's rows in that order, then the totals rows of the
 * drifts it fixes, sorted; recountTotals locks one stripe's totals rows, sorted, and only reads company rows. The
 * company catalogues refreshed with the counts (catalogue/queries/membership.ts, listening to companyProductsChanged)
 * take their locks after all of these.
 */

/** How many rows a staff-wide total is split over (the migration that created the table fills it with this number). */
export const TOTAL_STRIPES = 16;
const stripeOf = (companyId: number) => companyId % TOTAL_STRIPES;

/** One submission's move between statuses: from null when it is created, to null when it is deleted. */
export interface CountChange {
  companyId: number;
  partnerCompanyId: number | null;
  from: string | null;
  to: string | null;
  /**
   * The EAN-13s of the company whose submissions this change created, deleted or moved between (the old and the new
   * one): the company's catalogue rows of them are refreshed after the counts (companyProductsChanged).
   */
  ean13Upcs?: readonly string[];
}

const keyOf = (companyId: number, partnerKey: number, status: string) => `${companyId}|${partnerKey}|${status}`;

type CountRow = { companyId: number; partnerKey: number; itemStatus: string };
/**
 * The one order in which count rows are locked, by the lifecycle and by the recount alike (statuses compared by code
 * unit, as `collate "C"` does): the order within LOCK.submissionCounts.
 */
const byKey = (a: CountRow, b: CountRow) =>
  a.companyId - b.companyId ||
  a.partnerKey - b.partnerKey ||
  (a.itemStatus < b.itemStatus ? -1 : a.itemStatus > b.itemStatus ? 1 : 0);

type TotalRow = { itemStatus: string; partnerKey: number; stripe: number };
/** The totals rows' order: their primary key's (status by code unit, partner, stripe). */
const byTotalKey = (a: TotalRow, b: TotalRow) =>
  (a.itemStatus < b.itemStatus ? -1 : a.itemStatus > b.itemStatus ? 1 : 0) ||
  a.partnerKey - b.partnerKey ||
  a.stripe - b.stripe;

/** Changes collected by countChangesTogether, per transaction. */
const collecting = new WeakMap<object, CountChange[]>();

/**
 * Runs fn, which may change many submissions, and applies all their count changes at its end, at once: the rows are
 * then locked in the one order (see the top of this file) however the submissions were ordered.
 */
export async function countChangesTogether<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  if (collecting.has(tx)) return fn();
  const changes: CountChange[] = [];
  collecting.set(tx, changes);
  let result: T;
  try {
    result = await fn();
  } finally {
    collecting.delete(tx);
  }
  await applyCountChanges(tx, changes);
  return result;
}

/**
 * Applies the changes as one delta per row: the company rows in key order, then the totals rows with the same
 * deltas in key order (two transactions never wait on each other crosswise: see the top of this file).
 */
export async function applyCountChanges(tx: Tx, changes: readonly CountChange[]): Promise<void> {
  const collected = collecting.get(tx);
  if (collected) {
    collected.push(...changes);
    return;
  }
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
  if (rows.length) {
    taken(
      tx,
      LOCK.submissionCounts,
      rows.map((r) => keyOf(r.companyId, r.partnerKey, r.itemStatus)),
    );
    await tx
      .insert(submissionCounts)
      .values(rows)
      .onConflictDoUpdate({
        target: [submissionCounts.companyId, submissionCounts.partnerKey, submissionCounts.itemStatus],
        set: { n: sql`${submissionCounts.n} + excluded.n` },
      });
    await addToTotals(
      tx,
      rows.map((r) => ({ partnerKey: r.partnerKey, itemStatus: r.itemStatus, stripe: stripeOf(r.companyId), n: r.n })),
    );
  }
  // Last, after every count row: the company catalogues' locks come later in the one order (catalogue/queries/membership.ts).
  await submissionEvents.emit(tx, 'companyProductsChanged', {
    products: changes.flatMap((c) => (c.ean13Upcs ?? []).map((ean13Upc) => ({ companyId: c.companyId, ean13Upc }))),
  });
}

/** Adds deltas to the totals rows, one per row, in key order. */
async function addToTotals(tx: Tx, deltas: readonly (TotalRow & { n: number })[]) {
  const totals = new Map<string, TotalRow & { n: number }>();
  for (const d of deltas) {
    const key = `${d.itemStatus}|${d.partnerKey}|${d.stripe}`;
    const row = totals.get(key) ?? { partnerKey: d.partnerKey, itemStatus: d.itemStatus, stripe: d.stripe, n: 0 };
    row.n += d.n;
    totals.set(key, row);
  }
  const rows = [...totals.values()].filter((r) => r.n !== 0).sort(byTotalKey);
  if (!rows.length) return;
  taken(
    tx,
    LOCK.statusTotals,
    rows.map((r) => `${r.itemStatus}|${r.partnerKey}|${r.stripe}`),
  );
  await tx
    .insert(submissionStatusTotals)
    .values(rows)
    .onConflictDoUpdate({
      target: [submissionStatusTotals.itemStatus, submissionStatusTotals.partnerKey, submissionStatusTotals.stripe],
      set: { n: sql`${submissionStatusTotals.n} + excluded.n` },
    });
}

/** How many submissions have one of the statuses: a company's (null: every company's), a partner's if given. */
export async function countSubmissions(db: Tx, q: CountQuery): Promise<number> {
  if (!q.statuses.length) return 0;
  const { statement, values } = countRead(q);
  const [row] = await executePrepared<{ n: number }>(db, statement, values);
  return Number(row.n);
}

export interface CountQuery {
  companyId: number | null;
  partnerCompanyId: number | null;
  statuses: readonly string[];
}

/** What changes the text of a count (not its values): each shape is compiled and prepared once. */
export interface CountShape {
  anyCompany: boolean;
  anyPartner: boolean;
  statusCount: number;
}

export const countShapeOf = (q: CountQuery): CountShape => ({
  anyCompany: q.companyId === null,
  anyPartner: q.partnerCompanyId === null,
  statusCount: q.statuses.length,
});

/** The values a count's placeholders take: `company`, `partner` and `status0`, `status1`... */
export function countValues(q: CountQuery): Record<string, unknown> {
  const values: Record<string, unknown> = { company: q.companyId, partner: q.partnerCompanyId };
  q.statuses.forEach((status, i) => (values[`status${i}`] = status));
  return values;
}

/**
 * The count as an expression (an integer) over the placeholders of countValues, for a statement of its own or
 * folded into another that binds the same names (the activity list's first page): a company's counts rows, or, for
 * every company, the staff-wide totals (at most TOTAL_STRIPES rows per status and partner), never the counts rows of
 * every company. At least one status.
 */
export function countExpression(shape: CountShape, value: (name: string) => SQL = placeholderOf): SQL {
  const statuses = sql.join(
    Array.from({ length: shape.statusCount }, (_, i) => value(`status${i}`)),
    sql`, `,
  );
  const partner = shape.anyPartner ? sql`true` : sql`partner_key = ${value('partner')}`;
  return shape.anyCompany
    ? sql`(select coalesce(sum(n), 0)::int from submission_status_totals
        where item_status in (${statuses}) and ${partner})`
    : sql`(select coalesce(sum(n), 0)::int from submission_counts
        where company_id = ${value('company')} and item_status in (${statuses}) and ${partner})`;
}

const placeholderOf = (name: string) => sql`${sql.placeholder(name)}`;

/** The count of countSubmissions as an expression with its values bound, to fold into a statement of other values. */
export function boundCountExpression(q: CountQuery): SQL {
  const values = countValues(q);
  return countExpression(countShapeOf(q), (name) => sql`${values[name]}`);
}

/**
 * The statement of countSubmissions (statuses given), prepared once per shape (drizzle's builder took longer to
 * build the statement than the database to run it), with the values to bind.
 */
export function countRead(q: CountQuery): { statement: Statement; values: Record<string, unknown> } {
  const shape = countShapeOf(q);
  const statement = preparedStatement(
    `count:${JSON.stringify(shape)}`,
    () => sql`select ${countExpression(shape)} as n`,
  );
  return { statement, values: countValues(q) };
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
  const stored = await forUpdate(
    tx,
    LOCK.submissionCounts,
    tx
      .select()
      .from(submissionCounts)
      .where(eq(submissionCounts.companyId, companyId))
      .orderBy(submissionCounts.partnerKey, sql`${submissionCounts.itemStatus} collate "C"`),
  );
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
  // The totals by the same amounts: a drift of the rows (a change that went round the lifecycle, rows loaded by SQL)
  // is missing from the totals too. A company row changed by hand alone is then put right by recountTotals.
  await addToTotals(
    tx,
    drifts.map((d) => ({
      itemStatus: d.itemStatus,
      partnerKey: d.partnerCompanyId ?? 0,
      stripe: stripeOf(companyId),
      n: d.real - d.stored,
    })),
  );
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

/** A staff-wide total that was not the sum of the company counts of its stripe. */
export interface TotalDrift {
  stripe: number;
  partnerCompanyId: number | null;
  itemStatus: string;
  stored: number;
  real: number;
}

/**
 * Sets every totals row to the sum of its stripe's company counts (run after recountAll, which makes those exact),
 * a stripe per transaction, returning each drift it fixed.
 */
export async function recountTotals(db: Db, onDrift: (drift: TotalDrift) => void = () => {}): Promise<TotalDrift[]> {
  const all: TotalDrift[] = [];
  for (let stripe = 0; stripe < TOTAL_STRIPES; stripe++)
    for (const drift of await recountStripe(db, stripe)) {
      all.push(drift);
      onDrift(drift);
    }
  return all;
}

/**
 * One stripe recounted, exact while the lifecycle works on (READ COMMITTED): first a row is made to exist, and
 * committed, for every key the stripe's company counts have; then, in a second transaction, the stripe's rows are
 * locked (FOR UPDATE, in key order) and only then summed from the company counts, by a later statement with a later
 * snapshot. A writer that already changed one of the locked rows has committed before the lock is granted, so its
 * company rows (same transaction) are in the sum; one that has not yet changed it (its company rows perhaps written
 * but not committed, so not in the sum) waits for the lock and adds its delta to the value set here. A key that
 * appeared in between (not locked) makes it start again. Chosen to break a deadlock, it runs again.
 */
async function recountStripe(db: Db, stripe: number, attempts = 5): Promise<TotalDrift[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction((tx) => createEveryTotalRow(tx, stripe));
      const drifts = await db.transaction((tx) => recountStripeIn(tx, stripe));
      if (drifts) return drifts;
    } catch (err) {
      if (attempt < attempts && isDeadlock(err)) continue;
      throw err;
    }
    if (attempt >= attempts)
      throw new Error(`The totals of stripe ${stripe} kept gaining keys while they were recounted.`);
  }
}

/** The company counts of a stripe, summed per status and partner. */
const stripeSums = (tx: Tx, stripe: number) =>
  tx
    .select({
      itemStatus: submissionCounts.itemStatus,
      partnerKey: submissionCounts.partnerKey,
      n: sql<number>`sum(${submissionCounts.n})::int`,
    })
    .from(submissionCounts)
    .where(sql`${submissionCounts.companyId} % ${TOTAL_STRIPES} = ${stripe}`)
    .groupBy(submissionCounts.itemStatus, submissionCounts.partnerKey);

async function createEveryTotalRow(tx: Tx, stripe: number) {
  const keys = await stripeSums(tx, stripe);
  if (!keys.length) return;
  await tx
    .insert(submissionStatusTotals)
    .values(keys.map((k) => ({ itemStatus: k.itemStatus, partnerKey: k.partnerKey, stripe, n: 0 })).sort(byTotalKey))
    .onConflictDoNothing();
}

/** The stripe set to its sums, with the drifts fixed; null when a key to set was not among the rows locked. */
async function recountStripeIn(tx: Tx, stripe: number): Promise<TotalDrift[] | null> {
  const stored = await forUpdate(
    tx,
    LOCK.statusTotals,
    tx
      .select()
      .from(submissionStatusTotals)
      .where(eq(submissionStatusTotals.stripe, stripe))
      .orderBy(sql`${submissionStatusTotals.itemStatus} collate "C"`, submissionStatusTotals.partnerKey),
  );
  const real = new Map((await stripeSums(tx, stripe)).map((r) => [`${r.itemStatus}|${r.partnerKey}`, Number(r.n)]));
  const drifts: TotalDrift[] = [];
  for (const row of stored) {
    const key = `${row.itemStatus}|${row.partnerKey}`;
    const n = real.get(key) ?? 0;
    real.delete(key);
    if (row.n !== n)
      drifts.push({
        stripe,
        partnerCompanyId: row.partnerKey || null,
        itemStatus: row.itemStatus,
        stored: row.n,
        real: n,
      });
  }
  if ([...real.values()].some((n) => n !== 0)) return null;
  for (const d of drifts)
    await tx
      .update(submissionStatusTotals)
      .set({ n: d.real })
      .where(
        and(
          eq(submissionStatusTotals.itemStatus, d.itemStatus),
          eq(submissionStatusTotals.partnerKey, d.partnerCompanyId ?? 0),
          eq(submissionStatusTotals.stripe, stripe),
        ),
      );
  return drifts;
}

/** Every drift the repair fixed: the company counts', then the staff totals'. */
export interface CountRepair {
  companies: CountDrift[];
  totals: TotalDrift[];
}

/**
 * The whole repair, as the maintenance job runs it: every company recounted (recountAll), then the staff totals from
 * the company counts that now are exact (recountTotals).
 */
export async function repairCounts(
  db: Db,
  report: { company?: (drift: CountDrift) => void; total?: (drift: TotalDrift) => void } = {},
): Promise<CountRepair> {
  const companies = await recountAll(db, report.company);
  const totals = await recountTotals(db, report.total);
  return { companies, totals };
}

/**
 * The counts rebuilt from the rows in one statement each (the company counts, then the staff totals from them), for
 * data loaded in bulk while nothing else writes (a benchmark's seed, a restore): repairCounts is the repair to run on
 * a live portal.
 */
export async function rebuildCounts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(submissionCounts);
    await tx.execute(sql`insert into submission_counts (company_id, partner_key, item_status, n)
      select company_id, coalesce(partner_company_id, 0), item_status, count(*)::int from product_submissions group by 1, 2, 3`);
    await tx.delete(submissionStatusTotals);
    await tx.execute(sql`insert into submission_status_totals (item_status, partner_key, stripe, n)
      select item_status, partner_key, company_id % ${TOTAL_STRIPES}, sum(n)::int from submission_counts group by 1, 2, 3`);
  });
}
