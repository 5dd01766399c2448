import { CANADIAN_DAILY_VALUES, NUTRIENTS, type MeasureUnit, type NutrientKey } from './measures.ts';
import type { ProductFacts } from './product-facts.ts';

/**
 * The sums a Nutrition Facts label must agree with (21 CFR 101.9), checked on the facts of a product so that a
 * misread or mistyped value is caught before the retailer does. Each check passes when a value it needs is missing:
 * it judges only numbers that are there.
 */
export const LABEL_CHECKS = ['calories', 'sugars', 'fats', 'daily-values', 'servings'] as const;
export type LabelCheck = (typeof LABEL_CHECKS)[number];
/** Each check as the rule editor names it. */
export const LABEL_CHECK_LABELS: Record<LabelCheck, string> = {
  calories: 'Calories match 4 × carbohydrate + 4 × protein + 9 × fat',
  sugars: 'Sugars within carbohydrate, added sugars within sugars',
  fats: 'Saturated + trans fat within total fat',
  'daily-values': '% daily values match their amounts',
  servings: 'Servings × serving size match the net content',
};

export interface LabelDisagreement {
  check: LabelCheck;
  /** Which numbers disagree, and by how much, in the label's words. */
  message: string;
}

const fmt = (n: number) => String(Math.round(n * 10) / 10);

/**
 * Calories are rounded to 5 (to 10 above 50), fat to 0.5 g, carbohydrate and protein to 1 g: the sum of rounded
 * amounts can be off by about 14 kcal, and the FDA allows 20 % between label and product. Insoluble fiber may be left
 * out of the carbohydrate's calories, so the sum is taken with and without the fiber.
 */
/** A nutrient's amount, undefined where the facts hold none (a % Daily Value alone is no amount). */
const amountOf = (facts: ProductFacts, key: NutrientKey) => facts.nutrients[key]?.amount ?? undefined;

function calories(facts: ProductFacts): LabelDisagreement | null {
  const [fat, carb, protein] = [
    amountOf(facts, 'totalFat'),
    amountOf(facts, 'totalCarbohydrate'),
    amountOf(facts, 'protein'),
  ];
  if (facts.calories === null || fat === undefined || carb === undefined || protein === undefined) return null;
  const fiber = amountOf(facts, 'dietaryFiber') ?? 0;
  const sum = 4 * carb + 4 * protein + 9 * fat;
  const withoutFiber = sum - 4 * fiber;
  const agrees = (expected: number) => Math.abs(facts.calories! - expected) <= Math.max(15, expected * 0.2);
  if (agrees(sum) || agrees(withoutFiber)) return null;
  return {
    check: 'calories',
    message:
      `Calories ${fmt(facts.calories)} disagree with 4 × ${fmt(carb)} g carbohydrate + 4 × ${fmt(protein)} g protein ` +
      `+ 9 × ${fmt(fat)} g fat = ${fmt(sum)}.`,
  };
}

function sugars(facts: ProductFacts): LabelDisagreement | null {
  const [total, added, carb] = [
    amountOf(facts, 'totalSugars'),
    amountOf(facts, 'addedSugars'),
    amountOf(facts, 'totalCarbohydrate'),
  ];
  if (total !== undefined && carb !== undefined && total > carb + 0.5)
    return { check: 'sugars', message: `Total sugars ${fmt(total)} g exceed total carbohydrate ${fmt(carb)} g.` };
  if (added !== undefined && total !== undefined && added > total + 0.5)
    return { check: 'sugars', message: `Added sugars ${fmt(added)} g exceed total sugars ${fmt(total)} g.` };
  return null;
}

