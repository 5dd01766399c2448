import { z } from 'zod';
import { looksLikeGtin, looksLikeSize, sheetNumber } from './sheet-values.ts';

/**
 * Which of a sheet's columns feeds which of the portal's fields: proposed from the headers and the values, changed by
 * the supplier, remembered per company for a sheet with the same headers.
 */

/** The portal's fields a column can feed; `ignore` feeds none. */
export const SHEET_TARGETS = {
  upc: 'UPC',
  productName: 'Product name',
  brand: 'Brand',
  size: 'Size and unit',
  sizeValue: 'Size (number)',
  sizeUnit: 'Size unit',
  packCount: 'Pack count',
  width: 'Width',
  height: 'Height',
  depth: 'Depth',
  weight: 'Weight',
  costPrice: 'Cost price',
  retailPrice: 'Retail price',
  imageFiles: 'Image file names',
  ingredients: 'Ingredients',
  allergens: 'Allergens',
  calories: 'Calories',
  ignore: 'Not imported',
} as const;
export type SheetTarget = keyof typeof SHEET_TARGETS;
export const SHEET_TARGET_KEYS = Object.keys(SHEET_TARGETS) as [SheetTarget, ...SheetTarget[]];

/**
 * Header words per target, each a header's words run together (after abbreviations are spelt out: "Case Pk" is
 * `casepack`). A header names a target when its words are one of these, or end with one ("Whlse Unit Cost" ends
 * with `unitcost`, "Item L (in)" with `l`), or failing that start with one ("Calories/Serving").
 */
const HEADER_WORDS: Record<Exclude<SheetTarget, 'ignore'>, string[]> = {
  upc: [
    'upc',
    'gtin',
    'ean',
    'ean13',
    'barcode',
    'upccode',
    'upca',
    'gtin14',
    'gtin13',
    'gtin12',
    'itemupc',
    'productupc',
  ],
  productName: [
    'productname',
    'name',
    'description',
    'itemdescription',
    'productdescription',
    'itemname',
    'title',
    'product',
    'displayname',
  ],
  brand: ['brand', 'brandname', 'manufacturer', 'label'],
  size: ['size', 'netcontent', 'netcontents', 'netweight', 'packsize', 'unitsize', 'itemsize', 'sizeuom'],
  sizeValue: ['sizevalue', 'sizequantity', 'sizenumber', 'netcontentvalue'],
  sizeUnit: ['uom', 'unit', 'sizeunit', 'unitofmeasure', 'measure', 'contentunit'],
  packCount: [
    'pack',
    'packcount',
    'casepack',
    'casecount',
    'count',
    'units',
    'unitspercase',
    'unitscase',
    'unitsperpack',
    'packquantity',
    'packagequantity',
    'innerpack',
    'quantitypercase',
    'casequantity',
    'casesize',
    'caseunits',
    'mastercase',
    'mastercasepack',
    'vendorpack',
    'vendorpackquantity',
    'vnpk',
    'vnpkquantity',
  ],
  width: ['width', 'w', 'widthin', 'widthcm'],
  height: ['height', 'h', 'heightin', 'heightcm'],
  depth: ['depth', 'length', 'd', 'l', 'depthin', 'lengthin'],
  weight: ['weight', 'grossweight', 'shippingweight', 'weightlb', 'weightkg'],
  costPrice: [
    'cost',
    'costprice',
    'unitcost',
    'wholesale',
    'wholesaleprice',
    'wholesalecost',
    'price',
    'unitprice',
    'caseprice',
    'listprice',
  ],
  retailPrice: [
    'retail',
    'retailprice',
    'srp',
    'msrp',
    'rrp',
    'suggestedretail',
    'suggestedretailprice',
    'suggestedprice',
    'shelfprice',
  ],
  imageFiles: [
    'image',
    'images',
    'imagefile',
    'imagefiles',
    'photo',
    'photos',
    'filename',
    'filenames',
    'picture',
    'imagename',
    'imageurl',
  ],
  ingredients: ['ingredients', 'ingredientstatement', 'ingredientlist'],
  allergens: ['allergens', 'allergen', 'allergenstatement', 'contains'],
  calories: ['calories', 'kcal', 'energy', 'caloriesperserving'],
};

