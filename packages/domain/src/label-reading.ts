import { INGREDIENTS_MAX, NUTRIENTS, type MeasureUnit, type NutrientKey } from './measures.ts';
import type { PrintedQuantity } from './product-facts.ts';
import type { FactReading, PhotoRegion } from './product-facts-suggestions.ts';

/**
 * Reads the facts of a US Nutrition Facts panel, the net content statement, the ingredients and the allergen
 * statement from the text lines an OCR engine found on a photo. Pure: the same lines give the same readings.
 */

/** One run of text the OCR engine found, with its confidence (0..1) and its box as fractions of the photo. */
export interface TextLine {
  text: string;
  confidence: number;
  box: PhotoRegion;
  /** The slope of the line's baseline (height over width, in the photo's fractions): a turned photo's rows slant. */
  slope?: number;
}

interface Row {
  text: string;
  confidence: number;
  box: PhotoRegion;
}

const union = (boxes: PhotoRegion[]): PhotoRegion => {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
};

/**
 * Boxes side by side on one printed row (a nutrient's name on the left, its % DV on the right) are joined, left to
 * right: a box belongs to a row when its middle lies within the row's first box's height.
 */
export function groupRows(lines: readonly TextLine[]): Row[] {
  const slopes = lines.filter((l) => l.slope !== undefined && l.box.width > l.box.height * 3).map((l) => l.slope!);
  const skew = slopes.length ? [...slopes].sort((a, b) => a - b)[Math.floor(slopes.length / 2)] : 0;
  // Each line's middle and height measured across the slant, as if the photo were turned upright.
  const placed = lines
    .filter((l) => l.text.trim())
    .map((line) => ({
      line,
      middle: line.box.y + line.box.height / 2 - skew * (line.box.x + line.box.width / 2),
      height: Math.max(line.box.height - Math.abs(skew) * line.box.width, line.box.height / 3),
    }))
    .sort((a, b) => a.middle - b.middle);
  const rows: (typeof placed)[] = [];
  for (const item of placed) {
    const row = rows.find((r) => {
      const first = r[0];
      const overlapsX = r.some(
        (l) =>
          l.line.box.x < item.line.box.x + item.line.box.width && item.line.box.x < l.line.box.x + l.line.box.width,
      );
      return !overlapsX && Math.abs(first.middle - item.middle) < Math.min(first.height, item.height) * 0.5;
    });
    if (row) row.push(item);
    else rows.push([item]);
  }
  return rows.map((r) => {
    const parts = r.map((p) => p.line).sort((a, b) => a.box.x - b.box.x);
    return {
      text: parts.map((p) => p.text.trim()).join(' '),
      confidence: Math.min(...parts.map((p) => p.confidence)),
      box: union(parts.map((p) => p.box)),
    };
  });
}

/** OCR's usual slips in numbers: a letter O for a zero before a unit or a percent sign. */
export function normaliseNumbers(text: string): string {
  return text
    .replace(/(?<![A-Za-z])[Oo](?=\s*(?:g|mg|mcg|%)(?![a-z]))/g, '0')
    .replace(/(\d)[Oo](?=\s*(?:g|mg|mcg|%|\d))/g, '$10')
    .replace(/(\d),(\d)(?=\s*(?:g|mg|mcg)\b)/g, '$1.$2')
    .replace(/µg/g, 'mcg');
}

const UNIT_WORDS: [RegExp, MeasureUnit][] = [
  [/^(?:fl\.?\s*oz|fluid\s*ounces?)$/i, 'FOZ'],
  [/^(?:oz|ounces?)$/i, 'ONZ'],
  [/^(?:lbs?|pounds?)$/i, 'LBR'],
  [/^(?:kg|kilograms?)$/i, 'KGM'],
  [/^(?:mg)$/i, 'MGM'],
  [/^(?:mcg|µg)$/i, 'MC'],
  [/^(?:g|grams?|gr)$/i, 'GRM'],
  [/^(?:ml)$/i, 'MLT'],
  [/^(?:cl)$/i, 'CLT'],
  [/^(?:l|liters?|litres?)$/i, 'LTR'],
  [/^(?:gal|gallons?)$/i, 'GLL'],
  [/^(?:qt|quarts?)$/i, 'QT'],
  [/^(?:pt|pints?)$/i, 'PT'],
];
const unitOf = (word: string): MeasureUnit | null => UNIT_WORDS.find(([re]) => re.test(word.trim()))?.[1] ?? null;
const METRIC: ReadonlySet<MeasureUnit> = new Set(['GRM', 'KGM', 'MGM', 'MLT', 'LTR', 'CLT']);
const QUANTITY =
  /(\d+(?:[.,]\d+)?)\s*(fl\.?\s*oz|fluid\s*ounces?|oz|ounces?|lbs?|pounds?|kg|mg|mcg|g|grams?|ml|cl|l|gal|qt|pt)\b/gi;

