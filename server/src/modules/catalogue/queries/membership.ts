import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../../db/client.ts';
import { forUpdate, lock, LOCK, taken } from '../../../db/lock-order.ts';
import { companyCatalogue, companyCatalogueCounts } from '../../../db/schema.ts';

/**
 * Each company's catalogue (company_catalogue): a row per catalogued product the company has a submission of, with
 * copies of the product's sort keys and whether it is listed, and the count of its listed rows
 * (company_catalogue_counts). The company's catalogue list reads a range of its own rows in the index of the sort, so
 * a page and its count cost the same however large the catalogue and the submissions grow.
 *
 * A row is never changed by a delta: it is refreshed, set to what the submissions and the product say now (how many
 * of the company's submissions carry the EAN-13; the product's keys), or removed when either is gone. Two callers:
 * the submissions lifecycle, for the (company, EAN-13) pairs whose submissions it created, deleted or moved to another
 * EAN-13 (its companyProductsChanged, emitted by counts.ts after the counts and heard by ../listeners.ts: see the order
 * below), and the catalogue, for the EAN-13s of products it
 * created, edited or delisted (every company that has them).
 *
 * Why a refresh is exact while both work at once (READ COMMITTED): every refresh first takes a transaction-level
 * advisory lock per EAN-13 it refreshes, and reads the submissions and the product only after. Of two transactions
 * refreshing the same EAN-13 the second waits for the first to commit, and then its statements see what the first
 * wrote (a submission, a product): the last refresh of a row sees every change committed before it, and each change
 * is followed by a refresh in its own transaction. A submission written but not yet committed when the catalogue
 * refreshes its EAN-13 is refreshed by its own transaction, which waits for the catalogue's lock.
 *
 * Lock order (db/lock-order.ts, where the reasons are): a refresh takes its EAN-13 locks (LOCK.catalogueEan, all of
 * one refresh in one statement) after the submission rows, product rows and submission counts and totals of its
 * transaction, then writes company_catalogue rows, then the listed counts (LOCK.companyCatalogueCounts) in ascending
 * company order.
 */

/** An EAN-13's lock key (two EAN-13s sharing a key only wait for each other). */
const lockKeyOf = (ean13Upc: string) =>
  /^\d{1,18}$/.test(ean13Upc)
    ? Number(BigInt(ean13Upc) % 2_147_483_647n)
    : ean13Upc.split('').reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 2_147_483_647, 7);

export interface CatalogueMember {
  companyId: number;
  ean13Upc: string;
}

/**
 * A company catalogue row's values (n, listed, brand, description, item_size, units_of_measure, updated_at) from its
 * submissions `s` grouped by company and EAN-13, and their product `p`: what the refresh, the rebuild and the repair
 * all set or compare a row to.
 */
const ROW_VALUES = sql.raw(`count(*)::int, not p.is_delisted, lower(p.brand), lower(p.description),
  coalesce(p.item_size, ''), coalesce(p.units_of_measure, ''), p.updated_at`);

/** The lifecycle's refresh: the pairs whose submissions it created, deleted or moved to another EAN-13. */
export async function refreshCompanyCatalogues(tx: Tx, pairs: readonly CatalogueMember[]): Promise<void> {
  const unique = new Map(pairs.map((p) => [`${p.companyId}|${p.ean13Upc}`, p]));
  if (!unique.size) return;
  await lockEans(
    tx,
    [...unique.values()].map((p) => p.ean13Upc),
  );
  await refreshPairs(tx, [...unique.values()]);
}

/** The catalogue's refresh: the rows of these products (created, edited or delisted), in every company that has them. */
export async function refreshProductsInCompanyCatalogues(tx: Tx, eans: readonly string[]): Promise<void> {
  const unique = [...new Set(eans)];
  if (!unique.length) return;
  await lockEans(tx, unique);
  for (let i = 0; i < unique.length; i += 1000) {
    const chunk = unique.slice(i, i + 1000);
    const pairs = await queryRows<{ company_id: number; ean13_upc: string }>(
      tx,
      sql`select company_id, ean13_upc from product_submissions where ean13_upc = any(${`{${chunk.join(',')}}`}::text[])
        union select company_id, ean13_upc from company_catalogue where ean13_upc = any(${`{${chunk.join(',')}}`}::text[])`,
    );
    await refreshPairs(
      tx,
      pairs.map((p) => ({ companyId: Number(p.company_id), ean13Upc: p.ean13_upc })),
    );
  }
}

function lockEans(tx: Tx, eans: readonly string[]) {
  return lock(tx, LOCK.catalogueEan, eans.map(lockKeyOf));
}

