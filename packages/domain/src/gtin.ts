import { MAX_UPC_DIGITS } from './constants.ts';

/** UPC messages: the spec's own (part 1 section 5) first, then GS1's restricted ranges, then the check digit. */
export const UPC_MSG = {
  empty: 'Please enter a valid UPC.',
  retailerUse: "GS1 reserves UPC for retailers' use.",
  privateLabel: 'UPC reserved for private label masking',
  length: 'A UPC has 8, 12, 13 or 14 digits.',
  variableMeasure:
    'UPCs starting with 2 (02 in EAN-13) are for variable-measure items weighed in store, not for catalogued products.',
  inStore: 'UPCs starting with 4 (04 in EAN-13) are for in-store use only, not for catalogued products.',
  coupon: 'UPCs starting with 5 (05 in EAN-13), 98 or 99 are coupon codes, not product codes.',
  restrictedCirculation:
    'EAN-13 codes starting with 20 to 29 are for restricted circulation within a region or company.',
  checkDigit: (body: string, expected: number) => `The check digit is wrong: for ${body} it should be ${expected}.`,
  duplicateVersions: 'Your submission should not contain multiple versions of the same UPC.',
  allZeros: 'A UPC of all zeros is a placeholder, not a product code.',
} as const;

/** What the UPC field keeps of any input: digits only, at most 14. */
export const upcDigits = (input: string) => input.replace(/\D/g, '').slice(0, MAX_UPC_DIGITS);

/** GS1 check digit for the digits before it (any GTIN length). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export const hasValidCheckDigit = (code: string) =>
  /^\d{8,14}$/.test(code) && gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1));

/** An 8-digit code starting with 0 is read as UPC-E (EAN-8 codes starting with 0 are restricted velocity codes). */
export const isUpcE = (code: string) => /^0\d{7}$/.test(code);

/** UPC-E (number system, six digits, check) to its 12-digit UPC-A form. */
export function expandUpcE(upce: string): string {
  const ns = upce[0];
  const d = upce.slice(1, 7);
  const check = upce[7];
  const last = d[5];
  let body: string;
  if (last <= '2') body = d[0] + d[1] + last + '0000' + d[2] + d[3] + d[4];
  else if (last === '3') body = d[0] + d[1] + d[2] + '00000' + d[3] + d[4];
  else if (last === '4') body = d[0] + d[1] + d[2] + d[3] + '00000' + d[4];
  else body = d[0] + d[1] + d[2] + d[3] + d[4] + '0000' + last;
  return ns + body + check;
}

/**
 * The UPC-E a 12-digit UPC-A is written as when it has one (number system 0 or 1 and enough zeros in the right
 * places), or null: the inverse of expandUpcE.
 */
export function compressToUpcE(upca: string): string | null {
  if (!/^[01]\d{11}$/.test(upca)) return null;
  const [ns, m, p, check] = [upca[0], upca.slice(1, 6), upca.slice(6, 11), upca[11]];
  const candidates = [
    m.slice(0, 2) + p.slice(2) + m[2],
    m.slice(0, 3) + p.slice(3) + '3',
    m.slice(0, 4) + p[4] + '4',
    m + p[4],
  ];
  const found = candidates.find((six) => expandUpcE(ns + six + check) === upca);
  return found ? ns + found + check : null;
}

/**
 * The form we store: EAN-13 for GTIN-8/12/13 and UPC-E, GTIN-14 for case codes (indicator 1-9).
 * Returns null when the length is not a GTIN length. Does not check the check digit.
 */
export function toEan13(input: string): string | null {
  const code = upcDigits(input);
  if (isUpcE(code)) return '0' + expandUpcE(code);
  switch (code.length) {
    case 8:
      return code.padStart(13, '0');
    case 12:
      return '0' + code;
    case 13:
      return code;
    case 14:
      return code.startsWith('0') ? code.slice(1) : code;
    default:
      return null;
  }
}

/**
 * The one form a UPC is shown in, wherever it is listed: its stored form (GTIN-13, GTIN-14 for cases), which is
 * also what barcode readers return and what catalogue links carry, so a typed 036000291452 and a detected
 * 0036000291452 read alike. An EAN-8 (GTIN-8) keeps its 8 digits, the only form printed on its pack: stored, it is
 * the GTIN-13 with five leading zeros, a prefix GS1 gives no 12- or 13-digit code. A code with a wrong check digit
 * is shown as entered: its message quotes those digits.
 */
export function displayUpc(code: string): string {
  const stored = toEan13(code);
  if (!stored || !hasValidCheckDigit(stored)) return code;
  return stored.length === 13 && stored.startsWith('00000') ? stored.slice(5) : stored;
}

/**
 * The forms one product's code is written in: the GTIN-14, the EAN-13 and (when it has one) the UPC-A of the item,
 * and the digits as entered (a UPC-E by its UPC-A). The spec's prefixes are judged on all of them, so a code gets
 * the same message whatever length the user typed it in ('003831234569', '0003831234569', '00003831234569').
 */
function writtenForms(code: string, ean: string): string[] {
  const forms = [isUpcE(code) ? expandUpcE(code) : code, ean, '0' + ean];
  if (ean.startsWith('0')) forms.push(ean.slice(1));
  return forms;
}

/** The message for an invalid UPC, or null when it is valid. */
export function upcError(input: string): string | null {
  const code = upcDigits(input);
  if (!code) return UPC_MSG.empty;
  const normal = toEan13(code);
  if (!normal) return UPC_MSG.length;
  // Prefix rules look at the item's code (for a case code, the item code after the indicator).
  const ean = normal.length === 14 ? normal.slice(1) : normal;
  // GS1 never allocates it; its check digit (0) would pass.
  if (/^0+$/.test(ean)) return UPC_MSG.allZeros;
  const forms = writtenForms(code, ean);
  if (forms.some((form) => form.startsWith('00383'))) return UPC_MSG.retailerUse;
  if (forms.some((form) => /^2[125]/.test(form))) return UPC_MSG.privateLabel;
  if (ean.startsWith('02')) return UPC_MSG.variableMeasure;
  if (ean.startsWith('04')) return UPC_MSG.inStore;
  if (/^(05|98|99)/.test(ean)) return UPC_MSG.coupon;
  if (ean.startsWith('2')) return UPC_MSG.restrictedCirculation;
  // The check digit is judged on the code as entered (UPC-E has its own, computed over its UPC-A form).
  const checked = isUpcE(code) ? expandUpcE(code) : code;
  const expected = gs1CheckDigit(checked.slice(0, -1));
  if (expected !== Number(checked.at(-1))) return UPC_MSG.checkDigit(code.slice(0, -1), expected);
  return null;
}

export const isValidUpc = (input: string) => upcError(input) === null;

/** Two entries are the same product when their stored forms are equal (e.g. UPC-A 12 and its EAN-13). */
export function sameUpc(a: string, b: string): boolean {
  const x = toEan13(a);
  return x !== null && x === toEan13(b);
}

/**
 * The UPC filter is a prefix match on the EAN-13 (part 1 section 5). A prefix typed as UPC-A (12-digit form) is also
 * tried with the leading 0 of its EAN-13. Returns the digit prefixes to match, or [] when there is nothing to filter on.
 */
export function upcPrefixes(input: string | null | undefined): string[] {
  const digits = upcDigits(input ?? '');
  if (!digits) return [];
  const out = [digits];
  if (digits.length <= 12) out.push('0' + digits);
  return out;
}