/** Header words that name something else, however they end: a vendor's name is not the product's. */
const NOT_A_FIELD = new Set([
  'vendorname',
  'suppliername',
  'companyname',
  'customername',
  'baseunit',
  'baseunitofmeasure',
]);

/** Words too general to name a field unless they are the whole header: "Weight Unit" is not the size's unit. */
const WHOLE_HEADER_ONLY = new Set(['unit', 'units', 'measure', 'label']);

/** First words that make a header the case's, not the unit's: a case's UPC, weight or size is not the product's. */
const CASE_WORDS = new Set(['case', 'master', 'pallet', 'carton', 'shipper', 'outer', 'inner']);

/** First words that qualify a field without naming another ("Item Name", "Unit Cost"): never read as a prefix. */
const QUALIFIER_WORDS = new Set(['unit', 'units', 'item', 'product', 'each', 'pack', 'case']);

/** Last words of a header that names an identifier, not a field ("Mfg Item #", "Brand Code"). */
const IDENTIFIER_WORDS = new Set(['item', 'number', 'no', 'nbr', 'id', 'code', 'sku', 'style']);

/** Abbreviations suppliers' templates use, spelt out. */
const ABBREVIATIONS: Record<string, string> = {
  desc: 'description',
  descr: 'description',
  wt: 'weight',
  pk: 'pack',
  cs: 'case',
  cst: 'cost',
  rtl: 'retail',
  sz: 'size',
  whlse: 'wholesale',
  whsl: 'wholesale',
  mfr: 'manufacturer',
  mfg: 'manufacturer',
  qty: 'quantity',
  img: 'image',
};

/** A bilingual sheet's language tag after a header ("Description EN"). */
const LANGUAGE_TAGS = new Set(['en', 'fr', 'es', 'de']);

const PRICE_TARGETS = new Set<SheetTarget>(['costPrice', 'retailPrice']);
/** The targets whose values are numbers (a row's value is checked as one, and a column's values show it). */
export const SHEET_NUMBER_TARGETS = [
  'packCount',
  'width',
  'height',
  'depth',
  'weight',
  'costPrice',
  'retailPrice',
  'calories',
] as const satisfies readonly SheetTarget[];
/** ...and the size's number: a "Catch Wt" column of Y and N is not the weight. */
const NUMBER_TARGETS = new Set<SheetTarget>([...SHEET_NUMBER_TARGETS, 'sizeValue']);

const TARGET_OF_WORDS = new Map<string, SheetTarget>(
  Object.entries(HEADER_WORDS).flatMap(([target, words]) => words.map((w) => [w, target as SheetTarget] as const)),
);

export const headerKey = (header: string) =>
  header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * A header's words: camelCase and snake_case split, a unit in brackets left out ("Width (in)"), "$" read as price,
 * "#" dropped, abbreviations spelt out, a trailing language tag dropped.
 */
function headerWords(header: string): string[] {
  const words = header
    .replace(/\([^)]*\)/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\$/g, ' price ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => ABBREVIATIONS[w] ?? w);
  if (words.length > 1 && LANGUAGE_TAGS.has(words[words.length - 1])) words.pop();
  return words;
}

interface HeaderMatch {
  target: SheetTarget;
  /** 1: the header names the field; 2: it names the case's (a case price), taken when no column names the unit's. */
  rank: 1 | 2;
}

/**
 * The target some words name: all of them, else the longest ending, else (failing those, and unless the header names
 * an identifier: "Mfg Item #") a known first word. `qualifiers`: the words before the ending that named it.
 */
function targetOfWords(words: readonly string[]): { target: SheetTarget; qualifiers: string[] } | null {
  for (let from = 0; from < words.length; from++) {
    const key = words.slice(from).join('');
    if (NOT_A_FIELD.has(key)) return null;
    if (from > 0 && WHOLE_HEADER_ONLY.has(key)) continue;
    const target = TARGET_OF_WORDS.get(key);
    if (target) return { target, qualifiers: words.slice(0, from) };
  }
  if (IDENTIFIER_WORDS.has(words[words.length - 1])) return null;
  for (let to = words.length - 1; to > 0; to--) {
    if (to === 1 && QUALIFIER_WORDS.has(words[0])) break;
    const key = words.slice(0, to).join('');
    const target = TARGET_OF_WORDS.get(key);
    if (target && !WHOLE_HEADER_ONLY.has(key)) return { target, qualifiers: [] };
  }
  return null;
}

