import { z } from 'zod';
import { MAX_PRODUCT_NAME } from './constants.ts';
import {
  isFieldRequired,
  isFieldVisible,
  isSectionVisible,
  PARTNER_FIELD_SECTIONS,
  type FieldRules,
  type PartnerField,
} from './partner-fields.ts';

/** Suggested class options (part 2 section 3). */
export const SUGGESTED_CLASSES = [
  'ALCOHOL',
  'BODY CARE',
  'FOOD & BEVERAGE - BABY',
  'FOOD & BEVERAGE - BEVERAGE',
  'FOOD & BEVERAGE - BREAD & BAKED GOODS',
  'FOOD & BEVERAGE - DAIRY & NON DAIRY',
  'FOOD & BEVERAGE - FROZEN FOODS',
  'FOOD & BEVERAGE - INGREDIENTS & PANTRY',
  'FOOD & BEVERAGE - MEAT & MEAT ALTERNATIVES',
  'FOOD & BEVERAGE - SNACKS & CANDY',
  'GENERAL MERCHANDISE',
  'MEDICINE & PERSONAL HEALTH',
  'PET',
  'VITAMINS & SUPPLEMENTS',
] as const;
export type SuggestedClass = (typeof SUGGESTED_CLASSES)[number];

/** Unit of measure options (part 2 section 3). */
export const UOM_OPTIONS = ['count', 'oz'] as const;
export type Uom = (typeof UOM_OPTIONS)[number];

/** Bulk edit number cells (size, height, width, depth): at most 7 digits ignoring the point, 3 decimals. */
export const NUMBER_MAX_DIGITS = 7;
export const NUMBER_DECIMALS = 3;
/** Bulk edit money cells: at most 3 digits before the point and 2 after. */
export const MONEY_INTEGER_DIGITS = 3;
export const MONEY_DECIMALS = 2;
/** The stepper never has more than these four steps. */
export const MAX_BULK_EDIT_STEPS = 4;
/** The longest brand a row keeps. */
export const MAX_BRAND = 200;

export const BULK_EDIT_MSG = {
  emptyTable: 'Nothing to see here.',
  saved: 'Changes Saved',
  /** A save refused because rows were deleted or are no longer the user's to edit meanwhile, named by their UPCs. */
  rowsGone: (upcs: readonly string[]) =>
    `Nothing was saved: the submission${upcs.length === 1 ? '' : 's'} of UPC ${upcs.join(', ')} ${
      upcs.length === 1 ? 'is' : 'are'
    } no longer there or no longer yours to edit. Please reload the page.`,
  confirmationHeading: 'Confirmation',
  /** Under a cell whose value the supplier's sheet gave when the draft was submitted, until someone edits it. */
  fromSheet: "From the supplier's sheet",
  number: `Must be a number with at most ${NUMBER_MAX_DIGITS} digits and ${NUMBER_DECIMALS} decimals.`,
  money: `Must be an amount with at most ${MONEY_INTEGER_DIGITS} digits before the point and ${MONEY_DECIMALS} after.`,
  /** Said under a cell whose typed amount had more decimals than the rule keeps (issue 17: never silently). */
  rounded: (shown: string) => `Rounded to ${shown}.`,
  suggestedClass: 'Please choose one of the suggested classes.',
  uom: 'Please choose count or oz.',
  productNameTooLong: `Must be ${MAX_PRODUCT_NAME} characters or less.`,
  brandTooLong: `Must be ${MAX_BRAND} characters or less.`,
  required: (label: string) => `${label} is required`,
  /** Save or Next while a cell shows typed text it could not take: nothing is saved, nothing typed is dropped. */
  unsaveable:
    'Some cells hold values that cannot be saved. Correct them, or press Escape in a cell to go back to its saved value.',
} as const;

export const BULK_EDIT_PLACEHOLDERS = {
  brand: 'Search for brand',
  market: 'Search for market',
  attribute: 'Search for attribute',
  suggestedClass: 'Search for class',
  uom: 'Search for UOM',
} as const;

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * f) / f;
};

