// Apart from catalogue.ts (which builds zod schemas): bulk ingestion's mapping files are read with it too, on pages
// that load no zod.

export const csvMalformed = (line: number) => `The file is not valid CSV (unclosed quote starting on line ${line}).`;

/**
 * RFC 4180 CSV: quoted cells with "" escapes, CRLF or LF line ends, a BOM ignored. Throws on an unclosed quote. Blank
 * lines are left out unless `keepBlank` (then each is a row of one empty cell, so rows keep the file's numbering).
 */
export function parseCsv(text: string, { keepBlank = false } = {}): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let quoteLine = 0;
  let line = 1;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
      continue;
    }
    if (c === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      line++;
    } else cell += c;
  }
  if (quoted) throw new Error(csvMalformed(quoteLine));
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  // Blank lines carry nothing.
  return keepBlank ? rows : rows.filter((r) => !(r.length === 1 && r[0].trim() === ''));
}
