import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  CATALOGUE_COUNT_LIMIT,
  CATALOGUE_MSG,
  CATALOGUE_MAX_PAGE_SIZE,
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_SORT_KEYS,
  certifiedValuesSchema,
  DRAFT_MSG,
  photoCodesDiffer,
  shippingProfileChoiceSchema,
  upcPrefixes,
  type CatalogueSortKey,
  type CertifiedValues,
  type ImportRow,
} from '@portal/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { forUpdate, LOCK, taken } from '../../db/lock-order.ts';
import {
  cataloguedProducts,
  companyCatalogue,
  productShippingProfiles,
  productSubmissions,
  submissionFiles,
} from '../../db/schema.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import { readBarcodesOffThread } from '../../media/media-pool.ts';
import { changeStatus, createSubmissions } from '../submissions/lifecycle.ts';
import { countChangesTogether } from '../submissions/counts.ts';
import { imagePath } from '../submissions/presenter.ts';
import { staffStatusChange, visibleSubmission } from '../submissions/service.ts';
import { recordAudit } from '../audit/record.ts';
import type { ReceivedFile } from '../uploads/receive.ts';
import { storeThenRecord } from '../uploads/store-first.ts';
import { recordWithinQuota } from '../uploads/quota.ts';
import { applyProductShippingProfile, assertCompanyProfiles } from '../shipping-profiles/service.ts';
import type { UserRow } from '../users/repository.ts';
import { cataloguePolicy } from './policy.ts';
import { listedCountStatement, refreshProductsInCompanyCatalogues } from './membership.ts';
import { cursorJson, filtersFingerprint, invalidCursor, keyOf, keysetKey, timestampOf } from '../../lib/keyset.ts';
import { z } from 'zod';

export type CataloguedProductRow = typeof cataloguedProducts.$inferSelect;

/** How many EAN-13s an import's audit row lists by name. */
const AUDITED_EANS = 20;

/** Which submission statuses contribute images to a product. */
const IMAGE_STATUSES = ['ACCEPTED', 'CATALOGUED'];

/** A supplier sees a product when its company has a submission of that EAN-13. */
const companyHasSubmission = (companyId: number) =>
  sql`exists (select 1 from ${productSubmissions} s where s.company_id = ${companyId} and s.ean13_upc = ${cataloguedProducts.ean13Upc})`;

export async function visibleProduct(db: Tx, user: UserRow, ean13Upc: string): Promise<CataloguedProductRow> {
  if (!/^\d{1,14}$/.test(ean13Upc)) throw notFound('Product not found.');
  const where = cataloguePolicy.seesEveryProduct(user)
    ? eq(cataloguedProducts.ean13Upc, ean13Upc)
    : and(eq(cataloguedProducts.ean13Upc, ean13Upc), companyHasSubmission(user.companyId));
  const [row] = await db.select().from(cataloguedProducts).where(where);
  if (!row) throw notFound('Product not found.');
  return row;
}

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

