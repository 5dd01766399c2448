import { displayUpc, toEan13 } from './gtin.ts';

/** One digit of a code as shown, and whether it differs from the digit in the same place of the other code. */
export interface ComparedDigit {
  digit: string;
  differs: boolean;
}

/**
 * A typed UPC and a code read from a photo side by side, digit against digit, so that a reviewer (or the supplier)
 * sees which digits differ (a slip of one digit, two swapped). Both are shown as displayUpc shows them; when those
 * forms differ in length (an EAN-8 against a UPC-A), both are shown in their 13-digit form so the digits line up.
 * Codes of different lengths even then differ as a whole: every digit is marked.
 */
export function compareUpcDigits(
  typed: string,
  detected: string,
): { typed: ComparedDigit[]; detected: ComparedDigit[] } {
  let [a, b] = [displayUpc(typed), displayUpc(detected)];
  if (a.length !== b.length) [a, b] = [toEan13(typed) ?? a, toEan13(detected) ?? b];
  const aligned = a.length === b.length;
  const mark = (code: string, other: string) =>
    code.split('').map((digit, i) => ({ digit, differs: !aligned || digit !== other[i] }));
  return { typed: mark(a, b), detected: mark(b, a) };
}

/** The places (1-based) of the digits that differ, in words: "digit 12", "digits 11 and 12", "every digit". */
export function differingDigitsInWords(digits: readonly ComparedDigit[]): string {
  const places = digits.flatMap((d, i) => (d.differs ? [i + 1] : []));
  if (places.length === 0) return 'no digit';
  if (places.length === digits.length) return 'every digit';
  if (places.length === 1) return `digit ${places[0]}`;
  return `digits ${places.slice(0, -1).join(', ')} and ${places.at(-1)}`;
}
