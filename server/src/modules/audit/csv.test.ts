import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.ts';

describe('audit CSV cells', () => {
  it('leaves plain text alone and writes nothing for null', () => {
    expect(csvCell('Green Valley Foods')).toBe('Green Valley Foods');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('quotes cells with commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvLine(['x', 'y,z'])).toBe('x,"y,z"\r\n');
  });

  it('guards every cell a spreadsheet would read as a formula with an apostrophe', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}SUM(A1)`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-2,3')).toBe(`"'-2,3"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});
