import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { productShippingProfiles } from '../../db/schema.ts';

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