/**
 * A printed quantity read as a number and a unit: the metric one where the label gives both ("12 OZ (340 g)"), since
 * that is what the arithmetic between serving size, servings and net content can use.
 */
export function parsePrintedQuantity(printed: string): PrintedQuantity {
  const found = [...printed.matchAll(QUANTITY)].flatMap((m) => {
    const unit = unitOf(m[2]);
    return unit ? [{ quantity: Number(m[1].replace(',', '.')), unit }] : [];
  });
  const chosen = found.find((f) => METRIC.has(f.unit)) ?? found[0];
  return { printed: printed.trim().slice(0, 120), quantity: chosen?.quantity ?? null, unit: chosen?.unit ?? null };
}

/** A label's words with any spacing between them, OCR often dropping or adding spaces. */
const words = (label: string) => label.split(' ').join('\\s*');

const AMOUNT = String.raw`(<\s*1|less\s*than\s*1|\d+(?:\.\d+)?)\s*(mg|mcg|g)(?![a-z])`;
const PERCENT = String.raw`(?:[^\d%]{0,12}?(\d{1,4})\s*%)?`;

function parseAmount(raw: string): number {
  return /^(<|less)/i.test(raw) ? 0.5 : Number(raw);
}

/** How well a printed % DV agrees with its amount (1 agrees, lower disagrees): the label's own check of the reading. */
function percentAgreement(key: NutrientKey, amount: number, percent: number | null): number {
  const dv = NUTRIENTS.find((n) => n.key === key)!.dailyValue;
  if (percent === null || dv === null) return 1;
  const expected = (amount / dv) * 100;
  // Amounts and percents are both rounded on the label (21 CFR 101.9(c)): allow a wide margin, catch misreadings.
  return Math.abs(expected - percent) <= Math.max(3, expected * 0.25) ? 1 : 0.6;
}

const NUTRIENT_LABELS: { key: NutrientKey; pattern: RegExp }[] = NUTRIENTS.map((n) => {
  const label = n.key === 'totalCarbohydrate' ? 'Total Carb(?:ohydrate|\\.)?s?' : words(n.label);
  if (n.key === 'addedSugars')
    return {
      key: n.key,
      pattern: new RegExp(String.raw`Incl\w*\.?\s*${AMOUNT}\s*(?:of\s*)?Added\s*Sugars${PERCENT}`, 'i'),
    };
  const prefix =
    n.key === 'totalSugars' ? '(?<!Added\\s*)' : n.key === 'totalFat' ? '(?<!(?:Saturated|Trans)\\s*)' : '';
  return { key: n.key, pattern: new RegExp(String.raw`${prefix}\b${label}\s*${AMOUNT}${PERCENT}`, 'i') };
});

const read = (row: Row, reading: Omit<FactReading, 'confidence' | 'region'>, certainty = 1): FactReading =>
  ({ ...reading, confidence: Math.round(row.confidence * certainty * 100) / 100, region: row.box }) as FactReading;

function readNutrients(row: Row, text: string): FactReading[] {
  const out: FactReading[] = [];
  for (const { key, pattern } of NUTRIENT_LABELS) {
    const m = pattern.exec(text);
    if (!m) continue;
    const unit = unitOf(m[2])!;
    const amount = parseAmount(m[1]);
    const percent = m[3] === undefined ? null : Number(m[3]);
    const expectedUnit = NUTRIENTS.find((n) => n.key === key)!.unit;
    const certainty = (unit === expectedUnit ? 1 : 0.5) * percentAgreement(key, amount, percent);
    out.push(read(row, { field: key, value: { amount, unit, dailyValuePercent: percent } }, certainty));
  }
  return out;
}

