import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FACTS, NUTRIENT_AMOUNT_MSG, NUTRIENTS, productFactsSchema } from './product-facts.ts';
import { factSuggestionValueSchema } from './product-facts-suggestions.ts';

describe('product facts', () => {
  it('accepts a US label per serving with % daily values', () => {
    const facts = {
      ...EMPTY_PRODUCT_FACTS,
      servingSize: { printed: '2/3 cup (55g)', quantity: 55, unit: 'GRM' },
      servingsPerContainer: { printed: 'about 8', value: 8 },
      calories: 230,
      nutrients: { totalFat: { amount: 8, unit: 'GRM', dailyValuePercent: 10 } },
      netContent: { printed: 'NET WT 12 OZ (340 g)', quantity: 340, unit: 'GRM' },
      allergens: 'Contains: milk, soy.',
    };
    expect(productFactsSchema.parse(facts)).toEqual(facts);
  });

  it('refuses an unknown nutrient, a negative amount and a unit outside the code list', () => {
    const bad = (patch: object) => productFactsSchema.safeParse({ ...EMPTY_PRODUCT_FACTS, ...patch }).success;
    expect(bad({ nutrients: { caffeine: { amount: 1, unit: 'MGM', dailyValuePercent: null } } })).toBe(false);
    expect(bad({ calories: -1 })).toBe(false);
    expect(bad({ netContent: { printed: '12 stone', quantity: 12, unit: 'STONE' } })).toBe(false);
  });

  it('gives every nutrient with a % DV a positive daily value', () => {
    for (const n of NUTRIENTS) if (n.dailyValue !== null) expect(n.dailyValue).toBeGreaterThan(0);
  });

  it('holds a vitamin or mineral as a % Daily Value alone, as labels before 2016 print them; no other nutrient', () => {
    const nutrients = (n: object) => productFactsSchema.safeParse({ ...EMPTY_PRODUCT_FACTS, nutrients: n });
    const calcium = { amount: null, unit: 'MGM', dailyValuePercent: 4 };
    expect(nutrients({ calcium, iron: { ...calcium, dailyValuePercent: 2 } }).success).toBe(true);
    const fat = nutrients({ totalFat: { amount: null, unit: 'GRM', dailyValuePercent: 10 } });
    expect(fat.error?.issues).toMatchObject([
      { path: ['nutrients', 'totalFat', 'amount'], message: NUTRIENT_AMOUNT_MSG.needed },
    ]);
    const empty = nutrients({ calcium: { ...calcium, dailyValuePercent: null } });
    expect(empty.error?.issues).toMatchObject([
      { path: ['nutrients', 'calcium', 'amount'], message: NUTRIENT_AMOUNT_MSG.empty },
    ]);
    // A suggestion read from a photo keeps the same rule.
    expect(factSuggestionValueSchema.safeParse({ field: 'iron', value: calcium }).success).toBe(true);
    expect(
      factSuggestionValueSchema.safeParse({ field: 'protein', value: { ...calcium, unit: 'GRM' } }).error?.issues[0]
        .message,
    ).toBe(NUTRIENT_AMOUNT_MSG.needed);
  });
});
