import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_MSG,
  catalogueCsvTemplate,
  certifiedValuesSchema,
  checkCatalogueCsv,
  IMPORT_ROW_ERRORS_LISTED,
  shippingProfileChoiceSchema,
} from './catalogue.ts';
import { parseCsv } from './csv.ts';
import { upcPrefixes } from './gtin.ts';

const header = CATALOGUE_CSV_COLUMNS.join(',');

describe('certified values', () => {
  it('requires description and brand, trims, and turns blanks into null', () => {
    const ok = certifiedValuesSchema.parse({ description: ' Oats ', brand: 'GV', department: '', packCount: null });
    expect(ok).toEqual({
      description: 'Oats',
      brand: 'GV',
      department: null,
      category: null,
      subcategory: null,
      itemSize: null,
      unitsOfMeasure: null,
      packCount: null,
    });
    const bad = certifiedValuesSchema.safeParse({
      description: '',
      brand: 'x'.repeat(101),
      itemSize: 'y'.repeat(51),
      packCount: 0,
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain('Description is required.');
    expect(messages).toContain('Brand must be at most 100 characters.');
    expect(messages).toContain('Size must be at most 50 characters.');
    expect(messages).toContain(CATALOGUE_MSG.packCount);
  });
});

describe('shipping profile choice', () => {
  it('takes a positive integer, or null/empty/absent to remove', () => {
    expect(shippingProfileChoiceSchema.parse({ shippingProfileId: 7 }).shippingProfileId).toBe(7);
    expect(shippingProfileChoiceSchema.parse({ shippingProfileId: null }).shippingProfileId).toBeNull();
    expect(shippingProfileChoiceSchema.parse({ shippingProfileId: '' }).shippingProfileId).toBeNull();
    expect(shippingProfileChoiceSchema.parse({}).shippingProfileId).toBeNull();
    for (const v of [0, -1, 1.5, 'abc'])
      expect(shippingProfileChoiceSchema.safeParse({ shippingProfileId: v }).success).toBe(false);
  });
});

describe('UPC prefix filter', () => {
  it('matches the EAN-13 prefix and the UPC-A prefix with a leading 0', () => {
    expect(upcPrefixes('0036')).toEqual(['0036', '00036']);
    expect(upcPrefixes(' 36-00 ')).toEqual(['3600', '03600']);
    expect(upcPrefixes('4006381333931')).toEqual(['4006381333931']);
    expect(upcPrefixes('')).toEqual([]);
  });
});

describe('CSV', () => {
  it('parses quotes, escaped quotes, CRLF and a BOM; formula-looking cells stay text', () => {
    expect(parseCsv('\uFEFFa,"b,c","d""e"\r\n=1+2,@x,\n')).toEqual([
      ['a', 'b,c', 'd"e'],
      ['=1+2', '@x', ''],
    ]);
    expect(() => parseCsv('a,"b\n')).toThrow(/unclosed quote/);
  });

  it('accepts good rows, normalising UPC-A to EAN-13', () => {
    const r = checkCatalogueCsv(
      `${header}\n036000291452,Oats,GV,,,,18,oz,\n4006381333931,"Pens, blue",Stabilo,Office,,,,,10\n`,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rows.map((x) => x.ean13Upc)).toEqual(['0036000291452', '4006381333931']);
    expect(r.rows[1].values).toMatchObject({ description: 'Pens, blue', packCount: 10, itemSize: null });
  });

  it('reports every bad row with its file row number and nothing else', () => {
    const r = checkCatalogueCsv(
      `${header}\n036000291452,Oats,GV,,,,,,\n4006381333932,,GV,,,,,,x\n0036000291452,Dup,GV,,,,,,\n`,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.rows).toEqual([
      {
        row: 3,
        ean13Upc: '4006381333932',
        errors: [expect.stringMatching(/check digit/), 'Description is required.', CATALOGUE_MSG.packCount],
      },
      { row: 4, ean13Upc: '0036000291452', errors: [CATALOGUE_MSG.duplicateEan('0036000291452', 2)] },
    ]);
  });

  it('lists at most 200 bad rows, and counts them all', () => {
    const lines = Array.from({ length: 1000 }, () => '036000291452,Oats,GV,,,,,,').join('\n');
    const r = checkCatalogueCsv(`${header}\n${lines}\n`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.rows).toHaveLength(IMPORT_ROW_ERRORS_LISTED);
    expect(r.rows[0].row).toBe(3);
    expect(r.message).toBe('999 of 1000 rows are invalid; nothing was imported. The first 200 are listed.');
  });

  it('refuses wrong headers and a file without rows', () => {
    expect(checkCatalogueCsv('upc,description\n1,2\n')).toMatchObject({
      ok: false,
      message: CATALOGUE_MSG.badHeaders(CATALOGUE_CSV_COLUMNS),
      rows: [],
    });
    expect(checkCatalogueCsv(`${header}\n`)).toMatchObject({ ok: false, message: CATALOGUE_MSG.noRows });
    expect(checkCatalogueCsv('')).toMatchObject({ ok: false });
  });

  it('the template is the header plus a valid example row', () => {
    const t = catalogueCsvTemplate();
    expect(t.split('\r\n')[0]).toBe(header);
    expect(checkCatalogueCsv(t).ok).toBe(true);
  });
});
