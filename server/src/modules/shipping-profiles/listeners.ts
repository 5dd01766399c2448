import type { submissionEvents } from '../submissions/events.ts';
import { setSubmissionShippingProfile } from '../submissions/lifecycle.ts';
import { productProfileOf } from './repository.ts';
import { applyProductShippingProfile } from './service.ts';

/**
 * A submission and its product agree on the shipping profile, in the transaction that made or resubmitted it: a
 * profile the submission brings becomes the product's (and so every submission's of that product and company);
 * otherwise it carries the product's, if any.
 */
export function subscribeShippingProfiles(events: typeof submissionEvents) {
  events.on('submissionJoinedProduct', async ({ submission: s, userId }, tx) => {
    if (s.shippingProfileId != null) {
      await applyProductShippingProfile(tx, {
        companyId: s.companyId,
        ean13Upc: s.ean13Upc,
        shippingProfileId: s.shippingProfileId,
        userId: userId ?? s.userId,
      });
      return;
    }
    const productProfile = await productProfileOf(tx, s.companyId, s.ean13Upc);
    if (productProfile != null) await setSubmissionShippingProfile(tx, s.id, productProfile);
  });
}