/** Rounds a number cell to 3 decimals. */
export const roundNumberInput = (value: number) => round(value, NUMBER_DECIMALS);
/** Rounds a money cell to 2 decimals. */
export const roundMoneyInput = (value: number) => round(value, MONEY_DECIMALS);

/** Digits of a non-negative number as written with at most `decimals` decimals, ignoring the point. */
const digitCount = (value: number, decimals: number) => {
  const [int, frac = ''] = round(Math.abs(value), decimals).toFixed(decimals).split('.');
  return (int === '0' ? 0 : int.length) + frac.replace(/0+$/, '').length;
};

/** A number cell's value is fine: non-negative, at most 7 digits ignoring the point once rounded to 3 decimals. */
export const isValidNumberValue = (value: number) =>
  Number.isFinite(value) && value >= 0 && digitCount(value, NUMBER_DECIMALS) <= NUMBER_MAX_DIGITS;

/** A money cell's value is fine: non-negative, at most 3 integer digits once rounded to 2 decimals. */
export const isValidMoneyValue = (value: number) =>
  Number.isFinite(value) && value >= 0 && round(value, MONEY_DECIMALS) < 10 ** MONEY_INTEGER_DIGITS;

/**
 * What a number or money cell keeps while typing: digits and one point. Digits are never dropped here (a pasted
 * 12.345 must not become 12.34 unseen); the rule is applied on commit: rounded, and said, or refused.
 */
export function numericInputText(text: string): string {
  let out = '';
  let seenPoint = false;
  for (const c of text) {
    if (c === '.' && !seenPoint) {
      seenPoint = true;
      out += c;
    } else if (c >= '0' && c <= '9') out += c;
  }
  return out;
}

/** True when committing `text` as `value` changed the amount (more decimals than the cell keeps). */
export function wasRounded(text: string, value: number | null | undefined): boolean {
  if (typeof value !== 'number') return false;
  return Number(text.trim().replace(/^\$/, '')) !== value;
}

/** A committed number cell: null when empty, the rounded number, or undefined when it breaks the rule. */
export function parseNumberInput(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d*\.?\d*$/.test(t) || t === '.') return undefined;
  const value = roundNumberInput(Number(t));
  return isValidNumberValue(value) ? value : undefined;
}
/** A committed money cell: null when empty, the amount rounded to 2 decimals, or undefined when it breaks the rule. */
export function parseMoneyInput(text: string): number | null | undefined {
  const t = text.trim().replace(/^\$/, '');
  if (t === '') return null;
  if (!/^\d*\.?\d*$/.test(t) || t === '.') return undefined;
  const value = roundMoneyInput(Number(t));
  return isValidMoneyValue(value) ? value : undefined;
}

const numberCell = z
  .number({ message: BULK_EDIT_MSG.number })
  .transform(roundNumberInput)
  .refine(isValidNumberValue, BULK_EDIT_MSG.number)
  .nullable();
const moneyCell = z
  .number({ message: BULK_EDIT_MSG.money })
  .transform(roundMoneyInput)
  .refine(isValidMoneyValue, BULK_EDIT_MSG.money)
  .nullable();
const reference = z.object({ id: z.number().int().positive(), name: z.string().optional() });

/**
 * One row of the bulk edit as saved (part 2 section 3). Saving checks formats only: a row may be saved incomplete
 * (each Next saves before it checks the step). The upc is read-only and never taken from the row.
 */
