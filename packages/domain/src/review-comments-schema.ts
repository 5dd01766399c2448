import { z } from 'zod';
import {
  isCommentFact,
  REVIEW_COMMENT_MSG,
  REVIEW_COMMENT_TARGETS,
  REVIEW_COMMENT_TEXT_MAX,
  REVIEW_COMMENTS_MAX,
  type ImageRegion,
} from './review-comments.ts';
import { reasonCodeSchema } from './review-approval-schema.ts';

const fraction = z.number().min(0).max(1);
/** A rectangle on the image, in fractions of its size; it lies on the image and is not empty. */
export const imageRegionSchema = z
  .object({ x: fraction, y: fraction, w: fraction.gt(0), h: fraction.gt(0) })
  .refine((r) => r.x + r.w <= 1.0001 && r.y + r.h <= 1.0001, REVIEW_COMMENT_MSG.regionOutside)
  .describe(
    'A rectangle on the image, fractions (0 to 1) of its width and height from its top left',
  ) satisfies z.ZodType<ImageRegion>;

/** Where a comment is drawn: a region, or a fact the reviewer marked on a photo (a region is optional there). */
const marks = (target: string, region: unknown) => target === 'region' || (isCommentFact(target) && !!region);

/** One comment of a rejection, as the reviewer sends it (the server checks the file is the submission's). */
export const reviewCommentInputSchema = z
  .object({
    target: z.enum(REVIEW_COMMENT_TARGETS),
    fileName: z
      .string()
      .min(1)
      .max(255)
      .nullable()
      .optional()
      .describe("For 'file', 'region' and a marked fact: the file's name"),
    region: imageRegionSchema
      .nullable()
      .optional()
      .describe("For 'region', and optionally for a fact: the rectangle on the file's image where it is printed"),
    text: z
      .string()
      .trim()
      .min(1, REVIEW_COMMENT_MSG.textRequired)
      .max(REVIEW_COMMENT_TEXT_MAX, REVIEW_COMMENT_MSG.textTooLong),
    reasonCode: reasonCodeSchema.nullable().optional().describe('A reason code for reporting'),
  })
  .superRefine((c, ctx) => {
    if ((c.target === 'file' || marks(c.target, c.region)) && !c.fileName)
      ctx.addIssue({ code: 'custom', path: ['fileName'], message: REVIEW_COMMENT_MSG.fileRequired });
    if (c.target === 'region' && !c.region)
      ctx.addIssue({ code: 'custom', path: ['region'], message: REVIEW_COMMENT_MSG.regionRequired });
  })
  .transform((c) => ({
    target: c.target,
    text: c.text,
    fileName: c.target === 'file' || marks(c.target, c.region) ? (c.fileName ?? null) : null,
    region: marks(c.target, c.region) ? (c.region ?? null) : null,
    reasonCode: c.reasonCode ?? null,
  }));
export type ReviewCommentParsed = z.infer<typeof reviewCommentInputSchema>;

export const reviewCommentsSchema = z
  .array(reviewCommentInputSchema)
  .max(REVIEW_COMMENTS_MAX, REVIEW_COMMENT_MSG.tooMany)
  .describe(
    'Comments on the UPC, the product name, another attribute, a product fact, a file or a region of an image (a rejection of one item only)',
  );
