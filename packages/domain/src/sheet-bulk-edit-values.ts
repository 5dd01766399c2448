import { z } from 'zod';
import {
  BULK_EDIT_MSG,
  bulkEditRowSchema,
  roundNumberInput,
  UOM_OPTIONS,
  type BulkEditValues,
  type Uom,
} from './bulk-edit.ts';
import { MEASURE_UNITS, type MeasureUnit } from './measures.ts';
import type { SheetTarget } from './sheet-mapping.ts';
import type { SheetProduct } from './sheet-rows.ts';

/**
 * What a sheet's row carries on to its submission's bulk edit when its draft is submitted: a draft has no place for
 * the brand, the dimensions or the prices, a submission's bulk edit has; the size, which the draft holds as its net
 * content, also fills the bulk edit's Size and UOM. Each value is judged by the bulk edit's own
 * row schema, as if the supplier had typed it there: one it refuses is not carried, one it rounds is carried rounded,
 * and the dry run says both on the row (docs/decisions/intake.md).
 */

/** The sheet's fields a submission's bulk edit holds, and the bulk-edit field each one fills. */
export const SHEET_BULK_EDIT_FIELDS = {
  brand: 'companyName',
  width: 'width',
  height: 'height',
  depth: 'depth',
  // A supplier's cost is what the partner pays for the product: its wholesale cost, not a price at its dock (FOB).
  costPrice: 'wholesaleCost',
  retailPrice: 'msrp',
} as const satisfies Partial<Record<SheetTarget, keyof BulkEditValues>>;
type SheetBulkEditValueTarget = keyof typeof SHEET_BULK_EDIT_FIELDS;
/** The sheet's fields a submission's bulk edit holds: the size fills two of its fields, its Size and its UOM. */
export type SheetBulkEditTarget = SheetBulkEditValueTarget | 'size';
export type SheetBulkEditField = (typeof SHEET_BULK_EDIT_FIELDS)[SheetBulkEditValueTarget] | 'size' | 'uom';
const SHEET_BULK_EDIT_VALUE_TARGETS = Object.keys(SHEET_BULK_EDIT_FIELDS) as SheetBulkEditValueTarget[];
export const SHEET_BULK_EDIT_TARGETS: readonly SheetBulkEditTarget[] = [...SHEET_BULK_EDIT_VALUE_TARGETS, 'size'];

/** An avoirdupois ounce and a US fluid ounce, exactly, by their definitions. */
const GRAMS_PER_OUNCE = 28.349523125;
const MILLILITRES_PER_FLUID_OUNCE = 29.5735295625;

/**
 * The bulk edit's unit of measure (count or oz) for a sheet's size unit, and how many of it one of the sheet's unit
 * is. The bulk edit's only ounce sizes what is weighed and what is poured alike, as a US shelf tag's "oz" does: an
 * ounce and a fluid ounce are both oz; grams, kilograms and pounds are converted by weight, millilitres, centilitres,
 * litres and US gallons, quarts and pints by volume, as a sheet's centimetres are converted to inches. Milligrams and
 * micrograms size a dose (a tablet's strength), not a pack, and would round to nothing at the bulk edit's 3 decimals:
 * they have no unit there (null), and are not carried.
 */
export const SHEET_SIZE_UOM: Record<MeasureUnit, { uom: Uom; per: number } | null> = {
  ONZ: { uom: 'oz', per: 1 },
  FOZ: { uom: 'oz', per: 1 },
  GRM: { uom: 'oz', per: 1 / GRAMS_PER_OUNCE },
  KGM: { uom: 'oz', per: 1000 / GRAMS_PER_OUNCE },
  LBR: { uom: 'oz', per: 16 },
  MLT: { uom: 'oz', per: 1 / MILLILITRES_PER_FLUID_OUNCE },
  CLT: { uom: 'oz', per: 10 / MILLILITRES_PER_FLUID_OUNCE },
  LTR: { uom: 'oz', per: 1000 / MILLILITRES_PER_FLUID_OUNCE },
  GLL: { uom: 'oz', per: 128 },
  QT: { uom: 'oz', per: 32 },
  PT: { uom: 'oz', per: 16 },
  H87: { uom: 'count', per: 1 },
  MGM: null,
  MC: null,
};

/** The units whose sizes are carried as typed (only the unit's name may differ): a rounding there is said. */
const SAME_MEASURE: readonly MeasureUnit[] = ['ONZ', 'FOZ', 'H87'];

/** What a sheet's row can carry into the bulk edit: the bulk edit's own fields, so a value is judged as typed there. */
const sheetBulkEditSchema = z.object({
  companyName: bulkEditRowSchema.shape.companyName,
  width: bulkEditRowSchema.shape.width,
  height: bulkEditRowSchema.shape.height,
  depth: bulkEditRowSchema.shape.depth,
  wholesaleCost: bulkEditRowSchema.shape.wholesaleCost,
  msrp: bulkEditRowSchema.shape.msrp,
  size: bulkEditRowSchema.shape.size,
  uom: bulkEditRowSchema.shape.uom,
} satisfies Record<SheetBulkEditField, unknown>);