/** Sets the rows of the pairs (distinct) to what the submissions and products say, and the companies' counts with them. */
async function refreshPairs(tx: Tx, pairs: readonly CatalogueMember[]) {
  for (let i = 0; i < pairs.length; i += 1000) {
    const chunk = pairs.slice(i, i + 1000);
    const companies = `{${chunk.map((p) => p.companyId).join(',')}}`;
    const eans = `{${chunk.map((p) => p.ean13Upc).join(',')}}`;
    const wanted = sql`unnest(${companies}::int[], ${eans}::text[]) as w(company_id, ean13_upc)`;
    const before = await queryRows<{ company_id: number; listed: boolean }>(
      tx,
      sql`select c.company_id, c.listed from company_catalogue c join ${wanted}
        on c.company_id = w.company_id and c.ean13_upc = w.ean13_upc`,
    );
    await tx.execute(sql`
      insert into company_catalogue (company_id, ean13_upc, n, listed, brand, description, item_size, units_of_measure,
        updated_at)
      select w.company_id, w.ean13_upc, ${ROW_VALUES}
      from ${wanted}
        join product_submissions s on s.company_id = w.company_id and s.ean13_upc = w.ean13_upc
        join catalogued_products p on p.ean13_upc = w.ean13_upc
      group by w.company_id, w.ean13_upc, p.ean13_upc
      on conflict (company_id, ean13_upc) do update set n = excluded.n, listed = excluded.listed,
        brand = excluded.brand, description = excluded.description, item_size = excluded.item_size,
        units_of_measure = excluded.units_of_measure, updated_at = excluded.updated_at`);
    await tx.execute(sql`
      delete from company_catalogue c using ${wanted}
      where c.company_id = w.company_id and c.ean13_upc = w.ean13_upc
        and (not exists (select 1 from catalogued_products p where p.ean13_upc = c.ean13_upc)
          or not exists (select 1 from product_submissions s where s.company_id = c.company_id and s.ean13_upc = c.ean13_upc))`);
    const after = await queryRows<{ company_id: number; listed: boolean }>(
      tx,
      sql`select c.company_id, c.listed from company_catalogue c join ${wanted}
        on c.company_id = w.company_id and c.ean13_upc = w.ean13_upc`,
    );
    const deltas = new Map<number, number>();
    const add = (rows: { company_id: number; listed: boolean }[], by: number) => {
      for (const r of rows)
        if (r.listed) deltas.set(Number(r.company_id), (deltas.get(Number(r.company_id)) ?? 0) + by);
    };
    add(before, -1);
    add(after, 1);
    const changed = [...deltas].filter(([, n]) => n !== 0).sort(([a], [b]) => a - b);
    if (changed.length)
      taken(
        tx,
        LOCK.companyCatalogueCounts,
        changed.map(([companyId]) => companyId),
      );
    if (changed.length)
      await tx
        .insert(companyCatalogueCounts)
        .values(changed.map(([companyId, n]) => ({ companyId, n })))
        .onConflictDoUpdate({
          target: companyCatalogueCounts.companyId,
          set: { n: sql`${companyCatalogueCounts.n} + excluded.n` },
        });
  }
}

/** A company's catalogue row that the repair found differing from its submissions and product, or its count. */
export type CatalogueDrift =
  | { kind: 'row'; companyId: number; ean13Upc: string; stored: string | null; real: string | null }
  | { kind: 'count'; companyId: number; stored: number; real: number };

/** The stored and the real rows of some EAN-13s, each as one comparable text ('' when there is none). */
const rowsOf = (tx: Tx, eans: readonly string[], only?: readonly CatalogueMember[]) => {
  const list = `{${eans.join(',')}}`;
  const pairs = only
    ? sql`and (company_id, ean13_upc) in (select * from unnest(${`{${only.map((p) => p.companyId).join(',')}}`}::int[],
        ${`{${only.map((p) => p.ean13Upc).join(',')}}`}::text[]))`
    : sql``;
  return queryRows<{ company_id: number; ean13_upc: string; stored: string | null; real: string | null }>(
    tx,
    sql`with real as (
        select s.company_id, s.ean13_upc, concat_ws('|', ${ROW_VALUES}) as row
        from product_submissions s join catalogued_products p on p.ean13_upc = s.ean13_upc
        where s.ean13_upc = any(${list}::text[]) group by s.company_id, s.ean13_upc, p.ean13_upc),
      stored as (
        select company_id, ean13_upc, concat_ws('|', n, listed, brand, description, item_size, units_of_measure,
          updated_at) as row
        from company_catalogue where ean13_upc = any(${list}::text[]))
      select company_id, ean13_upc, s.row as stored, r.row as real from real r full join stored s using (company_id, ean13_upc)
      where r.row is distinct from s.row ${pairs}`,
  );
};

/** How many EAN-13s the repair compares in one statement. */
const REPAIR_CHUNK = 500;

/**
 * The daily repair: every company's catalogue compared with its submissions and the products, EAN-13 by EAN-13 in
 * chunks (the products', then those of rows whose product is gone), and the listed counts with the rows. A row that
 * differs is compared again under its EAN-13's lock, so a change in flight is not taken for a drift, then reported and
 * refreshed; a count is set under its row lock from the listed rows (exact in READ COMMITTED, as recountTotals is).
 */
