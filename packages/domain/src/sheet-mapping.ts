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

/** Header words per target, compared after lowering and dropping everything but letters and digits. */
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
  ],
  brand: ['brand', 'brandname', 'manufacturer', 'label'],
  size: ['size', 'netcontent', 'netcontents', 'netwt', 'netweight', 'packsize', 'unitsize', 'itemsize', 'sizeuom'],
  sizeValue: ['sizevalue', 'sizeqty', 'sizenumber', 'netcontentvalue'],
  sizeUnit: ['uom', 'unit', 'sizeunit', 'unitofmeasure', 'measure'],
  packCount: [
    'pack',
    'packcount',
    'casepack',
    'casecount',
    'count',
    'units',
    'unitspercase',
    'packqty',
    'innerpack',
    'qtypercase',
  ],
  width: ['width', 'w', 'widthin', 'widthcm'],
  height: ['height', 'h', 'heightin', 'heightcm'],
  depth: ['depth', 'length', 'd', 'l', 'depthin', 'lengthin'],
  weight: ['weight', 'grossweight', 'shippingweight', 'weightlb', 'weightkg'],
  costPrice: ['cost', 'costprice', 'unitcost', 'wholesale', 'wholesaleprice', 'price', 'caseprice', 'listprice'],
  retailPrice: ['retail', 'retailprice', 'srp', 'msrp', 'rrp', 'suggestedretail'],
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
  ],
  ingredients: ['ingredients', 'ingredientstatement', 'ingredientlist'],
  allergens: ['allergens', 'allergen', 'allergenstatement', 'contains'],
  calories: ['calories', 'kcal', 'energy', 'caloriesperserving'],
};

export const headerKey = (header: string) =>
  header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The target a header names, when one of its words is a known one (exact first, then a known word it starts with). */
function targetOfHeader(header: string): SheetTarget | null {
  const key = headerKey(header);
  if (!key) return null;
  for (const [target, words] of Object.entries(HEADER_WORDS)) if (words.includes(key)) return target as SheetTarget;
  for (const [target, words] of Object.entries(HEADER_WORDS))
    if (words.some((w) => w.length >= 4 && key.startsWith(w))) return target as SheetTarget;
  return null;
}

const IMAGE_NAME = /\.(jpe?g|png|gif|tiff?|pdf|heic)$/i;

/** The target a column's values show, whatever its header says: GTINs, sizes, image file names. */
function targetOfValues(values: readonly string[]): SheetTarget | null {
  const filled = values.map((v) => v.trim()).filter(Boolean);
  if (filled.length === 0) return null;
  const share = (test: (v: string) => boolean) => filled.filter(test).length / filled.length;
  if (share(looksLikeGtin) >= 0.6) return 'upc';
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
  const byValues = headers.map((_, i) => targetOfValues(sample.map((row) => row[i] ?? '')));
  const byHeader = headers.map((h) => targetOfHeader(h));
  const taken = new Set<SheetTarget>();
  const result: ColumnMapping[] = headers.map((header, column) => ({
    column,
    header,
    target: 'ignore',
    reason: 'none',
  }));
  const claim = (column: number, target: SheetTarget | null, reason: ColumnMapping['reason']) => {
    if (!target || target === 'ignore' || taken.has(target) || result[column].reason !== 'none') return;
    taken.add(target);
    result[column] = { ...result[column], target, reason };
  };
  // A header that names the value's own kind wins first (a "UPC" column of GTINs), then values, then headers.
  headers.forEach((_, i) => byValues[i] && byValues[i] === byHeader[i] && claim(i, byValues[i], 'header'));
  headers.forEach((_, i) => claim(i, byValues[i], 'values'));
  headers.forEach((_, i) => claim(i, byHeader[i], 'header'));
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
