import { describe, expect, it } from 'vitest';
import { proposeMapping } from './sheet-mapping.ts';
import { scoreSheetLayouts, SHEET_LAYOUTS } from './sheet-layouts.fixture.ts';

describe('the proposed mapping on 31 labelled column layouts', () => {
  it('has 30 layouts or more, each labelled column by column', () => {
    expect(SHEET_LAYOUTS.length).toBeGreaterThanOrEqual(30);
    for (const layout of SHEET_LAYOUTS) {
      expect(
        layout.rows.some((row) => row.length === layout.expected.length),
        layout.name,
      ).toBe(true);
    }
  });

  it('is right for at least 95% of all columns', () => {
    const score = scoreSheetLayouts();
    const misses = score.misses.map((m) => `${m.layout}: "${m.header}" proposed ${m.proposed}, expected ${m.expected}`);
    console.log(`Sheet layouts: ${score.right} / ${score.total} columns right\n${misses.join('\n')}`);
    expect(score.right / score.total, misses.join('\n')).toBeGreaterThanOrEqual(0.95);
  });
});

describe('header rules', () => {
  const targets = (headers: string[], rows: string[][]) => proposeMapping(headers, rows).map((m) => m.target);

  it('reads abbreviations, a unit in brackets and a qualifier before the field', () => {
    expect(
      targets(
        ['Item Desc', 'Cs Pk', 'Unit Cst', 'Rtl', 'Item L (in)', 'Each Gross Weight'],
        [['Lip Balm Mint', '24', '1.10', '2.99', '8.5', '0.4']],
      ),
    ).toEqual(['productName', 'packCount', 'costPrice', 'retailPrice', 'depth', 'weight']);
  });

  it("leaves the case's codes and weights out, and takes the unit's cost before the case's", () => {
    expect(
      targets(
        ['Case GTIN', 'Unit UPC', 'Case Wt (lb)', 'Case Cost', 'Unit Cost'],
        [['10812008317625', '70181074060', '7.2', '14.40', '0.60']],
      ),
    ).toEqual(['ignore', 'upc', 'ignore', 'ignore', 'costPrice']);
    expect(targets(['UPC', 'Case Price'], [['036000291452', '30.60']])).toEqual(['upc', 'costPrice']);
  });

  it("does not take a vendor's name or a column of codes for the product's name", () => {
    expect(
      targets(
        ['Vendor Name', 'Name', 'Display Name'],
        [
          ['Hillside LLC', 'BRK-CB-12', 'Cold Brew 12 fl oz'],
          ['Hillside LLC', 'BRK-CB-32', 'Cold Brew 32 fl oz'],
        ],
      ),
    ).toEqual(['ignore', 'ignore', 'productName']);
  });

  it("reads a Size of bare numbers as the size's number, and wants numbers under a numeric field", () => {
    expect(
      targets(
        ['Size', 'UOM', 'Catch Wt', 'Country of Origin'],
        [
          ['16', 'OZ', 'N', 'USA'],
          ['24', 'OZ', 'Y', 'USA'],
        ],
      ),
    ).toEqual(['sizeValue', 'sizeUnit', 'ignore', 'ignore']);
  });

  it('reads each side of a bilingual header, and a language tag after one', () => {
    expect(
      targets(['Description EN', 'Description FR', 'SRP / PDSM'], [['Maple Syrup', "Sirop d'érable", '13.99']]),
    ).toEqual(['productName', 'ignore', 'retailPrice']);
  });
});
