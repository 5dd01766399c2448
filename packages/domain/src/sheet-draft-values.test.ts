import { describe, expect, it } from 'vitest';
import { NO_PARTNER_RULES } from './draft-rules.ts';
import { EMPTY_PRODUCT_FACTS, INGREDIENTS_MAX, type ProductFacts } from './product-facts.ts';
import { SHEET_CARRY_MSG, mergeSheetFacts, mergeSheetName, sheetFacts } from './sheet-draft-values.ts';
import { BULK_EDIT_MSG } from './bulk-edit.ts';
import { SHEET_BULK_EDIT_MSG } from './sheet-bulk-edit-values.ts';
import { sheetMappingSchema } from './sheet-mapping.ts';
import { readSheetRows, sheetProductOf, type SheetProduct } from './sheet-rows.ts';

const product = (values: Partial<SheetProduct> = {}): SheetProduct => ({
  ...sheetProductOf(2, '0036000291452', 'Tomato Soup'),
  ...values,
});

const soupFacts = (values: Partial<ProductFacts>): ProductFacts => ({ ...EMPTY_PRODUCT_FACTS, ...values });

describe('sheetFacts', () => {
  it('carries the size as the net content (as typed, with its UN/ECE unit), calories, ingredients, allergens', () => {
    const read = sheetFacts(
      product({
        size: { quantity: 12, unit: 'ONZ', typed: '12 oz wt' },
        calories: 90,
        ingredients: 'Tomatoes, water, salt.',
        allergens: 'Contains: milk.',
        brand: 'Campbell',
        costPrice: 1.25,
      }),
    );
    expect(read).toEqual({
      facts: soupFacts({
        netContent: { printed: '12 oz wt', quantity: 12, unit: 'ONZ' },
        calories: 90,
        ingredients: 'Tomatoes, water, salt.',
        allergens: 'Contains: milk.',
      }),
      refused: [],
    });
  });

  it('gives no facts for a row without any, and refuses what a typed draft could not hold', () => {
    expect(sheetFacts(product())).toEqual({ facts: null, refused: [] });
    const long = 'x'.repeat(INGREDIENTS_MAX + 1);
    const read = sheetFacts(product({ calories: -5, ingredients: long, allergens: 'Contains: soy.' }));
    expect(read.facts).toEqual(soupFacts({ allergens: 'Contains: soy.' }));
    expect(read.refused).toEqual([
      { target: 'calories', value: '-5' },
      { target: 'ingredients', value: long },
    ]);
  });
});

describe('mergeSheetFacts and mergeSheetName (an existing draft imported again)', () => {
  const before = soupFacts({ calories: 90, ingredients: 'Tomatoes.' });

  it('fills empty fields and replaces what the last import put there', () => {
    const next = soupFacts({ calories: 100, ingredients: 'Tomatoes, salt.' });
    expect(mergeSheetFacts(null, {}, null, next)).toEqual({
      facts: next,
      sources: { calories: { source: 'typed', region: null }, ingredients: { source: 'typed', region: null } },
      kept: [],
    });
    const sources = { calories: { source: 'typed', region: null } } as const;
    expect(mergeSheetFacts(before, sources, before, next).facts).toEqual(next);
  });

  it('keeps a value the supplier changed in the portal since, and says which', () => {
    const typed = soupFacts({ calories: 95, ingredients: 'Tomatoes.', energyKj: 400 });
    const next = soupFacts({ calories: 100, ingredients: 'Tomatoes, salt.' });
    const merged = mergeSheetFacts(typed, {}, before, next);
    expect(merged.facts).toEqual(soupFacts({ calories: 95, ingredients: 'Tomatoes, salt.', energyKj: 400 }));
    expect(merged.kept).toEqual(['calories']);
  });

  it('changes nothing when the file already holds what the sheet says', () => {
    const sources = { calories: { source: 'photo', region: null } } as const;
    const merged = mergeSheetFacts(before, sources, null, before);
    expect(merged).toEqual({ facts: before, sources, kept: [] });
  });

  it('a product name: the sheet replaces an empty one or its own, never one typed since', () => {
    expect(mergeSheetName(null, null, 'Tomato Soup')).toBe('Tomato Soup');
    expect(mergeSheetName('Tomato Soup', 'Tomato Soup', 'Tomato Bisque')).toBe('Tomato Bisque');
    expect(mergeSheetName('Tomato soup, 12 oz', 'Tomato Soup', 'Tomato Bisque')).toBe('Tomato soup, 12 oz');
    expect(mergeSheetName('Typed', null, null)).toBe('Typed');
  });
});

describe('the dry run names what is not carried', () => {
  it('once per column no draft nor submission has a place for; per row a value the facts or bulk edit refuse', () => {
    const headers = ['UPC', 'Name', 'Brand', 'Kcal', 'Case pack', 'MSRP', 'Weight', 'Width'];
    const mapping = sheetMappingSchema.parse([
      { column: 0, target: 'upc' },
      { column: 1, target: 'productName' },
      { column: 2, target: 'brand' },
      { column: 3, target: 'calories' },
      { column: 4, target: 'packCount' },
      { column: 5, target: 'retailPrice' },
      { column: 6, target: 'weight' },
      { column: 7, target: 'width' },
    ]);
    const rows = [
      ['036000291452', 'Tomato Soup', 'Campbell', '90', '12', '2.49', '0.8', '3'],
      ['012345678905', 'Sweet Corn', 'Green Giant', '2000000', '', '1,250.00', '', '2.5'],
      ['4006381333931', 'Spaghetti', 'Barilla', '', '', '3.499', '', ''],
    ];
    const result = readSheetRows(headers, rows, mapping, NO_PARTNER_RULES, { firstRow: 2 });
    // Brand, MSRP and Width are carried at Submit: only the case pack and the weight are said on the header row.
    expect(result.issues.map((i) => [i.row, i.column, i.severity, i.message])).toEqual([
      [1, 'Case pack', 'warning', SHEET_CARRY_MSG.notCarried('Case pack')],
      [1, 'Weight', 'warning', SHEET_CARRY_MSG.notCarried('Weight')],
      [3, 'Kcal', 'warning', SHEET_CARRY_MSG.factRefused('2000000')],
      [3, 'MSRP', 'warning', SHEET_BULK_EDIT_MSG.refused('1250', BULK_EDIT_MSG.money)],
      [4, 'MSRP', 'warning', SHEET_BULK_EDIT_MSG.rounded('3.499', '3.50')],
    ]);
    // The header row's findings are about columns: no row is counted for them.
    expect(result.totals).toEqual({ rows: 3, ready: 1, warnings: 2, blocked: 0 });
  });
});
