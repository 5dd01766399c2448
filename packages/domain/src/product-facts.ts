import { z } from 'zod';

/**
 * The facts printed on a package: serving, nutrients, net content, ingredients and allergens. One shape for the draft,
 * the submission and the catalogued product, whether typed by the supplier or read from a photo and confirmed.
 */

import {
  INGREDIENTS_MAX,
  MEASURE_UNIT_CODES,
  NUTRIENT_KEYS,
  PERCENT_ONLY_NUTRIENTS,
  type NutrientKey,
} from './measures.ts';

export {
  INGREDIENTS_MAX,
  MEASURE_UNITS,
  MEASURE_UNIT_CODES,
  NUTRIENT_KEYS,
  NUTRIENTS,
  nutrientOf,
  PERCENT_ONLY_NUTRIENTS,
} from './measures.ts';
export type { MeasureUnit, Nutrient, NutrientKey } from './measures.ts';

export const FACTS_PRINTED_MAX = 120;
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

export const nutrientValueSchema = z
  .object({
    /** Null only for a vitamin or mineral printed as a % Daily Value alone (PERCENT_ONLY_NUTRIENTS). */
    amount: amount.nullable(),
    unit: z.enum(MEASURE_UNIT_CODES),
    /** "% Daily Value" as printed; null where the label prints none. */
    dailyValuePercent: z.number().finite().min(0).max(10_000).nullable(),
  })
  .meta({ examples: [{ amount: 8, unit: 'GRM', dailyValuePercent: 10 }] });
export type NutrientValue = z.infer<typeof nutrientValueSchema>;

export const NUTRIENT_AMOUNT_MSG = {
  needed: 'Enter the amount as well as the % Daily Value.',
  empty: 'Enter the amount or the % Daily Value.',
} as const;

/** What is wrong with a nutrient's value missing its amount, or null: only a vitamin or mineral may give the % alone. */
export function nutrientAmountProblem(key: NutrientKey, value: NutrientValue): string | null {
  if (value.amount !== null) return null;
  if (value.dailyValuePercent === null) return NUTRIENT_AMOUNT_MSG.empty;
  return PERCENT_ONLY_NUTRIENTS.includes(key) ? null : NUTRIENT_AMOUNT_MSG.needed;
}

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
  nutrients: z
    .partialRecord(z.enum(NUTRIENT_KEYS), nutrientValueSchema)
    .superRefine((nutrients, ctx) => {
      for (const [key, value] of Object.entries(nutrients) as [NutrientKey, NutrientValue][]) {
        const problem = value && nutrientAmountProblem(key, value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [key, 'amount'] });
      }
    })
    .meta({
      examples: [
        {
          totalFat: { amount: 8, unit: 'GRM', dailyValuePercent: 10 },
          calcium: { amount: null, unit: 'MGM', dailyValuePercent: 4 },
        },
      ],
    }),
  netContent: printedQuantitySchema.nullable(),
  ingredients: z.string().trim().min(1).max(INGREDIENTS_MAX).nullable(),
  /** The allergen statement as printed ("Contains: milk, soy."). */
  allergens: z.string().trim().min(1).max(ALLERGENS_MAX).nullable(),
});
export type ProductFacts = z.infer<typeof productFactsSchema>;

export { EMPTY_PRODUCT_FACTS } from './product-facts-empty.ts';
