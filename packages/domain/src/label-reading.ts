import {
  amountInColumn,
  englishHalf,
  panelColumns,
  agreementOf,
  panelKind,
  percentAgrees,
  percentWithoutSign,
  portionOverTwoRows,
  readCanadianNutrients,
  readCanadianServing,
  readEuropeanKcal,
  readEuropeanLinear,
  readEuropeanRow,
  readPercentOnly,
  SIGNLESS_PERCENT_CERTAINTY,
  amountsBesideUnitColumn,
  unitColumnOf,
  type PanelColumn,
} from './label-panels.ts';
import { labelDisagreements } from './label-arithmetic.ts';
import {
  CANADIAN_DAILY_VALUES,
  INGREDIENTS_MAX,
  NUTRIENTS,
  nutrientOf,
  type MeasureUnit,
  type NutrientKey,
} from './measures.ts';
import type { FactsBasis, NutrientValue, PrintedQuantity, ProductFacts } from './product-facts.ts';
import { EMPTY_PRODUCT_FACTS } from './product-facts-empty.ts';
import type { FactReading, PhotoRegion } from './product-facts-suggestions.ts';

/**
 * Reads the facts of a nutrition panel (US Nutrition Facts, Canadian Nutrition Facts / Valeur nutritive, EU/UK
 * nutrition declaration), the net content statement, the ingredients and the allergen statement from the text lines
 * an OCR engine found on a photo. Pure: the same lines give the same readings.
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
  /** The row's boxes left to right, each with its middle across the photo: where an EU table's columns are. */
  parts: { text: string; middle: number }[];
}

const union = (boxes: PhotoRegion[]): PhotoRegion => {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
};

/** Two rows read as one value: its region covers both, its confidence is the less sure one's. */
const spanning = (first: Row, second: Row): Row => ({
  ...first,
  box: union([first.box, second.box]),
  confidence: Math.min(first.confidence, second.confidence),
});

/** The slants tried besides the lines' own, as height over width: 0.3 is about 17°. */
const SLANTS = Array.from({ length: 25 }, (_, i) => -0.3 + i * 0.025);

/** The lines in rows, each line's middle and height measured across the slant as if the photo were turned upright. */
function rowsAtSlant(lines: readonly TextLine[], skew: number) {
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
  return rows;
}

/**
 * Boxes side by side on one printed row (a nutrient's name on the left, its % DV on the right) are joined, left to
 * right: a box belongs to a row when its middle lies within the row's first box's height.
 */
export function groupRows(lines: readonly TextLine[]): Row[] {
  return rowGroupings(lines).chosen;
}

/**
 * The rows of the slant groupRows chooses, and on demand those of the other slants that line the boxes up in no more
 * rows (each grouping once): a table whose columns slant apart (a curved can) can pair each name with the next row's
 * amount under the chosen slant and with its own under another, in as many rows.
 */
function rowGroupings(lines: readonly TextLine[]): { chosen: Row[]; others: () => Row[][] } {
  const median = (values: number[]) =>
    values.length ? [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] : 0;
  const sloped = lines.filter((l) => l.slope !== undefined);
  // The slant the wide lines' slopes give, unless another lines the boxes up in at least two rows fewer (one could be
  // chance): the slopes taken again with a steep line's height measured across its slant (its box is tall for its
  // text), and the slants up to about 17° either way. The slopes alone miss a photo whose names slope while its
  // amounts' short boxes do not, and each amount then joins the row above its own.
  const skews = [
    median(sloped.filter((l) => l.box.width > l.box.height * 3).map((l) => l.slope!)),
    median(
      sloped.filter((l) => l.box.width > (l.box.height - Math.abs(l.slope!) * l.box.width) * 3).map((l) => l.slope!),
    ),
    ...SLANTS,
  ];
  const [own, ...others] = skews.map((skew) => rowsAtSlant(lines, skew));
  const chosen = others.reduce(
    (best, candidate) => (candidate.length <= own.length - 2 && candidate.length < best.length ? candidate : best),
    own,
  );
  const alternatives = () => {
    const indexOf = new Map(lines.map((line, i) => [line, i]));
    const seen = new Set([chosen].map((rows) => groupingKey(rows, indexOf)));
    return [own, ...others]
      .filter((rows) => rows.length <= chosen.length)
      .filter((rows) => {
        const key = groupingKey(rows, indexOf);
        return !seen.has(key) && !!seen.add(key);
      })
      .map(toRows);
  };
  return { chosen: toRows(chosen), others: alternatives };
}

