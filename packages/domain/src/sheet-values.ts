import { gs1CheckDigit, hasValidCheckDigit, toEan13, upcError } from './gtin.ts';
import type { MeasureUnit } from './product-facts.ts';

/**
 * A supplier's own spreadsheet, value by value: what a spreadsheet did to a UPC (scientific notation, leading zeros
 * dropped, spaces, a check digit left off) repaired where the digits prove it and flagged where they do not; a size
 * typed in any of the usual ways read as a quantity and a UN/ECE Recommendation 20 unit, the typed text kept beside.
 */

export const SHEET_VALUE_MSG = {
  upcEmpty: 'No UPC in this row.',
  upcNotDigits: (typed: string) => `"${typed}" is not a UPC: it has letters in it.`,
  upcScientific: (typed: string) =>
    `"${typed}" is a UPC a spreadsheet turned into scientific notation: its last digits are lost. Format the column as text in your spreadsheet and type the UPC again.`,
  upcZerosRestored: (typed: string, upc: string) =>
    `${typed} lost its leading zeros in the spreadsheet: read as ${upc}.`,
  upcCheckDigitMissing: (typed: string, upc: string) =>
    `${typed} has 11 digits: is it ${upc}, with its check digit? Please give the whole UPC.`,
  sizeUnreadable: (typed: string) =>
    `"${typed}" is not a size we can read: give a number and a unit, like 12 oz or 340 g.`,
  ozOnLiquid: (typed: string) =>
    `"${typed}": is this fluid ounces (a volume) or ounces (a weight)? Write fl oz or oz wt in the sheet.`,
  notANumber: (typed: string) => `"${typed}" is not a number.`,
} as const;

export type UpcRepair =
  | { status: 'ok'; upc: string }
  | { status: 'repaired'; upc: string; message: string }
  /** A likely reading the digits do not prove: shown, never used without the supplier. */
  | { status: 'uncertain'; suggestion: string | null; message: string }
  | { status: 'invalid'; message: string };

/** A number as a spreadsheet wrote it in scientific notation: "3.6E+11", "3,60002914520E+11". */
const SCIENTIFIC = /^([+-]?)(\d+)(?:[.,](\d+))?[eE]\+?(\d+)$/;

/**
 * The digits of a number written in scientific notation, when the mantissa holds every one of them ("3.6000291452E+11"
 * is 360002914520); null when the exponent reaches past its digits (digits lost: "3.6E+11" could be any of ten
 * billion codes).
 */
export function scientificDigits(typed: string): string | null {
  const m = SCIENTIFIC.exec(typed.trim());
  if (!m || m[1] === '-') return null;
  const fraction = m[3] ?? '';
  const exponent = Number(m[4]);
  // Fewer written digits than the exponent asks for: the rest were rounded away by the display.
  if (fraction.length < exponent || /[1-9]/.test(fraction.slice(exponent))) return null;
  return (m[2] + fraction.slice(0, exponent)).replace(/^0+/, '');
}

/**
 * A UPC from a sheet's cell. A number cell arrives as its number (a spreadsheet keeps 15 exact digits, enough for
 * any GTIN), a text cell as typed. Certain repairs: spaces, dashes and dots between digit groups, a trailing ".0",
 * scientific notation that still holds every digit, leading zeros dropped when the padded code's check digit is
 * right. Not certain: scientific notation that lost digits, an 11-digit code whose padding fails (perhaps its check
 * digit was left off), a wrong check digit.
 */
