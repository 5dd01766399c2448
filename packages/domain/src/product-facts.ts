import { z } from 'zod';

/**
 * The facts printed on a package: serving, nutrients, net content, ingredients and allergens. One shape for the draft,
 * the submission and the catalogued product, whether typed by the supplier or read from a photo and confirmed.
 */

/** Units of measure as UN/ECE Recommendation 20 codes: one code list for sizes, net contents and servings. */
export const MEASURE_UNITS = {
  GRM: 'g',
  KGM: 'kg',
  MGM: 'mg',
  MC: 'mcg',
  LBR: 'lb',
  ONZ: 'oz',
  FOZ: 'fl oz',
  MLT: 'mL',
  LTR: 'L',
  CLT: 'cL',
  GLL: 'gal',
  QT: 'qt',
  PT: 'pt',
  H87: 'piece',
} as const;
export type MeasureUnit = keyof typeof MEASURE_UNITS;
export const MEASURE_UNIT_CODES = Object.keys(MEASURE_UNITS) as [MeasureUnit, ...MeasureUnit[]];

/**
 * The nutrients of the US Nutrition Facts label (21 CFR 101.9, 2016 format) in the label's order, with the unit the
 * label states them in and the daily value (21 CFR 101.9(c)(8)(iv) and (c)(9)) that its "% Daily Value" refers to;
 * null where the label gives no % DV.
 */
export const NUTRIENTS = [
  { key: 'totalFat', label: 'Total Fat', unit: 'GRM', dailyValue: 78 },
  { key: 'saturatedFat', label: 'Saturated Fat', unit: 'GRM', dailyValue: 20 },
  { key: 'transFat', label: 'Trans Fat', unit: 'GRM', dailyValue: null },
  { key: 'cholesterol', label: 'Cholesterol', unit: 'MGM', dailyValue: 300 },
  { key: 'sodium', label: 'Sodium', unit: 'MGM', dailyValue: 2300 },
  { key: 'totalCarbohydrate', label: 'Total Carbohydrate', unit: 'GRM', dailyValue: 275 },
  { key: 'dietaryFiber', label: 'Dietary Fiber', unit: 'GRM', dailyValue: 28 },
  { key: 'totalSugars', label: 'Total Sugars', unit: 'GRM', dailyValue: null },
  { key: 'addedSugars', label: 'Added Sugars', unit: 'GRM', dailyValue: 50 },
  { key: 'protein', label: 'Protein', unit: 'GRM', dailyValue: 50 },
  { key: 'vitaminD', label: 'Vitamin D', unit: 'MC', dailyValue: 20 },
  { key: 'calcium', label: 'Calcium', unit: 'MGM', dailyValue: 1300 },
  { key: 'iron', label: 'Iron', unit: 'MGM', dailyValue: 18 },
  { key: 'potassium', label: 'Potassium', unit: 'MGM', dailyValue: 4700 },
] as const satisfies readonly { key: string; label: string; unit: MeasureUnit; dailyValue: number | null }[];
export type NutrientKey = (typeof NUTRIENTS)[number]['key'];
export const NUTRIENT_KEYS = NUTRIENTS.map((n) => n.key) as [NutrientKey, ...NutrientKey[]];

export const FACTS_PRINTED_MAX = 120;
export const INGREDIENTS_MAX = 5000;
export const ALLERGENS_MAX = 1000;
const AMOUNT_MAX = 1_000_000;

const amount = z.number().finite().min(0).max(AMOUNT_MAX);
const printed = z.string().trim().min(1).max(FACTS_PRINTED_MAX);

/** A quantity as printed on the package ("NET WT 12 OZ (340 g)"), and read as a number and a unit where it can be. */
export const printedQuantitySchema = z.object({
  printed,
  quantity: amount.nullable(),
  unit: z.enum(MEASURE_UNIT_CODES).nullable(),
});
export type PrintedQuantity = z.infer<typeof printedQuantitySchema>;

export const nutrientValueSchema = z.object({
  amount,
  unit: z.enum(MEASURE_UNIT_CODES),
  /** "% Daily Value" as printed; null where the label prints none. */
  dailyValuePercent: z.number().finite().min(0).max(10_000).nullable(),
});
export type NutrientValue = z.infer<typeof nutrientValueSchema>;

/** What the nutrient amounts are per: the US label states them per serving, the EU table per 100 g or 100 mL. */
export const FACTS_BASES = ['serving', '100g', '100ml'] as const;
export type FactsBasis = (typeof FACTS_BASES)[number];

export const productFactsSchema = z.object({
  basis: z.enum(FACTS_BASES),
  servingSize: printedQuantitySchema.nullable(),
  servingsPerContainer: z.object({ printed, value: amount.nullable() }).nullable(),
  /** kcal per basis. EU tables also print kJ: kept beside, not converted. */
  calories: amount.nullable(),
  energyKj: amount.nullable(),
  nutrients: z.partialRecord(z.enum(NUTRIENT_KEYS), nutrientValueSchema),
  netContent: printedQuantitySchema.nullable(),
  ingredients: z.string().trim().min(1).max(INGREDIENTS_MAX).nullable(),
  /** The allergen statement as printed ("Contains: milk, soy."). */
  allergens: z.string().trim().min(1).max(ALLERGENS_MAX).nullable(),
});
export type ProductFacts = z.infer<typeof productFactsSchema>;

export const EMPTY_PRODUCT_FACTS: ProductFacts = {
  basis: 'serving',
  servingSize: null,
  servingsPerContainer: null,
  calories: null,
  energyKj: null,
  nutrients: {},
  netContent: null,
  ingredients: null,
  allergens: null,
};
