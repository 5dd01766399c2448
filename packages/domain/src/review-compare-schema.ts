import { z } from 'zod';
import { REVIEW_COMMENT_TARGETS } from './review-comments.ts';
import { imageRegionSchema } from './review-comments-schema.ts';

/** The answer of GET /api/review/items/{id}/compare: the proposal beside the catalogue and the rejected version. */

const shown = z.string().nullable();

const versionFile = z.object({
  fileName: z.string(),
  kind: z.string(),
  size: z.number().int(),
  perceptualHash: z.string().nullable(),
  detectedUpcs: z.array(z.string()),
});

const comment = z.object({
  target: z.enum(REVIEW_COMMENT_TARGETS),
  fileName: z.string().nullable(),
  region: imageRegionSchema.nullable(),
  text: z.string(),
  by: z.string(),
  at: z.string(),
});

export const reviewItemComparison = z
  .object({
    values: z
      .record(z.string(), shown)
      .describe("The proposal's fields as shown (the UPC, the product name, every other attribute), null when empty"),
    catalogued: z
      .object({
        ean13Upc: z.string(),
        isDelisted: z.boolean(),
        updatedDate: z.string(),
        rows: z.array(
          z.object({
            label: z.string(),
            certified: shown,
            proposed: shown.optional().describe("The proposal's value of the same thing; absent: it has no such field"),
            differs: z.boolean(),
          }),
        ),
        images: z.array(z.object({ imageUrl: z.string(), thumbnailUrl: z.string() })),
      })
      .nullable()
      .describe("The catalogued product of the item's UPC with its certified values and current images; null: none"),
    previous: z
      .object({
        rejectedAt: z.string(),
        rejectedBy: z.string().describe("Who rejected it: a reviewer's name, or 'Automated checks'"),
        toStatus: z.string(),
        reason: z.string().nullable(),
        comments: z.array(comment),
        fields: z.array(
          z.object({ field: z.string(), label: z.string(), before: shown, after: shown, changed: z.boolean() }),
        ),
        files: z.array(
          z.object({
            fileName: z.string(),
            change: z.enum(['added', 'removed', 'replaced', 'unchanged']),
            before: versionFile.nullable(),
            after: versionFile.nullable(),
          }),
        ),
        facts: z
          .array(
            z.object({
              field: z.string(),
              label: z.string(),
              before: shown.describe('As the label prints it; null: not given then'),
              after: shown.describe('As the label prints it; null: not given now'),
              change: z.enum(['added', 'removed', 'changed']),
            }),
          )
          .nullable()
          .describe(
            'The product facts that changed since the rejected version, in the label order; null: that version ' +
              'was kept before its facts were',
          ),
      })
      .nullable()
      .describe(
        'For a resubmission: the version that was rejected, its rejection and comments, and what changed since',
      ),
  })
  .meta({
    examples: [
      {
        values: { upc: '012345678905', productName: 'Oat Crunch', brand: 'Green Valley' },
        catalogued: null,
        previous: null,
      },
    ],
  });
export type ReviewItemComparison = z.infer<typeof reviewItemComparison>;
