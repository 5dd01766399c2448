import { expandUpcE, hasValidCheckDigit } from '@portal/domain';

/**
 * The form in which readBarcodes returns a retail code, whichever reader found it:
 * - EAN-13: its 13 digits.
 * - UPC-A: its EAN-13 form, '0' + the 12 digits, as zxing-cpp reports it (and ZBar, with its UPC-A decoder off);
 *   also the form the portal stores.
 * - EAN-8: its 8 digits.
 * - UPC-E: its 8 digits: number system (0 or 1), six data digits, check digit, e.g. '01234565'. That is what is
 *   printed under the bars and what a supplier types; `toEan13` from @portal/domain expands it (for number
 *   system 0, the only one in general retail use).
 * Every code returned has a valid GS1 check digit.
 */
export type RetailFormat = 'EAN-13' | 'UPC-A' | 'UPC-E' | 'EAN-8';

const EXPECTED_LENGTH: Record<RetailFormat, number> = { 'EAN-13': 13, 'UPC-A': 13, 'UPC-E': 8, 'EAN-8': 8 };

/** Our form of a code a reader returned, or null when it is not a well-formed retail code. */
export function normaliseRetailCode(format: RetailFormat, digits: string): string | null {
  const code = format === 'UPC-A' && digits.length === 12 ? '0' + digits : digits;
  if (!/^\d+$/.test(code) || code.length !== EXPECTED_LENGTH[format]) return null;
  // A UPC-E check digit is computed over its UPC-A expansion, not over the 8 digits as they stand.
  if (format === 'UPC-E') return /^[01]/.test(code) && hasValidCheckDigit(expandUpcE(code)) ? code : null;
  return hasValidCheckDigit(code) ? code : null;
}

/**
 * Whether a code we returned matches an expected value written as zxing-cpp's test data writes it: UPC-A and UPC-E
 * in their 13-digit EAN-13 form, EAN-13 and EAN-8 as printed.
 */
export function matchesExpectedCode(code: string, expected: string): boolean {
  if (code === expected) return true;
  return code.length === 8 && /^[01]/.test(code) && '0' + expandUpcE(code) === expected;
}
