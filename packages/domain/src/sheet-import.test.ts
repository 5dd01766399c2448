import { describe, expect, it } from 'vitest';
import { NO_PARTNER_RULES } from './draft-rules.ts';
import { gs1CheckDigit, UPC_MSG } from './gtin.ts';
import {
  findHeaderRow,
  headersSignature,
  proposeMapping,
  rememberedMapping,
  SHEET_MAPPING_MSG,
  sheetMappingSchema,
} from './sheet-mapping.ts';
import { readSheetRows, SHEET_ROW_MSG, sheetIssuesCsv, sheetRowUpcs } from './sheet-rows.ts';
import { readSize, repairUpc, scientificDigits, SHEET_VALUE_MSG, sheetNumber } from './sheet-values.ts';

const withCheck = (body: string) => body + gs1CheckDigit(body);

describe('repairUpc', () => {
  it('takes a whole GTIN as it is, in its stored form', () => {
    expect(repairUpc('036000291452')).toEqual({ status: 'ok', upc: '0036000291452' });
    expect(repairUpc(612345678907)).toEqual({ status: 'ok', upc: '0612345678907' });
  });

  it('repairs spaces, dashes and a trailing .0 with certainty', () => {
    expect(repairUpc('0 36000 29145 2')).toMatchObject({ status: 'repaired', upc: '0036000291452' });
    expect(repairUpc('0-36000-29145-2')).toMatchObject({ status: 'repaired', upc: '0036000291452' });
    expect(repairUpc('612345678907.0')).toMatchObject({ status: 'repaired', upc: '0612345678907' });
  });

  it('restores leading zeros a spreadsheet dropped when the check digit proves them', () => {
    expect(repairUpc(36000291452)).toEqual({
      status: 'repaired',
      upc: '0036000291452',
      message: SHEET_VALUE_MSG.upcZerosRestored('36000291452', '036000291452'),
    });
    expect(repairUpc('36000291452')).toMatchObject({ status: 'repaired', upc: '0036000291452' });
  });

  it('reads scientific notation that kept every digit, and flags the one that lost some', () => {
    expect(scientificDigits('6.12345678907E+11')).toBe('612345678907');
    expect(repairUpc('6.12345678907E+11')).toMatchObject({ status: 'repaired', upc: '0612345678907' });
    expect(scientificDigits('3.6E+11')).toBeNull();
    expect(repairUpc('3.6E+11')).toEqual({
      status: 'uncertain',
      suggestion: null,
      message: SHEET_VALUE_MSG.upcScientific('3.6E+11'),
    });
    expect(scientificDigits('3,60002914520E+11')).toBe('360002914520');
  });

  it('suggests, never applies, a check digit that seems left off', () => {
    // Eleven digits whose zero-padded forms fail their check digit.
    const body = '61234567890';
    const r = repairUpc(body);
    expect(r).toEqual({
      status: 'uncertain',
      suggestion: withCheck(body),
      message: SHEET_VALUE_MSG.upcCheckDigitMissing(body, withCheck(body)),
    });
  });

  it('refuses a wrong check digit, letters and an empty cell with their messages', () => {
    expect(repairUpc('036000291453')).toEqual({ status: 'invalid', message: UPC_MSG.checkDigit('03600029145', 2) });
    expect(repairUpc('ABC-123')).toEqual({ status: 'invalid', message: SHEET_VALUE_MSG.upcNotDigits('ABC-123') });
    expect(repairUpc('  ')).toEqual({ status: 'invalid', message: SHEET_VALUE_MSG.upcEmpty });
  });
});

describe('readSize', () => {
  it.each([
    ['12 oz', 12, 'ONZ'],
    ['340g', 340, 'GRM'],
    ['1.5 L', 1.5, 'LTR'],
    ['1,5 l', 1.5, 'LTR'],
    ['16.9 FL OZ', 16.9, 'FOZ'],
    ['12 fl. oz.', 12, 'FOZ'],
    ['500 mL', 500, 'MLT'],
    ['2 lbs', 2, 'LBR'],
    ['6 ct', 6, 'H87'],
    ['1 kg', 1, 'KGM'],
  ])('%s is %d %s, the typed text kept', (typed, quantity, unit) => {
    expect(readSize(typed)).toEqual({ status: 'ok', quantity, unit, typed });
  });

  it('asks about a bare oz on a liquid instead of guessing', () => {
    expect(readSize('12 oz', 'Orange Juice')).toEqual({
      status: 'ask',
      quantity: 12,
      choices: ['ONZ', 'FOZ'],
      typed: '12 oz',
      message: SHEET_VALUE_MSG.ozOnLiquid('12 oz'),
    });
    expect(readSize('12 fl oz', 'Orange Juice')).toMatchObject({ status: 'ok', unit: 'FOZ' });
    expect(readSize('12 oz', 'Tortilla Chips')).toMatchObject({ status: 'ok', unit: 'ONZ' });
  });

  it('a number without a unit, or an unknown unit, is unreadable; blank is nothing', () => {
    expect(readSize('12')).toMatchObject({ status: 'invalid', message: SHEET_VALUE_MSG.sizeUnreadable('12') });
    expect(readSize('12 bananas')).toMatchObject({ status: 'invalid' });
    expect(readSize('')).toBeNull();
  });

  it('numbers with a decimal comma or thousands separators', () => {
    expect(sheetNumber('1,5')).toBe(1.5);
    expect(sheetNumber('1,000.25')).toBe(1000.25);
    expect(sheetNumber('$3.99')).toBe(3.99);
    expect(sheetNumber('=A1*2')).toBeNull();
  });
});