export function repairUpc(cell: string | number | null | undefined): UpcRepair {
  if (cell === null || cell === undefined || String(cell).trim() === '')
    return { status: 'invalid', message: SHEET_VALUE_MSG.upcEmpty };
  let typed = typeof cell === 'number' ? cell.toString() : cell.trim();
  let repaired = false;
  if (typeof cell === 'number') {
    if (!Number.isSafeInteger(cell) || cell < 0)
      return { status: 'invalid', message: SHEET_VALUE_MSG.upcNotDigits(typed) };
    typed = BigInt(cell).toString();
  } else if (SCIENTIFIC.test(typed)) {
    const digits = scientificDigits(typed);
    if (!digits) return { status: 'uncertain', suggestion: null, message: SHEET_VALUE_MSG.upcScientific(typed) };
    typed = digits;
    repaired = true;
  } else {
    const stripped = typed.replace(/\.0+$/, '');
    if (!/^[\d\s.\-‐-―]+$/.test(stripped)) return { status: 'invalid', message: SHEET_VALUE_MSG.upcNotDigits(typed) };
    const digits = stripped.replace(/\D/g, '');
    repaired = digits !== typed;
    typed = digits;
  }
  const shown = typeof cell === 'number' ? String(cell) : cell.trim();
  if (typed.length > 14 || typed.length === 0)
    return { status: 'invalid', message: upcError(typed) ?? SHEET_VALUE_MSG.upcEmpty };
  if ([8, 12, 13, 14].includes(typed.length) && hasValidCheckDigit(typed))
    return withRules(typed, repaired ? shown : null);
  if (typed.length < 12) {
    // Leading zeros dropped: the code padded to 12 digits (UPC-A) or 13 (EAN-13) with its check digit right.
    for (const length of [12, 13]) {
      const padded = typed.padStart(length, '0');
      if (hasValidCheckDigit(padded)) {
        const ruled = withRules(padded, null);
        return ruled.status === 'ok'
          ? { status: 'repaired', upc: ruled.upc, message: SHEET_VALUE_MSG.upcZerosRestored(shown, padded) }
          : ruled;
      }
    }
    if (typed.length === 11) {
      const suggestion = typed + gs1CheckDigit(typed);
      return { status: 'uncertain', suggestion, message: SHEET_VALUE_MSG.upcCheckDigitMissing(shown, suggestion) };
    }
  }
  return { status: 'invalid', message: upcError(typed) ?? SHEET_VALUE_MSG.upcNotDigits(shown) };
}

/** A code whose check digit is right, judged by the portal's UPC rules, in its stored form. */
function withRules(code: string, repairedFrom: string | null): UpcRepair {
  const error = upcError(code);
  if (error) return { status: 'invalid', message: error };
  const upc = toEan13(code)!;
  return repairedFrom === null
    ? { status: 'ok', upc }
    : { status: 'repaired', upc, message: `${repairedFrom} read as ${code}.` };
}

/** Does a cell hold a GTIN (with a right check digit, in any of the forms repairUpc reads with certainty)? */
export const looksLikeGtin = (cell: string | number | null | undefined) => {
  const r = repairUpc(cell);
  return r.status === 'ok' || r.status === 'repaired';
};

/** The units a sheet types, lowered and without dots or spaces, to their UN/ECE Rec 20 code. */
const UNIT_WORDS: Record<string, MeasureUnit> = {
  g: 'GRM',
  gr: 'GRM',
  grs: 'GRM',
  gram: 'GRM',
  grams: 'GRM',
  gramme: 'GRM',
  grammes: 'GRM',
  kg: 'KGM',
  kgs: 'KGM',
  kilo: 'KGM',
  kilogram: 'KGM',
  kilograms: 'KGM',
  mg: 'MGM',
  milligram: 'MGM',
  milligrams: 'MGM',
  mcg: 'MC',
  µg: 'MC',
  ug: 'MC',
  lb: 'LBR',
  lbs: 'LBR',
  pound: 'LBR',
  pounds: 'LBR',
  oz: 'ONZ',
  ounce: 'ONZ',
  ounces: 'ONZ',
  ozwt: 'ONZ',
  netwtoz: 'ONZ',
  floz: 'FOZ',
  fluidounce: 'FOZ',
  fluidounces: 'FOZ',
  ml: 'MLT',
  millilitre: 'MLT',
  milliliter: 'MLT',
  millilitres: 'MLT',
  milliliters: 'MLT',
  cl: 'CLT',
  l: 'LTR',
  lt: 'LTR',
  ltr: 'LTR',
  litre: 'LTR',
  liter: 'LTR',
  litres: 'LTR',
  liters: 'LTR',
  gal: 'GLL',
  gallon: 'GLL',
  gallons: 'GLL',
  qt: 'QT',
  quart: 'QT',
  quarts: 'QT',
  pt: 'PT',
  pint: 'PT',
  pints: 'PT',
  ct: 'H87',
  count: 'H87',
  pc: 'H87',
  pcs: 'H87',
  piece: 'H87',
  pieces: 'H87',
  ea: 'H87',
  each: 'H87',
};

/** Words of a product name or category that say it is poured, not weighed: its bare "oz" may be fluid ounces. */
const LIQUID_WORDS =
  /\b(juice|milk|water|soda|drink|beverage|tea|coffee|lemonade|kombucha|oil|vinegar|syrup|dressing|broth|smoothie|shake|beer|wine|liquid|shampoo|conditioner|lotion|wash|detergent|cleaner|creamer|yogurt drink|kefir|nectar|cola|tonic|seltzer)\b/i;

export const isLikelyLiquid = (text: string | null | undefined) => !!text && LIQUID_WORDS.test(text);

