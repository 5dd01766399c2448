import { z } from 'zod';
import { productFactsSchema, EMPTY_PRODUCT_FACTS, type ProductFacts } from './product-facts.ts';
import { sameFactValue, type FactSources } from './product-facts-suggestions.ts';
import type { SheetProduct } from './sheet-rows.ts';
import type { SheetTarget } from './sheet-mapping.ts';

/**
 * What "Create drafts" carries from a sheet's row into its draft, and what neither a draft nor its submission can
 * hold. A draft holds, per file, the UPC, the product name and the product facts; of the sheet's columns the size (as
 * the net content: the value as typed with its UN/ECE unit), the calories, the ingredients and the allergens are
 * facts. The brand, dimensions, prices and the size wait on the draft for its Submit, which carries them on to the
 * submission's bulk edit (sheet-bulk-edit-values.ts). The pack count and the weight have no place on either: the bulk
 * edit, where a submission's details are typed, has no field for them. The dry run says so, per column, instead of
 * dropping them silently (docs/decisions/intake.md).
 */

/** The sheet's fields neither a draft nor its submission has a place for. */
export const SHEET_TARGETS_NOT_CARRIED = ['packCount', 'weight'] as const satisfies readonly SheetTarget[];
export type SheetTargetNotCarried = (typeof SHEET_TARGETS_NOT_CARRIED)[number];

/** The facts a sheet fills, and the column each comes from (a size typed in two columns is named by its number). */
export const SHEET_FACT_FIELDS = ['netContent', 'calories', 'ingredients', 'allergens'] as const;
export type SheetFactField = (typeof SHEET_FACT_FIELDS)[number];
/** What a sheet's row can carry into a draft's facts: the product facts' own fields, so a value is judged as typed. */
const sheetFactsSchema = z.object({
  netContent: productFactsSchema.shape.netContent,
  calories: productFactsSchema.shape.calories,
  ingredients: productFactsSchema.shape.ingredients,
  allergens: productFactsSchema.shape.allergens,
});
const TARGET_OF_FACT: Record<SheetFactField, SheetTarget> = {
  netContent: 'size',
  calories: 'calories',
  ingredients: 'ingredients',
  allergens: 'allergens',
};

export const SHEET_CARRY_MSG = {
  notCarried: (header: string) =>
    `A submission has no place for ${header}: its bulk edit has no such field. This column's values are not carried.`,
  factRefused: (value: string) =>
    `${value} is not carried into the draft: it is not a value a draft's product facts can hold.`,
} as const;

export interface SheetFactsReading {
  /** The facts the row gives (null: none); each value checked by the schema a typed draft's facts are saved with. */
  facts: ProductFacts | null;
  /** The row's values the facts' schema refused, by the column they came from. */
  refused: { target: SheetTarget; value: string }[];
}

const typedOf = (product: SheetProduct, field: SheetFactField): string =>
  field === 'netContent' ? (product.size?.typed ?? '') : String(product[field] ?? '');

/** The product facts of a sheet's row, each value judged by the same schema as a typed draft's. */
export function sheetFacts(product: SheetProduct): SheetFactsReading {
  const candidate: Record<SheetFactField, unknown> = {
    netContent: product.size
      ? { printed: product.size.typed, quantity: product.size.quantity, unit: product.size.unit }
      : null,
    calories: product.calories,
    ingredients: product.ingredients,
    allergens: product.allergens,
  };
  const facts: ProductFacts = { ...EMPTY_PRODUCT_FACTS };
  const refused: SheetFactsReading['refused'] = [];
  let any = false;
  for (const field of SHEET_FACT_FIELDS) {
    if (candidate[field] === null) continue;
    const parsed = sheetFactsSchema.shape[field].safeParse(candidate[field]);
    if (parsed.success && parsed.data !== null) {
      (facts as Record<SheetFactField, unknown>)[field] = parsed.data;
      any = true;
    } else refused.push({ target: TARGET_OF_FACT[field], value: typedOf(product, field) });
  }
  return { facts: any ? facts : null, refused };
}

export interface SheetFactsMerge {
  facts: ProductFacts | null;
  sources: FactSources;
  /** The fields the supplier changed in the portal since the last import: kept, not overwritten by the sheet. */
  kept: SheetFactField[];
}

/**
 * A file's facts after an import. A field the sheet fills is written when the file holds nothing there, or still holds
 * what the previous import of this product put there; one the supplier typed or accepted from a photo since is kept.
 * `previous` is what the last import gave (null: the file was not this product's sheet draft before).
 */
export function mergeSheetFacts(
  current: ProductFacts | null,
  sources: FactSources,
  previous: ProductFacts | null,
  next: ProductFacts | null,
): SheetFactsMerge {
  const facts: ProductFacts = { ...(current ?? EMPTY_PRODUCT_FACTS) };
  const nextSources: FactSources = { ...sources };
  const kept: SheetFactField[] = [];
  let changed = false;
  for (const field of SHEET_FACT_FIELDS) {
    const now = facts[field];
    const before = previous?.[field] ?? null;
    const wanted = next?.[field] ?? null;
    if (sameFactValue(now, wanted)) continue;
    if (now !== null && !sameFactValue(now, before)) {
      kept.push(field);
      continue;
    }
    (facts as Record<SheetFactField, unknown>)[field] = wanted;
    // A sheet is typed by the supplier: its values are typed ones, with no region of a photo.
    if (wanted === null) delete nextSources[field];
    else nextSources[field] = { source: 'typed', region: null };
    changed = true;
  }
  if (!changed) return { facts: current, sources, kept };
  const empty = sameFactValue(facts, EMPTY_PRODUCT_FACTS);
  return { facts: empty && current === null ? null : facts, sources: nextSources, kept };
}

/**
 * A file's product name after an import: the sheet's when the file has none or still has the previous import's; the
 * name the supplier typed since is kept.
 */
export function mergeSheetName(current: string | null, previous: string | null, next: string | null): string | null {
  if (next === null || current === next) return current;
  if (current === null || current === '' || current === previous) return next;
  return current;
}
