import { readFile } from 'node:fs/promises';
import type * as Xlsx from '@e965/xlsx';
import type * as Yauzl from 'yauzl';
import { SHEET_LIMITS, SHEET_MSG } from '@portal/domain';
import { MediaError } from './messages.ts';

/**
 * A supplier's spreadsheet read to rows of text, in a media process (media-process.ts: its memory and time limits
 * end a file that passes them): .xlsx (checked as a zip before it is unpacked), .xls, or CSV in UTF-8 or
 * Windows-1252 with any of the usual delimiters. Formulas are never evaluated: a formula cell reads as its formula's
 * text. A number cell reads as its whole stored number (a UPC shown as 3.6E+11 is still every digit in the file).
 */

export interface SheetContent {
  format: 'xlsx' | 'xls' | 'csv';
  sheets: { name: string; rows: string[][] }[];
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Buffer, sig: number[]) => sig.every((b, i) => bytes[i] === b);

// SheetJS and yauzl load with the first sheet, not with the media process: most media processes never read one.
let XLSX: typeof Xlsx;
let yauzl: typeof Yauzl;
async function loadReaders() {
  XLSX ??= await import('@e965/xlsx');
  yauzl ??= (await import('yauzl')).default;
}

export async function readSheetFile(path: string): Promise<SheetContent> {
  await loadReaders();
  const bytes = await readFile(path);
  if (bytes.length > SHEET_LIMITS.bytes) throw new MediaError(SHEET_MSG.tooLarge);
  if (bytes.length === 0) throw new MediaError(SHEET_MSG.empty);
  if (startsWith(bytes, ZIP)) {
    await checkZip(path);
    checkXmlParts(bytes);
    return { format: 'xlsx', sheets: sheetsOf(parse(bytes, { type: 'buffer' })) };
  }
  if (startsWith(bytes, CFB)) return { format: 'xls', sheets: sheetsOf(parse(bytes, { type: 'buffer' })) };
  if (bytes.subarray(0, 8192).includes(0)) throw new MediaError(SHEET_MSG.wrongType);
  const text = decodeText(bytes);
  const delimiter = csvDelimiter(text);
  // Lines that hold something: past the limit the file is refused rather than cut short; blank ones are skipped.
  let filled = 0;
  const lines = text.split(/\r\n|\n|\r/);
  for (const line of lines)
    if (
      line.split(delimiter).some((cell) => cell.trim() !== '') &&
      ++filled > SHEET_LIMITS.rows + SHEET_LIMITS.headerLook
    )
      throw new MediaError(SHEET_MSG.tooManyRows('CSV', filled));
  // Every cell as text: a CSV's UPC stays as written (the repair judges it), never turned into a number.
  // Blank lines at the end (delimiters only, as a spreadsheet saves its formatted empty rows) are dropped.
  let end = lines.length;
  while (end > 0 && lines[end - 1].split(delimiter).every((cell) => cell.trim() === '')) end--;
  const book = parse(lines.slice(0, end).join('\n'), { type: 'string', FS: delimiter, raw: true });
  return { format: 'csv', sheets: sheetsOf(book) };
}

function parse(data: Buffer | string, options: Xlsx.ParsingOptions): Xlsx.WorkBook {
  try {
    return XLSX.read(data, {
      ...options,
      dense: true,
      cellFormula: true,
      cellHTML: false,
      // A cell's displayed text (number formats applied) is never read: cellText below takes the stored value.
      cellText: false,
      cellStyles: false,
      cellDates: false,
      // Rows past the limit are not read at all; the sheet's declared range says whether there were any.
      sheetRows: SHEET_LIMITS.rows + SHEET_LIMITS.headerLook + 1,
    });
  } catch (error) {
    if (error instanceof MediaError) throw error;
    throw new MediaError(SHEET_MSG.unreadable, { cause: error });
  }
}

