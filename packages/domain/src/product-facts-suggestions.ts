import { z } from 'zod';
import {
  ALLERGENS_MAX,
  FACTS_BASES,
  FACTS_PRINTED_MAX,
  INGREDIENTS_MAX,
  NUTRIENT_KEYS,
  nutrientAmountProblem,
  nutrientValueSchema,
  printedQuantitySchema,
  type FactsBasis,
  type NutrientKey,
  type NutrientValue,
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

const common = {
  confidence: z.number().min(0).max(1),
  region: photoRegionSchema,
  /** What calories and nutrients read from an EU table are per: absent where the panel states them per serving. */
  basis: z.enum(FACTS_BASES).optional(),
};
const printedText = z.string().trim().min(1).max(FACTS_PRINTED_MAX);

const members = <T extends z.ZodRawShape>(extra: T) =>
  [
    z.object({ field: z.enum(['servingSize', 'netContent']), value: printedQuantitySchema, ...extra }),
    z.object({
      field: z.literal('servingsPerContainer'),
      value: z.object({ printed: printedText, value: z.number().min(0).max(1_000_000).nullable() }),
      ...extra,
    }),
    z.object({ field: z.literal('calories'), value: z.number().min(0).max(1_000_000), ...extra }),
    z.object({ field: z.enum(NUTRIENT_KEYS), value: nutrientValueSchema, ...extra }).superRefine((reading, ctx) => {
      const { field, value } = reading as { field: NutrientKey; value: NutrientValue };
      const problem = nutrientAmountProblem(field, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['value', 'amount'] });
    }),
    z.object({ field: z.literal('ingredients'), value: z.string().trim().min(1).max(INGREDIENTS_MAX), ...extra }),
    z.object({ field: z.literal('allergens'), value: z.string().trim().min(1).max(ALLERGENS_MAX), ...extra }),
  ] as const;

export const factSuggestionValueSchema = z.discriminatedUnion('field', members({}));
export type FactSuggestionValue = z.infer<typeof factSuggestionValueSchema>;

/** One value read from a photo: the field, the value, how sure the reading is (0..1) and where on the photo it is. */
export const factReadingSchema = z.discriminatedUnion('field', members(common));
export type FactReading = z.infer<typeof factReadingSchema>;

/** A reading at or above this confidence is "sure": the accept-all key takes it, the others wait for a look. */
export const SURE_CONFIDENCE = 0.9;

const isNutrient = (field: FactField): field is NutrientKey => (NUTRIENT_KEYS as readonly string[]).includes(field);

/** The value a product's facts hold for one field, null when none (a typed value is never overwritten). */
export function factFieldValue(facts: ProductFacts, field: FactField): unknown {
  if (isNutrient(field)) return facts.nutrients[field] ?? null;
  return facts[field];
}

/** The facts hold calories or a nutrient: amounts on their basis, which a reading on another basis must not join. */
const holdsAmounts = (facts: ProductFacts) => facts.calories !== null || Object.keys(facts.nutrients).length > 0;

const isAmount = (field: FactField) => field === 'calories' || isNutrient(field);

/** What a reading's amount is per: an EU table's column says, every other panel is per serving. */
const basisOf = (reading: { basis?: FactsBasis }): FactsBasis => reading.basis ?? 'serving';

/**
 * The facts with one suggestion's value in its field (the caller decides whether it may replace what is there). The
 * first amount accepted from an EU table per 100 g sets the facts' basis with it.
 */
export function applyFactSuggestion(
  facts: ProductFacts,
  suggestion: FactSuggestionValue & { basis?: FactsBasis },
): ProductFacts {
  const { field, value } = suggestion;
  const basis = suggestion.basis && !holdsAmounts(facts) ? suggestion.basis : facts.basis;
  if (isNutrient(field)) return { ...facts, basis, nutrients: { ...facts.nutrients, [field]: value } };
  return { ...facts, basis, [field]: value };
}

/** A value with its object keys in one order: PostgreSQL's jsonb gives them back by length, not as written. */
const canonical = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(canonical);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, x]) => [k, canonical(x)]),
  );
};

/** Two values of a field are the same fact (a suggestion equal to what is typed needs no decision), key order aside. */
export function sameFactValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** Where a filled fact came from: typed by the supplier, read from a photo and accepted, or corrected from a reading. */
export const FACT_SOURCES = ['typed', 'photo', 'corrected'] as const;
export type FactSourceKind = (typeof FACT_SOURCES)[number];
export const factSourceSchema = z.object({
  source: z.enum(FACT_SOURCES),
  /** For photo and corrected: the region of the photo the reading came from. */
  region: photoRegionSchema.nullable(),
});
export type FactSource = z.infer<typeof factSourceSchema>;
export type FactSources = Partial<Record<FactField, FactSource>>;
export const factSourcesSchema = z.partialRecord(z.enum(FACT_FIELDS), factSourceSchema);

/**
 * The readings still to decide: not dismissed, and for a field the facts leave empty (a value already there, typed or
 * accepted, is never replaced by a reading). An amount on another basis than the amounts the facts hold (per 100 g
 * beside per serving) is not offered: taken, it would mix the two.
 */
export function pendingSuggestions(
  readings: readonly FactReading[],
  facts: ProductFacts | null,
  dismissed: readonly string[],
): FactReading[] {
  return readings.filter(
    (r) =>
      !dismissed.includes(r.field) &&
      (facts === null ||
        (factFieldValue(facts, r.field) === null &&
          !(isAmount(r.field) && holdsAmounts(facts) && basisOf(r) !== facts.basis))),
  );
}

/** The sources after a save: each changed field is from the photo when it equals its reading, corrected when not. */
export function sourcesAfterSave(
  before: ProductFacts | null,
  after: ProductFacts | null,
  sources: FactSources,
  readings: readonly FactReading[],
): FactSources {
  const next: FactSources = { ...sources };
  for (const field of FACT_FIELDS) {
    const old = before ? factFieldValue(before, field) : null;
    const now = after ? factFieldValue(after, field) : null;
    if (sameFactValue(old ?? null, now ?? null)) continue;
    if (now === null || now === undefined) {
      delete next[field];
      continue;
    }
    const reading = readings.find((r) => r.field === field);
    next[field] = reading
      ? { source: sameFactValue(reading.value, now) ? 'photo' : 'corrected', region: reading.region }
      : { source: 'typed', region: null };
  }
  return next;
}
