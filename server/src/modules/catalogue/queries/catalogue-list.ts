import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  CATALOGUE_COUNT_LIMIT,
  CATALOGUE_MAX_PAGE_SIZE,
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_SORT_KEYS,
  listSearchText,
  upcPrefixes,
  type CatalogueSortKey,
} from '@portal/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Tx } from '../../../db/client.ts';
import { cataloguedProducts, companyCatalogue } from '../../../db/schema.ts';
import {
  productSearchText,
  productSearchVector,
  searchTermCondition,
  upcMatches,
  type SearchTerm,
} from '../../../db/search-text.ts';
import { searchTermOf } from '../../../db/search-words.ts';
import { badRequest } from '../../../lib/errors.ts';
import { cursorJson, filtersFingerprint, invalidCursor, keyOf, keysetKey, timestampOf } from '../../../lib/keyset.ts';
import type { UserRow } from '../../users/repository.ts';
import { cataloguePolicy } from '../policy.ts';
import type { CataloguedProductRow } from '../repository.ts';
import { listedCountStatement } from './membership.ts';

/**
 * Each sort's key, as its index holds it (then the EAN-13): the optional columns as '' when empty, so that every row has
 * a place in the keyset order (a null would compare as unknown and drop out of a page read from a cursor). Staff read
 * the catalogue's indexes; a supplier its company's catalogue (membership.ts), whose rows hold the keys as these are.
 */
const SORT_COLUMNS: Record<CatalogueSortKey, SQL | AnyPgColumn> = {
  ean13Upc: cataloguedProducts.ean13Upc,
  brand: sql`lower(${cataloguedProducts.brand})`,
  description: sql`lower(${cataloguedProducts.description})`,
  itemSize: sql`coalesce(${cataloguedProducts.itemSize}, '')`,
  unitsOfMeasure: sql`coalesce(${cataloguedProducts.unitsOfMeasure}, '')`,
  updatedDate: cataloguedProducts.updatedAt,
};
const COMPANY_SORT_COLUMNS: Record<CatalogueSortKey, AnyPgColumn> = {
  ean13Upc: companyCatalogue.ean13Upc,
  brand: companyCatalogue.brand,
  description: companyCatalogue.description,
  itemSize: companyCatalogue.itemSize,
  unitsOfMeasure: companyCatalogue.unitsOfMeasure,
  updatedDate: companyCatalogue.updatedAt,
};

/** The key of a row as a cursor keeps it: text, and the modification time in whole microseconds. */
const cursorKeyOf = (sortBy: CatalogueSortKey, columns: Record<CatalogueSortKey, SQL | AnyPgColumn>) =>
  sortBy === 'updatedDate' ? keyOf(sql`${columns.updatedDate}`) : sql`(${columns[sortBy]})::text`;
const keyValue = (sortBy: CatalogueSortKey, key: string) => (sortBy === 'updatedDate' ? timestampOf(key) : sql`${key}`);

/** A text (already lowered and without accents by search_text()) contains what was typed, made alike. */
const containing = (normalised: SQL, typed: string) =>
  sql`${normalised} like '%' || public.search_text(${typed.replace(/[\\%_]/g, (c) => '\\' + c)}) || '%'`;
const normalised = (column: AnyPgColumn) => sql`public.search_text(${column})`;

export interface CatalogueQuery {
  upcPrefix?: string | null;
  page?: number | null;
  pageSize?: number | null;
  sortBy?: string | null;
  sortDirection?: string | null;
  brand?: string | null;
  description?: string | null;
  /** The search box's search: a name or brand (typos forgiven) or a UPC in any form. */
  q?: string | null;
  /** The page is the one after the page whose end cursor this is (read from there, not counted from the top). */
  after?: string | null;
  /** The page is the one before the page whose start cursor this is. */
  before?: string | null;
}

const catalogueCursor = z.object({ k: z.string().max(1000), e: z.string().regex(/^\d{1,14}$/), f: z.string().max(20) });

