import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FACTS, NUTRIENTS, productFactsSchema } from './product-facts.ts';

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
});