function fats(facts: ProductFacts): LabelDisagreement | null {
  const [total, saturated, trans] = [
    amountOf(facts, 'totalFat'),
    amountOf(facts, 'saturatedFat'),
    amountOf(facts, 'transFat'),
  ];
  if (total === undefined || (saturated === undefined && trans === undefined)) return null;
  const parts = (saturated ?? 0) + (trans ?? 0);
  // "0 g" may be up to 0.5 g, and each amount is rounded: half a gram each way.
  if (parts <= total + 0.5) return null;
  return {
    check: 'fats',
    message: `Saturated fat ${fmt(saturated ?? 0)} g + trans fat ${fmt(trans ?? 0)} g exceed total fat ${fmt(total)} g.`,
  };
}

/**
 * A % Daily Value against its amount: rounded to 1 % (2 % steps below 10 % for some), allowed 2 points or a fifth. A
 * Canadian panel's % is of Canada's daily value (fat 75 g, potassium 3,400 mg, sugars 100 g): a % that agrees with
 * either country's passes, since the facts do not say which label they were read from.
 */
function dailyValues(facts: ProductFacts): LabelDisagreement | null {
  for (const nutrient of NUTRIENTS) {
    const value = facts.nutrients[nutrient.key];
    if (!value || value.amount === null || value.dailyValuePercent === null || value.unit !== nutrient.unit) continue;
    const amount = value.amount;
    const dailyValuesOf = [nutrient.dailyValue, CANADIAN_DAILY_VALUES[nutrient.key] ?? null].filter(
      (dv): dv is number => dv !== null,
    );
    if (!dailyValuesOf.length) continue;
    const percentOf = (dv: number) => (amount / dv) * 100;
    const agrees = (dv: number) =>
      Math.abs(percentOf(dv) - value.dailyValuePercent!) <= Math.max(2, percentOf(dv) * 0.2);
    if (dailyValuesOf.some(agrees)) continue;
    const [dv] = dailyValuesOf;
    return {
      check: 'daily-values',
      message:
        `${nutrient.label} ${fmt(amount)} ${unitWord(nutrient.unit)} is ${fmt(percentOf(dv))} % of its daily value ` +
        `${dv} ${unitWord(nutrient.unit)}, not ${fmt(value.dailyValuePercent)} %.`,
    };
  }
  return null;
}

const unitWord = (unit: MeasureUnit) => ({ GRM: 'g', MGM: 'mg', MC: 'mcg' })[unit as 'GRM'] ?? unit;

/** Grams or millilitres of a quantity, where it can be said. */
function metric(q: { quantity: number | null; unit: MeasureUnit | null } | null): number | null {
  if (!q || q.quantity === null) return null;
  const factor: Partial<Record<MeasureUnit, number>> = {
    GRM: 1,
    KGM: 1000,
    MLT: 1,
    LTR: 1000,
    CLT: 10,
    ONZ: 28.35,
    LBR: 453.6,
  };
  const f = q.unit ? factor[q.unit] : undefined;
  return f === undefined ? null : q.quantity * f;
}

/** Servings × serving size against the net content: servings are rounded ("about 8"), so within one serving or 10 %. */
function servings(facts: ProductFacts): LabelDisagreement | null {
  const size = metric(facts.servingSize);
  const net = metric(facts.netContent);
  const count = facts.servingsPerContainer?.value ?? null;
  if (size === null || net === null || count === null) return null;
  const total = size * count;
  if (Math.abs(total - net) <= Math.max(size, net * 0.1)) return null;
  return {
    check: 'servings',
    message: `${fmt(count)} servings × ${fmt(size)} = ${fmt(total)}, but the net content is ${fmt(net)}.`,
  };
}

const CHECKS: Record<LabelCheck, (facts: ProductFacts) => LabelDisagreement | null> = {
  calories,
  sugars,
  fats,
  'daily-values': dailyValues,
  servings,
};

/** The disagreement of one check, or null when the numbers agree or are not all there. */
export const checkLabel = (facts: ProductFacts, check: LabelCheck): LabelDisagreement | null => CHECKS[check](facts);

/** Every disagreement of a label. */
export const labelDisagreements = (facts: ProductFacts): LabelDisagreement[] =>
  LABEL_CHECKS.flatMap((c) => CHECKS[c](facts) ?? []);
