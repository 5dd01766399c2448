import { z } from 'zod';
import { BULK_EDIT_MSG, bulkEditRowSchema, roundNumberInput, type BulkEditValues } from './bulk-edit.ts';
import type { SheetTarget } from './sheet-mapping.ts';
import type { SheetProduct } from './sheet-rows.ts';

/**
 * What a sheet's row carries on to its submission's bulk edit when its draft is submitted: a draft has no place for
 * the brand, the dimensions or the prices, a submission's bulk edit has. Each value is judged by the bulk edit's own
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
export type SheetBulkEditTarget = keyof typeof SHEET_BULK_EDIT_FIELDS;
export type SheetBulkEditField = (typeof SHEET_BULK_EDIT_FIELDS)[SheetBulkEditTarget];
export const SHEET_BULK_EDIT_TARGETS = Object.keys(SHEET_BULK_EDIT_FIELDS) as SheetBulkEditTarget[];

/** What a sheet's row can carry into the bulk edit: the bulk edit's own fields, so a value is judged as typed there. */
const sheetBulkEditSchema = z.object({
  companyName: bulkEditRowSchema.shape.companyName,
  width: bulkEditRowSchema.shape.width,
  height: bulkEditRowSchema.shape.height,
  depth: bulkEditRowSchema.shape.depth,
  wholesaleCost: bulkEditRowSchema.shape.wholesaleCost,
  msrp: bulkEditRowSchema.shape.msrp,
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
  for (const target of SHEET_BULK_EDIT_TARGETS) {
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
  return reading;
}
