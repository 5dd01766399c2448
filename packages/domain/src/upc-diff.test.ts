import { describe, expect, it } from 'vitest';
import { compareUpcDigits, differingDigitsInWords } from './upc-diff.ts';

const marked = (digits: { digit: string; differs: boolean }[]) =>
  digits.map((d) => (d.differs ? `[${d.digit}]` : d.digit)).join('');

describe('typed and detected codes, digit by digit', () => {
  it('marks the one digit a slip changed', () => {
    const { typed, detected } = compareUpcDigits('4006381333931', '4006381333981');
    expect(marked(typed)).toBe('40063813339[3]1');
    expect(marked(detected)).toBe('40063813339[8]1');
    expect(differingDigitsInWords(detected)).toBe('digit 12');
  });

  it('marks two swapped digits', () => {
    const { detected } = compareUpcDigits('036000291452', '036000219452');
    expect(marked(detected)).toBe('00360002[1][9]452');
    expect(differingDigitsInWords(detected)).toBe('digits 9 and 10');
  });

  it('one code in two forms (UPC-A typed, EAN-13 read) differs in no digit', () => {
    const { typed, detected } = compareUpcDigits('036000291452', '0036000291452');
    expect(typed.some((d) => d.differs) || detected.some((d) => d.differs)).toBe(false);
    expect(differingDigitsInWords(detected)).toBe('no digit');
  });

  it('an EAN-8 against a UPC-A is shown in 13 digits so the digits line up', () => {
    const { typed, detected } = compareUpcDigits('96385074', '036000291452');
    expect(typed.map((d) => d.digit).join('')).toBe('0000096385074');
    expect(detected.map((d) => d.digit).join('')).toBe('0036000291452');
    expect(marked(detected)).toBe('00[3][6]0[0][0][2][9][1][4][5][2]');
  });

  it('codes that cannot be lined up differ as a whole', () => {
    const { detected } = compareUpcDigits('12345', '036000291452');
    expect(differingDigitsInWords(detected)).toBe('every digit');
  });
});