const likeText = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c)}%`;

export interface CatalogueQuery {
  upcPrefix?: string | null;
  page?: number | null;
  pageSize?: number | null;
  sortBy?: string | null;
  sortDirection?: string | null;
  brand?: string | null;
  description?: string | null;
  /** The page is the one after the page whose end cursor this is (read from there, not counted from the top). */
  after?: string | null;
  /** The page is the one before the page whose start cursor this is. */
  before?: string | null;
}

const catalogueCursor = z.object({ k: z.string().max(1000), e: z.string().regex(/^\d{1,14}$/), f: z.string().max(20) });

/**
 * One page of the catalogue list and how many products match, counted up to CATALOGUE_COUNT_LIMIT (`more`: there are
 * more). A page next to one shown is read from that page's edge by keyset (`after` its end cursor, `before` its start
 * cursor: the sort key and EAN-13 of its last or first row) through the index of the sort, any other by its place from
 * the top within the counted rows; so no request reads more than CATALOGUE_COUNT_LIMIT rows however large the
 * catalogue, and Next and Previous cost the same on every page.
 */
export async function cataloguePage(ctx: AppContext, user: UserRow, q: CatalogueQuery) {
  const reads = cataloguePageReads(ctx.db, user, q);
  const [rows, [{ counted }]] = await Promise.all([reads.rows ?? [], reads.count]);
  if (reads.backwards) rows.reverse();
  const more = Number(counted) > CATALOGUE_COUNT_LIMIT;
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    items: await presentProducts(
      ctx.db,
      user,
      rows.map((r) => r.row),
    ),
    total: more ? CATALOGUE_COUNT_LIMIT : Number(counted),
    more,
    page: reads.page,
    pageSize: reads.pageSize,
    startCursor: first ? reads.cursorOf(first) : null,
    endCursor: last ? reads.cursorOf(last) : null,
  };
}

/** The statements of a catalogue page: its rows (null past the rows counted, with no edge to read from) and the capped count. */
export function cataloguePageReads(db: Tx, user: UserRow, q: CatalogueQuery) {
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
  if (q.brand?.trim()) conditions.push(sql`${columns.brand} like ${likeText(q.brand.trim())}`);
  if (q.description?.trim()) conditions.push(sql`${columns.description} like ${likeText(q.description.trim())}`);
  const filtered = prefixes.length > 0 || !!q.brand?.trim() || !!q.description?.trim();
  const where = conditions.length ? and(...conditions) : undefined;
  // A cursor is good for the list it came from only: its sort, direction and filters (and who reads it).
  const fingerprint = filtersFingerprint({
    sortBy,
    direction,
    upcPrefix: q.upcPrefix?.trim() || null,
    brand: q.brand?.trim() || null,
    description: q.description?.trim() || null,
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
   * many rows share k. Estimated at one row, a sort of every row past the cursor cost the planner what the index
   * read of a page did (8.46 against 8.43 at 100,000 products), and either could be chosen; with `>=` the estimate
   * counts the rows of k, and the index read wins by far.
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

function decodeCatalogueCursor(cursor: string, fingerprint: string) {
  const parsed = catalogueCursor.safeParse(cursorJson(cursor, 1500));
  if (!parsed.success || parsed.data.f !== fingerprint) throw invalidCursor();
  return parsed.data;
}

/**
 * The integration API's catalogue list: by EAN-13, a page at a time from a cursor (the primary key's index: every page
 * costs the same, however deep). A supplier sees the products its company submitted, delisted ones aside, as on the
 * catalogue page. The cursor is the last EAN-13 of the page before, opaque to clients.
 */
export async function catalogueKeysetPage(ctx: AppContext, user: UserRow, q: { limit: number; cursor?: string }) {
  const after = q.cursor ? decodeEanCursor(q.cursor) : null;
  const rows = cataloguePolicy.seesEveryProduct(user)
    ? await ctx.db
        .select()
        .from(cataloguedProducts)
        .where(after ? sql`${cataloguedProducts.ean13Upc} > ${after}` : undefined)
        .orderBy(asc(cataloguedProducts.ean13Upc))
        .limit(q.limit + 1)
    : // The company's catalogue (membership.ts) in its primary key's order, the products of the page joined.
      (
        await ctx.db
          .select({ row: cataloguedProducts })
          .from(companyCatalogue)
          .innerJoin(cataloguedProducts, eq(cataloguedProducts.ean13Upc, companyCatalogue.ean13Upc))
          .where(
            and(
              eq(companyCatalogue.companyId, user.companyId),
              sql`${companyCatalogue.listed}`,
              after ? sql`${companyCatalogue.ean13Upc} > ${after}` : undefined,
            ),
          )
          .orderBy(asc(companyCatalogue.ean13Upc))
          .limit(q.limit + 1)
      ).map((r) => r.row);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    items: await presentProducts(ctx.db, user, page),
    next_cursor: rows.length > q.limit && last ? Buffer.from(`e:${last.ean13Upc}`).toString('base64url') : null,
  };
}

function decodeEanCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const ean = /^e:(\d{8,14})$/.exec(text)?.[1];
  if (!ean) throw invalidCursor();
  return ean;
}

/**
 * Images of products: the files of the submissions of each EAN-13 with status ACCEPTED or CATALOGUED, newest
 * submission first. A supplier sees only its own company's submissions' files (the image route would refuse the
 * others); staff see all.
 */
async function imagesOf(db: Tx, user: UserRow, eans: string[]) {
  const out = new Map<string, { imageUrls: string[]; thumbnailUrls: string[] }>();
  for (const e of eans) out.set(e, { imageUrls: [], thumbnailUrls: [] });
  if (!eans.length) return out;
  const rows = await db
    .select({
      ean: productSubmissions.ean13Upc,
      id: productSubmissions.id,
      fileName: submissionFiles.fileName,
      kind: submissionFiles.kind,
    })
    .from(productSubmissions)
    .innerJoin(submissionFiles, eq(submissionFiles.submissionId, productSubmissions.id))
    .where(
      and(
        inArray(productSubmissions.ean13Upc, eans),
        inArray(productSubmissions.itemStatus, IMAGE_STATUSES),
        cataloguePolicy.seesEveryProduct(user) ? undefined : eq(productSubmissions.companyId, user.companyId),
      ),
    )
    .orderBy(desc(productSubmissions.updatedAt), desc(productSubmissions.id), asc(submissionFiles.position));
  for (const r of rows) {
    const url = imagePath(r.id, r.fileName, r.kind);
    const entry = out.get(r.ean)!;
    entry.imageUrls.push(url);
    entry.thumbnailUrls.push(`${url}?thumbnail=true`);
  }
  return out;
}

export async function productImageUrls(db: Tx, user: UserRow, ean13Upc: string) {
  return (await imagesOf(db, user, [ean13Upc])).get(ean13Upc)!.imageUrls;
}

export async function presentProducts(db: Tx, user: UserRow, rows: CataloguedProductRow[]) {
  const eans = rows.map((r) => r.ean13Upc);
  const [images, profiles] = await Promise.all([
    imagesOf(db, user, eans),
    eans.length
      ? db
          .select()
          .from(productShippingProfiles)
          .where(
            and(eq(productShippingProfiles.companyId, user.companyId), inArray(productShippingProfiles.ean13Upc, eans)),
          )
      : Promise.resolve([]),
  ]);
  const profileOf = new Map(profiles.map((p) => [p.ean13Upc, p.shippingProfileId]));
  return rows.map((r) => ({
    ...r,
    shippingProfileId: profileOf.get(r.ean13Upc) ?? null,
    ...images.get(r.ean13Upc)!,
    can: {
      addImages: cataloguePolicy.addImages(user) && !r.isDelisted,
      setShippingProfile: cataloguePolicy.setShippingProfile(user),
      delist: cataloguePolicy.catalogue(user) && !r.isDelisted,
    },
  }));
}
export type PresentedProduct = Awaited<ReturnType<typeof presentProducts>>[number];

export const presentProduct = async (db: Tx, user: UserRow, row: CataloguedProductRow) =>
  (await presentProducts(db, user, [row]))[0];

/** Creates or updates the catalogued product of an EAN-13 (a delisted one comes back into the catalogue). */
async function upsertProducts(tx: Tx, userId: number, unordered: ImportRow[]) {
  const now = new Date();
  // In EAN-13 order, so two imports of overlapping files lock their common products in the same order.
  const rows = [...unordered].sort((a, b) => (a.ean13Upc < b.ean13Upc ? -1 : a.ean13Upc > b.ean13Upc ? 1 : 0));
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    taken(
      tx,
      LOCK.cataloguedProduct,
      chunk.map((r) => r.ean13Upc),
    );
    await tx
      .insert(cataloguedProducts)
      .values(
        chunk.map((r) => ({
          ean13Upc: r.ean13Upc,
          ...r.values,
          isDelisted: false,
          delistedAt: null,
          updatedBy: userId,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: cataloguedProducts.ean13Upc,
        set: {
          description: sql`excluded.description`,
          brand: sql`excluded.brand`,
          department: sql`excluded.department`,
          category: sql`excluded.category`,
          subcategory: sql`excluded.subcategory`,
          itemSize: sql`excluded.item_size`,
          unitsOfMeasure: sql`excluded.units_of_measure`,
          packCount: sql`excluded.pack_count`,
          isDelisted: false,
          delistedAt: null,
          updatedBy: userId,
          updatedAt: now,
        },
      });
  }
}

/** Cataloguing staff record the certified values of an accepted submission: ACCEPTED to CATALOGUED, in one transaction. */
export async function catalogueSubmission(ctx: AppContext, user: UserRow, id: string, input: unknown) {
  const { ean13Upc } = await visibleSubmission(ctx, user, id);
  if (!cataloguePolicy.catalogue(user)) throw forbidden();
  const values: CertifiedValues = certifiedValuesSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    // The product row first, then the submission and its counts (db/lock-order.ts): the order of the import and the
    // delisting, so none of them holds what another waits for while it waits in turn. A submission that is not ACCEPTED (checked under
    // its row lock) rolls the product's values back with the rest.
    await upsertProducts(tx, user.id, [{ ean13Upc, values }]);
    const updated = await staffStatusChange(tx, user, id, 'CATALOGUED', 'submission.catalogued');
    // Its EAN-13 changes only with a resubmission, which an ACCEPTED submission has had since it was read.
    if (updated.ean13Upc !== ean13Upc) throw conflict(CATALOGUE_MSG.submissionChanged);
    // Last: the company catalogues' locks follow the counts' (db/lock-order.ts).
    await refreshProductsInCompanyCatalogues(tx, [updated.ean13Upc]);
    return updated;
  });
}

/** The certified-values import: every row applied, and matching ACCEPTED submissions catalogued, in one transaction. */
export async function importCertifiedValues(ctx: AppContext, user: UserRow, rows: ImportRow[]) {
  if (!cataloguePolicy.catalogue(user)) throw forbidden();
  return ctx.db.transaction(async (tx) => {
    let catalogued = 0;
    const eans = rows.map((r) => r.ean13Upc);
    const existing = new Set<string>();
    for (let i = 0; i < eans.length; i += 1000) {
      const found = await tx
        .select({ e: cataloguedProducts.ean13Upc })
        .from(cataloguedProducts)
        .where(inArray(cataloguedProducts.ean13Upc, eans.slice(i, i + 1000)));
      found.forEach((f) => existing.add(f.e));
    }
    await upsertProducts(tx, user.id, rows);
    // Their count changes applied together at the end: the count rows locked in the one order (submissions/counts.ts).
    await countChangesTogether(tx, async () => {
      for (let i = 0; i < eans.length; i += 1000) {
        const accepted = await tx
          .select({ id: productSubmissions.id })
          .from(productSubmissions)
          .where(
            and(
              inArray(productSubmissions.ean13Upc, eans.slice(i, i + 1000)),
              eq(productSubmissions.itemStatus, 'ACCEPTED'),
            ),
          )
          .orderBy(asc(productSubmissions.id));
        for (const s of accepted) {
          await changeStatus(tx, s.id, 'CATALOGUED', {
            actor: 'staff',
            userId: user.id,
            reason: 'Certified values imported',
          });
          catalogued++;
        }
      }
    });
    // The products' rows in the company catalogues, after the counts (the order of membership.ts).
    await refreshProductsInCompanyCatalogues(tx, eans);
    // One row for the import (it is one act; a file may hold thousands of products): counts and the first EAN-13s.
    await recordAudit(tx, {
      actor: user,
      action: 'certified_values.imported',
      target: { type: 'certified_values_import', id: randomUUID(), label: `${rows.length} rows` },
      after: {
        rows: rows.length,
        productsCreated: rows.length - existing.size,
        productsUpdated: existing.size,
        submissionsCatalogued: catalogued,
        ean13Upcs:
          eans.length > AUDITED_EANS
            ? [...eans.slice(0, AUDITED_EANS), `and ${eans.length - AUDITED_EANS} more`]
            : eans,
      },
    });
    return { applied: rows.length, catalogued };
  });
}

/** A product leaves the catalogue: every CATALOGUED submission of it goes to DELISTED. */
export async function delistProduct(ctx: AppContext, user: UserRow, ean13Upc: string) {
  await visibleProduct(ctx.db, user, ean13Upc);
  if (!cataloguePolicy.catalogue(user)) throw forbidden();
  return ctx.db.transaction(async (tx) => {
    const [locked] = await forUpdate(
      tx,
      LOCK.cataloguedProduct,
      tx.select().from(cataloguedProducts).where(eq(cataloguedProducts.ean13Upc, ean13Upc)),
      [ean13Upc],
    );
    if (!locked) throw notFound('Product not found.');
    if (locked.isDelisted) throw new HttpError(409, 'INVALID_TRANSITION', 'This product is already delisted.');
    const catalogued = await tx
      .select({ id: productSubmissions.id })
      .from(productSubmissions)
      .where(and(eq(productSubmissions.ean13Upc, ean13Upc), eq(productSubmissions.itemStatus, 'CATALOGUED')))
      .orderBy(asc(productSubmissions.id));
    await countChangesTogether(tx, async () => {
      for (const s of catalogued) await changeStatus(tx, s.id, 'DELISTED', { actor: 'staff', userId: user.id });
    });
    const now = new Date();
    const [row] = await tx
      .update(cataloguedProducts)
      .set({ isDelisted: true, delistedAt: now, updatedAt: now, updatedBy: user.id })
      .where(eq(cataloguedProducts.ean13Upc, ean13Upc))
      .returning();
    await refreshProductsInCompanyCatalogues(tx, [ean13Upc]);
    await recordAudit(tx, {
      actor: user,
      action: 'product.delisted',
      target: { type: 'product', id: ean13Upc, label: locked.description },
      before: { delisted: false },
      after: { delisted: true, submissionsDelisted: catalogued.length },
    });
    return row;
  });
}

/** The supplier's company applies one of its shipping profiles to a product (null removes it). */
export async function setShippingProfile(ctx: AppContext, user: UserRow, ean13Upc: string, body: unknown) {
  const product = await visibleProduct(ctx.db, user, ean13Upc);
  if (!cataloguePolicy.setShippingProfile(user)) throw forbidden();
  const { shippingProfileId } = shippingProfileChoiceSchema.parse(body ?? {});
  await assertCompanyProfiles(ctx.db, user.companyId, [shippingProfileId]);
  await ctx.db.transaction((tx) =>
    applyProductShippingProfile(tx, { companyId: user.companyId, ean13Upc, shippingProfileId, userId: user.id }),
  );
  return presentProduct(ctx.db, user, product);
}

/** Checked before any byte of an image upload is read. */
export async function productForNewImages(ctx: AppContext, user: UserRow, ean13Upc: string) {
  const product = await visibleProduct(ctx.db, user, ean13Upc);
  if (!cataloguePolicy.addImages(user)) throw forbidden();
  if (product.isDelisted) throw new HttpError(409, 'CONFLICT', 'This product is delisted; images cannot be added.');
  return product;
}

/**
 * Refuses images of a catalogued product whose barcodes are all another code (the automated checks would reject the
 * submission moments later): 409 BARCODE_DIFFERS naming them, until the user confirms with the field
 * DRAFT_MSG.sendDifferingField = 'send'. Read in the media processes, as the checks job reads them.
 */
export async function assertImagesShowProduct(product: CataloguedProductRow, files: ReceivedFile[]) {
  const readings = await Promise.all(
    files.map(async (f) => ({ fileName: f.fileName, codes: (await readBarcodesOffThread(f.tempPath, f.kind)).codes })),
  );
  const differing = photoCodesDiffer(
    product.ean13Upc,
    readings.flatMap((r) => r.codes),
  );
  if (!differing) return;
  const shown = readings.filter((r) => r.codes.length > 0);
  throw new HttpError(
    409,
    'BARCODE_DIFFERS',
    DRAFT_MSG.upcDiffers(
      product.ean13Upc,
      differing,
      shown.map((r) => r.fileName),
    ),
    { fields: Object.fromEntries(shown.map((r) => [r.fileName, r.codes.join(', ')])) },
  );
}

/**
 * New images of a catalogued product: a product submission of the user's company for that EAN-13, SUBMITTED, with
 * the files, history, and the automated checks (the same review as the intake). Staff acceptance shows the images.
 */
export async function addProductImages(
  ctx: AppContext,
  user: UserRow,
  product: CataloguedProductRow,
  partnerCompanyId: number | null,
  files: ReceivedFile[],
) {
  if (!files.length)
    throw badRequest('Please choose at least one file.', { files: 'Please choose at least one file.' });
  const id = randomUUID();
  await storeThenRecord(
    ctx.storage,
    files,
    (fileId) => `submissions/${id}/${fileId}`,
    (stored) =>
      ctx.db.transaction((tx) =>
        recordWithinQuota(tx, ctx.config, user.companyId, () =>
          createSubmissions(
            tx,
            [
              {
                id,
                companyId: user.companyId,
                userId: user.id,
                partnerCompanyId,
                upc: product.ean13Upc,
                ean13Upc: product.ean13Upc,
                productName: product.description,
                files: stored,
                from: null,
                reason: 'Images for a catalogued product',
              },
            ],
            { actor: 'supplier', userId: user.id },
          ),
        ),
      ),
  );
  return { id };
}

/** Catalogued products recorded as they are (the demo's history): no checks, no audit row. */
export async function insertCataloguedProducts(db: Tx, values: (typeof cataloguedProducts.$inferInsert)[]) {
  if (!values.length) return;
  await db.insert(cataloguedProducts).values(values);
  await refreshProductsInCompanyCatalogues(
    db,
    values.map((v) => v.ean13Upc),
  );
}