export async function repairCompanyCatalogues(
  db: Db,
  report: (drift: CatalogueDrift) => void = () => {},
): Promise<CatalogueDrift[]> {
  const drifts: CatalogueDrift[] = [];
  const repairChunk = async (eans: string[]) => {
    const suspects = await rowsOf(db, eans);
    if (!suspects.length) return;
    await db.transaction(async (tx) => {
      const pairs = suspects.map((r) => ({ companyId: Number(r.company_id), ean13Upc: r.ean13_upc }));
      await lockEans(
        tx,
        pairs.map((p) => p.ean13Upc),
      );
      const found = await rowsOf(tx, [...new Set(pairs.map((p) => p.ean13Upc))], pairs);
      for (const r of found) {
        const drift = {
          kind: 'row' as const,
          companyId: Number(r.company_id),
          ean13Upc: r.ean13_upc,
          stored: r.stored,
          real: r.real,
        };
        drifts.push(drift);
        report(drift);
      }
      await refreshPairs(
        tx,
        found.map((r) => ({ companyId: Number(r.company_id), ean13Upc: r.ean13_upc })),
      );
    });
  };
  for (let after = ''; ;) {
    const eans = (
      await queryRows<{ ean13_upc: string }>(
        db,
        sql`select ean13_upc from catalogued_products where ean13_upc > ${after} order by ean13_upc limit ${REPAIR_CHUNK}`,
      )
    ).map((r) => r.ean13_upc);
    if (!eans.length) break;
    await repairChunk(eans);
    after = eans[eans.length - 1];
  }
  const orphans = await queryRows<{ ean13_upc: string }>(
    db,
    sql`select distinct ean13_upc from company_catalogue c
      where not exists (select 1 from catalogued_products p where p.ean13_upc = c.ean13_upc)`,
  );
  for (let i = 0; i < orphans.length; i += REPAIR_CHUNK)
    await repairChunk(orphans.slice(i, i + REPAIR_CHUNK).map((r) => r.ean13_upc));
  drifts.push(...(await recountListed(db, report)));
  return drifts;
}

/** Each company's listed count set from its rows, where it differs. */
async function recountListed(db: Db, report: (drift: CatalogueDrift) => void): Promise<CatalogueDrift[]> {
  const differing = await queryRows<{ company_id: number }>(
    db,
    sql`select coalesce(k.company_id, c.company_id) as company_id
      from company_catalogue_counts k
        full join (select company_id, count(*)::int as n from company_catalogue where listed group by 1) c using (company_id)
      where coalesce(k.n, 0) <> coalesce(c.n, 0) order by 1`,
  );
  const drifts: CatalogueDrift[] = [];
  for (const { company_id } of differing) {
    const companyId = Number(company_id);
    await db.transaction(async (tx) => {
      // The row first (created if missing), locked: a refresh that changes this company's rows adds its delta after.
      await tx.insert(companyCatalogueCounts).values({ companyId, n: 0 }).onConflictDoNothing();
      const [{ stored }] = await forUpdate(
        tx,
        LOCK.companyCatalogueCounts,
        tx
          .select({ stored: companyCatalogueCounts.n })
          .from(companyCatalogueCounts)
          .where(eq(companyCatalogueCounts.companyId, companyId)),
        [companyId],
      );
      const [{ real }] = await queryRows<{ real: number }>(
        tx,
        sql`select count(*)::int as real from company_catalogue where company_id = ${companyId} and listed`,
      );
      if (Number(stored) === Number(real)) return;
      await tx.update(companyCatalogueCounts).set({ n: real }).where(eq(companyCatalogueCounts.companyId, companyId));
      const drift = { kind: 'count' as const, companyId, stored: Number(stored), real: Number(real) };
      drifts.push(drift);
      report(drift);
    });
  }
  return drifts;
}

/** How many listed products a company's catalogue has. */
export const listedCountStatement = (db: Tx, companyId: number) =>
  db
    .select({ counted: sql<number>`coalesce(sum(${companyCatalogueCounts.n}), 0)::int` })
    .from(companyCatalogueCounts)
    .where(eq(companyCatalogueCounts.companyId, companyId));

/**
 * Every company's catalogue rebuilt from the submissions and products in one statement each, for data loaded in bulk
 * by SQL while nothing else writes (a benchmark's seed, a test's): the lifecycle and the catalogue keep it otherwise.
 */
export async function rebuildCompanyCatalogues(db: Tx): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(companyCatalogue);
    await tx.execute(sql`
      insert into company_catalogue (company_id, ean13_upc, n, listed, brand, description, item_size, units_of_measure,
        updated_at)
      select s.company_id, s.ean13_upc, ${ROW_VALUES}
      from product_submissions s join catalogued_products p on p.ean13_upc = s.ean13_upc
      group by s.company_id, s.ean13_upc, p.ean13_upc`);
    await tx.delete(companyCatalogueCounts);
    await tx.execute(sql`
      insert into company_catalogue_counts (company_id, n)
      select company_id, count(*)::int from company_catalogue where listed group by 1`);
  });
}
