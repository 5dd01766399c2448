/**
 * Comments a reviewer attaches to a rejection, each about one thing the supplier can fix: the UPC, the product
 * name, one file, or a rectangle on one file's image. They travel with the rejection's history row: the supplier sees
 * the comments of the rejection the submission is in beside their field or on their image (detail and resubmit
 * pages), and every history row keeps its own. No zod here: the supplier's pages read these words without a schema
 * (the schema is review-comments-schema.ts).
 */

import { PARTNER_FIELD_LABELS, PARTNER_FIELD_SECTIONS } from './partner-fields.ts';

const { basicAttributes, placement, pricing, promotion } = PARTNER_FIELD_SECTIONS;
/**
 * The proposal's other attributes a comment can be on (the bulk edit's fields and the shipping profile), the
 * partner's configurable fields as its field rules name them; the product name is one of the first targets.
 */
export const REVIEW_COMMENT_ATTRIBUTES = [
  ...basicAttributes.fields,
  'shippingProfile',
  ...placement.fields,
  ...pricing.fields,
  ...promotion.fields,
] as const;
export type ReviewCommentAttribute = (typeof REVIEW_COMMENT_ATTRIBUTES)[number];

/**
 * The product facts a comment can be on, named as the facts' fields are (FACT_FIELDS, kept here as words without the
 * schema): a reviewer points at a wrong value ("Sodium"), and may mark where it is printed on a photo.
 */
export const REVIEW_COMMENT_FACTS = [
  'servingSize',
  'servingsPerContainer',
  'calories',
  'totalFat',
  'saturatedFat',
  'transFat',
  'cholesterol',
  'sodium',
  'totalCarbohydrate',
  'dietaryFiber',
  'totalSugars',
  'addedSugars',
  'protein',
  'vitaminD',
  'calcium',
  'iron',
  'potassium',
  'netContent',
  'ingredients',
  'allergens',
] as const;
export type ReviewCommentFact = (typeof REVIEW_COMMENT_FACTS)[number];

export const REVIEW_COMMENT_TARGETS = [
  'upc',
  'productName',
  'file',
  'region',
  ...REVIEW_COMMENT_ATTRIBUTES,
  ...REVIEW_COMMENT_FACTS,
] as const;
export type ReviewCommentTarget = (typeof REVIEW_COMMENT_TARGETS)[number];
/** A field of the proposal a comment can be on (every target but a file and a region). */
export type ReviewCommentField = Exclude<ReviewCommentTarget, 'file' | 'region'>;

/** How the pages name each field a comment can be on. */
export const REVIEW_FIELD_LABELS: Record<ReviewCommentField, string> = {
  upc: 'UPC',
  ...PARTNER_FIELD_LABELS,
  servingSize: 'Serving size',
  servingsPerContainer: 'Servings per container',
  calories: 'Calories',
  totalFat: 'Total Fat',
  saturatedFat: 'Saturated Fat',
  transFat: 'Trans Fat',
  cholesterol: 'Cholesterol',
  sodium: 'Sodium',
  totalCarbohydrate: 'Total Carbohydrate',
  dietaryFiber: 'Dietary Fiber',
  totalSugars: 'Total Sugars',
  addedSugars: 'Added Sugars',
  protein: 'Protein',
  vitaminD: 'Vitamin D',
  calcium: 'Calcium',
  iron: 'Iron',
  potassium: 'Potassium',
  netContent: 'Net content',
  ingredients: 'Ingredients',
  allergens: 'Allergen statement',
};

export const isCommentAttribute = (target: string): target is ReviewCommentAttribute =>
  (REVIEW_COMMENT_ATTRIBUTES as readonly string[]).includes(target);

export const isCommentFact = (target: string): target is ReviewCommentFact =>
  (REVIEW_COMMENT_FACTS as readonly string[]).includes(target);

/** Whether a comment is drawn on an image: a region, or a fact whose wrong value the reviewer marked on a photo. */
export const isMarkedComment = (c: Pick<ReviewCommentInput, 'target' | 'region'>): boolean =>
  !!c.region && (c.target === 'region' || isCommentFact(c.target));

