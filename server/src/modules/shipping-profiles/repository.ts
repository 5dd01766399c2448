import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  cataloguedProducts,
  companies,
  draftFiles,
  productShippingProfiles,
  productSubmissions,
  shippingProfiles,
  users,
} from '../../db/schema.ts';

/** The shipping profile a company gave one of its products (EAN-13), if any. */
export async function productProfileOf(tx: Tx, companyId: number, ean13Upc: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: productShippingProfiles.shippingProfileId })
    .from(productShippingProfiles)
    .where(and(eq(productShippingProfiles.companyId, companyId), eq(productShippingProfiles.ean13Upc, ean13Upc)));
  return row?.id ?? null;
}

/**
 * The product's row only (null removes it). The submissions of the product carry the same profile: callers go
 * through applyProductShippingProfile (service.ts) or the submission lifecycle, which keep both in step.
 */
export async function writeProductProfile(
  tx: Tx,
  args: { companyId: number; ean13Upc: string; shippingProfileId: number | null; userId: number },
) {
  const { companyId, ean13Upc, shippingProfileId, userId } = args;
  if (shippingProfileId === null) {
    await tx
      .delete(productShippingProfiles)
      .where(and(eq(productShippingProfiles.companyId, companyId), eq(productShippingProfiles.ean13Upc, ean13Upc)));
    return;
  }
  await tx
    .insert(productShippingProfiles)
    .values({ companyId, ean13Upc, shippingProfileId, updatedBy: userId })
    .onConflictDoUpdate({
      target: [productShippingProfiles.companyId, productShippingProfiles.ean13Upc],
      set: { shippingProfileId, updatedBy: userId, updatedAt: new Date() },
    });
}

const selectWithUpdater = (db: Tx) =>
  db
    .select({ profile: shippingProfiles, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(shippingProfiles)
    .leftJoin(users, eq(users.id, shippingProfiles.updatedBy));

/** A company's profiles with who last updated each, by name (case-insensitive). */
export const profilesOfCompany = (db: Tx, companyId: number) =>
  selectWithUpdater(db)
    .where(eq(shippingProfiles.companyId, companyId))
    .orderBy(asc(sql`lower(${shippingProfiles.name})`), asc(shippingProfiles.id));

export async function profileWithUpdater(db: Tx, id: number) {
  const [row] = await selectWithUpdater(db).where(eq(shippingProfiles.id, id));
  return row;
}

/** Of these profiles, the company's. */
export const profilesOfCompanyAmong = (db: Tx, companyId: number, ids: number[]) =>
  db
    .select({ id: shippingProfiles.id })
    .from(shippingProfiles)
    .where(and(eq(shippingProfiles.companyId, companyId), inArray(shippingProfiles.id, ids)));

export async function companyExists(db: Tx, companyId: number) {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  return company;
}

export async function insertProfile(tx: Tx, values: typeof shippingProfiles.$inferInsert) {
  const [row] = await tx.insert(shippingProfiles).values(values).returning();
  return row;
}

export async function updateProfile(tx: Tx, id: number, set: Partial<typeof shippingProfiles.$inferInsert>) {
  const [row] = await tx.update(shippingProfiles).set(set).where(eq(shippingProfiles.id, id)).returning();
  return row;
}

/** Per profile, the products using it counted by the status of their latest submission. */
export const productCountsByProfile = (db: Tx, ids: number[]) =>
  queryRows<{ profile_id: number; status: string; count: string | number }>(
    db,
    sql`
    select psp.shipping_profile_id as profile_id, latest.item_status as status, count(*) as count
    from ${productShippingProfiles} psp
    join lateral (
      select ps.item_status from ${productSubmissions} ps
      where ps.company_id = psp.company_id and ps.ean13_upc = psp.ean13_upc
      order by ps.updated_at desc limit 1
    ) latest on true
    where psp.shipping_profile_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by 1, 2 order by 2`,
  );

/** Per profile, the drafts with a file using it. */
export const draftCountsByProfile = (db: Tx, ids: number[]) =>
  db
    .select({ profileId: draftFiles.shippingProfileId, count: sql<number>`count(distinct ${draftFiles.draftId})::int` })
    .from(draftFiles)
    .where(inArray(draftFiles.shippingProfileId, ids))
    .groupBy(draftFiles.shippingProfileId);

/** A company's products, one per EAN-13: its latest submission's name and status, the catalogue's description. */
export const latestProductsOfCompany = (db: Tx, companyId: number) =>
  db
    .selectDistinctOn([productSubmissions.ean13Upc], {
      ean13Upc: productSubmissions.ean13Upc,
      productName: productSubmissions.productName,
      status: productSubmissions.itemStatus,
      description: cataloguedProducts.description,
    })
    .from(productSubmissions)
    .leftJoin(cataloguedProducts, eq(cataloguedProducts.ean13Upc, productSubmissions.ean13Upc))
    .where(eq(productSubmissions.companyId, companyId))
    .orderBy(productSubmissions.ean13Upc, desc(productSubmissions.updatedAt), desc(productSubmissions.createdAt));

/** The profile each product of the company has. */
export const assignedProfilesOfCompany = (db: Tx, companyId: number) =>
  db
    .select({
      ean13Upc: productShippingProfiles.ean13Upc,
      profileId: shippingProfiles.id,
      profileName: shippingProfiles.name,
    })
    .from(productShippingProfiles)
    .innerJoin(shippingProfiles, eq(shippingProfiles.id, productShippingProfiles.shippingProfileId))
    .where(eq(productShippingProfiles.companyId, companyId));