/** The statements of a catalogue page: its rows (null past the rows counted, with no edge to read from) and the capped count. */
export async function cataloguePageReads(db: Tx, user: UserRow, q: CatalogueQuery) {
  const sortBy = (q.sortBy ?? 'updatedDate') as CatalogueSortKey;
  if (!CATALOGUE_SORT_KEYS.includes(sortBy)) throw badRequest(`Unknown sort ${q.sortBy}.`);
  const direction = q.sortDirection ?? 'desc';
  if (direction !== 'asc' && direction !== 'desc') throw badRequest(`Unknown sort direction ${q.sortDirection}.`);
  const pageSize = Math.min(Math.max(q.pageSize ?? CATALOGUE_PAGE_SIZE, 1), CATALOGUE_MAX_PAGE_SIZE);
  const page = Math.max(q.page ?? 1, 1);
  // Staff read the catalogue; a supplier the listed rows of its company's catalogue (membership.ts), joined to the
  // products of a page only: every condition and order is on the company's rows and their indexes.
  const everyProduct = cataloguePolicy.seesEveryProduct(user);
  const columns = everyProduct ? SORT_COLUMNS : COMPANY_SORT_COLUMNS;
  const eanColumn = columns.ean13Upc;
  const conditions: SQL[] = [];
  if (!everyProduct)
    // `listed` as it is written in the partial indexes' predicate, so that the planner matches them.
    conditions.push(eq(companyCatalogue.companyId, user.companyId), sql`${companyCatalogue.listed}`);
  const prefixes = upcPrefixes(q.upcPrefix);
  if (prefixes.length) conditions.push(or(...prefixes.map((p) => sql`${eanColumn} like ${p + '%'}`))!);
  // Brand and description contain the text: for staff through the trigram index of the two together (a LIKE it
  // answers), then the column itself; a supplier's within its company's rows, whose copies are lowered already.
  for (const [text, column, companyColumn] of [
    [q.brand?.trim(), cataloguedProducts.brand, companyCatalogue.brand],
    [q.description?.trim(), cataloguedProducts.description, companyCatalogue.description],
  ] as const)
    if (text)
      conditions.push(
        everyProduct
          ? sql`${containing(productSearchText('catalogued_products'), text)} and ${containing(normalised(column), text)}`
          : containing(normalised(companyColumn), text),
      );
  const search = listSearchText(q.q);
  if (search) conditions.push(catalogueSearchCondition(await searchTermOf(db, search), everyProduct));
  const filtered = prefixes.length > 0 || !!q.brand?.trim() || !!q.description?.trim() || !!search;
  const where = conditions.length ? and(...conditions) : undefined;
  // A cursor is good for the list it came from only: its sort, direction and filters (and who reads it).
  const fingerprint = filtersFingerprint({
    sortBy,
    direction,
    upcPrefix: q.upcPrefix?.trim() || null,
    brand: q.brand?.trim() || null,
    description: q.description?.trim() || null,
    q: search,
    user: everyProduct ? 'all' : user.companyId,
  });
  const edge = q.after ?? q.before;
  if (q.after && q.before) throw badRequest('Give after or before, not both.');
  const backwards = !q.after && !!q.before;
  const order = (direction === 'asc') !== backwards ? asc : desc;
  const sortColumn = columns[sortBy];
  // Each row with its sort key as the cursor keeps it (the modification time to the microsecond, which a Date loses).
  const orderOf = (key: SQL | AnyPgColumn | SQL.Aliased, ean: SQL | AnyPgColumn) =>
    sortBy === 'ean13Upc' ? [order(ean)] : [order(key), order(ean)];
  const ordered = (condition: SQL | undefined, skip: number) => {
    if (everyProduct)
      return db
        .select({ row: cataloguedProducts, key: sql<string>`${cursorKeyOf(sortBy, columns)}` })
        .from(cataloguedProducts)
        .where(condition)
        .orderBy(...orderOf(sortColumn, eanColumn))
        .limit(pageSize)
        .offset(skip);
    // The company's page first (its rows in the index of the sort), then the products of the page by key: joined in
    // one statement, the planner may walk the catalogue's index by EAN-13 and pass over other companies' products.
    const chosen = db
      .select({
        ean: companyCatalogue.ean13Upc,
        sort: sql`${sortColumn}`.as('sort'),
        key: sql<string>`${cursorKeyOf(sortBy, columns)}`.as('key'),
      })
      .from(companyCatalogue)
      .where(condition)
      .orderBy(...orderOf(sortColumn, eanColumn))
      .limit(pageSize)
      .offset(skip)
      .as('chosen');
    return db
      .select({ row: cataloguedProducts, key: chosen.key })
      .from(chosen)
      .innerJoin(cataloguedProducts, eq(cataloguedProducts.ean13Upc, chosen.ean))
      .orderBy(...orderOf(chosen.sort, chosen.ean));
  };
  /**
   * Down the list (after) in its direction, or back up it (before): the sort's index read as a range either way. The
   * range is written `(key, ean) >= (cursor)` less the cursor's own row rather than `(key, ean) > (cursor)`: the same
   * rows (the EAN-13 is unique), but PostgreSQL estimates a row comparison by its first column alone, and `key > k`
   * is nothing when k is the last key (`<`: the first, such as the empty size of every product without one), however
   * many rows share k. Estimated at one row, a sort of every row past the cursor cost the planner about what the
   * index read of a page did (figures in docs/decisions/catalogue.md), and either could be chosen; with `>=` the
   * estimate counts the rows of k, and the index read wins by far.
   */
  const pastEdge = (cursor: string) => {
    const at = decodeCatalogueCursor(cursor, fingerprint);
    if (sortBy === 'ean13Upc') return sql`${eanColumn} ${sql.raw(order === asc ? '>' : '<')} ${at.e}`;
    // A date's key becomes a timestamp in SQL: only one a row can have (a crafted one is a 400, not a 500).
    if (sortBy === 'updatedDate' && !keysetKey.safeParse(at.k).success) throw invalidCursor();
    const key = keyValue(sortBy, at.k);
    return sql`(${sortColumn}, ${eanColumn}) ${sql.raw(order === asc ? '>=' : '<=')} (${key}, ${at.e})
      and not (${sortColumn} = ${key} and ${eanColumn} = ${at.e})`;
  };
  const skip = (page - 1) * pageSize;
  const rows = edge
    ? ordered(and(where, pastEdge(edge)), 0)
    : skip < CATALOGUE_COUNT_LIMIT
      ? ordered(where, skip)
      : null;
  // A supplier's list without a filter is counted already (its company's listed products); any other count stops past
  // CATALOGUE_COUNT_LIMIT.
  const count =
    !everyProduct && !filtered
      ? listedCountStatement(db, user.companyId)
      : db.select({ counted: sql<number>`count(*)::int` }).from(
          db
            .select({ one: sql`1` })
            .from(everyProduct ? cataloguedProducts : companyCatalogue)
            .where(where)
            .limit(CATALOGUE_COUNT_LIMIT + 1)
            .as('counted'),
        );
  const cursorOf = (r: { row: CataloguedProductRow; key: string }) =>
    Buffer.from(JSON.stringify({ k: r.key, e: r.row.ean13Upc, f: fingerprint })).toString('base64url');
  return { rows, count, backwards, page, pageSize, cursorOf };
}

/**
 * The search box's search as the list's filter: a UPC in any form on the EAN-13 (the rows' own prefix index), or a
 * name or brand by the catalogue's word index (its trigram index when the catalogue held nothing near the query's
 * words); a supplier's rows those of its company among the products found.
 */
function catalogueSearchCondition(term: SearchTerm, everyProduct: boolean): SQL {
  if ('exact' in term)
    return upcMatches(everyProduct ? sql`${cataloguedProducts.ean13Upc}` : sql`${companyCatalogue.ean13Upc}`, term);
  const product = (p: string) =>
    searchTermCondition(term, {
      text: productSearchText(p),
      vector: productSearchVector(p),
      ean: sql.raw(`${p}.ean13_upc`),
    });
  if (everyProduct) return product('catalogued_products');
  return sql`${companyCatalogue.ean13Upc} in (select p.ean13_upc from catalogued_products p where ${product('p')})`;
}

function decodeCatalogueCursor(cursor: string, fingerprint: string) {
  const parsed = catalogueCursor.safeParse(cursorJson(cursor, 1500));
  if (!parsed.success || parsed.data.f !== fingerprint) throw invalidCursor();
  return parsed.data;
}