export type SizeReading =
  | { status: 'ok'; quantity: number; unit: MeasureUnit; typed: string }
  /** A bare "oz" on a product that may be a liquid: asked, not guessed. */
  | { status: 'ask'; quantity: number; choices: ['ONZ', 'FOZ']; typed: string; message: string }
  | { status: 'invalid'; typed: string; message: string };

/** A number as typed in a sheet: "1.5", "1,5" (a decimal comma), "1,000" (thousands), ".5". */
export function sheetNumber(typed: string): number | null {
  let t = typed.trim().replace(/[\s$€£]/g, '');
  if (!t) return null;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replace(/,/g, '');
  else if (/^\d*,\d+$/.test(t)) t = t.replace(',', '.');
  if (!/^(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/**
 * A size as a sheet types it: "12 oz", "340g", "1.5 L", "1,5 l", "12 fl. oz.", "16.9 FL OZ", "6 ct". `context` is the
 * product's name (or category): a bare oz on a liquid is asked, not guessed. A number alone is not a size.
 */
export function readSize(cell: string | number | null | undefined, context?: string | null): SizeReading | null {
  if (cell === null || cell === undefined) return null;
  const typed = String(cell).trim();
  if (!typed) return null;
  const m = /^(\d+(?:[.,]\d+)?|\.\d+)\s*([a-zµ][a-zµ.\s]*)$/i.exec(typed);
  if (!m) return { status: 'invalid', typed, message: SHEET_VALUE_MSG.sizeUnreadable(typed) };
  const quantity = sheetNumber(m[1]);
  const word = m[2].toLowerCase().replace(/[.\s]/g, '');
  const unit = UNIT_WORDS[word];
  if (quantity === null || !unit) return { status: 'invalid', typed, message: SHEET_VALUE_MSG.sizeUnreadable(typed) };
  if (unit === 'ONZ' && (word === 'oz' || word === 'ounce' || word === 'ounces') && isLikelyLiquid(context))
    return { status: 'ask', quantity, choices: ['ONZ', 'FOZ'], typed, message: SHEET_VALUE_MSG.ozOnLiquid(typed) };
  return { status: 'ok', quantity, unit, typed };
}

/** Does a cell read as a size with certainty or as a question (for proposing a column's target)? */
export const looksLikeSize = (cell: string | number | null | undefined) => {
  const r = readSize(cell);
  return !!r && r.status !== 'invalid';
};

/** The limits of a sheet the portal reads (docs/decisions/intake.md, "Supplier sheets are read under limits"). */
export const SHEET_LIMITS = {
  /** The file as uploaded. */
  bytes: 10 * 1024 * 1024,
  /** Rows of products, the header row and any title rows above it not counted. */
  rows: 10_000,
  /** Rows above the data searched for the header row. */
  headerLook: 10,
  columns: 200,
  /** Characters in one cell (a product's ingredients run to a few hundred). */
  cellChars: 5_000,
  /** What an .xlsx file's parts may unpack to, all together, and how much more than their packed size one may. */
  unpackedBytes: 100 * 1024 * 1024,
  unpackRatio: 100,
} as const;

/** Why a sheet is refused, in words the supplier can act on. */
export const SHEET_MSG = {
  tooLarge: 'The file is larger than 10 MB: split it into several sheets of at most 10,000 products.',
  wrongType: 'This file is not an .xlsx, .xls or .csv spreadsheet.',
  unreadable: 'This spreadsheet could not be read; it may be damaged, or protected by a password.',
  empty: 'This sheet has no rows.',
  tooManyRows: (sheet: string, rows: number) =>
    `The sheet "${sheet}" reaches row ${rows.toLocaleString('en-US')}: a sheet may hold at most ${SHEET_LIMITS.rows.toLocaleString('en-US')} products. Delete the empty rows below your data, or split the sheet.`,
  tooManyColumns: (sheet: string) => `The sheet "${sheet}" has more than ${SHEET_LIMITS.columns} columns.`,
  hugeCell: (sheet: string, cell: string, chars: number) =>
    `Cell ${cell} of "${sheet}" holds ${chars.toLocaleString('en-US')} characters: a cell may hold at most ${SHEET_LIMITS.cellChars.toLocaleString('en-US')}.`,
  xmlEntities: 'This spreadsheet declares XML entities, which no spreadsheet program writes: it was refused.',
  bomb: 'This spreadsheet unpacks to far more than a sheet of products would: it was refused.',
  tooComplex: 'This spreadsheet could not be processed: it is too complex.',
  noSheet: (index: number) => `The file has no sheet ${index + 1}.`,
  nothingToCreate:
    'No row of this sheet can become a draft: every row is blocked. Fix the rows the dry run lists and send it again.',
} as const;