const share = (values: readonly string[], test: (v: string) => boolean) =>
  values.length === 0 ? 1 : values.filter(test).length / values.length;
const isNumber = (v: string) => sheetNumber(v) !== null;
/** A code, not a name: one word with a digit in it ("BRK-CB-12"), or a number. */
const looksLikeCode = (v: string) => !/\s/.test(v) && /\d/.test(v);

/**
 * The target a header names, checked against the column's values: a numeric field needs numbers, a name needs
 * words, a size by its header needs sizes (a column of bare numbers under "Size" is the size's number).
 */
function targetOfHeader(header: string, values: readonly string[]): HeaderMatch | null {
  const words = headerWords(header);
  if (words.length === 0) return null;
  // "Brand / Marque", "Sales Price / Rate": the whole header, else each side of a spaced slash.
  const sides = header.split(/\s\/\s/).map(headerWords);
  let named = targetOfWords(words);
  for (const side of sides.length > 1 ? sides : []) named ??= targetOfWords(side);
  if (!named) return null;
  let target: SheetTarget | null = named.target;
  const filled = values.map((v) => v.trim()).filter(Boolean);
  let rank: HeaderMatch['rank'] = 1;
  const ofCase = CASE_WORDS.has(words[0]) || named.qualifiers.some((w) => CASE_WORDS.has(w));
  if (ofCase && target !== 'packCount') {
    if (!PRICE_TARGETS.has(target)) return null;
    rank = 2;
  }
  if (words[0] === 'inner' && target === 'packCount') rank = 2;
  if (target === 'size' && share(filled, looksLikeSize) < 0.5)
    target = share(filled, isNumber) >= 0.5 ? 'sizeValue' : null;
  if (!target) return null;
  if (NUMBER_TARGETS.has(target) && share(filled, isNumber) < 0.5) return null;
  if (target === 'productName' && share(filled, looksLikeCode) >= 0.5) return null;
  if (target === 'sizeUnit' && share(filled, isNumber) >= 0.5) return null;
  return { target, rank };
}

/** A header that names the case's code or figures ("Case GTIN", "Master Case UPC"): its GTINs are not the UPC. */
const isCaseHeader = (header: string) => CASE_WORDS.has(headerWords(header)[0] ?? '') && !targetIsPack(header);
const targetIsPack = (header: string) => targetOfWords(headerWords(header))?.target === 'packCount';

const IMAGE_NAME = /\.(jpe?g|png|gif|tiff?|pdf|heic)$/i;

/** The target a column's values show, whatever its header says: GTINs, sizes, image file names. */
function targetOfValues(values: readonly string[]): SheetTarget | null {
  const filled = values.map((v) => v.trim()).filter(Boolean);
  if (filled.length === 0) return null;
  const share = (test: (v: string) => boolean) => filled.filter(test).length / filled.length;
  // Eight digits at least (an EAN-8): a pack count of 24 zero-padded passes the check digit too.
  if (share((v) => v.replace(/\D/g, '').length >= 8 && looksLikeGtin(v)) >= 0.6) return 'upc';
  if (share(looksLikeSize) >= 0.6 && share((v) => sheetNumber(v) !== null) < 0.5) return 'size';
  if (share((v) => v.split(/[;,|]/).every((name) => IMAGE_NAME.test(name.trim()))) >= 0.6) return 'imageFiles';
  return null;
}

export interface ColumnMapping {
  /** 0-based column index in the sheet. */
  column: number;
  header: string;
  target: SheetTarget;
  /** Why it was proposed: the values (a GTIN, a size...), the header, the company's remembered mapping, or none. */
  reason: 'values' | 'header' | 'remembered' | 'none';
}

/**
 * A mapping for a sheet's columns: each column's values first where they say what they are (a column whose values
 * pass the GTIN check digit is the UPC whatever its header), then its header. Each target (but `ignore`) is given
 * to one column: the first that claims it by values, else the first by header.
 */
