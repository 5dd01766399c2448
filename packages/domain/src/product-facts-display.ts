// How a product's facts read on the pages that only show them (submission, review, catalogue), without zod.
import { labelDisagreements, type LabelCheck } from './label-arithmetic.ts';
import { MEASURE_UNITS, NUTRIENTS, type MeasureUnit } from './measures.ts';
import type { ProductFacts } from './product-facts.ts';

type FactSourceKindName = 'typed' | 'photo' | 'corrected';

/** Where a value came from, in the reviewer's words. */
export const FACT_SOURCE_LABELS: Record<FactSourceKindName, string> = {
  photo: 'Read from photo',
  corrected: 'Corrected from a suggestion',
  typed: 'Typed by the supplier',
};

/** The values each label check compares: the rows a disagreement flags. */
export const LABEL_CHECK_FIELDS: Record<LabelCheck, readonly string[]> = {
  calories: ['calories', 'totalFat', 'totalCarbohydrate', 'protein'],
  sugars: ['totalSugars', 'addedSugars', 'totalCarbohydrate'],
  fats: ['totalFat', 'saturatedFat', 'transFat'],
  'daily-values': NUTRIENTS.filter((n) => n.dailyValue !== null).map((n) => n.key),
  servings: ['servingSize', 'servingsPerContainer', 'netContent'],
};

/** One line of a facts table: the field it shows, its name and its value as the label would print it. */
export interface FactRow {
  field: string;
  label: string;
  value: string;
  /** The label checks this value takes part in that disagree (empty: nothing flagged). */
  disagreements: string[];
}

const num = (n: number) => String(Math.round(n * 100) / 100);
const unitText = (unit: MeasureUnit | null) => (unit ? MEASURE_UNITS[unit] : '');
/** What amounts are per, as a label says it. */
export const BASIS_TEXT = { serving: 'per serving', '100g': 'per 100 g', '100ml': 'per 100 mL' } as const;

/** The rows of a facts table in the label's order, each with the disagreements that concern it. */
export function factRows(facts: ProductFacts): FactRow[] {
  const disagreements = labelDisagreements(facts);
  const flags = (field: string) =>
    disagreements.filter((d) => LABEL_CHECK_FIELDS[d.check].includes(field)).map((d) => d.message);
  const rows: Omit<FactRow, 'disagreements'>[] = [];
  if (facts.servingSize) rows.push({ field: 'servingSize', label: 'Serving size', value: facts.servingSize.printed });
  if (facts.servingsPerContainer)
    rows.push({
      field: 'servingsPerContainer',
      label: 'Servings per container',
      value: facts.servingsPerContainer.printed,
    });
  if (facts.calories !== null)
    rows.push({ field: 'calories', label: `Calories (${BASIS_TEXT[facts.basis]})`, value: num(facts.calories) });
  if (facts.energyKj !== null) rows.push({ field: 'energyKj', label: 'Energy', value: `${num(facts.energyKj)} kJ` });
  for (const n of NUTRIENTS) {
    const v = facts.nutrients[n.key];
    if (!v) continue;
    const dv = v.dailyValuePercent === null ? '' : `${num(v.dailyValuePercent)} % DV`;
    // A vitamin or mineral printed as a % Daily Value alone shows only that.
    const value = v.amount === null ? dv : `${num(v.amount)} ${unitText(v.unit)}${dv && ` (${dv})`}`;
    rows.push({ field: n.key, label: n.label, value });
  }
  if (facts.netContent) rows.push({ field: 'netContent', label: 'Net content', value: facts.netContent.printed });
  if (facts.ingredients) rows.push({ field: 'ingredients', label: 'Ingredients', value: facts.ingredients });
  if (facts.allergens) rows.push({ field: 'allergens', label: 'Allergens', value: facts.allergens });
  return rows.map((r) => ({ ...r, disagreements: flags(r.field) }));
}

/**
 * The size and unit of measure the net content gives, for cataloguing staff to take as certified values (the form
 * starts from them; staff check them against the package). Null when the net content has no number or unit.
 */
export function certifiedSizeOfNetContent(
  net: { printed: string; quantity?: number | null; unit?: string | null } | null | undefined,
): { itemSize: string; unitsOfMeasure: string; printed: string } | null {
  if (!net || net.quantity === null || net.quantity === undefined || !net.unit || !(net.unit in MEASURE_UNITS))
    return null;
  return { itemSize: num(net.quantity), unitsOfMeasure: MEASURE_UNITS[net.unit as MeasureUnit], printed: net.printed };
}
