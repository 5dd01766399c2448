import {
  applyFactSuggestion,
  EMPTY_PRODUCT_FACTS,
  FACT_FIELDS,
  factFieldValue,
  factSuggestionValueSchema,
  MEASURE_UNITS,
  NUTRIENTS,
  nutrientAmountProblem,
  nutrientOf,
  type FactField,
  type FactSuggestionValue,
  type MeasureUnit,
  type NutrientKey,
  type NutrientValue,
  type PrintedQuantity,
  type ProductFacts,
  sameFactValue,
} from '@portal/domain';

/**
 * The product facts as the supplier edits them: each field of the facts as the texts of its inputs, and back to a
 * value checked by the shared schema (the server checks the same on save). An emptied field is no value (null).
 */

const NUTRIENT_FIELDS = new Set<string>(NUTRIENTS.map((n) => n.key));
/** The fields in the order the forms show them: the top of the label, then its nutrients, then the texts. */
export const TOP_FIELDS = FACT_FIELDS.filter(
  (f) => !NUTRIENT_FIELDS.has(f) && f !== 'ingredients' && f !== 'allergens',
);
export const TEXT_FIELDS: FactField[] = ['ingredients', 'allergens'];

export type FieldKind = 'quantity' | 'servings' | 'number' | 'nutrient' | 'text';
/** The texts of one field's inputs, by input name (printed, quantity, unit, amount, percent, value). */
export type FieldTexts = Record<string, string>;

export function kindOf(field: FactField): FieldKind {
  if (field === 'servingSize' || field === 'netContent') return 'quantity';
  if (field === 'servingsPerContainer') return 'servings';
  if (field === 'calories') return 'number';
  if (field === 'ingredients' || field === 'allergens') return 'text';
  return 'nutrient';
}

const TOP_LABELS: Partial<Record<FactField, string>> = {
  servingSize: 'Serving size',
  servingsPerContainer: 'Servings per container',
  calories: 'Calories',
  netContent: 'Net content',
  ingredients: 'Ingredients',
  allergens: 'Allergen statement',
};
export const fieldLabel = (field: FactField): string => TOP_LABELS[field] ?? nutrientOf(field)?.label ?? field;

/** The unit a nutrient is stated in on the US label (the input shows it; the supplier does not choose it). */
export const nutrientUnit = (field: FactField): MeasureUnit => nutrientOf(field)?.unit ?? 'GRM';
export const unitSymbol = (unit: MeasureUnit | null) => (unit ? MEASURE_UNITS[unit] : '');

const numberText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The inputs' texts for a field's value (null: empty inputs). */
export function textsOf(field: FactField, value: unknown): FieldTexts {
  const kind = kindOf(field);
  if (kind === 'quantity') {
    const q = value as PrintedQuantity | null;
    return { printed: q?.printed ?? '', quantity: numberText(q?.quantity), unit: q?.unit ?? '' };
  }
  if (kind === 'servings') return { printed: (value as { printed: string } | null)?.printed ?? '' };
  if (kind === 'number') return { value: numberText(value as number | null) };
  if (kind === 'text') return { value: (value as string | null) ?? '' };
  const n = value as NutrientValue | null;
  return { amount: numberText(n?.amount), percent: numberText(n?.dailyValuePercent) };
}

export const factTexts = (facts: ProductFacts | null, field: FactField): FieldTexts =>
  textsOf(field, facts ? factFieldValue(facts, field) : null);

/** A number as typed: digits with a point or a comma; NaN for anything else, so the schema refuses it. */
function parseNumber(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!t) return null;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

export type ParsedField = { ok: true; value: FactSuggestionValue['value'] | null } | { ok: false; error: string };

