import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FACTS, type ProductFacts } from './product-facts.ts';
import {
  carriedSourcesAfterSave,
  factsFieldSchema,
  factsOfFiles,
  sourcesAfterEdit,
  submissionSuggestions,
  type ReadSubmissionFile,
} from './product-facts-carried.ts';
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

  it('shows a vitamin or mineral printed as a % Daily Value alone by its percent', () => {
    const rows = factRows({
      ...facts,
      nutrients: {
        calcium: { amount: null, unit: 'MGM', dailyValuePercent: 4 },
        iron: { amount: 8, unit: 'MGM', dailyValuePercent: 45 },
      },
    });
    expect(rows.filter((r) => r.field === 'calcium' || r.field === 'iron').map((r) => r.value)).toEqual([
      '4 % DV',
      '8 mg (45 % DV)',
    ]);
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

describe('suggestions from photos added to a submission', () => {
  const calories = { field: 'calories' as const, value: 230, confidence: 0.97, region: REGION };
  const protein = {
    field: 'protein' as const,
    value: { amount: 5, unit: 'GRM' as const, dailyValuePercent: null },
    confidence: 0.95,
    region: REGION,
  };
  const sodium = {
    field: 'sodium' as const,
    value: { amount: 150, unit: 'MGM' as const, dailyValuePercent: 7 },
    confidence: 0.7,
    region: REGION,
  };
  const file = (fileName: string, over: Partial<ReadSubmissionFile> = {}): ReadSubmissionFile => ({
    fileName,
    factReadingStatus: 'done',
    factReadings: [],
    dismissedFacts: [],
    ...over,
  });

  it('offers nothing from files that are not read, and says a reading is pending while any file waits', () => {
    expect(submissionSuggestions([file('a.jpg', { factReadingStatus: null })], facts)).toEqual({
      fileName: null,
      status: 'none',
      suggestions: [],
    });
    const waiting = submissionSuggestions(
      [file('a.jpg', { factReadingStatus: 'pending' }), file('b.jpg', { factReadingStatus: 'failed' })],
      null,
    );
    expect(waiting).toEqual({ fileName: 'a.jpg', status: 'pending', suggestions: [] });
    expect(submissionSuggestions([file('b.jpg', { factReadingStatus: 'failed' })], null).status).toBe('failed');
  });

  it('offers the first read file with readings left, by the draft rules: never over a value, never a dismissed one', () => {
    const offered = submissionSuggestions(
      [
        file('old.jpg', { factReadingStatus: null, factReadings: [sodium] }),
        file('front.jpg', { factReadings: [calories] }),
        file('panel.jpg', { factReadings: [calories, protein, sodium], dismissedFacts: ['sodium'] }),
      ],
      { ...facts, calories: null, nutrients: { totalFat: facts.nutrients.totalFat } },
    );
    // calories is empty in the facts, so front.jpg's reading is offered first; protein and sodium wait for it.
    expect(offered).toEqual({ fileName: 'front.jpg', status: 'done', suggestions: [calories] });
    // Calories typed (300): front.jpg has nothing left; panel.jpg offers protein, its sodium was dismissed.
    const next = submissionSuggestions(
      [
        file('front.jpg', { factReadings: [calories] }),
        file('panel.jpg', { factReadings: [calories, protein, sodium], dismissedFacts: ['sodium'] }),
      ],
      { ...facts, nutrients: { totalFat: facts.nutrients.totalFat } },
    );
    expect(next).toEqual({ fileName: 'panel.jpg', status: 'done', suggestions: [protein] });
  });

  it('records an accepted reading as from the photo naming its file, a corrected one as corrected, others kept', () => {
    const typedProtein = { source: 'typed' as const, region: null, fileName: null };
    const after: ProductFacts = {
      ...facts,
      calories: 230,
      nutrients: { ...facts.nutrients, sodium: { amount: 160, unit: 'MGM', dailyValuePercent: 7 } },
    };
    expect(carriedSourcesAfterSave(facts, after, { protein: typedProtein }, [calories, sodium], 'panel.jpg')).toEqual({
      protein: typedProtein,
      calories: { source: 'photo', region: REGION, fileName: 'panel.jpg' },
      sodium: { source: 'corrected', region: REGION, fileName: 'panel.jpg' },
    });
  });
});