export function proposeMapping(headers: readonly string[], sample: readonly (readonly string[])[]): ColumnMapping[] {
  const columnValues = headers.map((_, i) => sample.map((row) => row[i] ?? ''));
  const byValues = headers.map((header, i) => {
    const target = targetOfValues(columnValues[i]);
    return target === 'upc' && isCaseHeader(header) ? null : target;
  });
  const byHeader = headers.map((h, i) => targetOfHeader(h, columnValues[i]));
  const taken = new Set<SheetTarget>();
  const result: ColumnMapping[] = headers.map((header, column) => ({
    column,
    header,
    target: 'ignore',
    reason: 'none',
  }));
  const claim = (column: number, target: SheetTarget | null | undefined, reason: ColumnMapping['reason']) => {
    if (!target || target === 'ignore' || taken.has(target) || result[column].reason !== 'none') return;
    taken.add(target);
    result[column] = { ...result[column], target, reason };
  };
  // A header that names the value's own kind wins first (a "UPC" column of GTINs), then values, then headers
  // (those naming the unit's figure before those naming the case's).
  headers.forEach((_, i) => byValues[i] && byValues[i] === byHeader[i]?.target && claim(i, byValues[i], 'header'));
  headers.forEach((_, i) => claim(i, byValues[i], 'values'));
  headers.forEach((_, i) => byHeader[i]?.rank === 1 && claim(i, byHeader[i]?.target, 'header'));
  headers.forEach((_, i) => byHeader[i]?.rank === 2 && claim(i, byHeader[i]?.target, 'header'));
  return result;
}

/** The key a mapping is remembered by: the sheet's headers, each as headerKey, in order. */
export const headersSignature = (headers: readonly string[]) => headers.map(headerKey).join('|');

/** A remembered mapping applied to a sheet with the same headers; null when the headers differ. */
export function rememberedMapping(
  headers: readonly string[],
  remembered: { signature: string; targets: readonly SheetTarget[] } | null,
): ColumnMapping[] | null {
  if (!remembered || remembered.signature !== headersSignature(headers) || remembered.targets.length !== headers.length)
    return null;
  return headers.map((header, column) => ({
    column,
    header,
    target: remembered.targets[column],
    reason: 'remembered',
  }));
}

/**
 * The row that holds the headers among a sheet's first rows: a title row above them (often one merged cell spread
 * over the columns) or blank rows are skipped. The first row with at least two filled cells and at least half as many
 * as the widest of the first rows, whose cells are mostly not numbers.
 */
export function findHeaderRow(rows: readonly (readonly string[])[], look = 10): number {
  const first = rows.slice(0, look);
  const filled = (row: readonly string[]) => row.filter((c) => c.trim() !== '');
  const widest = Math.max(0, ...first.map((r) => filled(r).length));
  const index = first.findIndex((row) => {
    const cells = filled(row);
    return (
      cells.length >= 2 &&
      cells.length * 2 >= widest &&
      cells.filter((c) => sheetNumber(c) === null && !looksLikeGtin(c)).length * 2 > cells.length
    );
  });
  return Math.max(index, 0);
}

export const SHEET_MAPPING_MSG = {
  twice: (target: string) => `${target} is chosen for two columns: choose it for one.`,
  noUpc: 'Choose the column that holds the UPC.',
  column: 'This column is not in the sheet.',
} as const;

export const columnMappingSchema = z.object({
  column: z.number().int().min(0).max(999),
  target: z.enum(SHEET_TARGET_KEYS),
});

/** A mapping as the supplier confirms it: every target once at most, a UPC column. */
export const sheetMappingSchema = z.array(columnMappingSchema).superRefine((columns, ctx) => {
  const seen = new Set<SheetTarget>();
  for (const c of columns) {
    if (c.target === 'ignore') continue;
    if (seen.has(c.target)) ctx.addIssue({ code: 'custom', message: SHEET_MAPPING_MSG.twice(SHEET_TARGETS[c.target]) });
    seen.add(c.target);
  }
  if (!seen.has('upc')) ctx.addIssue({ code: 'custom', message: SHEET_MAPPING_MSG.noUpc });
});
export type SheetMapping = z.infer<typeof sheetMappingSchema>;
