import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ImportRow } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { forUpdate, LOCK, taken } from '../../db/lock-order.ts';
import {
  cataloguedProducts,
  companyCatalogue,
  productShippingProfiles,
  productSubmissions,
  submissionFiles,
} from '../../db/schema.ts';
import { refreshProductsInCompanyCatalogues } from './queries/membership.ts';

export type CataloguedProductRow = typeof cataloguedProducts.$inferSelect;

/** A supplier sees a product when its company has a submission of that EAN-13. */
export const companyHasSubmission = (companyId: number) =>
  sql`exists (select 1 from ${productSubmissions} s where s.company_id = ${companyId} and s.ean13_upc = ${cataloguedProducts.ean13Upc})`;

/** A product by EAN-13, as a company sees it (null: every product, as staff see them). */
export async function productSeenBy(db: Tx, ean13Upc: string, companyId: number | null) {
  const where =
    companyId === null
      ? eq(cataloguedProducts.ean13Upc, ean13Upc)
      : and(eq(cataloguedProducts.ean13Upc, ean13Upc), companyHasSubmission(companyId));
  const [row] = await db.select().from(cataloguedProducts).where(where);
  return row;
}

/**
 * Products after an EAN-13 by EAN-13, at most `limit`: every product (companyId null), or a company's listed
 * catalogue (membership.ts) in its primary key's order, the products of the page joined.
 */
export async function productsAfter(db: Tx, companyId: number | null, after: string | null, limit: number) {
  return companyId === null
    ? db
        .select()
        .from(cataloguedProducts)
        .where(after ? sql`${cataloguedProducts.ean13Upc} > ${after}` : undefined)
        .orderBy(asc(cataloguedProducts.ean13Upc))
        .limit(limit)
    : (
        await db
          .select({ row: cataloguedProducts })
          .from(companyCatalogue)
          .innerJoin(cataloguedProducts, eq(cataloguedProducts.ean13Upc, companyCatalogue.ean13Upc))
          .where(
            and(
              eq(companyCatalogue.companyId, companyId),
              sql`${companyCatalogue.listed}`,
              after ? sql`${companyCatalogue.ean13Upc} > ${after}` : undefined,
            ),
          )
          .orderBy(asc(companyCatalogue.ean13Upc))
          .limit(limit)
      ).map((r) => r.row);
}

/** The files of the submissions of these EAN-13s with these statuses (a company's only, unless null), newest first. */
export function imageFilesOf(db: Tx, eans: string[], statuses: string[], companyId: number | null) {
  return db
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
        inArray(productSubmissions.itemStatus, statuses),
        companyId === null ? undefined : eq(productSubmissions.companyId, companyId),
      ),
    )
    .orderBy(desc(productSubmissions.updatedAt), desc(productSubmissions.id), asc(submissionFiles.position));
}

/** The shipping profiles a company gave these products. */
export const productProfilesOf = (db: Tx, companyId: number, eans: string[]) =>
  db
    .select()
    .from(productShippingProfiles)
    .where(and(eq(productShippingProfiles.companyId, companyId), inArray(productShippingProfiles.ean13Upc, eans)));

/** Creates or updates these products (a delisted one comes back into the catalogue), in the order given. */
export async function upsertProductRows(tx: Tx, userId: number, now: Date, chunk: ImportRow[]) {
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

/** Of these EAN-13s, those with a product. */
export const existingProducts = (tx: Tx, eans: string[]) =>
  tx
    .select({ e: cataloguedProducts.ean13Upc })
    .from(cataloguedProducts)
    .where(inArray(cataloguedProducts.ean13Upc, eans));

/** The submissions of these EAN-13s with a status, in id order (the order their rows are locked in). */
export const submissionsWithStatus = (tx: Tx, eans: string[], status: string) =>
  tx
    .select({ id: productSubmissions.id })
    .from(productSubmissions)
    .where(and(inArray(productSubmissions.ean13Upc, eans), eq(productSubmissions.itemStatus, status)))
    .orderBy(asc(productSubmissions.id));

export async function lockedProduct(tx: Tx, ean13Upc: string) {
  const [locked] = await forUpdate(
    tx,
    LOCK.cataloguedProduct,
    tx.select().from(cataloguedProducts).where(eq(cataloguedProducts.ean13Upc, ean13Upc)),
    [ean13Upc],
  );
  return locked;
}

export async function updateProduct(tx: Tx, ean13Upc: string, set: Partial<typeof cataloguedProducts.$inferInsert>) {
  const [row] = await tx
    .update(cataloguedProducts)
    .set(set)
    .where(eq(cataloguedProducts.ean13Upc, ean13Upc))
    .returning();
  return row;
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