/** A field's value from its inputs' texts, checked by the shared schema; an error says what to fix. */
export function parseField(field: FactField, texts: FieldTexts): ParsedField {
  const kind = kindOf(field);
  const blank = Object.values(texts).every((t) => !t.trim());
  if (blank) return { ok: true, value: null };
  let value: unknown;
  if (kind === 'quantity') {
    if (!texts.printed?.trim()) return { ok: false, error: 'Enter it as printed on the package.' };
    value = { printed: texts.printed.trim(), quantity: parseNumber(texts.quantity ?? ''), unit: texts.unit || null };
  } else if (kind === 'servings') {
    const printed = texts.printed.trim();
    // "about 8", "8": the number is what the label arithmetic uses.
    const found = /\d+(?:[.,]\d+)?/.exec(printed)?.[0];
    value = { printed, value: found ? Number(found.replace(',', '.')) : null };
  } else if (kind === 'number') value = parseNumber(texts.value);
  else if (kind === 'text') value = texts.value.trim();
  else {
    const nutrient = {
      amount: parseNumber(texts.amount ?? ''),
      unit: nutrientUnit(field),
      dailyValuePercent: parseNumber(texts.percent ?? ''),
    };
    // Only a vitamin or mineral may be a % Daily Value alone (the labels before 2016 print them so).
    const problem = nutrientAmountProblem(field as NutrientKey, nutrient);
    if (problem) return { ok: false, error: problem };
    value = nutrient;
  }
  const checked = factSuggestionValueSchema.safeParse({ field, value });
  if (!checked.success) return { ok: false, error: errorText(kind) };
  return { ok: true, value: checked.data.value };
}

function errorText(kind: FieldKind): string {
  if (kind === 'quantity') return 'Enter the quantity as a number (e.g. 340) and choose its unit.';
  if (kind === 'nutrient') return 'Enter the amount and the % Daily Value as numbers (e.g. 8 and 10).';
  if (kind === 'text') return 'Enter the text as printed, at most the length the field allows.';
  return 'Enter a number (e.g. 230).';
}

/** A value as one line of text: what a suggestion shows and a screen reader says. */
export function describeValue(field: FactField, value: unknown): string {
  const kind = kindOf(field);
  if (kind === 'quantity') {
    const q = value as PrintedQuantity;
    return q.quantity === null ? q.printed : `${q.printed} · ${q.quantity} ${unitSymbol(q.unit)}`.trim();
  }
  if (kind === 'servings') return (value as { printed: string }).printed;
  if (kind === 'nutrient') {
    const n = value as NutrientValue;
    if (n.amount === null) return `${n.dailyValuePercent}% DV`;
    const amount = `${n.amount} ${unitSymbol(n.unit)}`;
    return n.dailyValuePercent === null ? amount : `${amount}, ${n.dailyValuePercent}% DV`;
  }
  return String(value);
}

/** The facts with one field set, or emptied (null). */
export function withField(facts: ProductFacts, field: FactField, value: FactSuggestionValue['value'] | null) {
  if (value !== null) return applyFactSuggestion(facts, { field, value } as FactSuggestionValue);
  if (field in facts.nutrients) {
    const { [field as keyof ProductFacts['nutrients']]: _gone, ...nutrients } = facts.nutrients;
    return { ...facts, nutrients };
  }
  return field in facts ? { ...facts, [field]: null } : facts;
}

export const isEmptyFacts = (facts: ProductFacts) => FACT_FIELDS.every((f) => factFieldValue(facts, f) == null);

/** The texts a form's fields were changed to, by field (a field left alone is absent). */
export type FormTexts = Partial<Record<FactField, FieldTexts>>;

export type FormFacts =
  | { ok: true; facts: ProductFacts | null; changed: boolean }
  | { ok: false; errors: Partial<Record<FactField, string>> };

/**
 * The facts a form sends (resubmit, images for a catalogued product): those it started from with each changed field
 * checked by the shared schema and set, null when none is left; `changed` false when every value is as it was (the
 * server then keeps the facts and their sources as they are).
 */
export function factsOfForm(initial: ProductFacts | null, texts: FormTexts): FormFacts {
  const errors: Partial<Record<FactField, string>> = {};
  let facts = initial ?? EMPTY_PRODUCT_FACTS;
  for (const [field, fieldTexts] of Object.entries(texts) as [FactField, FieldTexts][]) {
    const parsed = parseField(field, fieldTexts);
    if (parsed.ok) facts = withField(facts, field, parsed.value);
    else errors[field] = parsed.error;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const changed = FACT_FIELDS.some(
    (f) => !sameFactValue((initial ? factFieldValue(initial, f) : null) ?? null, factFieldValue(facts, f) ?? null),
  );
  return { ok: true, facts: isEmptyFacts(facts) ? null : facts, changed };
}