/** Most comments one rejection carries, and the longest comment. */
export const REVIEW_COMMENTS_MAX = 20;
export const REVIEW_COMMENT_TEXT_MAX = 500;

/** A rectangle on an image as fractions (0 to 1) of the image's width and height, from its top left corner. */
export interface ImageRegion {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A point on an image as fractions (0 to 1) of its width and height, from its top left corner. */
export interface ImagePoint {
  x: number;
  y: number;
}

/**
 * Where a barcode was read on an image: the upright box holding it and, when known, the four corners of the code
 * at its own angle (in order around it), so that a turned code is outlined where its bars are.
 */
export interface CodeRegion extends ImageRegion {
  corners?: ImagePoint[];
}

/** One comment as a reviewer writes it (fileName: for a file or a region, the file's name in the submission). */
export interface ReviewCommentInput {
  target: ReviewCommentTarget;
  fileName?: string | null;
  region?: ImageRegion | null;
  text: string;
  /** A reason code for reporting (one of the stock reasons' codes). */
  reasonCode?: string | null;
}

/** One comment as it is answered: who wrote it and when. */
export interface ReviewComment {
  target: ReviewCommentTarget;
  fileName: string | null;
  region: ImageRegion | null;
  text: string;
  by: string;
  at: string;
}

export const REVIEW_COMMENT_MSG = {
  textRequired: 'Please type the comment.',
  textTooLong: `Please keep a comment to ${REVIEW_COMMENT_TEXT_MAX} characters or fewer.`,
  tooMany: `A rejection carries at most ${REVIEW_COMMENTS_MAX} comments.`,
  fileRequired: 'Please say which file the comment is about.',
  unknownFile: (fileName: string) => `This submission has no file ${fileName}.`,
  regionRequired: 'Please mark the region on the image.',
  regionOutside: 'The region must lie on the image.',
  onlyWhenRejecting: 'Comments go with a rejection of one item.',
} as const;

/** Where a comment is, in words (lists, the history, screen readers). */
export function reviewCommentPlace(c: Pick<ReviewCommentInput, 'target' | 'fileName' | 'region'>): string {
  switch (c.target) {
    case 'file':
      return `File ${c.fileName ?? ''}`.trim();
    case 'region': {
      const r = c.region;
      const where = r ? regionInWords(r) : 'a region';
      return `${where} of ${c.fileName ?? 'an image'}`;
    }
    default: {
      const label = REVIEW_FIELD_LABELS[c.target];
      return c.region && c.fileName ? `${label}, marked on ${c.fileName}` : label;
    }
  }
}

/** A region in words: "the top left area", "the centre" … (for screen readers, and beside the drawn outline). */
export function regionInWords(r: ImageRegion): string {
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  const col = cx < 1 / 3 ? 'left' : cx > 2 / 3 ? 'right' : '';
  const row = cy < 1 / 3 ? 'top' : cy > 2 / 3 ? 'bottom' : '';
  const where = [row, col].filter(Boolean).join(' ');
  return where ? `The ${where} area` : 'The centre';
}

/**
 * The comments on one thing: a field (the UPC, the product name, an attribute, a fact), or one file (its own, its
 * regions' and those of the facts marked on it).
 */
export const commentsOn = <C extends Pick<ReviewCommentInput, 'target' | 'fileName' | 'region'>>(
  comments: readonly C[],
  on: { field: ReviewCommentField } | { fileName: string },
): C[] =>
  comments.filter((c) =>
    'field' in on ? c.target === on.field : (c.target === 'file' || isMarkedComment(c)) && c.fileName === on.fileName,
  );

/** Percentages for CSS (an outline drawn over an image scaled to any size). */
export const regionStyle = (r: ImageRegion) => ({
  left: `${(r.x * 100).toFixed(2)}%`,
  top: `${(r.y * 100).toFixed(2)}%`,
  width: `${(r.w * 100).toFixed(2)}%`,
  height: `${(r.h * 100).toFixed(2)}%`,
});
