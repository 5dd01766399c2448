import { asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { ReviewStockReason } from '@portal/domain';
import { queryRows, type Tx } from '../../db/client.ts';
import { lock, LOCK } from '../../db/lock-order.ts';
import { reviewStockReasons } from '../../db/schema.ts';

/** The review workspace's own queries: companies to filter by, related submissions, deciders, stock reasons. */

type CompanyChoice = { id: number; name: string };

export async function companyName(db: Tx, id: number): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(db, sql`select name from companies where id = ${id}`);
  return row?.name ?? null;
}

export const partnerCompanies = (db: Tx) =>
  queryRows<CompanyChoice>(db, sql`select id, name from companies where kind = 'partner' order by name`);

export const supplierCompany = (db: Tx, id: number) =>
  queryRows<CompanyChoice>(db, sql`select id, name from companies where id = ${id} and kind = 'supplier'`);

/** Supplier companies whose lower-cased name is like `pattern` and not like `notLike` (when given), by name. */
export const suppliersNamedLike = (db: Tx, pattern: string, limit: number, notLike?: string) =>
  queryRows<CompanyChoice>(
    db,
    notLike === undefined
      ? sql`select id, name from companies where kind = 'supplier' and lower(name) like ${pattern}
        order by lower(name), id limit ${limit}`
      : sql`select id, name from companies where kind = 'supplier' and lower(name) like ${pattern}
        and lower(name) not like ${notLike} order by lower(name), id
        limit ${limit}`,
  );

/** Every other submission of the same EAN-13, any status, any company (the newest 50). */
export const sameUpcRows = (db: Tx, s: { id: string; ean13Upc: string }) =>
  queryRows<Record<string, unknown>>(
    db,
    sql`select o.id, o.upc, o.product_name, o.item_status, co.name as company_name, o.partner_company_id, o.submitted_at
      from product_submissions o join companies co on co.id = o.company_id
      where o.ean13_upc = ${s.ean13Upc} and o.id <> ${s.id}::uuid
      order by o.submitted_at desc, o.id desc limit 50`,
  );

/** The item's status and the user of its last history row (null for the system), with their name. */
export async function statusAndLastUser(db: Tx, id: string) {
  const [last] = await queryRows<{
    item_status: string;
    user_id: number | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
  }>(
    db,
    sql`select s.item_status, h.user_id, u.first_name, u.last_name, u.email from product_submissions s
      left join lateral (select h.user_id from submission_history h where h.submission_id = s.id
        order by h.at desc, h.id desc limit 1) h on true
      left join users u on u.id = h.user_id where s.id = ${id}::uuid`,
  );
  return last;
}

export async function itemStatusOf(db: Tx, id: string): Promise<string | undefined> {
  const [row] = await queryRows<{ item_status: string }>(
    db,
    sql`select item_status from product_submissions where id = ${id}::uuid`,
  );
  return row?.item_status;
}

const reasonColumns = {
  id: reviewStockReasons.id,
  partnerCompanyId: reviewStockReasons.partnerCompanyId,
  text: reviewStockReasons.text,
  code: reviewStockReasons.code,
};

/** A partner's stock reasons, then the ones for every partner (kept with no partner), in the order they were added. */
export async function stockReasonsFor(db: Tx, partnerCompanyId: number | null): Promise<ReviewStockReason[]> {
  return db
    .select(reasonColumns)
    .from(reviewStockReasons)
    .where(
      partnerCompanyId == null
        ? isNull(reviewStockReasons.partnerCompanyId)
        : or(eq(reviewStockReasons.partnerCompanyId, partnerCompanyId), isNull(reviewStockReasons.partnerCompanyId)),
    )
    .orderBy(sql`${reviewStockReasons.partnerCompanyId} is null`, asc(reviewStockReasons.id));
}

/**
 * The texts of one partner's own stock reasons (null: those for every partner), read under that partner's lock: one
 * partner's reasons are added one at a time.
 */
export async function lockStockReasonsOf(tx: Tx, partnerCompanyId: number | null): Promise<string[]> {
  await lock(tx, LOCK.stockReasons, [partnerCompanyId ?? -1]);
  const rows = await tx
    .select({ text: reviewStockReasons.text })
    .from(reviewStockReasons)
    .where(
      partnerCompanyId == null
        ? isNull(reviewStockReasons.partnerCompanyId)
        : eq(reviewStockReasons.partnerCompanyId, partnerCompanyId),
    );
  return rows.map((r) => r.text);
}

export async function insertStockReason(
  tx: Tx,
  values: { partnerCompanyId: number | null; text: string; code: string | null; createdBy: number },
): Promise<ReviewStockReason> {
  const [row] = await tx.insert(reviewStockReasons).values(values).returning(reasonColumns);
  return row;
}

export async function deleteStockReasonRow(tx: Tx, id: number): Promise<ReviewStockReason | undefined> {
  const [deleted] = await tx.delete(reviewStockReasons).where(eq(reviewStockReasons.id, id)).returning(reasonColumns);
  return deleted;
}

/**
 * Which of these items' partners keep the undo window on (the default, also for an item without a partner or a
 * partner without a configuration): a decision on them is held, its e-mail and events waiting out the window.
 */
export async function undoWindowOn(db: Tx, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select s.id from product_submissions s
      left join partner_configurations pc on pc.company_id = s.partner_company_id
      where s.id = any(${`{${ids.join(',')}}`}::uuid[]) and coalesce(pc.decision_undo, true)`,
  );
  return new Set(rows.map((r) => String(r.id)));
}

/** Which of these reason codes some stock reason carries (the code list staff keep with the stock reasons). */
export async function knownReasonCodes(db: Tx, codes: readonly string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await queryRows<{ code: string }>(
    db,
    sql`select distinct code from review_stock_reasons where code = any(${`{${codes.join(',')}}`}::text[])`,
  );
  return new Set(rows.map((r) => r.code));
}