/** UTF-8 when the bytes are valid UTF-8 (a BOM dropped), else Windows-1252, what Excel writes a CSV in on Windows. */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The delimiter that splits the first lines most evenly into the most columns: comma, semicolon, tab or bar. */
export function csvDelimiter(text: string): string {
  const lines = text
    .split(/\r\n|\n|\r/, 20)
    .filter((l) => l.trim() !== '')
    .map((l) => l.replace(/"[^"]*"/g, ''));
  let best = ',';
  let bestScore = 0;
  for (const d of [',', ';', '\t', '|']) {
    const counts = lines.map((l) => l.split(d).length - 1);
    const min = Math.min(...counts);
    const score = min > 0 ? min * 2 + (counts.every((c) => c === counts[0]) ? 1 : 0) : 0;
    if (score > bestScore) [best, bestScore] = [d, score];
  }
  return best;
}

/** An .xlsx is a zip: its parts' declared sizes are judged before anything is unpacked. */
async function checkZip(path: string): Promise<void> {
  const zip = await new Promise<Yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (err, z) => (err ? reject(err) : resolve(z))),
  ).catch((error: unknown) => {
    throw new MediaError(SHEET_MSG.unreadable, { cause: error });
  });
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Yauzl.Entry) => {
      total += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (
        total > SHEET_LIMITS.unpackedBytes ||
        (entry.uncompressedSize > 1024 * 1024 && ratio > SHEET_LIMITS.unpackRatio)
      ) {
        zip.close();
        reject(new MediaError(SHEET_MSG.bomb));
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', (error: unknown) => reject(new MediaError(SHEET_MSG.unreadable, { cause: error })));
    zip.readEntry();
  });
}

/**
 * No spreadsheet program writes a document type or entities into an .xlsx part: one that does is an attack on XML
 * parsers (billion laughs, external entities). The parser would read the entity's name as text; the file is refused
 * instead, so that nobody imports `&lol9;` as a product name.
 */
type ZipReader = { read(data: Buffer, options: { type: 'buffer' }): { FileIndex: { content?: Uint8Array }[] } };
function checkXmlParts(bytes: Buffer) {
  let zip: ReturnType<ZipReader['read']>;
  try {
    zip = (XLSX.CFB as ZipReader).read(bytes, { type: 'buffer' });
  } catch (error) {
    throw new MediaError(SHEET_MSG.unreadable, { cause: error });
  }
  for (const entry of zip.FileIndex) {
    const content = entry.content;
    if (!content?.length) continue;
    const text = Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('latin1');
    if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new MediaError(SHEET_MSG.xmlEntities);
  }
}

/** Each sheet's rows as text, under the limits of rows, columns and cell length. */
function sheetsOf(book: Xlsx.WorkBook): SheetContent['sheets'] {
  return book.SheetNames.map((name) => {
    const sheet = book.Sheets[name];
    const declared = (sheet['!fullref'] ?? sheet['!ref']) as string | undefined;
    if (!declared) return { name, rows: [] };
    const range = XLSX.utils.decode_range(declared);
    if (range.e.r + 1 > SHEET_LIMITS.rows + SHEET_LIMITS.headerLook)
      throw new MediaError(SHEET_MSG.tooManyRows(name, range.e.r + 1));
    if (range.e.c + 1 > SHEET_LIMITS.columns) throw new MediaError(SHEET_MSG.tooManyColumns(name));
    const dense = (sheet['!data'] ?? []) as (Xlsx.CellObject | undefined)[][];
    const width = range.e.c + 1;
    const rows: string[][] = [];
    for (let r = 0; r <= range.e.r; r++) {
      const cells = dense[r] ?? [];
      const row: string[] = [];
      for (let c = 0; c < width; c++) {
        const text = cellText(cells[c]);
        if (text.length > SHEET_LIMITS.cellChars)
          throw new MediaError(SHEET_MSG.hugeCell(name, XLSX.utils.encode_cell({ r, c }), text.length));
        row.push(text);
      }
      rows.push(row);
    }
    // Blank rows at the end say nothing.
    while (rows.length && rows[rows.length - 1].every((c) => c === '')) rows.pop();
    return { name, rows };
  });
}

/** A cell as text: a formula as its formula (never its result), a whole number with every digit, else as stored. */
function cellText(cell: Xlsx.CellObject | undefined): string {
  if (!cell) return '';
  if (cell.f) return `=${cell.f}`;
  const v = cell.v;
  if (v === undefined || v === null) return '';
  if (typeof v === 'number') return Number.isSafeInteger(v) ? BigInt(v).toString() : String(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).trim();
}