/** Which lines each row holds: two slants that group the lines alike give the same key. */
const groupingKey = (rows: ReturnType<typeof rowsAtSlant>, indexOf: Map<TextLine, number>) =>
  rows.map((r) => r.map((p) => indexOf.get(p.line)).join(',')).join('|');

function toRows(rows: ReturnType<typeof rowsAtSlant>): Row[] {
  return rows.map((r) => {
    const parts = r.map((p) => p.line).sort((a, b) => a.box.x - b.box.x);
    return {
      text: parts.map((p) => p.text.trim()).join(' '),
      confidence: Math.min(...parts.map((p) => p.confidence)),
      box: union(parts.map((p) => p.box)),
      parts: parts.map((p) => ({ text: p.text.trim(), middle: p.box.x + p.box.width / 2 })),
    };
  });
}

/**
 * OCR's usual slips in numbers: a letter O for a zero before a unit or a percent sign, or after a zero's unit before a
 * percent sign ("TOTALFATOgO%"), and an m read as an n in a zero's "0mg" ("Cholesterol Ong").
 */
export function normaliseNumbers(text: string): string {
  return text
    .replace(/(?<![A-Za-z])[Oo](?=\s*(?:g|mg|mcg|%)(?![a-z]))/g, '0')
    .replace(/(?<=[O\d]\s*m?g\s*\(?\s*)[Oo](?=\s*%)/g, '0')
    .replace(/(?<![A-Za-z])[Oo0]ng\b/g, '0mg')
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
  // A serving of whole units with no measure printed ("1 Container", "2 Bars"): their number, in no unit the facts know.
  const count = chosen ? null : /^\s*(\d+)\s*(?!\d)[a-z]{3,}\b(?!.*\d)/i.exec(printed);
  return {
    printed: printed.trim().slice(0, 120),
    quantity: chosen?.quantity ?? (count ? Number(count[1]) : null),
    unit: chosen?.unit ?? null,
  };
}

/** A label's words with any spacing between them, OCR often dropping or adding spaces. */
const words = (label: string) => label.split(' ').join('\\s*');

/** An amount after a nutrient's name: a zero the OCR read as the letter O ("Trans FatOg") too. */
const AMOUNT = String.raw`(<\s*1|less\s*than\s*1|\d+(?:\.\d+)?|[Oo](?=\s*(?:mg|mcg|g)(?![a-z])))\s*(mg|mcg|g)(?![a-z])`;
const PERCENT = String.raw`(?:[^\d%]{0,12}?(\d{1,4})\s*%)?`;

function parseAmount(raw: string): number {
  if (/^o$/i.test(raw)) return 0;
  return /^(<|less)/i.test(raw) ? 0.5 : Number(raw);
}

/** How well a printed % DV agrees with its amount (1 agrees, lower disagrees): the label's own check of the reading. */
const percentAgreement = (key: NutrientKey, amount: number, percent: number | null): number =>
  agreementOf(amount, percent, nutrientOf(key)!.dailyValue);

/** The abbreviations of the tabular and linear US formats (21 CFR 101.9(j)(13)): "Sat. Fat", "Cholest.", "Fiber". */
const ABBREVIATED: Partial<Record<NutrientKey, string>> = {
  saturatedFat: String.raw`Sat(?:urated?|\.)?\s*Fat`,
  cholesterol: String.raw`Cholest(?:erol|\.)?`,
  dietaryFiber: String.raw`(?:Dietary\s*)?Fib(?:er|re)`,
};

/**
 * A nutrient's name as US labels print it: labels before 2016 print "Sugars" alone; compact ones abbreviate ("Total
 * Carb,"); a narrow column prints "Total" on a row of its own, above "Carbohydrate 21g 7%"; a photo's edge cuts the
 * "T" of "Total".
 */
const nutrientName = (n: (typeof NUTRIENTS)[number]) =>
  n.key === 'totalCarbohydrate'
    ? '(?:Total\\s*)?Carb(?:ohydrate|\\.|,)?s?'
    : n.key === 'totalSugars'
      ? '(?:Total\\s*)?Sugars'
      : // The OCR reads an i as an l or a 1 ("Sodlum", "Potasslum").
        (ABBREVIATED[n.key] ?? words(n.label).replace(/^Total/, 'T?otal')).replace(/i/g, '[il1]');

const NUTRIENT_LABELS: { key: NutrientKey; pattern: RegExp }[] = NUTRIENTS.map((n) => {
  // The lookbehinds below keep "Added Sugars" out of the total, and the subtotals out of the fat and fiber.
  const label = nutrientName(n);
  if (n.key === 'addedSugars')
    return {
      key: n.key,
      pattern: new RegExp(String.raw`Incl\w*\.?\s*${AMOUNT}\s*(?:of\s*)?Added\s*Sugars${PERCENT}`, 'i'),
    };
  const prefix =
    n.key === 'totalSugars'
      ? '(?<!Added\\s*)'
      : n.key === 'totalFat'
        ? '(?<!(?:Saturated|Sat\\.?|Trans)\\s*)'
        : n.key === 'dietaryFiber'
          ? '(?<!soluble\\s*)'
          : n.key === 'totalCarbohydrate'
            ? '(?<!Other\\s*)'
            : '';
  return { key: n.key, pattern: new RegExp(String.raw`${prefix}\b${label}\s*${AMOUNT}${PERCENT}`, 'i') };
});

/** Any nutrient's name, amount or not: a serving size never holds one. */
const NUTRIENT_NAMED = new RegExp(String.raw`\b(?:${NUTRIENTS.map(nutrientName).join('|')})`, 'i');

const read = (
  row: Row,
  reading: Omit<FactReading, 'confidence' | 'region' | 'basis'>,
  certainty = 1,
  basis?: FactsBasis,
): FactReading =>
  ({
    ...reading,
    confidence: Math.round(row.confidence * certainty * 100) / 100,
    region: row.box,
    ...(basis ? { basis } : {}),
  }) as FactReading;

/** An amount in the nutrient's own unit (grams of fat, milligrams of sodium) is read as sure; in another, half as sure. */
const unitCertainty = (key: NutrientKey, unit: string) => (unit === nutrientOf(key)!.unit ? 1 : 0.5);

function readNutrients(row: Row, text: string): FactReading[] {
  const out: FactReading[] = [];
  for (const { key, pattern } of NUTRIENT_LABELS) {
    const m = pattern.exec(text);
    if (!m) continue;
    const unit = unitOf(m[2])!;
    const amount = parseAmount(m[1]);
    const { dailyValue } = nutrientOf(key)!;
    const signless =
      m[3] === undefined && dailyValue !== null
        ? percentWithoutSign(text.slice(m.index + m[0].length), (p) => percentAgreement(key, amount, p) === 1)
        : null;
    const percent = m[3] === undefined ? signless : Number(m[3]);
    const certainty =
      unitCertainty(key, unit) *
      percentAgreement(key, amount, percent) *
      (signless === null ? 1 : SIGNLESS_PERCENT_CERTAINTY);
    out.push(read(row, { field: key, value: { amount, unit, dailyValuePercent: percent } }, certainty));
  }
  return out;
}

const SERVINGS = /(?:(about|approx\.?|approximately)\s*)?(\d+(?:\.\d+)?)\s*servings?\s*per\s*(?:container|package)/i;
/**
 * "Servings Per Container about 8", and the short forms of real packs: "Servings 27", "Servings Per Box 5", "Serv Per
 * Container about 14", "Servings per container.6".
 */
const SERVINGS_AFTER =
  /serv(?:ings?)?\s*(?:per\s*(?:container|contain|package|box|bag|can|bott?le|pack|jar|carton)\s*)?[:.-]?\s*((?:about|usually|approx\.?|aprx\.?)?\s*(\d+(?:\.\d+)?))/i;
/**
 * "Serving Size", and the short forms of real packs: "Serv. Size", "SERV.SIZE", "Servings Size". Not the cut ones
 * ("ving Size"): their serving is as often cut as well, and read wrong.
 */
const SERVING_SIZE = /serv(?:ings?|\.)?\s*size(?![a-z])\s*:?\s*(.*)$/i;
/** A row that starts with a metric quantity in brackets: the rest of a serving size printed on the row above. */
const METRIC_BELOW = /^\s*\(\s*\d+(?:[.,]\d+)?\s*(?:g|ml)\b/i;
/** The text before the first nutrient a row names: a compact label's serving, followed by another column's rows. */
const beforeNutrient = (text: string) => {
  const named = NUTRIENT_NAMED.exec(text);
  return (named ? text.slice(0, named.index) : text).trim();
};

/**
 * The calories of a serving: never the "Calories from Fat" that labels before 2016 print on the same row. The first of
 * several columns ("Calories 160 80": as sold, then as prepared) is the product's; a thousands separator ("2,000", the
 * footnote's diet) is no amount; OCR's "Calorles" and a letter O for zero are read.
 */
const CALORIES =
  /calor[il1]es(?!\s*from)\s*:?\s*(\d{1,4}|[Oo](?![a-z]))(?!\d|[,.]\d|\s*(?:g|mg|%))(?!\s+\d[\d,.]*\s*(?:g|mg|%))/i;
const NET = /\b(net\s*(?:wt|weight|contents?|vol|volume)\.?\s*:?.*)$/i;
const INGREDIENTS = /^\s*ingredients?\s*[:;.]?\s*(.*)$/i;
const CONTAINS = /^\s*(contains\s*[:;]?.*)$/i;
/** Rows that end an ingredients list: a new statement or the panel. */
const STATEMENT =
  /^\s*(contains|allergen|distributed|manufactured|made\s*(?:in|by)|packed|keep|store|nutrition|net\s*w|best\s*by)/i;
/** On Canadian and EU labels also the French half, the allergy advice and the EU table. */
const PANEL_STATEMENT = new RegExp(
  `${STATEMENT.source}|^\\s*(ingr[ée]dients|contient|peut\\s*contenir|valeur\\s*nutritive|allergy|may\\s*contain|typical\\s*values|energy)`,
  'i',
);
const DV_HEADING = /%\s*(?:daily\s*value|valeur\s*quotidienne)\s*\*?/gi;
/** An EU net quantity stands alone with the ℮ mark ("500 g ℮"), which OCR often reads as an "e". */
const E_MARK = /^\s*(\d+(?:[.,]\d+)?\s*(?:kg|g|ml|cl|l))\s*[℮e]\s*$/i;
/** "Allergy advice: ...": the EU statement, unless it only points at the ingredients in bold. */
const ALLERGY_ADVICE = /^\s*((?:allergy\s*(?:advice|information)|allergens?)\s*[:;].*)$/i;
const POINTER = /\bsee\s+(?:the\s+)?(?:ingredients|bold|capitals)/i;
/** "This pack contains 10 portions", "10 servings per pack", "This product provides: 4 servings", "Serves/Portions/Porties: 6". */
const PORTIONS =
  /(?:(?:contains|provides?)\s*:?\s*(?:approx\.?\s*|about\s*)?(\d+)\s*(?:portions|se?r?vings|serves))|(?:(\d+)\s*(?:portions|servings)\s*per\s*(?:pack|bag|box|pot))|(?:serves(?:\s*\/\s*[a-z]+)*\s*:\s*(\d+))/i;

/** A row heading the table's columns: a net quantity ("Net weight 100 g") names a quantity, not a column. */
function isTableHeading(row: Row): boolean {
  const columns = panelColumns(row.parts);
  if (!columns.length || NET.test(row.text) || E_MARK.test(row.text)) return false;
  return columns.length > 1 || /\b(?:per|each|pro|je)\b|typical|nutrition|average|values/i.test(row.text);
}

/**
 * The EU/UK table: the kcal and nutrients of the column per 100 g (or 100 mL), which EU law asks every pack for and
 * by which products compare; of the portion column when it is the only one. Each reading says its basis. A portion
 * column's portion is read as the serving size; none is made up. Readings per 100 g are never sure: the facts' basis
 * is the supplier's to confirm, so they look at each one.
 */
function readEuropeanTable(rows: Row[]): FactReading[] {
  const headerIndex = rows.findIndex(isTableHeading);
  const header = rows[headerIndex];
  const printedColumns = header ? panelColumns(header.parts) : [];
  // Without a heading the table is taken as per 100 g, the one column EU law always asks for, and said unsure.
  const columns: PanelColumn[] = printedColumns.length
    ? printedColumns
    : [{ basis: '100g', printed: '100 g', x: null }];
  const portion = columns.findIndex((c) => c.basis === 'portion');
  const hundred = columns.findIndex((c) => c.basis !== 'portion');
  const index = hundred >= 0 ? hundred : portion;
  const column = columns[index];
  const basis: FactsBasis = column.basis === 'portion' ? 'serving' : column.basis;
  const certainty = !printedColumns.length ? 0.7 : basis === 'serving' ? 1 : 0.85;
  const out: FactReading[] = [];
  const next = rows[headerIndex + 1];
  const twoRows =
    header && portion < 0 && next && !readEuropeanRow(next.parts) && !readEuropeanKcal(next.parts).length
      ? portionOverTwoRows(header.parts, next.parts)
      : null;
  if (header && portion >= 0) {
    const quantity = parsePrintedQuantity(columns[portion].printed);
    out.push(read(header, { field: 'servingSize', value: quantity }, quantity.unit ? 1 : 0.7));
  } else if (twoRows) {
    // Never sure: the heading's two rows were put together from where their boxes lie.
    out.push(read(spanning(header, next), { field: 'servingSize', value: parsePrintedQuantity(twoRows) }, 0.85));
  }
  const body = rows.slice(headerIndex + 1);
  const unitColumn = unitColumnOf(
    body.map((r) => r.parts),
    printedColumns,
  );
  for (const row of body) {
    const kcal = amountInColumn(readEuropeanKcal(row.parts), columns, index);
    if (kcal && plausibleKcal(kcal.amount, basis))
      out.push(read(row, { field: 'calories', value: kcal.amount }, certainty, basis));
    const nutrient = readEuropeanRow(row.parts);
    if (!nutrient) continue;
    const printed = amountInColumn(nutrient.amounts, columns, index);
    // Where the unit is printed once per row in a column of its own, the amounts stand bare: never as sure.
    const bare =
      !printed && !nutrient.amounts.length && unitColumn
        ? amountInColumn(amountsBesideUnitColumn(row.parts, unitColumn), columns, index)
        : null;
    const amount = printed ?? bare;
    if (!amount) continue;
    const value = { amount: amount.amount, unit: amount.unit, dailyValuePercent: null };
    const sureness = certainty * unitCertainty(nutrient.key, amount.unit) * (bare ? UNIT_COLUMN_CERTAINTY : 1);
    out.push(read(row, { field: nutrient.key, value }, sureness, basis));
  }
  return columns.length === 1 ? [...out, ...readRunningText(rows.slice(Math.max(0, headerIndex)), out, basis)] : out;
}

/** How much of a reading's confidence a bare number under a table's unit column keeps. */
const UNIT_COLUMN_CERTAINTY = 0.8;

/** Nothing holds more than 900 kcal in 100 g (fat itself): more is the reference intake's "2000kcal" of a footnote. */
const plausibleKcal = (amount: number, basis: FactsBasis) => basis === 'serving' || amount <= 900;

/** Nutrients (and kcal) a table gave none of: the fewer than three rows it read were text running across its lines. */
const RUNNING_MIN = 3;
const RUNNING_CERTAINTY = 0.8;

/**
 * A declaration of one column printed as running text ("Energy 837kJ/201kcal, Fat 12.7g, of which saturates 5.6g"):
 * where the table read fewer than three nutrients, what the whole text gives besides them; else what its rows naming
 * two facts or more give (a table's row names one). Never as sure as a table.
 */
function readRunningText(allRows: Row[], table: FactReading[], basis: FactsBasis): FactReading[] {
  const isNutrient = (r: FactReading) => r.field !== 'calories' && r.field !== 'servingSize';
  // Beside a table that read, only the rows that run on: each names two or more of the facts.
  const rows =
    table.filter(isNutrient).length >= RUNNING_MIN
      ? allRows.filter(
          (r) => readEuropeanLinear(r.text).length + readEuropeanKcal([{ text: r.text, middle: 0 }]).length >= 2,
        )
      : allRows;
  if (!rows.length) return [];
  const text = rows.map((r) => r.text).join(' ');
  const nutrients = readEuropeanLinear(text);
  if (nutrients.length < RUNNING_MIN) return [];
  const all: Row = {
    text,
    confidence: Math.min(...rows.map((r) => r.confidence)),
    box: union(rows.map((r) => r.box)),
    parts: [],
  };
  const readField = new Set(table.map((r) => r.field));
  const out: FactReading[] = [];
  const [kcal] = readEuropeanKcal([{ text, middle: 0 }]);
  if (kcal && !readField.has('calories') && plausibleKcal(kcal.amount, basis))
    out.push(read(all, { field: 'calories', value: kcal.amount }, RUNNING_CERTAINTY, basis));
  for (const n of nutrients) {
    if (readField.has(n.key)) continue;
    const value = { amount: n.amount, unit: n.unit, dailyValuePercent: null };
    out.push(read(all, { field: n.key, value }, RUNNING_CERTAINTY * unitCertainty(n.key, n.unit), basis));
  }
  return out;
}

/**
 * The allergens an EU list emphasises in capitals ("WHEAT flour, MILK powder"), when the list is in mixed case (an
 * all-capitals list emphasises nothing). Not printed as a statement, so never sure: the supplier checks it.
 */
function emphasisedAllergens(ingredients: FactReading | undefined): FactReading | null {
  if (ingredients?.field !== 'ingredients' || !/[a-z]/.test(ingredients.value)) return null;
  const words = [...ingredients.value.matchAll(/\b[A-Z]{3,}(?:\s+[A-Z]{3,})*\b/g)].map((m) => m[0]);
  const distinct = [...new Set(words)];
  if (!distinct.length) return null;
  return {
    field: 'allergens',
    value: `Contains: ${distinct.join(', ')}.`,
    confidence: Math.round(ingredients.confidence * 0.6 * 100) / 100,
    region: ingredients.region,
  };
}

/** All the facts the rows of one photo give, each with its confidence and region; the first reading of a field wins. */
export function readLabel(lines: readonly TextLine[]): FactReading[] {
  const { chosen, others } = rowGroupings(lines);
  const first = readRows(chosen);
  if (!disagreements(first)) return first;
  // The chosen rows give numbers the label's own sums deny: another slant's rows that give as many facts, and sums
  // that agree, paired the names with their own amounts.
  for (const rows of others()) {
    const readings = readRows(rows);
    if (!disagreements(readings) && readings.length >= first.length) return readings;
  }
  return first;
}

/**
 * How many of the label's sums the readings' calories and nutrients disagree with (the servings' aside: the net content
 * is seldom read). The facts are built here, not by the schemas' module: this one stays out of the first paint's zod.
 */
function disagreements(readings: FactReading[]): number {
  const facts: ProductFacts = {
    ...EMPTY_PRODUCT_FACTS,
    basis: readings.find((r) => r.basis)?.basis ?? 'serving',
    nutrients: {},
  };
  for (const r of readings) {
    if (r.field === 'calories') facts.calories = r.value;
    else if (nutrientOf(r.field)) facts.nutrients[r.field as NutrientKey] = r.value as NutrientValue;
  }
  return labelDisagreements(facts).filter((d) => d.check !== 'servings').length;
}

function readRows(rows: Row[]): FactReading[] {
  const kind = panelKind(rows.map((r) => r.text));
  const readings: FactReading[] = [];
  // Fields read from a row in French only: the English row of the same fact, further down, replaces them.
  const french = new Set<string>();
  const add = (r: FactReading, inFrench = false) => {
    const at = readings.findIndex((x) => x.field === r.field);
    if (at === -1) {
      readings.push(r);
      if (inFrench) french.add(r.field);
    } else if (french.has(r.field) && !inFrench) {
      readings[at] = r;
      french.delete(r.field);
    }
  };
  if (kind === 'eu') readEuropeanTable(rows).forEach((r) => add(r));
  const fatPair: Partial<Record<'saturatedFat' | 'transFat', { index: number; percent?: number }>> = {};
  rows.forEach((row, index) => {
    // A Canadian panel prints its "% Daily Value" heading on the calories row.
    const text = kind === 'canada' ? normaliseNumbers(row.text).replace(DV_HEADING, ' ') : normaliseNumbers(row.text);
    if (kind === 'canada') {
      const serving = readCanadianServing(text);
      const quantity = serving && parsePrintedQuantity(serving.printed);
      if (serving && quantity)
        add(read(row, { field: 'servingSize', value: quantity }, quantity.unit ? 1 : 0.7), serving.fallback);
    }
    const portions = kind === 'eu' ? PORTIONS.exec(text) : null;
    if (portions) {
      const printed = portions[1] ?? portions[2] ?? portions[3];
      add(read(row, { field: 'servingsPerContainer', value: { printed, value: Number(printed) } }));
    }
    const servingSize = kind === 'eu' ? null : SERVING_SIZE.exec(text);
    if (servingSize) {
      // A serving never names a nutrient: a compact label's row goes on with the next column's ("Serv Size 2 tbsp.
      // (37g) Sat.Fat 4g 20%"). Where nothing comes before them, the serving's words are the next row's start
      // ("Serving Size: Total Fat 5.5g 8%" over "1/2 cup (125g) Sat.Fat 1g 5%").
      // A narrow panel puts the metric quantity on the row below ("Serving Size 1/2 cup" over "(121g)").
      const next = rows[index + 1]?.text ?? '';
      const own = beforeNutrient(servingSize[1]);
      const below = beforeNutrient(normaliseNumbers(next));
      const fromBelow = own ? METRIC_BELOW.test(below) : /^\s*\d/.test(next);
      const printed = (own ? (fromBelow ? `${own} ${below}` : own) : fromBelow ? below : '')
        .replace(/\s*servings?\s*per.*$/i, '')
        .trim();
      const quantity = parsePrintedQuantity(printed);
      const source = fromBelow ? spanning(row, rows[index + 1]) : row;
      if (printed) add(read(source, { field: 'servingSize', value: quantity }, quantity.unit ? 1 : 0.7));
    }
    // A US panel printed in English and another language names each row twice ("Total Fat/ Grasa total 0g", "Total
    // Fat 總脂肪0g"): read as printed, then with the second name left out; a field read as printed stays.
    const englishOnly = kind === 'us' ? withoutSecondName(text) : text;
    for (const line of englishOnly === text ? [text] : [text, englishOnly]) {
      const servings = SERVINGS.exec(line) ?? SERVINGS_AFTER.exec(line);
      if (servings) {
        const printed = SERVINGS.test(line) ? `${servings[1] ? `${servings[1]} ` : ''}${servings[2]}` : servings[1];
        add(read(row, { field: 'servingsPerContainer', value: { printed, value: Number(servings[2]) } }));
      }
      const calories =
        CALORIES.exec(line) ??
        (/^\s*calories\s*$/i.test(line) ? /^\s*(\d{1,4})\s*$/.exec(rows[index + 1]?.text ?? '') : null);
      if (calories && kind !== 'eu')
        add(read(row, { field: 'calories', value: /^o$/i.test(calories[1]) ? 0 : Number(calories[1]) }));
      if (kind === 'us') for (const r of readNutrients(row, line)) add(r);
    }
    if (kind === 'canada')
      for (const n of readCanadianNutrients(text)) {
        const value = { amount: n.amount, unit: n.unit, dailyValuePercent: n.dailyValuePercent };
        add(read(row, { field: n.key, value }, unitCertainty(n.key, n.unit) * n.agreement), n.frenchOnly);
        if (n.key === 'saturatedFat' || n.key === 'transFat') fatPair[n.key] ??= { index, percent: n.pairPercent };
      }
    if (kind !== 'eu')
      for (const n of readPercentOnly(text)) {
        const unit = nutrientOf(n.key)!.unit;
        const value = { amount: null, unit, dailyValuePercent: n.dailyValuePercent };
        add(read(row, { field: n.key, value }, PERCENT_ONLY_CERTAINTY));
      }
    const net = NET.exec(text) ?? (kind === 'eu' ? E_MARK.exec(text) : null);
    if (net) {
      const quantity = parsePrintedQuantity(net[1]);
      add(read(row, { field: 'netContent', value: quantity }, quantity.unit ? 1 : 0.6));
    }
    const contains = CONTAINS.exec(text) ?? (kind === 'eu' ? ALLERGY_ADVICE.exec(text) : null);
    const statement = contains && (kind === 'us' ? contains[1] : englishHalf(contains[1]));
    if (statement && statement.length > 10 && !(kind === 'eu' && POINTER.test(statement)))
      add(read(row, { field: 'allergens', value: spaceAfterPunctuation(statement) }));
    const ingredients = INGREDIENTS.exec(row.text);
    const english = ingredients && englishHalf(ingredients[1]);
    // Where the French starts on the heading's row, the rows below continue the French.
    const stop = english && english.length < ingredients[1].trim().length ? /^/ : PANEL_STATEMENT;
    const list =
      ingredients &&
      (kind === 'us' ? readIngredients(rows, index, ingredients[1]) : readIngredients(rows, index, english!, stop));
    if (list) add(list);
  });
  const emphasised = kind === 'eu' && emphasisedAllergens(readings.find((r) => r.field === 'ingredients'));
  if (emphasised) add(emphasised);
  if (kind === 'canada') givePairPercent(readings, rows, fatPair);
  if (kind !== 'eu') givePercentRows(readings, rows, kind === 'canada');
  return readings;
}

/** A % Daily Value read with no amount beside it has nothing to be checked against: the supplier looks at it. */
const PERCENT_ONLY_CERTAINTY = 0.85;

const PERCENT_ROW = /^\s*(\d{1,3})\s*%\s*$/;

/**
 * A % DV the OCR set on a row of its own, just above or below its nutrient's (the column printed a little lower or
 * higher than the names): given to the nutrient next to it that has none, the row above first, when it agrees with the
 * amount. Each such row is given once; saturated fat's is the pair's (givePairPercent), trans fat has no daily value.
 */
function givePercentRows(readings: FactReading[], rows: Row[], canadian: boolean) {
  const used = new Set<number>();
  readings.forEach((reading, at) => {
    const nutrient = nutrientOf(reading.field);
    if (!nutrient || nutrient.key === 'saturatedFat') return;
    const value = reading.value as NutrientValue;
    const dailyValue = (canadian ? CANADIAN_DAILY_VALUES[nutrient.key] : undefined) ?? nutrient.dailyValue;
    if (value.amount === null || value.dailyValuePercent !== null || dailyValue === null) return;
    const index = rows.findIndex((row) => row.box === reading.region);
    if (index === -1) return;
    for (const near of [index - 1, index + 1]) {
      const m = rows[near] && !used.has(near) ? PERCENT_ROW.exec(normaliseNumbers(rows[near].text)) : null;
      const percent = m ? Number(m[1]) : null;
      if (percent === null || !percentAgrees(value.amount, percent, dailyValue)) continue;
      used.add(near);
      readings[at] = {
        ...reading,
        value: { ...value, dailyValuePercent: percent },
        region: union([reading.region, rows[near].box]),
      } as FactReading;
      return;
    }
  });
}

/**
 * Canada prints one % DV for saturated and trans fat together, beside the pair: on the saturated row, on a row of its
 * own between the two, or on the trans row. Saturated fat keeps it (Canada's daily value for the pair, 20 g, is
 * saturated fat's alone in the US), as catalogues that hold one percent for fats of the kind do.
 */
function givePairPercent(
  readings: FactReading[],
  rows: Row[],
  pair: Partial<Record<'saturatedFat' | 'transFat', { index: number; percent?: number }>>,
) {
  const at = readings.findIndex((r) => r.field === 'saturatedFat');
  const saturated = readings[at];
  if (saturated?.field !== 'saturatedFat' || saturated.value.dailyValuePercent !== null || !pair.saturatedFat) return;
  const between = rows
    .slice(pair.saturatedFat.index + 1, pair.transFat?.index ?? pair.saturatedFat.index + 1)
    .find((row) => PERCENT_ROW.test(normaliseNumbers(row.text)));
  const percent = between ? Number(/\d+/.exec(normaliseNumbers(between.text))![0]) : pair.transFat?.percent;
  if (percent === undefined) return;
  // The region shows where the percent was read too: its own row, or the trans row.
  const from = between ?? (pair.transFat && rows[pair.transFat.index]);
  readings[at] = {
    ...saturated,
    value: { ...saturated.value, dailyValuePercent: percent },
    region: from ? union([saturated.region, from.box]) : saturated.region,
  };
}

/** Chinese, Japanese and Korean script (with their full-width forms): a second language's name on a US row. */
const CJK = /[\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]+/g;

/**
 * A row's name in a second language left out: after a slash ("Sodium/Sodio150mg 6%" is "Sodium 150mg 6%"), the second
 * name running to the row's first number and never a serving ("Amount/serving" heads the compact format's rows); and
 * in Chinese, Japanese or Korean script anywhere ("Total Fat 總脂肪0g 0%").
 */
export function withoutSecondName(text: string): string {
  return text
    .replace(CJK, ' ')
    .replace(/^(\s*[A-Za-z][A-Za-z .]*?)\s*\/(?!\s*serv)\s*[^\d<%/]*?\s*(?=<|\d|$)/i, '$1 ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** OCR drops the space after a comma or colon ("CONTAINS:WHEAT,MILK."); a number's comma ("1,000") stays. */
export const spaceAfterPunctuation = (text: string) =>
  text
    .replace(/([,:;])(?=[^\s\d])/g, '$1 ')
    .replace(/\s+/g, ' ')
    .trim();

/** The ingredients run from their heading to the next statement, the rows joined; a gap of two rows ends them too. */
function readIngredients(rows: Row[], start: number, first: string, stop = STATEMENT): FactReading | null {
  const used = [rows[start]];
  const parts = [first.trim()];
  const lineHeight = rows[start].box.height;
  for (let i = start + 1; i < rows.length; i++) {
    const row = rows[i];
    const previous = used.at(-1)!;
    if (stop.test(row.text) || row.box.y - (previous.box.y + previous.box.height) > lineHeight * 2) break;
    if (/[.]\s*$/.test(parts.at(-1)!) && parts.join(' ').length > 0 && /^[A-Z][a-z]/.test(row.text)) break;
    used.push(row);
    parts.push(row.text.trim());
  }
  // A separator the OCR put between the heading and the list ("INGREDIENTS· SUGAR") is no part of it.
  const value = spaceAfterPunctuation(parts.join(' ').replace(/-\s(?=[a-z])/g, '')).replace(/^[·•.,:;\s-]+/, '');
  if (!value) return null;
  const region = union(used.map((r) => r.box));
  // A list that runs to the photo's bottom edge may go on past it ("INGREDIENTS: SUG"): never sure.
  const cut = region.y + region.height >= PHOTO_EDGE;
  const confidence = Math.round(Math.min(...used.map((r) => r.confidence)) * (cut ? CUT_CERTAINTY : 1) * 100) / 100;
  return { field: 'ingredients', value: value.slice(0, INGREDIENTS_MAX), confidence, region };
}

/** Where a row's box reaches the photo's bottom edge (as a fraction of its height), and what such a list keeps. */
const PHOTO_EDGE = 0.985;
const CUT_CERTAINTY = 0.6;
