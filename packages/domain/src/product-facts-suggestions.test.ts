import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FACTS } from './product-facts.ts';
import {
  applyFactSuggestion,
  factReadingSchema,
  pendingSuggestions,
  sourcesAfterSave,
  type FactReading,
} from './product-facts-suggestions.ts';

const region = { x: 0.1, y: 0.3, width: 0.5, height: 0.05 };
const calories: FactReading = { field: 'calories', value: 230, confidence: 0.98, region };
const protein: FactReading = {
  field: 'protein',
  value: { amount: 3, unit: 'GRM', dailyValuePercent: null },
  confidence: 0.95,
  region: { ...region, y: 0.6 },
};

describe('suggestions from a photo', () => {
  it('offers readings for empty fields only, never a dismissed one', () => {
    expect(pendingSuggestions([calories, protein], null, [])).toEqual([calories, protein]);
    expect(pendingSuggestions([calories, protein], null, ['calories'])).toEqual([protein]);
    const typed = { ...EMPTY_PRODUCT_FACTS, calories: 250 };
    expect(pendingSuggestions([calories, protein], typed, [])).toEqual([protein]); // a typed value is never replaced
  });

  it('records an accepted reading as from the photo, a changed one as corrected, one without a reading as typed', () => {
    const accepted = applyFactSuggestion(applyFactSuggestion(EMPTY_PRODUCT_FACTS, calories), protein);
    const sources = sourcesAfterSave(null, accepted, {}, [calories, protein]);
    expect(sources).toEqual({
      calories: { source: 'photo', region },
      protein: { source: 'photo', region: protein.region },
    });
    const corrected = {
      ...accepted,
      calories: 240,
      nutrients: { ...accepted.nutrients, iron: { amount: 2, unit: 'MGM' as const, dailyValuePercent: 10 } },
    };
    const after = sourcesAfterSave(accepted, corrected, sources, [calories, protein]);
    expect(after.calories).toEqual({ source: 'corrected', region });
    expect(after.protein).toEqual(sources.protein); // unchanged
    expect(after.iron).toEqual({ source: 'typed', region: null });
    expect(sourcesAfterSave(corrected, { ...corrected, calories: null }, after, [calories]).calories).toBeUndefined();
  });

  it('an accepted reading is from the photo whatever order the database gave its keys in', () => {
    // PostgreSQL's jsonb keeps object keys by length, then alphabetically: the stored reading comes back as
    // { unit, amount, dailyValuePercent } while the saved facts have the schema's order.
    const stored = { ...protein, value: { unit: 'GRM' as const, amount: 3, dailyValuePercent: null } };
    const accepted = applyFactSuggestion(EMPTY_PRODUCT_FACTS, protein);
    expect(sourcesAfterSave(null, accepted, {}, [stored]).protein).toEqual({ source: 'photo', region: protein.region });
  });

  it('a reading is checked by the facts schema: a nutrient in a unit outside the code list is refused', () => {
    expect(factReadingSchema.safeParse(calories).success).toBe(true);
    expect(
      factReadingSchema.safeParse({ ...protein, value: { amount: 3, unit: 'grams', dailyValuePercent: null } }).success,
    ).toBe(false);
  });
});

describe('readings on a basis of their own', () => {
  const fatPer100g: FactReading = {
    field: 'totalFat',
    value: { amount: 21.5, unit: 'GRM', dailyValuePercent: null },
    confidence: 0.82,
    region,
    basis: '100g',
  };
  const kcalPer100g: FactReading = { field: 'calories', value: 442, confidence: 0.82, region, basis: '100g' };

  it('sets the facts per 100 g with the first amount accepted per 100 g, and keeps it for the next', () => {
    const first = applyFactSuggestion(EMPTY_PRODUCT_FACTS, kcalPer100g);
    expect(first).toMatchObject({ basis: '100g', calories: 442 });
    expect(applyFactSuggestion(first, fatPer100g).basis).toBe('100g');
    expect(applyFactSuggestion(EMPTY_PRODUCT_FACTS, calories).basis).toBe('serving');
  });

  it('does not offer an amount on another basis than the amounts the facts hold', () => {
    const perServing = { ...EMPTY_PRODUCT_FACTS, calories: 250 };
    expect(pendingSuggestions([fatPer100g, protein], perServing, [])).toEqual([protein]);
    const per100g = applyFactSuggestion(EMPTY_PRODUCT_FACTS, kcalPer100g);
    expect(pendingSuggestions([fatPer100g, protein], per100g, [])).toEqual([fatPer100g]);
    // Without amounts yet, either is offered; a serving size has no basis and is always offered.
    const serving: FactReading = {
      field: 'servingSize',
      value: { printed: '30 g', quantity: 30, unit: 'GRM' },
      confidence: 0.9,
      region,
    };
    expect(pendingSuggestions([fatPer100g, serving], EMPTY_PRODUCT_FACTS, [])).toEqual([fatPer100g, serving]);
    expect(pendingSuggestions([serving], per100g, [])).toEqual([serving]);
  });
});