export const bulkEditRowSchema = z.object({
  id: z.string().uuid(),
  productName: z
    .string()
    .trim()
    .max(MAX_PRODUCT_NAME, BULK_EDIT_MSG.productNameTooLong)
    .nullable()
    .transform((v) => (v ? v : null)),
  /** The brand. */
  companyName: z
    .string()
    .trim()
    .max(MAX_BRAND, BULK_EDIT_MSG.brandTooLong)
    .nullable()
    .transform((v) => (v ? v : null)),
  suggestedClass: z.enum(SUGGESTED_CLASSES, { message: BULK_EDIT_MSG.suggestedClass }).nullable(),
  marketAccounts: z.array(reference).max(100),
  attributes: z.array(reference).max(100),
  height: numberCell,
  width: numberCell,
  depth: numberCell,
  size: numberCell,
  uom: z.enum(UOM_OPTIONS, { message: BULK_EDIT_MSG.uom }).nullable(),
  fobCost: moneyCell,
  msrp: moneyCell,
  edlp: moneyCell,
  deliveredCost: moneyCell,
  wholesaleCost: moneyCell,
  freeFill: z.boolean().nullable(),
  inStoreDemo: z.boolean().nullable(),
  fairShareMerchandisingSupport: z.boolean().nullable(),
  paidAds: z.boolean().nullable(),
  offInvoice: z.boolean().nullable(),
  tpr: z.boolean().nullable(),
});
export type BulkEditRowInput = z.input<typeof bulkEditRowSchema>;
export type BulkEditRow = z.output<typeof bulkEditRowSchema>;
/** The saved fields of a row (everything the partner statuses look at). */
export type BulkEditValues = Omit<BulkEditRow, 'id'>;
export type BulkEditField = keyof BulkEditValues;

export const BULK_EDIT_STEPS = ['Basic Attributes', 'Placement', 'Pricing', 'Promotion'] as const;
export type BulkEditStep = (typeof BULK_EDIT_STEPS)[number];

export type ColumnKind =
  | 'text'
  | 'brand'
  | 'suggestedClass'
  | 'marketAccounts'
  | 'attributes'
  | 'number'
  | 'uom'
  | 'money'
  | 'boolean';

interface ColumnDef {
  field: BulkEditField;
  label: string;
  kind: ColumnKind;
  /** The partner configuration field whose flags apply; null: always shown and required (product name). */
  partnerField: PartnerField | null;
}

/** The columns of every step, in order, with the partner configuration field each one follows. */
export const BULK_EDIT_COLUMNS: Record<BulkEditStep, readonly ColumnDef[]> = {
  'Basic Attributes': [
    { field: 'productName', label: 'Product Name', kind: 'text', partnerField: null },
    { field: 'companyName', label: 'Brand', kind: 'brand', partnerField: 'brand' },
    { field: 'suggestedClass', label: 'Suggested Class', kind: 'suggestedClass', partnerField: 'suggestedClass' },
    {
      field: 'marketAccounts',
      label: 'Currently Selling At',
      kind: 'marketAccounts',
      partnerField: 'currentlySellingAt',
    },
    { field: 'attributes', label: 'Dietary Attributes', kind: 'attributes', partnerField: 'dietaryAttributes' },
  ],
  Placement: [
    { field: 'height', label: 'Height (in)', kind: 'number', partnerField: 'itemHeight' },
    { field: 'width', label: 'Width (in)', kind: 'number', partnerField: 'itemWidth' },
    { field: 'depth', label: 'Depth (in)', kind: 'number', partnerField: 'itemDepth' },
    { field: 'size', label: 'Size', kind: 'number', partnerField: 'size' },
    { field: 'uom', label: 'UOM', kind: 'uom', partnerField: 'unitOfMeasure' },
  ],
  Pricing: [
    { field: 'fobCost', label: 'FOB Cost', kind: 'money', partnerField: 'fob' },
    { field: 'msrp', label: 'MSRP', kind: 'money', partnerField: 'msrp' },
    { field: 'edlp', label: 'EDLP', kind: 'money', partnerField: 'edlp' },
    { field: 'deliveredCost', label: 'Delivered Cost', kind: 'money', partnerField: 'deliveredCost' },
    { field: 'wholesaleCost', label: 'Wholesale Cost', kind: 'money', partnerField: 'wholesaleCost' },
  ],
  Promotion: [
    { field: 'freeFill', label: 'Free Fill', kind: 'boolean', partnerField: 'freeFill' },
    { field: 'inStoreDemo', label: 'In-Store Demo', kind: 'boolean', partnerField: 'inStoreDemo' },
    {
      field: 'fairShareMerchandisingSupport',
      label: 'Fair Share Merchandising Support',
      kind: 'boolean',
      partnerField: 'fairShareMerchandisingSupport',
    },
    { field: 'paidAds', label: 'Paid Ads', kind: 'boolean', partnerField: 'paidAds' },
    { field: 'offInvoice', label: 'Off Invoice', kind: 'boolean', partnerField: 'offInvoice' },
    { field: 'tpr', label: 'TPR', kind: 'boolean', partnerField: 'tpr' },
  ],
};