describe('proposeMapping', () => {
  const headers = ['Item #', 'Code', 'Description', 'Net Wt', 'Case Pack', 'Photo', 'SRP', 'Notes'];
  const sample = [
    ['A-1', '036000291452', 'Tomato Soup', '12 oz', '12', 'soup.jpg', '2.99', ''],
    ['A-2', '36000291452', 'Chicken Soup', '340g', '12', 'chicken.png', '3.49', 'new'],
    ['A-3', '612345678907', 'Bean Soup', '1.5 L', '6', 'bean.jpg;bean-back.jpg', '4.99', ''],
  ];

  it('finds the UPC by its values, sizes by theirs, the rest by their headers', () => {
    const mapping = proposeMapping(headers, sample);
    expect(mapping.map((m) => [m.header, m.target, m.reason])).toEqual([
      ['Item #', 'ignore', 'none'],
      ['Code', 'upc', 'values'],
      ['Description', 'productName', 'header'],
      ['Net Wt', 'size', 'header'],
      ['Case Pack', 'packCount', 'header'],
      ['Photo', 'imageFiles', 'header'],
      ['SRP', 'retailPrice', 'header'],
      ['Notes', 'ignore', 'none'],
    ]);
  });

  it('gives each field to one column: a second GTIN column is left out', () => {
    const mapping = proposeMapping(['UPC', 'Case GTIN'], [['036000291452', '10036000291459']]);
    expect(mapping.map((m) => m.target)).toEqual(['upc', 'ignore']);
  });

  it('is remembered by its headers, case and punctuation aside, and not for other headers', () => {
    const remembered = {
      signature: headersSignature(headers),
      targets: proposeMapping(headers, sample).map((m) => m.target),
    };
    expect(headersSignature(headers.map((h) => h.toUpperCase() + ' '))).toBe(remembered.signature);
    expect(rememberedMapping(headers, remembered)?.[1]).toEqual({
      column: 1,
      header: 'Code',
      target: 'upc',
      reason: 'remembered',
    });
    expect(rememberedMapping(['UPC', 'Name'], remembered)).toBeNull();
  });

  it('finds the header row under a merged title row and a blank row', () => {
    const rows = [
      ['Green Valley Foods price list 2026', '', '', ''],
      ['', '', '', ''],
      ['UPC', 'Name', 'Size', 'Pack'],
      ['036000291452', 'Soup', '12 oz', '12'],
    ];
    expect(findHeaderRow(rows)).toBe(2);
    expect(
      findHeaderRow([
        ['UPC', 'Name'],
        ['036000291452', 'Soup'],
      ]),
    ).toBe(0);
  });

  it('a confirmed mapping has a UPC column and each field once', () => {
    expect(sheetMappingSchema.safeParse([{ column: 0, target: 'upc' }]).success).toBe(true);
    const twice = sheetMappingSchema.safeParse([
      { column: 0, target: 'upc' },
      { column: 1, target: 'brand' },
      { column: 2, target: 'brand' },
    ]);
    expect(twice.error?.issues.map((i) => i.message)).toEqual([SHEET_MAPPING_MSG.twice('Brand')]);
    const none = sheetMappingSchema.safeParse([{ column: 0, target: 'productName' }]);
    expect(none.error?.issues.map((i) => i.message)).toEqual([SHEET_MAPPING_MSG.noUpc]);
  });
});

