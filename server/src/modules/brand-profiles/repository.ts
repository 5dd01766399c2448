import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { brandProfiles } from '../../db/schema.ts';

export type BrandProfileRow = typeof brandProfiles.$inferSelect;
type BrandProfileInsert = typeof brandProfiles.$inferInsert;

export const brandProfilesOf = (db: Tx, companyId: number) =>
  db.select().from(brandProfiles).where(eq(brandProfiles.companyId, companyId)).orderBy(asc(brandProfiles.id));

export async function findBrandProfileRow(db: Tx, companyId: number, id: number): Promise<BrandProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(brandProfiles)
    .where(and(eq(brandProfiles.id, id), eq(brandProfiles.companyId, companyId)));
  return row;
}

/** The company's profile, unless it has one already (undefined then). */
export async function insertBrandProfile(tx: Tx, values: BrandProfileInsert): Promise<BrandProfileRow | undefined> {
  const [row] = await tx.insert(brandProfiles).values(values).onConflictDoNothing().returning();
  return row;
}

/** Sets the values and the time of the change (of the company's profile, when `companyId` is given). */
export async function updateBrandProfileRow(
  tx: Tx,
  id: number,
  companyId: number | null,
  values: Partial<BrandProfileInsert>,
): Promise<BrandProfileRow> {
  const [row] = await tx
    .update(brandProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(
      companyId === null
        ? eq(brandProfiles.id, id)
        : and(eq(brandProfiles.id, id), eq(brandProfiles.companyId, companyId)),
    )
    .returning();
  return row;
}
