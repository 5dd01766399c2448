import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { SHEET_CARRY_MSG, SHEET_MSG, SHEET_VALUE_MSG, type SheetDryRun } from '@portal/domain';
import { Client, databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';

/**
 * A supplier's own sheet over HTTP: generated here with the parser's library as spreadsheets leave them (UPCs as
 * numbers shown in scientific notation or with their zeros dropped, a UPC typed as 3.6E+11, mixed units, a title row
 * merged over the headers, the products on a second sheet), CSV in Windows-1252 with semicolons, and hostile files.
 */
let server: TestServer;
let supplier: Client;
let viewer: Client;
let other: Client;

beforeAll(async () => {
  server = await startTestServer();
  ({ supplier, viewer, other } = await demoClients(server));
});
afterAll(() => server?.close());

type Cell = string | number | XLSX.CellObject;
function workbook(sheets: Record<string, Cell[][]>, edit?: (name: string, ws: XLSX.WorkSheet) => void) {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = XLSX.utils.aoa_to_sheet([]);
    rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (cell === '') return;
        ws[XLSX.utils.encode_cell({ r, c })] =
          typeof cell === 'object' ? cell : typeof cell === 'number' ? { t: 'n', v: cell } : { t: 's', v: cell };
      }),
    );
    ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length - 1, c: rows[0].length - 1 } });
    edit?.(name, ws);
    XLSX.utils.book_append_sheet(book, ws, name);
  }
  return book;
}
const xlsx = (book: XLSX.WorkBook) => new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

const dryRun = (c: Client, name: string, data: Uint8Array, fields: Record<string, string> = {}) =>
  c.upload('/api/sheetImports/dryRun', [{ name, data }], 'file', fields);