/** The sheet's dimensions: the bulk edit keeps them in inches. */
export const SHEET_DIMENSION_TARGETS = ['width', 'height', 'depth'] as const satisfies readonly SheetTarget[];

/**
 * A dimension as the bulk edit keeps it, in inches: a column whose header names centimetres or millimetres ("Width
 * (cm)", "Depth mm") is converted, to the 3 decimals the bulk edit keeps; any other header is read as inches, the bulk
 * edit's own unit.
 */
export function sheetDimensionInches(header: string, value: number): number {
  const words = header.toLowerCase().split(/[^a-z]+/);
  if (words.some((w) => w === 'cm' || /^centimet(er|re)s?$/.test(w))) return roundNumberInput(value / 2.54);
  if (words.some((w) => w === 'mm' || /^millimet(er|re)s?$/.test(w))) return roundNumberInput(value / 25.4);
  return value;
}

/** The bulk-edit values a row gives: only the fields it fills with a value the bulk edit takes. */
export type SheetBulkEditValues = Partial<Pick<BulkEditValues, SheetBulkEditField>>;

export const SHEET_BULK_EDIT_MSG = {
  refused: (value: string, rule: string) => `${value} is not carried into the submission's bulk edit: ${rule}`,
  rounded: (value: string, shown: string) =>
    `${value} is carried into the submission's bulk edit rounded: ${BULK_EDIT_MSG.rounded(shown)}`,
  /** A size whose unit the bulk edit has no unit of measure for. */
  noUom: (unit: string) => `it has no unit of measure for ${unit}, only ${UOM_OPTIONS.join(' and ')}.`,
} as const;

export interface SheetBulkEditReading {
  values: SheetBulkEditValues;
  /** The row's values the bulk edit's rules refuse, by the column they came from: not carried. */
  refused: { target: SheetBulkEditTarget; value: string; message: string }[];
  /** The row's numbers the bulk edit keeps with fewer decimals: carried as shown. */
  rounded: { target: SheetBulkEditTarget; value: string; shown: string; message: string }[];
}

const MONEY_FIELDS: readonly SheetBulkEditField[] = ['wholesaleCost', 'msrp'];

/** The bulk-edit values of a sheet's row, each judged by the bulk edit's row schema as if typed there. */
export function sheetBulkEditValues(product: SheetProduct): SheetBulkEditReading {
  const reading: SheetBulkEditReading = { values: {}, refused: [], rounded: [] };
  for (const target of SHEET_BULK_EDIT_VALUE_TARGETS) {
    const given = product[target];
    if (given === null || given === undefined || given === '') continue;
    const field = SHEET_BULK_EDIT_FIELDS[target];
    const value = String(given);
    const parsed = sheetBulkEditSchema.shape[field].safeParse(given);
    if (!parsed.success) {
      reading.refused.push({
        target,
        value,
        message: SHEET_BULK_EDIT_MSG.refused(value, parsed.error.issues[0]?.message ?? ''),
      });
      continue;
    }
    if (parsed.data === null) continue;
    (reading.values as Record<SheetBulkEditField, unknown>)[field] = parsed.data;
    if (typeof parsed.data === 'number' && parsed.data !== given) {
      const shown = MONEY_FIELDS.includes(field) ? parsed.data.toFixed(2) : String(parsed.data);
      reading.rounded.push({ target, value, shown, message: SHEET_BULK_EDIT_MSG.rounded(value, shown) });
    }
  }
  sheetSizeValues(product, reading);
  return reading;
}

/** The row's size as the bulk edit's Size and UOM: both or neither, the size judged as a typed Size cell. */
function sheetSizeValues(product: SheetProduct, reading: SheetBulkEditReading): void {
  if (!product.size) return;
  const { quantity, unit, typed: value } = product.size;
  const to = SHEET_SIZE_UOM[unit];
  if (!to) {
    const message = SHEET_BULK_EDIT_MSG.refused(value, SHEET_BULK_EDIT_MSG.noUom(MEASURE_UNITS[unit]));
    reading.refused.push({ target: 'size', value, message });
    return;
  }
  const size = sheetBulkEditSchema.shape.size.safeParse(quantity * to.per);
  const uom = sheetBulkEditSchema.shape.uom.safeParse(to.uom);
  if (!size.success || !uom.success) {
    const issue = (size.error ?? uom.error)?.issues[0]?.message ?? '';
    reading.refused.push({ target: 'size', value, message: SHEET_BULK_EDIT_MSG.refused(value, issue) });
    return;
  }
  if (size.data === null) return;
  reading.values.size = size.data;
  reading.values.uom = uom.data;
  // A converted size is not a typed one rounded: like a sheet's centimetres, it is carried converted without a word.
  if (SAME_MEASURE.includes(unit) && size.data !== quantity) {
    const shown = String(size.data);
    reading.rounded.push({ target: 'size', value, shown, message: SHEET_BULK_EDIT_MSG.rounded(value, shown) });
  }
}
