import { describe, expect, it } from 'vitest';
import { BULK_EDIT_MSG, MAX_BRAND } from './bulk-edit.ts';
import { UOM_OPTIONS } from './bulk-edit.ts';
import { MEASURE_UNIT_CODES } from './measures.ts';
import {
  SHEET_BULK_EDIT_MSG,
  SHEET_SIZE_UOM,
  sheetBulkEditValues,
  sheetDimensionInches,
} from './sheet-bulk-edit-values.ts';
import { readSize } from './sheet-values.ts';
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

describe("a sheet's size in the bulk edit's Size and UOM", () => {
  const sized = (typed: string) => {
    const read = readSize(typed);
    if (read?.status !== 'ok') throw new Error(`${typed} is not a size`);
    return sheetBulkEditValues(product({ size: { quantity: read.quantity, unit: read.unit, typed } }));
  };

  it('carries ounces, fluid ounces and counts as typed, in oz and count', () => {
    expect(sized('12 oz').values).toEqual({ size: 12, uom: 'oz' });
    expect(sized('16.9 fl oz').values).toEqual({ size: 16.9, uom: 'oz' });
    expect(sized('6 ct').values).toEqual({ size: 6, uom: 'count' });
    expect(sized('12 oz').rounded).toEqual([]);
  });

  it('converts weights and volumes to ounces, to the 3 decimals the bulk edit keeps, without a warning', () => {
    expect(sized('340 g')).toEqual({ values: { size: 11.993, uom: 'oz' }, refused: [], rounded: [] });
    expect(sized('1 kg').values).toEqual({ size: 35.274, uom: 'oz' });
    expect(sized('2 lb').values).toEqual({ size: 32, uom: 'oz' });
    expect(sized('1.5 L').values).toEqual({ size: 50.721, uom: 'oz' });
    expect(sized('355 ml').values).toEqual({ size: 12.004, uom: 'oz' });
    expect(sized('75 cl').values).toEqual({ size: 25.361, uom: 'oz' });
    expect(sized('1 gal').values).toEqual({ size: 128, uom: 'oz' });
    expect(sized('1 qt').values).toEqual({ size: 32, uom: 'oz' });
    expect(sized('1 pt').values).toEqual({ size: 16, uom: 'oz' });
  });

  it('does not carry milligrams or micrograms, and says why on the row', () => {
    for (const [typed, unit] of [
      ['500 mg', 'mg'],
      ['50 mcg', 'mcg'],
    ]) {
      expect(sized(typed)).toEqual({
        values: {},
        refused: [
          {
            target: 'size',
            value: typed,
            message: SHEET_BULK_EDIT_MSG.refused(typed, SHEET_BULK_EDIT_MSG.noUom(unit)),
          },
        ],
        rounded: [],
      });
    }
    expect(SHEET_BULK_EDIT_MSG.noUom('mg')).toBe('it has no unit of measure for mg, only count and oz.');
  });

  it('judges the size as a typed Size cell: a rounding is said, one the cell refuses is not carried, nor its UOM', () => {
    const rounded = sized('12.34567 oz');
    expect(rounded.values).toEqual({ size: 12.346, uom: 'oz' });
    expect(rounded.rounded).toEqual([
      {
        target: 'size',
        value: '12.34567 oz',
        shown: '12.346',
        message: SHEET_BULK_EDIT_MSG.rounded('12.34567 oz', '12.346'),
      },
    ]);
    const big = sized('99999 kg');
    expect(big.values).toEqual({});
    expect(big.refused).toEqual([
      { target: 'size', value: '99999 kg', message: SHEET_BULK_EDIT_MSG.refused('99999 kg', BULK_EDIT_MSG.number) },
    ]);
  });

  it("maps every unit a sheet's size is read in to one of the bulk edit's units, or to none", () => {
    for (const unit of MEASURE_UNIT_CODES) {
      const to = SHEET_SIZE_UOM[unit];
      if (to) expect(UOM_OPTIONS).toContain(to.uom);
    }
    expect(MEASURE_UNIT_CODES.filter((u) => !SHEET_SIZE_UOM[u])).toEqual(['MGM', 'MC']);
  });

  it('the dry run warns on the size column of a row whose unit the bulk edit has no unit for', () => {
    const mapping = sheetMappingSchema.parse([
      { column: 0, target: 'upc' },
      { column: 1, target: 'productName' },
      { column: 2, target: 'sizeValue' },
      { column: 3, target: 'sizeUnit' },
    ]);
    const result = readSheetRows(
      ['UPC', 'Name', 'Net qty', 'Unit'],
      [
        ['036000291452', 'Vitamin C', '500', 'mg'],
        ['012345678905', 'Tomato Soup', '340', 'g'],
      ],
      mapping,
      NO_PARTNER_RULES,
      { firstRow: 2 },
    );
    expect(result.issues.map((i) => [i.row, i.column, i.value, i.severity, i.message])).toEqual([
      [2, 'Net qty', '500 mg', 'warning', SHEET_BULK_EDIT_MSG.refused('500 mg', SHEET_BULK_EDIT_MSG.noUom('mg'))],
    ]);
    expect(result.products[1]?.size).toEqual({ quantity: 340, unit: 'GRM', typed: '340 g' });
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
