import { describe, expect, it } from 'vitest';
import { BULK_EDIT_MSG, MAX_BRAND } from './bulk-edit.ts';
import { SHEET_BULK_EDIT_MSG, sheetBulkEditValues, sheetDimensionInches } from './sheet-bulk-edit-values.ts';
import { sheetMappingSchema } from './sheet-mapping.ts';
import { NO_PARTNER_RULES } from './draft-rules.ts';
import { readSheetRows, sheetProductOf, type SheetProduct } from './sheet-rows.ts';

const product = (values: Partial<SheetProduct> = {}): SheetProduct => ({
  ...sheetProductOf(2, '0036000291452', 'Tomato Soup'),
  ...values,
});

describe('sheetBulkEditValues', () => {
  it("maps the brand, dimensions and prices to the bulk edit's brand, height, width, depth, wholesale cost and MSRP", () => {
    const read = sheetBulkEditValues(
      product({
        brand: 'Campbell',
        width: 3,
        height: 4.5,
        depth: 3.25,
        costPrice: 1.25,
        retailPrice: 2.49,
        packCount: 12,
        weight: 0.9,
        calories: 90,
      }),
    );
    expect(read).toEqual({
      values: { companyName: 'Campbell', width: 3, height: 4.5, depth: 3.25, wholesaleCost: 1.25, msrp: 2.49 },
      refused: [],
      rounded: [],
    });
  });

  it('gives nothing for a row without those values, nor for a blank brand', () => {
    expect(sheetBulkEditValues(product())).toEqual({ values: {}, refused: [], rounded: [] });
    expect(sheetBulkEditValues(product({ brand: '   ' })).values).toEqual({});
  });

  it("refuses, by column, what the bulk edit's rules refuse, and carries the rest of the row", () => {
    const read = sheetBulkEditValues(
      product({ brand: 'x'.repeat(MAX_BRAND + 1), width: 12345678, retailPrice: 1250, costPrice: 0.99 }),
    );
    expect(read.values).toEqual({ wholesaleCost: 0.99 });
    expect(read.refused).toEqual([
      {
        target: 'brand',
        value: 'x'.repeat(MAX_BRAND + 1),
        message: expect.stringContaining(BULK_EDIT_MSG.brandTooLong),
      },
      { target: 'width', value: '12345678', message: SHEET_BULK_EDIT_MSG.refused('12345678', BULK_EDIT_MSG.number) },
      { target: 'retailPrice', value: '1250', message: SHEET_BULK_EDIT_MSG.refused('1250', BULK_EDIT_MSG.money) },
    ]);
  });

  it('carries a number with more decimals than the bulk edit keeps rounded, and says so', () => {
    const read = sheetBulkEditValues(product({ retailPrice: 3.499, depth: 1.23456, brand: '  Campbell ' }));
    expect(read.values).toEqual({ msrp: 3.5, depth: 1.235, companyName: 'Campbell' });
    expect(read.rounded.map((r) => [r.target, r.shown, r.message])).toEqual([
      ['depth', '1.235', SHEET_BULK_EDIT_MSG.rounded('1.23456', '1.235')],
      ['retailPrice', '3.50', SHEET_BULK_EDIT_MSG.rounded('3.499', '3.50')],
    ]);
  });
});

describe('sheetDimensionInches', () => {
  it('reads a dimension in inches unless its header names centimetres or millimetres', () => {
    expect(sheetDimensionInches('Width', 3.5)).toBe(3.5);
    expect(sheetDimensionInches('Height (in)', 6.25)).toBe(6.25);
    expect(sheetDimensionInches('Width (cm)', 10)).toBe(3.937);
    expect(sheetDimensionInches('Depth mm', 254)).toBe(10);
    expect(sheetDimensionInches('Length, centimetres', 2.54)).toBe(1);
    // A word that only starts like a unit is not one.
    expect(sheetDimensionInches('Commercial depth', 4)).toBe(4);
  });

  it('the dry run reads a metric column in inches, with no rounding to warn of', () => {
    const mapping = sheetMappingSchema.parse([
      { column: 0, target: 'upc' },
      { column: 1, target: 'width' },
      { column: 2, target: 'height' },
    ]);
    const read = readSheetRows(
      ['UPC', 'Width (cm)', 'Height'],
      [['036000291452', '10', '4']],
      mapping,
      NO_PARTNER_RULES,
      {
        firstRow: 2,
      },
    );
    expect(read.products.map((p) => [p.width, p.height])).toEqual([[3.937, 4]]);
    expect(read.issues).toEqual([]);
  });
});