describe('readSheetRows (the dry run)', () => {
  const headers = ['UPC', 'Name', 'Size', 'Photos', 'Cost'];
  const mapping = sheetMappingSchema.parse([
    { column: 0, target: 'upc' },
    { column: 1, target: 'productName' },
    { column: 2, target: 'size' },
    { column: 3, target: 'imageFiles' },
    { column: 4, target: 'costPrice' },
  ]);
  const rows = [
    ['036000291452', 'Tomato Soup', '12 oz', 'soup.jpg', '1.25'],
    ['36000291452', 'Tomato Soup', '12 oz', '', ''],
    ['3.6E+11', 'Mystery', '340 g', '', ''],
    ['612345678907', 'Orange Juice', '12 oz', 'oj.jpg', 'cheap'],
    ['', '', '', '', ''],
    ['036000291452', 'Tomato Bisque', '', '', ''],
    ['012345678905', '', '1 L', '', '=HYPERLINK("x")'],
  ];

  it('checks every row: repaired UPCs warn, lost digits, an oz on a liquid and a second name block', () => {
    const result = readSheetRows(headers, rows, mapping, NO_PARTNER_RULES, { firstRow: 2 });
    expect(result.totals).toEqual({ rows: 6, ready: 1, warnings: 2, blocked: 3 });
    expect(result.products.map((p) => p.row)).toEqual([2, 3, 4, 5, 7, 8]);
    expect(result.products[0]).toMatchObject({
      upc: '0036000291452',
      productName: 'Tomato Soup',
      size: { quantity: 12, unit: 'ONZ', typed: '12 oz' },
      imageFiles: ['soup.jpg'],
      costPrice: 1.25,
    });
    const at = (row: number) =>
      result.issues.filter((i) => i.row === row).map((i) => [i.column, i.severity, i.message]);
    expect(at(3)).toEqual([
      ['UPC', 'warning', SHEET_VALUE_MSG.upcZerosRestored('36000291452', '036000291452')],
      ['UPC', 'warning', SHEET_ROW_MSG.sameUpcAgain(2)],
    ]);
    expect(at(4)).toEqual([['UPC', 'blocked', SHEET_VALUE_MSG.upcScientific('3.6E+11')]]);
    expect(at(5)).toEqual([
      ['Cost', 'warning', SHEET_VALUE_MSG.notANumber('cheap')],
      ['Size', 'blocked', SHEET_VALUE_MSG.ozOnLiquid('12 oz')],
    ]);
    expect(at(7)).toEqual([['Name', 'blocked', SHEET_ROW_MSG.sameUpcOtherName(2)]]);
    // A formula is never run: its text is a value like any other (here, not a number).
    expect(at(8)).toEqual([['Cost', 'warning', SHEET_VALUE_MSG.notANumber('=HYPERLINK("x")')]]);
  });

  it('reads the UPCs a partner looks up alone, the same the rows are read with', () => {
    const result = readSheetRows(headers, rows, mapping, NO_PARTNER_RULES, { firstRow: 2 });
    expect(sheetRowUpcs(rows, mapping)).toEqual(result.products.flatMap((p) => p.upc ?? []));
    expect(sheetRowUpcs(rows, mapping)).toEqual([
      '0036000291452',
      '0036000291452',
      '0612345678907',
      '0036000291452',
      '0012345678905',
    ]);
    expect(sheetRowUpcs(rows, [{ column: 1, target: 'productName' }])).toEqual([]);
  });

  it("applies the partner's rules: a product name and a marketing image where required", () => {
    const rules = { productNameRequired: true, shippingProfileRequired: false, primaryImageRequired: true };
    const result = readSheetRows(headers, [rows[6]], mapping, rules, { firstRow: 2 });
    expect(result.issues.filter((i) => i.severity === 'blocked').map((i) => i.message)).toContain(
      'Please enter a product name.',
    );
  });

  it('looks the image names up among the uploaded photos', () => {
    const result = readSheetRows(headers, [rows[0], rows[6]], mapping, NO_PARTNER_RULES, {
      firstRow: 2,
      photos: new Set(['other.jpg']),
    });
    // The cost is carried to the submission's bulk edit at Submit: no column of this sheet goes unsaid.
    expect(result.issues.map((i) => [i.row, i.message])).toEqual([
      [2, SHEET_ROW_MSG.photoMissing('soup.jpg')],
      [3, SHEET_VALUE_MSG.notANumber('=HYPERLINK("x")')],
      [3, SHEET_ROW_MSG.noPhoto],
    ]);
  });

  it("finds a row's photo by the code read from it, and judges the partner's readiness rules", () => {
    const twoImages = {
      code: 'R-IMG-MIN-2',
      kind: 'min-images',
      min: 2,
      severity: 'blocking',
      weight: 1,
      message: 'At least 2 images are needed.',
      fix: 'Add a picture of the back of the pack.',
    } as const;
    const profile = { ...twoImages, code: 'R-FLD-SHIP', kind: 'field-present', field: 'shippingProfile' } as const;
    const result = readSheetRows(headers, [rows[6]], mapping, NO_PARTNER_RULES, {
      firstRow: 2,
      photos: new Set(),
      photosByCode: new Map([['0012345678905', ['IMG_1.jpg']]]),
      ruleSet: { version: 1, rules: [twoImages, profile] },
    });
    // The shipping profile is chosen on the draft: a sheet is not judged by it.
    expect(result.issues.filter((i) => i.message.startsWith('R-')).map((i) => [i.severity, i.message])).toEqual([
      ['blocked', 'R-IMG-MIN-2: At least 2 images are needed. Add a picture of the back of the pack.'],
    ]);
    expect(result.issues.map((i) => i.message)).not.toContain(SHEET_ROW_MSG.noPhoto);
  });

  it('writes the findings as CSV, a formula-looking value as text', () => {
    const csv = sheetIssuesCsv([
      { row: 8, column: 'Cost', value: '=HYPERLINK("x")', severity: 'warning', message: 'Not a number, "really".' },
    ]);
    expect(csv).toBe(
      `row,column,value,severity,message\r\n8,Cost,"'=HYPERLINK(""x"")",warning,"Not a number, ""really""."\r\n`,
    );
  });
});
