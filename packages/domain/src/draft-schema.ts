import { z } from 'zod';
import { MAX_FILES_PER_DRAFT } from './constants.ts';

// Apart from draft-rules.ts, which the upload pages use without any schema: zod stays out of their code.

/** What a save of upload step 2 may send; a draft may be incomplete, so only shapes and sizes are checked here. */
export const updateDraftInputSchema = z.object({
  files: z
    .array(
      z.object({
        fileName: z.string().min(1).max(300),
        upc: z.string().max(100).nullish(),
        productName: z.string().max(500).nullish(),
        shippingProfileId: z.number().int().positive().nullish(),
        isMarketingImage: z.boolean().nullish(),
      }),
    )
    .max(MAX_FILES_PER_DRAFT),
});
