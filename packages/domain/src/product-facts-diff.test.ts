import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FACTS, type ProductFacts } from './product-facts.ts';
import { diffFacts } from './product-facts-diff.ts';

const rejected: ProductFacts = {
  ...EMPTY_PRODUCT_FACTS,
  servingSize: { printed: '2/3 cup (55g)', quantity: 55, unit: 'GRM' },
  calories: 300,
  nutrients: {
    totalFat: { amount: 8, unit: 'GRM', dailyValuePercent: 10 },
    sodium: { amount: 510, unit: 'MGM', dailyValuePercent: 22 },
    protein: { amount: 3, unit: 'GRM', dailyValuePercent: null },
  },
  netContent: { printed: 'NET WT 12 OZ (340 g)', quantity: 340, unit: 'GRM' },
  allergens: 'Contains: milk.',
};

describe('the facts of a resubmission against the rejected version', () => {
  it('lists only what changed, in the label order, each marked added, removed or changed', () => {
    const resubmitted: ProductFacts = {
      ...rejected,
      calories: 230,
      nutrients: {
        totalFat: rejected.nutrients.totalFat,
        sodium: { amount: 150, unit: 'MGM', dailyValuePercent: 7 },
        totalSugars: { amount: 12, unit: 'GRM', dailyValuePercent: null },
      },
      allergens: null,
      ingredients: 'WHOLE GRAIN OATS, SUGAR, SALT.',
    };
    expect(diffFacts(rejected, resubmitted)).toEqual([
      { field: 'calories', label: 'Calories (per serving)', before: '300', after: '230', change: 'changed' },
      { field: 'sodium', label: 'Sodium', before: '510 mg (22 % DV)', after: '150 mg (7 % DV)', change: 'changed' },
      { field: 'totalSugars', label: 'Total Sugars', before: null, after: '12 g', change: 'added' },
      { field: 'protein', label: 'Protein', before: '3 g', after: null, change: 'removed' },
      {
        field: 'ingredients',
        label: 'Ingredients',
        before: null,
        after: 'WHOLE GRAIN OATS, SUGAR, SALT.',
        change: 'added',
      },
      { field: 'allergens', label: 'Allergens', before: 'Contains: milk.', after: null, change: 'removed' },
    ]);
  });

  it('finds nothing when the facts read the same, and a changed % Daily Value alone is a change', () => {
    expect(diffFacts(rejected, structuredClone(rejected))).toEqual([]);
    const dv = {
      ...rejected,
      nutrients: { ...rejected.nutrients, totalFat: { amount: 8, unit: 'GRM' as const, dailyValuePercent: 11 } },
    };
    expect(diffFacts(rejected, dv)).toEqual([
      { field: 'totalFat', label: 'Total Fat', before: '8 g (10 % DV)', after: '8 g (11 % DV)', change: 'changed' },
    ]);
  });

  it('marks every value added when the rejected version had no facts, removed when the new one has none', () => {
    const added = diffFacts(null, rejected);
    expect(added.map((d) => d.change)).toEqual(Array(7).fill('added'));
    expect(added[0]).toEqual({
      field: 'servingSize',
      label: 'Serving size',
      before: null,
      after: '2/3 cup (55g)',
      change: 'added',
    });
    expect(diffFacts(rejected, null).every((d) => d.change === 'removed' && d.after === null)).toBe(true);
    expect(diffFacts(null, null)).toEqual([]);
  });

  it('shows a change of what the amounts are per as a row of its own', () => {
    expect(diffFacts(rejected, { ...rejected, basis: '100g' })).toEqual([
      { field: 'basis', label: 'Amounts per', before: 'Per serving', after: 'Per 100 g', change: 'changed' },
    ]);
  });
});
