// A product's facts before and after a resubmission, as the reviewer compares them (no zod: the pages import it).
import { NUTRIENTS } from './measures.ts';
import type { ProductFacts } from './product-facts.ts';
import { factRows, type FactRow } from './product-facts-display.ts';

export type FactChange = 'added' | 'removed' | 'changed';

/** One fact that differs between two versions, each side as the label would print it (null: none given). */
export interface FactDiff {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
  change: FactChange;
}

/** How each change reads, in words (the page never tells it by colour alone). */
export const FACT_CHANGE_WORDS: Record<FactChange, string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
};

/** Every row a facts table can have, in the label's order (as factRows lists them). */
const ROW_ORDER = [
  'servingSize',
  'servingsPerContainer',
  'calories',
  'energyKj',
  ...NUTRIENTS.map((n) => n.key),
  'netContent',
  'ingredients',
  'allergens',
];

const BASIS_TEXT = { serving: 'Per serving', '100g': 'Per 100 g', '100ml': 'Per 100 mL' } as const;

/**
 * The facts that changed from one version to the next, in the label's order: a value only the new version has was
 * added, one only the old had was removed, one both have that reads differently changed. Values are compared as the
 * label prints them (a nutrient's amount, unit and % Daily Value together). What the amounts are per is a row of its
 * own when both versions have facts and it changed. No facts on either side: every value of the other is added or
 * removed.
 */
export function diffFacts(before: ProductFacts | null, after: ProductFacts | null): FactDiff[] {
  const rowsOf = (facts: ProductFacts | null) => new Map((facts ? factRows(facts) : []).map((r) => [r.field, r]));
  const old = rowsOf(before);
  const now = rowsOf(after);
  const diffs: FactDiff[] = [];
  if (before && after && before.basis !== after.basis)
    diffs.push({
      field: 'basis',
      label: 'Amounts per',
      before: BASIS_TEXT[before.basis],
      after: BASIS_TEXT[after.basis],
      change: 'changed',
    });
  for (const field of ROW_ORDER) {
    const b: FactRow | undefined = old.get(field);
    const a: FactRow | undefined = now.get(field);
    if (!a && !b) continue;
    if (a && b && a.value === b.value) continue;
    diffs.push({
      field,
      label: (a ?? b)!.label,
      before: b?.value ?? null,
      after: a?.value ?? null,
      change: !b ? 'added' : !a ? 'removed' : 'changed',
    });
  }
  return diffs;
}
