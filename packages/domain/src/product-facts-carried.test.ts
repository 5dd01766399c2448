import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FACTS, type ProductFacts } from './product-facts.ts';
import { factsFieldSchema, factsOfFiles, sourcesAfterEdit } from './product-facts-carried.ts';
import { certifiedSizeOfNetContent, factRows } from './product-facts-display.ts';

const REGION = { x: 0.1, y: 0.2, width: 0.3, height: 0.05 };
const facts: ProductFacts = {
  ...EMPTY_PRODUCT_FACTS,
  calories: 300,
  nutrients: {
    totalFat: { amount: 8, unit: 'GRM', dailyValuePercent: 10 },
    totalCarbohydrate: { amount: 37, unit: 'GRM', dailyValuePercent: 13 },
    protein: { amount: 3, unit: 'GRM', dailyValuePercent: null },
  },
};

describe('facts carried past the draft', () => {
  it('takes the first file with facts, each photo source naming that file', () => {
    const carried = factsOfFiles([
      { fileName: 'front.jpg', facts: null, factSources: {} },
      {
        fileName: 'panel.jpg',
        facts,
        factSources: { calories: { source: 'photo', region: REGION }, protein: { source: 'typed', region: null } },
      },
      { fileName: 'side.jpg', facts: { ...facts, calories: 10 }, factSources: {} },
    ]);
    expect(carried.facts).toBe(facts);
    expect(carried.sources).toEqual({
      calories: { source: 'photo', region: REGION, fileName: 'panel.jpg' },
      protein: { source: 'typed', region: null, fileName: null },
    });
    expect(factsOfFiles([{ fileName: 'a.jpg', facts: null, factSources: {} }])).toEqual({ facts: null, sources: {} });
  });

  it('an edited value becomes typed, one left as it was keeps its source, a removed one has none', () => {
    const sources = {
      calories: { source: 'photo' as const, region: REGION, fileName: 'panel.jpg' },
      protein: { source: 'photo' as const, region: REGION, fileName: 'panel.jpg' },
    };
    const edited = {
      ...facts,
      calories: 230,
      nutrients: { totalFat: facts.nutrients.totalFat, totalCarbohydrate: facts.nutrients.totalCarbohydrate },
    };
    expect(sourcesAfterEdit(facts, edited, sources)).toEqual({
      calories: { source: 'typed', region: null, fileName: null },
      totalFat: { source: 'typed', region: null, fileName: null },
      totalCarbohydrate: { source: 'typed', region: null, fileName: null },
    });
    expect(sourcesAfterEdit(facts, facts, sources).calories).toEqual(sources.calories);
    expect(sourcesAfterEdit(facts, null, sources)).toEqual({});
  });

  it('reads the multipart field as JSON checked by the shared schema', () => {
    expect(factsFieldSchema.parse(JSON.stringify(facts))).toEqual(facts);
    expect(factsFieldSchema.parse('null')).toBeNull();
    expect(factsFieldSchema.safeParse('{nope').error?.issues[0].message).toBe('The product facts are not valid JSON.');
    expect(factsFieldSchema.safeParse(JSON.stringify({ ...facts, calories: -1 })).error?.issues[0].path).toEqual([
      'calories',
    ]);
  });
});

describe('facts as the pages show them', () => {
  it("lists rows in the label's order and flags those of a check that disagrees", () => {
    const rows = factRows(facts);
    expect(rows.map((r) => r.field)).toEqual(['calories', 'totalFat', 'totalCarbohydrate', 'protein']);
    expect(rows.every((r) => r.disagreements.length === 1)).toBe(true);
    expect(factRows({ ...facts, calories: 230 }).some((r) => r.disagreements.length)).toBe(false);
  });

  it('gives the net content as a certified size and unit where it has both', () => {
    expect(certifiedSizeOfNetContent({ printed: 'NET WT 12 OZ (340 g)', quantity: 340, unit: 'GRM' })).toEqual({
      itemSize: '340',
      unitsOfMeasure: 'g',
      printed: 'NET WT 12 OZ (340 g)',
    });
    expect(certifiedSizeOfNetContent({ printed: '12 oz', quantity: null, unit: 'ONZ' })).toBeNull();
    expect(certifiedSizeOfNetContent(null)).toBeNull();
  });
});