describe(`sheet import: the dry run (${databaseKind})`, () => {
  const products = [
    ['Green Valley Foods: price list 2026', '', '', '', '', ''],
    ['', '', '', '', '', ''],
    ['Item #', 'Code', 'Description', 'Net Wt', 'Case Pack', 'Cost'],
    // A number cell shown in scientific notation keeps every digit in the file.
    ['A-1', { t: 'n', v: 612345678907, z: '0.00E+00' }, 'Tomato Soup', '12 oz', 12, 1.25],
    // A UPC typed into a number cell: its leading zero is gone.
    ['A-2', 36000291452, 'Chicken Soup', '340g', 12, 1.5],
    // A UPC copied from a CSV that showed it as 3.6E+11: its digits are lost.
    ['A-3', '3.6E+11', 'Bean Soup', '1.5 L', 6, 2],
    ['A-4', '012345678905', 'Orange Juice', '12 oz', 6, { t: 'n', v: 3, f: 'SUM(1,2)' }],
  ] as Cell[][];
  const book = () =>
    workbook({ Notes: [['Read me first'], ['Prices valid from March']], Products: products }, (name, ws) => {
      if (name === 'Products') ws['!merges'] = [{ s: { r: 0, c: 0 }, e: { r: 0, c: 5 } }];
    });

  it('finds the products on the second sheet under a merged title, proposes the mapping and checks every row', async () => {
    const res = await dryRun(supplier, 'price list.xlsx', xlsx(book()));
    expect(res.status).toBe(200);
    const run = res.json as SheetDryRun;
    expect(run).toMatchObject({ format: 'xlsx', sheets: ['Notes', 'Products'], sheet: 1, headerRow: 3 });
    expect(run.mapping.map((m) => [m.header, m.target, m.reason])).toEqual([
      ['Item #', 'ignore', 'none'],
      ['Code', 'upc', 'values'],
      ['Description', 'productName', 'header'],
      ['Net Wt', 'size', 'header'],
      ['Case Pack', 'packCount', 'header'],
      ['Cost', 'costPrice', 'header'],
    ]);
    expect(run.preview.map((p) => [p.row, p.upc, p.size])).toEqual([
      [4, '0612345678907', { quantity: 12, unit: 'ONZ', typed: '12 oz' }],
      [5, '0036000291452', { quantity: 340, unit: 'GRM', typed: '340g' }],
      [6, null, { quantity: 1.5, unit: 'LTR', typed: '1.5 L' }],
      [7, '0012345678905', null],
    ]);
    expect(run.issues.map((i) => [i.row, i.column, i.value, i.severity, i.message])).toEqual([
      // Columns neither a draft nor its submission has a place for are said once, on the header row (the cost goes
      // on to the submission's bulk edit at Submit).
      [3, 'Case Pack', '', 'warning', SHEET_CARRY_MSG.notCarried('Case Pack')],
      [5, 'Code', '36000291452', 'warning', SHEET_VALUE_MSG.upcZerosRestored('36000291452', '036000291452')],
      [6, 'Code', '3.6E+11', 'blocked', SHEET_VALUE_MSG.upcScientific('3.6E+11')],
      // A formula is never run: it reads as its text.
      [7, 'Cost', '=SUM(1,2)', 'warning', SHEET_VALUE_MSG.notANumber('=SUM(1,2)')],
      [7, 'Net Wt', '12 oz', 'blocked', SHEET_VALUE_MSG.ozOnLiquid('12 oz')],
    ]);
    expect(run.totals).toEqual({ rows: 4, ready: 1, warnings: 1, blocked: 2 });
  });

  it('reads the sheet again with the mapping the supplier corrected', async () => {
    const mapping = [
      { column: 1, target: 'upc' },
      { column: 2, target: 'productName' },
      { column: 3, target: 'size' },
      { column: 0, target: 'brand' },
    ];
    const res = await dryRun(supplier, 'price list.xlsx', xlsx(book()), { mapping: JSON.stringify(mapping) });
    expect(res.status).toBe(200);
    const run = res.json as SheetDryRun;
    expect(run.mapping.map((m) => m.target)).toEqual(['brand', 'upc', 'productName', 'size', 'ignore', 'ignore']);
    expect(run.preview[0]).toMatchObject({ brand: 'A-1', packCount: null, costPrice: null });
    // The corrected mapping is offered again for a sheet with the same headers, to this company only.
    const again = (await dryRun(supplier, 'april.xlsx', xlsx(book()))).json as SheetDryRun;
    expect(again.mapping.map((m) => [m.target, m.reason])).toEqual([
      ['brand', 'remembered'],
      ['upc', 'remembered'],
      ['productName', 'remembered'],
      ['size', 'remembered'],
      ['ignore', 'remembered'],
      ['ignore', 'remembered'],
    ]);
    const theirs = (await dryRun(other, 'price list.xlsx', xlsx(book()))).json as SheetDryRun;
    expect(theirs.mapping.map((m) => m.target)).toEqual([
      'ignore',
      'upc',
      'productName',
      'size',
      'packCount',
      'costPrice',
    ]);
    const twice = await dryRun(supplier, 'price list.xlsx', xlsx(book()), {
      mapping: JSON.stringify([{ column: 2, target: 'productName' }]),
    });
    expect(twice.status).toBe(400);
    expect(twice.json.message).toContain('Choose the column that holds the UPC.');
  });

  it('reads a Windows-1252 CSV with semicolons, UPCs kept as typed; and an .xls', async () => {
    const csv = 'UPC;Name;Size\r\n036000291452;Crème brûlée;4 x 100 g\r\n0 12345 67890 5;Café au lait;1,5 l\r\n';
    const res = await dryRun(supplier, 'list.csv', new Uint8Array(Buffer.from(csv, 'latin1')));
    expect(res.status).toBe(200);
    const run = res.json as SheetDryRun;
    expect(run.format).toBe('csv');
    expect(run.preview.map((p) => [p.upc, p.productName, p.size?.unit ?? null])).toEqual([
      ['0036000291452', 'Crème brûlée', null],
      ['0012345678905', 'Café au lait', 'LTR'],
    ]);
    expect(run.issues.map((i) => [i.row, i.column, i.severity])).toEqual([
      [2, 'Size', 'warning'],
      [3, 'UPC', 'warning'],
    ]);
    const xls = XLSX.write(
      workbook({
        P: [
          ['UPC', 'Name'],
          ['036000291452', 'Soup'],
        ],
      }),
      {
        type: 'buffer',
        bookType: 'biff8',
      },
    ) as Buffer;
    const old = await dryRun(supplier, 'old.xls', new Uint8Array(xls));
    expect(old.json).toMatchObject({ format: 'xls', totals: { rows: 1, ready: 1 } });
  });

  it('a read-only administrator may not import, a visitor must sign in', async () => {
    const sheet = xlsx(workbook({ P: [['UPC'], ['036000291452']] }));
    expect((await dryRun(viewer, 'a.xlsx', sheet)).status).toBe(403);
    expect((await dryRun(new Client(server.url), 'a.xlsx', sheet)).status).toBe(401);
  });
});

