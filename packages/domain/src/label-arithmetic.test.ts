import { describe, expect, it } from 'vitest';
import { checkLabel, labelDisagreements } from './label-arithmetic.ts';
import { draftReadiness, readinessRuleSchema } from './readiness.ts';
import { EMPTY_PRODUCT_FACTS, type ProductFacts } from './product-facts.ts';

const g = (amount: number, dailyValuePercent: number | null = null) => ({
  amount,
  unit: 'GRM' as const,
  dailyValuePercent,
});
const label = (patch: Partial<ProductFacts> = {}, nutrients: ProductFacts['nutrients'] = {}) => ({
  ...EMPTY_PRODUCT_FACTS,
  calories: 230,
  servingSize: { printed: '2/3 cup (55g)', quantity: 55, unit: 'GRM' as const },
  servingsPerContainer: { printed: 'about 6', value: 6 },
  netContent: { printed: 'NET WT 12 OZ (340 g)', quantity: 340, unit: 'GRM' as const },
  nutrients: {
    totalFat: g(8, 10),
    saturatedFat: g(1, 5),
    transFat: g(0),
    totalCarbohydrate: g(37, 13),
    dietaryFiber: g(4, 14),
    totalSugars: g(12),
    addedSugars: g(10, 20),
    protein: g(3),
    ...nutrients,
  },
  ...patch,
});

describe('label arithmetic', () => {
  it('a consistent label passes every check', () => {
    expect(labelDisagreements(label())).toEqual([]);
  });

  it('a vitamin or mineral printed as a % Daily Value alone has no amount to check', () => {
    const calcium = { amount: null, unit: 'MGM' as const, dailyValuePercent: 4 };
    expect(labelDisagreements(label({}, { calcium, iron: { ...calcium, dailyValuePercent: 90 } }))).toEqual([]);
  });

  it('calories against 4 × carbohydrate + 4 × protein + 9 × fat, within the rounding, naming the numbers', () => {
    expect(checkLabel(label({ calories: 240 }), 'calories')).toBeNull(); // 232 by the sum: rounding
    expect(checkLabel(label({ calories: 300 }), 'calories')?.message).toBe(
      'Calories 300 disagree with 4 × 37 g carbohydrate + 4 × 3 g protein + 9 × 8 g fat = 232.',
    );
    // Insoluble fiber may be left out: 4 × (30 − 10) + 4 × 2 + 9 × 0 = 88.
    expect(
      checkLabel(
        label({ calories: 90 }, { totalCarbohydrate: g(30), dietaryFiber: g(10), protein: g(2), totalFat: g(0) }),
        'calories',
      ),
    ).toBeNull();
    expect(checkLabel(label({ calories: null }), 'calories')).toBeNull(); // nothing to judge
  });

  it('sugars within carbohydrate, added sugars within sugars', () => {
    expect(checkLabel(label({}, { totalSugars: g(40) }), 'sugars')?.message).toBe(
      'Total sugars 40 g exceed total carbohydrate 37 g.',
    );
    expect(checkLabel(label({}, { addedSugars: g(14) }), 'sugars')?.message).toBe(
      'Added sugars 14 g exceed total sugars 12 g.',
    );
  });

  it('saturated + trans fat within total fat, "0 g" read as under half a gram', () => {
    expect(checkLabel(label({}, { totalFat: g(0), saturatedFat: g(0), transFat: g(0) }), 'fats')).toBeNull();
    expect(checkLabel(label({}, { saturatedFat: g(7), transFat: g(2) }), 'fats')?.message).toBe(
      'Saturated fat 7 g + trans fat 2 g exceed total fat 8 g.',
    );
  });

  it('% daily values against their amounts', () => {
    expect(checkLabel(label({}, { totalFat: g(8, 40) }), 'daily-values')?.message).toBe(
      'Total Fat 8 g is 10.3 % of its daily value 78 g, not 40 %.',
    );
  });

  it("a Canadian panel's % daily values, of Canada's daily values, agree too", () => {
    const mg = (amount: number, dailyValuePercent: number) => ({ amount, unit: 'MGM' as const, dailyValuePercent });
    // 340 mg of potassium is 10 % of Canada's 3,400 mg (7.2 % of the US 4,700 mg); 10 g of sugars 10 % of 100 g.
    expect(checkLabel(label({}, { potassium: mg(340, 10), totalSugars: g(10, 10) }), 'daily-values')).toBeNull();
    // ...and a US panel's still agree with the US ones.
    expect(checkLabel(label({}, { potassium: mg(470, 10) }), 'daily-values')).toBeNull();
    // A % of neither country's daily value is named against the US one; a sugars % against Canada's, the only one.
    expect(checkLabel(label({}, { potassium: mg(340, 30) }), 'daily-values')?.message).toBe(
      'Potassium 340 mg is 7.2 % of its daily value 4700 mg, not 30 %.',
    );
    expect(checkLabel(label({}, { totalSugars: g(10, 30) }), 'daily-values')?.message).toBe(
      'Total Sugars 10 g is 10 % of its daily value 100 g, not 30 %.',
    );
  });

  it('servings × serving size against the net content', () => {
    expect(checkLabel(label({ servingsPerContainer: { printed: '12', value: 12 } }), 'servings')?.message).toBe(
      '12 servings × 55 = 660, but the net content is 340.',
    );
    expect(checkLabel(label({ netContent: { printed: '1 box', quantity: null, unit: null } }), 'servings')).toBeNull();
  });
});

describe('label arithmetic as a readiness rule', () => {
  it('fails a draft file whose calories disagree, with the numbers in its message; passes without facts', () => {
    const rule = readinessRuleSchema.parse({
      code: 'R-LABEL-KCAL',
      kind: 'label-arithmetic',
      check: 'calories',
      severity: 'warning',
      weight: 1,
      message: 'The calories disagree with the macronutrients.',
      fix: 'Check the calories, fat, carbohydrate and protein against the label.',
    });
    const file = {
      fileName: 'panel.jpg',
      upc: '036000291452',
      productName: 'Oats',
      shippingProfileId: null,
      isMarketingImage: false,
      detectionStatus: 'done',
      detectedUpcs: [],
      qualityIssues: [],
      longSidePx: 3000,
    };
    const judged = (facts: ProductFacts | null) =>
      draftReadiness([{ ...file, facts }], { version: 1, rules: [rule] })[0].readiness.results[0];
    const wrong = judged(label({ calories: 300 }));
    expect(wrong.passed).toBe(false);
    expect(wrong.fileNames).toEqual(['panel.jpg']);
    expect(wrong.message).toBe(
      'The calories disagree with the macronutrients. Calories 300 disagree with 4 × 37 g carbohydrate + 4 × 3 g protein + 9 × 8 g fat = 232.',
    );
    expect(judged(label()).passed).toBe(true);
    expect(judged(null).passed).toBe(true);
  });
});