/** The whole-section flag a step follows; Basic Attributes is always shown. */
const STEP_SECTION = {
  'Basic Attributes': null,
  Placement: 'placementFieldsVisible',
  Pricing: 'pricingFieldsVisible',
  Promotion: 'promotionFieldsVisible',
} as const;

/** The steps this partner shows: Basic Attributes always, the other three only when their section is visible. */
export function visibleBulkEditSteps(rules: FieldRules): BulkEditStep[] {
  return BULK_EDIT_STEPS.filter((step) => {
    const flag = STEP_SECTION[step];
    return flag === null || isSectionVisible(rules, flag);
  });
}

/** The settings section a partner field belongs to; its section flag hides the field too. */
function sectionVisibleFor(rules: FieldRules, field: PartnerField) {
  const section = Object.values(PARTNER_FIELD_SECTIONS).find((s) => (s.fields as readonly string[]).includes(field));
  return !section?.flag || isSectionVisible(rules, section.flag);
}

/**
 * A column's effective flags under a partner's rules (one reading of the partner configuration): product name is
 * always shown and required; brand always shown, required by its flag; the rest shown when their flag and their
 * section are on, and required only when shown.
 */
export function columnRule(rules: FieldRules, column: ColumnDef): { visible: boolean; required: boolean } {
  const f = column.partnerField;
  if (f === null) return { visible: true, required: true };
  if (f === 'brand') return { visible: true, required: isFieldRequired(rules, f) };
  if (f === 'currentlySellingAt' || f === 'dietaryAttributes')
    return { visible: isFieldVisible(rules, f), required: false };
  const visible = isFieldVisible(rules, f) && sectionVisibleFor(rules, f);
  return { visible, required: visible && isFieldRequired(rules, f) };
}

export interface BulkEditColumn extends ColumnDef {
  required: boolean;
}

/** The columns a step shows for this partner, each with whether it is required. */
export function bulkEditColumns(step: BulkEditStep, rules: FieldRules): BulkEditColumn[] {
  return BULK_EDIT_COLUMNS[step].flatMap((c) => {
    const rule = columnRule(rules, c);
    return rule.visible ? [{ ...c, required: rule.required }] : [];
  });
}

/** Empty for the step checks: blank text, no number, no choice, unset boolean, empty list. */
export function isCellEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return !Number.isFinite(value);
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * The check on Next (part 2 section 5): the required cells of the step that are empty, as field -> message.
 * An empty object means the step may advance.
 */
export function stepErrors(
  step: BulkEditStep,
  row: Partial<BulkEditValues>,
  rules: FieldRules,
): Partial<Record<BulkEditField, string>> {
  const errors: Partial<Record<BulkEditField, string>> = {};
  for (const c of bulkEditColumns(step, rules)) {
    if (c.required && isCellEmpty(row[c.field])) errors[c.field] = BULK_EDIT_MSG.required(c.label);
  }
  return errors;
}

/** The step check over every row: row id -> its errors; only rows with errors are listed. */
export function stepErrorsByRow(
  step: BulkEditStep,
  rows: readonly (Partial<BulkEditValues> & { id: string })[],
  rules: FieldRules,
): Record<string, Partial<Record<BulkEditField, string>>> {
  const out: Record<string, Partial<Record<BulkEditField, string>>> = {};
  for (const row of rows) {
    const errors = stepErrors(step, row, rules);
    if (Object.keys(errors).length) out[row.id] = errors;
  }
  return out;
}
