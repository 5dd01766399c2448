/**
 * The labelled real nutrition panels (bench/datasets/nutrition-panels): each photo with what is printed on it, typed by
 * hand, and how a reading of it scores value by value against that.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FactReading } from '@portal/domain';

export const REAL_PANELS_DIR = fileURLToPath(new URL('../datasets/nutrition-panels', import.meta.url));

interface TypedNutrient {
  amount: number | null;
  unit: 'g' | 'mg' | 'mcg' | null;
  dailyValuePercent: number | null;
  /** As printed: "<1g" is typed as 1, and a reading of it as under 1 (0.5) is right too. */
  printed?: string;
}
export interface RealPanel {
  photo: string;
  layout: 'US' | 'CA' | 'EU';
  basis: 'serving' | '100g' | '100ml';
  servingSize: { quantity: number | null; unit: string | null } | null;
  servingsPerContainer: number | null;
  calories: number | null;
  nutrients: Record<string, TypedNutrient>;
}

/** Every legible labelled photo, by file name. */
export function realPanels(): RealPanel[] {
  const dir = path.join(REAL_PANELS_DIR, 'labels');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as RealPanel & { legible?: boolean })
    .filter((p) => p.legible !== false)
    .map((p) => ({ ...p, photo: path.join(REAL_PANELS_DIR, p.photo), nutrients: p.nutrients ?? {} }));
}

/** One typed value: which field and how a reading's value is judged against it. */
interface Expected {
  field: string;
  /** Where the value sits in the reading: the field read, and the part of its value. */
  reading: FactReading['field'];
  matches: (value: unknown) => boolean;
  /** Whether the reading holds this value at all (absent: whenever the field is read). */
  given?: (value: unknown) => boolean;
}

const TO_GRAMS: Record<string, number> = { g: 1, GRM: 1, mg: 1e-3, MGM: 1e-3, mcg: 1e-6, MC: 1e-6 };
const METRIC: Record<string, string> = { g: 'GRM', mL: 'MLT', ml: 'MLT' };
const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** The values a panel's typist read, each as a reading must give it (an amount in g as the same amount in mg too). */
export function expectedValues(panel: RealPanel): Expected[] {
  const out: Expected[] = [];
  const size = panel.servingSize;
  if (size?.quantity != null) {
    const unit = METRIC[size.unit ?? ''];
    out.push({
      field: 'servingSize',
      reading: 'servingSize',
      matches: (v) => {
        const r = v as { quantity: number | null; unit: string | null };
        return r.quantity !== null && near(r.quantity, size.quantity!) && (!unit || r.unit === unit);
      },
    });
  }
  if (panel.servingsPerContainer != null)
    out.push({
      field: 'servingsPerContainer',
      reading: 'servingsPerContainer',
      matches: (v) => (v as { value: number | null }).value === panel.servingsPerContainer,
    });
  if (panel.calories != null)
    out.push({ field: 'calories', reading: 'calories', matches: (v) => v === panel.calories });
  for (const [key, n] of Object.entries(panel.nutrients)) {
    const field = key as FactReading['field'];
    if (n.amount !== null && n.unit)
      out.push({
        field: `${key} amount`,
        reading: field,
        matches: (v) => {
          const r = v as { amount: number; unit: string };
          const scale = TO_GRAMS[r.unit];
          const under = /^\s*(<|less)/i.test(n.printed ?? '') && r.amount > 0 && r.amount < n.amount!;
          return scale !== undefined && (under || near(r.amount * scale, n.amount! * TO_GRAMS[n.unit!]));
        },
      });
    if (n.dailyValuePercent !== null)
      out.push({
        field: `${key} % DV`,
        reading: field,
        // A reading of the amount alone has not read the %: missing, not wrong.
        given: (v) => (v as { dailyValuePercent: number | null }).dailyValuePercent !== null,
        matches: (v) => (v as { dailyValuePercent: number | null }).dailyValuePercent === n.dailyValuePercent,
      });
  }
  return out;
}

export interface FieldScore {
  right: number;
  wrong: number;
  missing: number;
}
export const emptyScore = (): FieldScore => ({ right: 0, wrong: 0, missing: 0 });

/**
 * A reading of a panel scored against its typed values, per field (into `byField`) and in all (returned). A reading of
 * the wrong basis (per serving where the table is per 100 g) is wrong. `unlabelled` counts fields read that the typist
 * left out (not printed, or not readable to them): reported beside, never counted right or wrong.
 */
export function scorePanel(readings: readonly FactReading[], panel: RealPanel, byField: Map<string, FieldScore>) {
  const total = emptyScore();
  const expected = expectedValues(panel);
  const basisOf = (r: FactReading) => r.basis ?? 'serving';
  for (const e of expected) {
    const r = readings.find((x) => x.field === e.reading);
    const score = byField.get(e.field) ?? emptyScore();
    byField.set(e.field, score);
    const verdict: keyof FieldScore =
      !r || (e.given && !e.given(r.value))
        ? 'missing'
        : r.field === 'servingSize' || r.field === 'servingsPerContainer' || basisOf(r) === panel.basis
          ? e.matches(r.value)
            ? 'right'
            : 'wrong'
          : 'wrong';
    score[verdict]++;
    total[verdict]++;
  }
  const typed = new Set(expected.map((e) => e.reading));
  const unlabelled = readings.filter(
    (r) => !typed.has(r.field) && !['netContent', 'ingredients', 'allergens'].includes(r.field),
  ).length;
  return { ...total, values: expected.length, unlabelled };
}
