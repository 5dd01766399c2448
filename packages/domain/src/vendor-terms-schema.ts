import { z } from 'zod';
import { VENDOR_AUTH_MSG, VENDOR_CLAIMS, type VendorClaimName } from './vendor-terms.ts';

// Apart from vendor-terms.ts, whose prompt every signed-in page may show: zod stays out of their first code.

/** The form: every claim must be checked. */
export const vendorAuthorizationSchema = z.object(
  Object.fromEntries(
    VENDOR_CLAIMS.map((c) => [c.name, z.literal(true, { message: VENDOR_AUTH_MSG.fieldMustBeChecked })]),
  ) as Record<VendorClaimName, z.ZodLiteral<true>>,
);