describe(`sheet import: hostile sheets are refused clearly (${databaseKind})`, () => {
  const refused = async (name: string, data: Uint8Array, message: string) => {
    const res = await dryRun(supplier, name, data);
    expect({ status: res.status, message: res.json?.message }).toEqual({ status: 422, message });
  };

  it('a zip bomb: a part that unpacks to far more than it packs', async () => {
    const zip = XLSX.CFB.read(Buffer.from(xlsx(workbook({ P: [['UPC'], ['036000291452']] }))), { type: 'buffer' });
    XLSX.CFB.utils.cfb_add(zip, '/xl/media/image1.bin', Buffer.alloc(20 * 1024 * 1024));
    const data = XLSX.CFB.write(zip, { fileType: 'zip', type: 'buffer', compression: true }) as Buffer;
    expect(data.length).toBeLessThan(1024 * 1024);
    await refused('bomb.xlsx', new Uint8Array(data), SHEET_MSG.bomb);
  });

  it('billion laughs: a part that declares XML entities', async () => {
    const zip = XLSX.CFB.read(Buffer.from(xlsx(workbook({ P: [['UPC'], ['036000291452']] }))), { type: 'buffer' });
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
      <worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">
      <c r="A1" t="inlineStr"><is><t>&lol2;</t></is></c></row></sheetData></worksheet>`;
    XLSX.CFB.utils.cfb_add(zip, '/xl/worksheets/sheet1.xml', Buffer.from(lol));
    const data = XLSX.CFB.write(zip, { fileType: 'zip', type: 'buffer', compression: true }) as Buffer;
    await refused('lol.xlsx', new Uint8Array(data), SHEET_MSG.xmlEntities);
  });

  it('1,000,000 empty rows, more than 10,000 products, a huge cell', async () => {
    await refused(
      'empty.xlsx',
      xlsx(workbook({ E: [['UPC'], ['036000291452']] }, (_, ws) => (ws['!ref'] = 'A1:A1000000'))),
      SHEET_MSG.tooManyRows('E', 1_000_000),
    );
    const long = ['UPC', ...Array.from({ length: 10_020 }, () => '036000291452')].join('\n');
    await refused('long.csv', new Uint8Array(Buffer.from(long)), SHEET_MSG.tooManyRows('CSV', 10_011));
    // Blank lines are not rows of products: a CSV of a million of them is read as its data.
    const blank = 'UPC,Name\n036000291452,Soup\n' + ',\n'.repeat(1_000_000);
    const res = await dryRun(supplier, 'blank.csv', new Uint8Array(Buffer.from(blank)));
    expect(res.status, res.text).toBe(200);
    expect(res.json?.totals).toEqual({ rows: 1, ready: 1, warnings: 0, blocked: 0 });
    const huge = 'ab'.repeat(15_000);
    await refused(
      'huge.xlsx',
      xlsx(
        workbook({
          H: [
            ['UPC', 'Name'],
            ['036000291452', huge],
          ],
        }),
      ),
      SHEET_MSG.hugeCell('H', 'B2', 30_000),
    );
  });

  it('what is no spreadsheet, and a file over 10 MB', async () => {
    await refused('photo.xlsx', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2]), SHEET_MSG.wrongType);
    await refused('broken.xlsx', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), SHEET_MSG.unreadable);
    const big = await dryRun(supplier, 'big.csv', new Uint8Array(11 * 1024 * 1024).fill(0x41));
    expect({ status: big.status, message: big.json?.message }).toEqual({ status: 413, message: SHEET_MSG.tooLarge });
  });
});
