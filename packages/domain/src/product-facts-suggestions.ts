import { z } from 'zod';
import {
  ALLERGENS_MAX,
  FACTS_PRINTED_MAX,
  INGREDIENTS_MAX,
  NUTRIENT_KEYS,
  nutrientValueSchema,
  printedQuantitySchema,
  type NutrientKey,
  type ProductFacts,
} from './product-facts.ts';

/**
 * Facts read from a package photo are suggestions: each names one field of the product facts, the value read, how
 * sure the reading is and the region of the photo it came from. Nothing is filled until the supplier accepts it.
 */

/** A rectangle of the photo as fractions of its width and height (0..1), from its top left corner, upright. */
export const photoRegionSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().min(0).max(1),
  height: z.number().min(0).max(1),
});
export type PhotoRegion = z.infer<typeof photoRegionSchema>;

/** The fields a suggestion can fill: the top-level facts, and each nutrient by its own key. */
export const FACT_FIELDS = [
  'servingSize',
  'servingsPerContainer',
  'calories',
  ...NUTRIENT_KEYS,
  'netContent',
  'ingredients',
  'allergens',
] as const;
export type FactField = (typeof FACT_FIELDS)[number];

const common = { confidence: z.number().min(0).max(1), region: photoRegionSchema };
const printedText = z.string().trim().min(1).max(FACTS_PRINTED_MAX);

export const factSuggestionValueSchema = z.discriminatedUnion('field', [
  z.object({ field: z.enum(['servingSize', 'netContent']), value: printedQuantitySchema }),
  z.object({
    field: z.literal('servingsPerContainer'),
    value: z.object({ printed: printedText, value: z.number().min(0).max(1_000_000).nullable() }),
  }),
  z.object({ field: z.literal('calories'), value: z.number().min(0).max(1_000_000) }),
  z.object({ field: z.enum(NUTRIENT_KEYS), value: nutrientValueSchema }),
  z.object({ field: z.literal('ingredients'), value: z.string().trim().min(1).max(INGREDIENTS_MAX) }),
  z.object({ field: z.literal('allergens'), value: z.string().trim().min(1).max(ALLERGENS_MAX) }),
]);
export type FactSuggestionValue = z.infer<typeof factSuggestionValueSchema>;

export const factReadingSchema = factSuggestionValueSchema.and(z.object(common));
export type FactReading = z.infer<typeof factReadingSchema>;

/** A reading at or above this confidence is "sure": the accept-all key takes it, the others wait for a look. */
export const SURE_CONFIDENCE = 0.9;

const isNutrient = (field: FactField): field is NutrientKey => (NUTRIENT_KEYS as readonly string[]).includes(field);

/** The value a product's facts hold for one field, null when none (a typed value is never overwritten). */
export function factFieldValue(facts: ProductFacts, field: FactField): unknown {
  if (isNutrient(field)) return facts.nutrients[field] ?? null;
  return facts[field as Exclude<FactField, NutrientKey>];
}

/** The facts with one suggestion's value in its field (the caller decides whether it may replace what is there). */
export function applyFactSuggestion(facts: ProductFacts, suggestion: FactSuggestionValue): ProductFacts {
  const { field, value } = suggestion;
  if (isNutrient(field)) return { ...facts, nutrients: { ...facts.nutrients, [field]: value } };
  return { ...facts, [field]: value };
}

/** Two values of a field are the same fact (a suggestion equal to what is typed needs no decision). */
export function sameFactValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