const SERVINGS = /(?:(about|approx\.?|approximately)\s*)?(\d+(?:\.\d+)?)\s*servings?\s*per\s*(?:container|package)/i;
const SERVINGS_AFTER = /servings?\s*per\s*(?:container|package)\s*:?\s*((?:about\s*)?(\d+(?:\.\d+)?))/i;
const SERVING_SIZE = /serving\s*size\s*:?\s*(.+)$/i;
const CALORIES = /calories\s*:?\s*(\d{1,4})(?!\s*(?:g|mg|%|\d))/i;
const NET = /\b(net\s*(?:wt|weight|contents?|vol|volume)\.?\s*:?.*)$/i;
const INGREDIENTS = /^\s*ingredients?\s*[:;.]?\s*(.*)$/i;
const CONTAINS = /^\s*(contains\s*[:;]?.*)$/i;
/** Rows that end an ingredients list: a new statement or the panel. */
const STATEMENT =
  /^\s*(contains|allergen|distributed|manufactured|made\s*(?:in|by)|packed|keep|store|nutrition|net\s*w|best\s*by)/i;

/** All the facts the rows of one photo give, each with its confidence and region; the first reading of a field wins. */
export function readLabel(lines: readonly TextLine[]): FactReading[] {
  const rows = groupRows(lines);
  const readings: FactReading[] = [];
  const add = (r: FactReading) => {
    if (!readings.some((x) => x.field === r.field)) readings.push(r);
  };
  rows.forEach((row, index) => {
    const text = normaliseNumbers(row.text);
    const servingSize = SERVING_SIZE.exec(text);
    if (servingSize) {
      const printed = servingSize[1].replace(/\s*servings?\s*per.*$/i, '').trim();
      const quantity = parsePrintedQuantity(printed);
      if (printed) add(read(row, { field: 'servingSize', value: quantity }, quantity.unit ? 1 : 0.7));
    }
    const servings = SERVINGS.exec(text) ?? SERVINGS_AFTER.exec(text);
    if (servings) {
      const printed = SERVINGS.test(text) ? `${servings[1] ? `${servings[1]} ` : ''}${servings[2]}` : servings[1];
      add(read(row, { field: 'servingsPerContainer', value: { printed, value: Number(servings[2]) } }));
    }
    const calories =
      CALORIES.exec(text) ??
      (/^\s*calories\s*$/i.test(text) ? /^\s*(\d{1,4})\s*$/.exec(rows[index + 1]?.text ?? '') : null);
    if (calories && !/from\s*fat/i.test(text)) add(read(row, { field: 'calories', value: Number(calories[1]) }));
    for (const r of readNutrients(row, text)) add(r);
    const net = NET.exec(text);
    if (net) {
      const quantity = parsePrintedQuantity(net[1]);
      add(read(row, { field: 'netContent', value: quantity }, quantity.unit ? 1 : 0.6));
    }
    const contains = CONTAINS.exec(text);
    if (contains && contains[1].length > 10)
      add(read(row, { field: 'allergens', value: spaceAfterPunctuation(contains[1]) }));
    const ingredients = INGREDIENTS.exec(row.text);
    const list = ingredients && readIngredients(rows, index, ingredients[1]);
    if (list) add(list);
  });
  return readings;
}

/** OCR drops the space after a comma or colon ("CONTAINS:WHEAT,MILK."); a number's comma ("1,000") stays. */
export const spaceAfterPunctuation = (text: string) =>
  text
    .replace(/([,:;])(?=[^\s\d])/g, '$1 ')
    .replace(/\s+/g, ' ')
    .trim();

/** The ingredients run from their heading to the next statement, the rows joined; a gap of two rows ends them too. */
function readIngredients(rows: Row[], start: number, first: string): FactReading | null {
  const used = [rows[start]];
  const parts = [first.trim()];
  const lineHeight = rows[start].box.height;
  for (let i = start + 1; i < rows.length; i++) {
    const row = rows[i];
    const previous = used.at(-1)!;
    if (STATEMENT.test(row.text) || row.box.y - (previous.box.y + previous.box.height) > lineHeight * 2) break;
    if (/[.]\s*$/.test(parts.at(-1)!) && parts.join(' ').length > 0 && /^[A-Z][a-z]/.test(row.text)) break;
    used.push(row);
    parts.push(row.text.trim());
  }
  const value = spaceAfterPunctuation(parts.join(' ').replace(/-\s(?=[a-z])/g, ''));
  if (!value) return null;
  const confidence = Math.min(...used.map((r) => r.confidence));
  return {
    field: 'ingredients',
    value: value.slice(0, INGREDIENTS_MAX),
    confidence,
    region: union(used.map((r) => r.box)),
  };
}
