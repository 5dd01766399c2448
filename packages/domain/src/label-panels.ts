import {
  CANADIAN_DAILY_VALUES,
  CANADIAN_DAILY_VALUES_BEFORE_2016,
  type MeasureUnit,
  type NutrientKey,
} from './measures.ts';

/**
 * What tells a Canadian (bilingual) or an EU/UK nutrition panel from a US one, and how their rows are read: pure text
 * rules, the readings themselves are built by `readLabel`.
 */

export type PanelKind = 'us' | 'canada' | 'eu';

/** The heading and % DV of a Canadian panel: no EU table prints them. */
const CANADIAN = /valeur\s*nutritive|valeur\s*quotidienne/i;
/** French words a Canadian panel prints, which a Belgian or French EU table prints too ("Glucides", "par 100 g"). */
const FRENCH = /\blipides\b|\bglucides\b|\b(?:pour|par)\s+\d/i;
/** What only an EU table prints: energy in kJ (Canada states calories alone) and its typical values' words. */
const EUROPEAN_ONLY = /\d\s*kj\b|\bkj\b|typical\s*values|valeurs\s*moyennes/i;
const EUROPEAN = /nutrition\s*(?:declaration|information)|typical\s*values|per\s*100\s*(?:g|ml)\b|\d\s*(?:kcal|kj)\b/i;
/** A US panel's own words: a package that also prints "per 100 g" somewhere stays read as the US panel it has. */
const AMERICAN = /%\s*daily\s*value|\btotal\s*fat\b|servings?\s*per\s*container|\bamount\s*per\s*serving/i;

/**
 * The panel's kind from all its rows: the French heading of a Canadian panel, or its French words where nothing only
 * an EU table prints (kJ, its typical values) is there; the heading, kJ, kcal or "per 100 g" of an EU one (the words
 * of its table alone, "of which" or "saturates", could be any text on a package).
 */
export function panelKind(texts: readonly string[]): PanelKind {
  if (texts.some((t) => CANADIAN.test(t))) return 'canada';
  if (texts.some((t) => FRENCH.test(t)) && !texts.some((t) => EUROPEAN_ONLY.test(t))) return 'canada';
  if (texts.some((t) => EUROPEAN.test(t)) && !texts.some((t) => AMERICAN.test(t))) return 'eu';
  return 'us';
}

/**
 * OCR slips of these panels' numbers: a "g" read as "9" after an amount ("0 9 0 %"), decimal commas ("1,2 g"),
 * "0.0g" read as "O.og", and a zero read as the letter O standing alone before its unit ("Carbohydrate Og"). Only for
 * Canadian and EU rows: the US reading stays as it was.
 */
export function mendPanelNumbers(text: string): string {
  return text
    .replace(/[Oo0][.,][Oo0](?=\s*g\b)/g, '0.0')
    .replace(/(?<![\p{L}\d.])[Oo](?=\s*m?g(?![a-z]))/gu, '0')
    .replace(/(\d)\s+9(?=\s*(?:\d|%|$))/g, '$1 g')
    .replace(/(\d),(\d{1,2})(?=\s*(?:g|mg|mcg|µg|kcal|%)(?![a-z]))/gi, '$1.$2');
}

const UNITS: Record<string, MeasureUnit> = { g: 'GRM', mg: 'MGM', mcg: 'MC', µg: 'MC' };
const unitCode = (unit: string): MeasureUnit => UNITS[unit.toLowerCase()];

export interface PanelNutrient {
  key: NutrientKey;
  amount: number;
  unit: MeasureUnit;
  dailyValuePercent: number | null;
  /** The % DV printed on the trans row: of saturated and trans fat together, so saturated fat's (readLabel). */
  pairPercent?: number;
  /** The row names the nutrient only in French: an English row of the same nutrient is preferred to it. */
  frenchOnly: boolean;
  /** How far the printed % DV agrees with the amount (1 agrees, 0.6 not). */
  agreement: number;
}

/**
 * The nutrients of the Canadian panel (Food and Drug Regulations, B.01.401, 2016 format and the older one), in
 * English and French; the daily value its "% valeur quotidienne" refers to is Canada's (measures.ts).
 */
// The OCR reads an i as an l or a 1 ("Llpldes", "Proteln"): the names that print one allow either.
const CANADIAN_NUTRIENTS: { key: NutrientKey; en: string; fr: string }[] = [
  { key: 'saturatedFat', en: 'Saturated(?:\\s*Fat)?', fr: '(?:lipides\\s*|gras\\s*)?satur[ée]s' },
  { key: 'transFat', en: '\\+?\\s*Trans(?:\\s*Fat)?', fr: '(?:gras\\s*)?trans' },
  { key: 'totalFat', en: '(?<!(?:Saturated|Trans)\\s*)(?:Total\\s*)?Fat', fr: 'L[il1]p[il1]des' },
  { key: 'cholesterol', en: 'Cholesterol', fr: 'Cholest[ée]rol' },
  { key: 'sodium', en: 'Sodium', fr: 'Sodium' },
  { key: 'potassium', en: 'Potassium', fr: 'Potassium' },
  { key: 'totalCarbohydrate', en: '(?:Total\\s*)?Carbohydrates?', fr: 'Glucides' },
  { key: 'dietaryFiber', en: 'Fib(?:re|er)s?', fr: 'Fibres' },
  { key: 'totalSugars', en: 'Sugars', fr: 'Sucres' },
  { key: 'protein', en: 'Prote[il1]ns?', fr: 'Prot[ée][il1]nes' },
  { key: 'vitaminD', en: 'Vitamin\\s*D', fr: 'Vitamine\\s*D' },
  { key: 'calcium', en: 'Calcium', fr: 'Calcium' },
  { key: 'iron', en: 'Iron', fr: 'Fer' },
];

/** An amount after a nutrient's name, a zero the OCR read as the letter O ("Fibre/FibresOg") too. */
const AMOUNT = String.raw`(<\s*1|less\s*than\s*1|\d+(?:\.\d+)?|[Oo](?=\s*(?:mg|mcg|µg|g)(?![a-z])))\s*(mg|mcg|µg|g)(?![a-z])`;
const PERCENT = String.raw`(?:[^\d%]{0,12}?(\d{1,4})\s*%)?`;

const CANADIAN_PATTERNS = CANADIAN_NUTRIENTS.map((n) => ({
  ...n,
  // Either language first, the other after a slash, a bar or nothing (the OCR drops the slash: "FatLipides9g"), or
  // one of them alone (a row of alternating lines).
  pattern: new RegExp(
    String.raw`(?<![\p{L}])(?:(${n.en})|(${n.fr}))(?:\s*[/|]?\s*(?:(${n.en})|(${n.fr})))?\s*${AMOUNT}${PERCENT}`,
    'iu',
  ),
}));

/**
 * The printed-percent rule: a % DV agrees with its amount within 3 points or a quarter of the expected percent
 * (amounts and percents are both rounded on the label, 21 CFR 101.9(c)): wide enough for rounding, not for misreadings.
 */
export function percentAgrees(amount: number, percent: number, dailyValue: number): boolean {
  const expected = (amount / dailyValue) * 100;
  return Math.abs(expected - percent) <= Math.max(3, expected * 0.25);
}

/** How much of a reading's confidence a printed % DV leaves it: 1 where it agrees with the amount (or says nothing). */
export const agreementOf = (amount: number, percent: number | null, dailyValue: number | null) =>
  percent === null || dailyValue === null || percentAgrees(amount, percent, dailyValue) ? 1 : 0.6;

/**
 * A % DV whose sign the photo's edge cut or the OCR lost: a bare number ending the row after the amount ("TotalFat5g
 * 8"), or that number less a last "9" that was the sign ("59" for "5%"). A bare number could be anything, so it is
 * taken only where the nutrient has a daily value and the number agrees with the amount.
 */
export function percentWithoutSign(rest: string, agrees: ((percent: number) => boolean) | null): number | null {
  const bare = /^\s+(\d{1,3})\s*$/.exec(rest);
  if (!bare || !agrees) return null;
  const whole = Number(bare[1]);
  if (agrees(whole)) return whole;
  const signless = bare[1].length > 1 && bare[1].endsWith('9') ? Number(bare[1].slice(0, -1)) : null;
  return signless !== null && agrees(signless) ? signless : null;
}

/** How much of a reading's confidence a % DV read without its sign keeps: the supplier looks at it. */
export const SIGNLESS_PERCENT_CERTAINTY = 0.8;

/** The nutrients one row of a Canadian panel names, English or French; a nutrient named in both is read once. */
export function readCanadianNutrients(text: string): PanelNutrient[] {
  const mended = mendPanelNumbers(text);
  return CANADIAN_PATTERNS.flatMap(({ key, pattern }) => {
    const m = pattern.exec(mended);
    if (!m) return [];
    const amount = /^(<|less)/i.test(m[5]) ? 0.5 : /^o$/i.test(m[5]) ? 0 : Number(m[5]);
    // Saturated and trans share one % DV printed beside the pair: saturated fat keeps it, the trans row hands it on.
    const dailyValue = CANADIAN_DAILY_VALUES[key] ?? null;
    // A bare number is checked against today's daily value, or the older panels' where only those gave one.
    const checkedBy = dailyValue ?? CANADIAN_DAILY_VALUES_BEFORE_2016[key] ?? null;
    const signless =
      m[7] === undefined && key !== 'transFat'
        ? percentWithoutSign(
            mended.slice(m.index + m[0].length),
            checkedBy === null ? null : (p) => percentAgrees(amount, p, checkedBy),
          )
        : null;
    const printed = m[7] === undefined ? signless : Number(m[7]);
    const percent = key === 'transFat' ? null : printed;
    return [
      {
        key,
        amount,
        unit: unitCode(m[6]),
        dailyValuePercent: percent,
        ...(key === 'transFat' && printed !== null && { pairPercent: printed }),
        frenchOnly: m[1] === undefined && m[3] === undefined,
        agreement: agreementOf(amount, percent, dailyValue) * (signless === null ? 1 : SIGNLESS_PERCENT_CERTAINTY),
      },
    ];
  });
}

/**
 * The vitamins and minerals a label before 2016 prints as a % Daily Value alone, by the names OCR gives them: an i read
 * as an l or a 1, or lost ("Calclum", "Calcum", "lron", "ron" after the percent before it), with Canada's French name
 * after a slash ("Iron/Fer", "Vitamin D / Vitamine D").
 */
const PERCENT_ONLY_NAMES: [NutrientKey, string][] = [
  ['calcium', String.raw`Calc[il1]?u?m(?:\s*/\s*Calcium)?`],
  ['iron', String.raw`(?:[Il1]|(?<=%\s*[·•,.]?\s*))ron(?:\s*/\s*Fer)?`],
  ['vitaminD', String.raw`Vitamin\s*D(?:\s*/\s*Vitamine\s*D)?`],
  ['potassium', String.raw`Potass[il1]um(?:\s*/\s*Potassium)?`],
];
const PERCENT_ONLY_PATTERNS = PERCENT_ONLY_NAMES.map(([key, name]) => ({
  key,
  // The percent straight after the name (a bracket between, as in "IRON (0% DV)"): an amount in between is no % alone.
  pattern: new RegExp(String.raw`(?<![A-Za-z])${name}\s*[:(]?\s*(\d{1,3})\s*%`, 'i'),
}));

/**
 * The vitamins and minerals a row gives as a % Daily Value alone ("Vitamin A 2% · Calcium 4% · Iron 4%", "Calcium /
 * Calcium 15 %"): their percent, never an amount made from it (the label's daily value depends on its year).
 */
export function readPercentOnly(text: string): { key: NutrientKey; dailyValuePercent: number }[] {
  return PERCENT_ONLY_PATTERNS.flatMap(({ key, pattern }) => {
    const m = pattern.exec(text);
    return m ? [{ key, dailyValuePercent: Number(m[1]) }] : [];
  });
}

/** The English half of a bilingual statement ("Contains: milk. / Contient : lait."), the French cut off. */
export function englishHalf(text: string): string {
  return text.split(/\s*\/?\s*(?=\b(?:ingr[ée]dients|contient|peut\s*contenir)\s*:)/i)[0].replace(/\s*\/\s*$/, '');
}

/**
 * Serving on a Canadian panel: "Per 1 cup (250 mL) / pour 1 tasse (250 mL)"; French alone when the English is gone, or
 * a serving without its "Per", each `fallback`: an English "Per" row replaces it.
 */
export function readCanadianServing(text: string): { printed: string; fallback: boolean } | null {
  // "Per1 tbsp(15mL)/pour1 c.a soupe": the space after "per" and "pour" is often lost.
  const english = /(?:^|\/)\s*per(?:\s+|(?=\d))(.+?)(?:\s*\/\s*(?:pour|par)(?:\s|(?=\d)).*)?$/i.exec(text);
  if (english) return { printed: english[1].trim(), fallback: false };
  const french = /^\s*(?:pour|par)\s+(\d.+?)(?:\s*\/\s*per\s.*)?$/i.exec(text);
  if (french) return { printed: french[1].trim(), fallback: true };
  // Without its "Per": a row that is only a serving with its metric quantity ("About5 squares(40 g)"), kept until a
  // "Per" row gives the serving.
  const bare = /^\s*((?:about\s*)?\d[^()]*\(\s*\d+(?:[.,]\d+)?\s*(?:g|ml)\s*\))\s*$/i.exec(text);
  return bare ? { printed: bare[1].trim(), fallback: true } : null;
}

/** A column of an EU table: per 100 g (or mL) or per portion, with the portion as printed. */
export interface PanelColumn {
  basis: '100g' | '100ml' | 'portion';
  printed: string;
  /** The middle of the heading's box across the photo, when the heading is a box of its own. */
  x: number | null;
}

const COLUMN =
  /(?:\b(?:per|pro|je)\s*|\b)100\s*(?<hundred>g|ml)\b|\b(?:per|each)(?:\s+|(?=\d))(?<portion>(?:[a-z]+\s*)?\(?\s*\d+(?:[.,]\d+)?\s*(?:g|ml)\s*\)?(?:\s*(?:portion|serving|serve|bar|biscuit|slice|pack|pot|bag)s?)?|(?:a\s+)?(?:portion|serving|serve)(?:\s*\(\s*\d+(?:[.,]\d+)?\s*(?:g|ml)\s*\))?)/gi;

/** A portion's heading without its quantity ("per cracker", "perserving", "Per ¼ pudding"): the quantity is below. */
const PORTION_WITHOUT_QUANTITY = /^(?:per|each)\s*(?!100)([^\d%]{2,30}|%[^\d%]{2,30})$/i;
const QUANTITY_BELOW = /^(?:approx\.?\s*)?\d+(?:[.,]\d+)?\s*(?:g|ml)\b/i;

/**
 * A portion column headed over two rows: "per cracker" on the heading's row, "5g" under it on the next. The next row's
 * box whose middle lies nearest the heading's, within a tenth of the photo's width, and which holds only a quantity.
 */
export function portionOverTwoRows(
  heading: readonly { text: string; middle: number }[],
  next: readonly { text: string; middle: number }[],
): string | null {
  const portion = heading.find((part) => PORTION_WITHOUT_QUANTITY.test(part.text.trim()));
  if (!portion) return null;
  const below = next
    .filter((part) => QUANTITY_BELOW.test(part.text.trim()) && Math.abs(part.middle - portion.middle) < 0.1)
    .sort((a, b) => Math.abs(a.middle - portion.middle) - Math.abs(b.middle - portion.middle))[0];
  return below ? `${portion.text.trim()} ${below.text.trim()}` : null;
}

/** The columns a heading row names, left to right ("Typical values | per 100 g | per portion (30 g) | %RI"). */
export function panelColumns(parts: readonly { text: string; middle: number }[]): PanelColumn[] {
  return parts.flatMap((part) => {
    // "%RI* per portion" heads the reference-intake column, not a column of amounts.
    const text = part.text.replace(/%\s*(?:RI|NRV|GDA)\*?(?:\s*per\s+(?:portion|serving))?/gi, '');
    const found = [...text.matchAll(COLUMN)];
    return found.map((m): PanelColumn => {
      const x = found.length === 1 ? part.middle : null;
      if (m.groups!.hundred)
        return { basis: m.groups!.hundred.toLowerCase() === 'ml' ? '100ml' : '100g', printed: m[0], x };
      return { basis: 'portion', printed: m.groups!.portion.trim(), x };
    });
  });
}

/** The nutrients of an EU/UK table by the name its row starts with; "of which" rows are the sub-rows named here. */
const EUROPEAN_NUTRIENTS: [NutrientKey, RegExp][] = [
  ['saturatedFat', /^\s*[-–]?\s*(?:of\s*which\s*[:\-–]?\s*)?saturate[sd]?(?:\s*fat(?:ty\s*acids)?)?\b/i],
  ['transFat', /^\s*[-–]?\s*(?:of\s*which\s*[:\-–]?\s*)?trans\s*fat(?:ty\s*acids)?\b/i],
  ['totalFat', /^\s*(?:total\s*)?fat\b/i],
  ['totalSugars', /^\s*[-–]?\s*(?:of\s*which\s*[:\-–]?\s*)?(?:total\s*)?sugars?\b/i],
  ['totalCarbohydrate', /^\s*(?:total\s*)?carbohydrates?\b/i],
  ['dietaryFiber', /^\s*(?:dietary\s*)?fib(?:re|er)\b/i],
  ['protein', /^\s*proteins?\b/i],
  ['sodium', /^\s*sodium\b/i],
  ['cholesterol', /^\s*cholesterol\b/i],
  ['vitaminD', /^\s*vitamin\s*d\b/i],
  ['calcium', /^\s*calcium\b/i],
  ['iron', /^\s*iron\b/i],
  ['potassium', /^\s*potassium\b/i],
];

/** A number of an EU row, and the middle of its box when the box holds it alone. */
export interface PanelNumber {
  amount: number;
  x: number | null;
}
/** An amount of an EU row, with its unit. */
export interface PanelAmount extends PanelNumber {
  unit: MeasureUnit;
}

const EU_AMOUNT = /(<\s*)?(\d+(?:\.\d+)?)\s*(mg|mcg|µg|g)(?![a-z])/gi;

/**
 * The amounts of an EU row, one per column. "<0.1 g" is read as half its bound, as the US reading does with
 * "less than 1 g". A percent (%RI, %NRV) is left out: it refers to reference intakes, not to US daily values.
 */
function amountsOf(parts: readonly { text: string; middle: number }[], pattern: RegExp): PanelAmount[] {
  return parts.flatMap((part) => {
    const found = [...mendPanelNumbers(part.text).matchAll(pattern)];
    return found.map((m) => {
      const value = Number(m[2]);
      return { amount: m[1] ? value / 2 : value, unit: unitCode(m[3]), x: found.length === 1 ? part.middle : null };
    });
  });
}

/** The nutrient an EU row names and its amounts (salt is not among them: see docs/decisions/product-facts.md). */
export function readEuropeanRow(
  parts: readonly { text: string; middle: number }[],
): { key: NutrientKey; amounts: PanelAmount[] } | null {
  const text = parts.map((p) => p.text).join(' ');
  const named = EUROPEAN_NUTRIENTS.find(([, re]) => re.test(text));
  if (!named) return null;
  const [key, re] = named;
  // The name is cut off the first box so a number in it ("Vitamin D") is not an amount.
  const name = re.exec(parts[0].text)?.[0].length ?? 0;
  const rest = [{ ...parts[0], text: parts[0].text.slice(name) }, ...parts.slice(1)];
  return { key, amounts: amountsOf(rest, new RegExp(EU_AMOUNT.source, 'gi')) };
}

/** A table's unit column: the unit and where it stands, left of the columns of amounts. */
export interface UnitColumn {
  unit: MeasureUnit;
  x: number;
}

/**
 * A table that prints each row's unit once, in a column of its own left of the amounts ("Protein | g | 6 | 0.9"):
 * the first box of a row that holds a unit alone and stands left of every column heading. Null where there is none.
 */
export function unitColumnOf(
  rows: readonly (readonly { text: string; middle: number }[])[],
  columns: readonly PanelColumn[],
): UnitColumn | null {
  if (!columns.length || columns.some((c) => c.x === null)) return null;
  const left = Math.min(...columns.map((c) => c.x!));
  const box = rows
    .flatMap((parts) => parts.slice(1))
    .find((p) => /^m?g$/i.test(p.text.trim()) && p.middle < left - UNIT_COLUMN_SLACK);
  return box ? { unit: unitCode(box.text.trim()), x: box.middle } : null;
}

/** How far (in fractions of the photo's width) a box may stand from a column's middle and still be in it. */
const UNIT_COLUMN_SLACK = 0.04;

/**
 * The bare numbers of a row of such a table, each in the unit column's unit. The unit column's own box is left out,
 * whatever the OCR made of its "g" ("9", "0").
 */
export function amountsBesideUnitColumn(
  parts: readonly { text: string; middle: number }[],
  column: UnitColumn,
): PanelAmount[] {
  return parts.slice(1).flatMap((p) => {
    const m = /^(<\s*)?(\d+(?:[.,]\d+)?)$/.exec(p.text.trim());
    if (!m || Math.abs(p.middle - column.x) < UNIT_COLUMN_SLACK) return [];
    const value = Number(m[2].replace(',', '.'));
    return [{ amount: m[1] ? value / 2 : value, unit: column.unit, x: p.middle }];
  });
}

/** The English names of a nutrition declaration printed as running text, anywhere in it; salt is named to be skipped. */
const LINEAR_NAMES: [NutrientKey | 'salt', RegExp][] = [
  ['saturatedFat', /saturated\s*fat|saturate[sd]?/gi],
  ['transFat', /trans\s*fat/gi],
  ['totalFat', /\bfat\b/gi],
  ['totalSugars', /sugars?\b/gi],
  ['totalCarbohydrate', /carbohydrates?/gi],
  ['dietaryFiber', /fib(?:re|er)/gi],
  ['protein', /proteins?/gi],
  ['sodium', /sodium/gi],
  ['salt', /\bsalt\b/gi],
];

/**
 * The nutrients of an EU declaration printed as running text, the way a small pack prints it across its lines:
 * "Typical values per 100g: Energy 837kJ/201kcal, Fat 12.7g, of which saturates 5.6g, Carbohydrate 0.0g...", in one
 * language or several ("Fat/Matières grasses/Vetten 12.7g"). Each amount belongs to the English name nearest before
 * it since the amount before; a stretch naming none (salt, or a name the OCR lost) gives nothing.
 */
export function readEuropeanLinear(text: string): { key: NutrientKey; amount: number; unit: MeasureUnit }[] {
  const mended = mendPanelNumbers(text);
  const out: { key: NutrientKey; amount: number; unit: MeasureUnit }[] = [];
  let from = 0;
  for (const m of mended.matchAll(/(<\s*)?(\d+(?:\.\d+)?)\s*(mg|mcg|µg|g|kcal|kj)(?![a-z])/gi)) {
    const stretch = mended.slice(from, m.index);
    from = m.index + m[0].length;
    if (/^k/i.test(m[3])) continue;
    // The name nearest the amount: of two ending together ("saturated fat"), the longer.
    let best: { key: NutrientKey | 'salt'; end: number; start: number } | null = null;
    for (const [key, re] of LINEAR_NAMES)
      for (const name of stretch.matchAll(re)) {
        const end = name.index + name[0].length;
        if (!best || end > best.end || (end === best.end && name.index < best.start))
          best = { key, end, start: name.index };
      }
    if (!best || best.key === 'salt' || out.some((n) => n.key === best.key)) continue;
    const value = Number(m[2]);
    out.push({ key: best.key, amount: m[1] ? value / 2 : value, unit: unitCode(m[3]) });
  }
  return out;
}

/**
 * The kcal an energy row gives, one per column, the kJ left aside: "1500 kJ / 355 kcal", "Energy (kcal) 355 107",
 * "kJ/kcal 1500/355". A row of kJ alone gives none: kJ are never taken for kcal.
 */
export function readEuropeanKcal(parts: readonly { text: string; middle: number }[]): PanelNumber[] {
  const text = parts.map((p) => p.text).join(' ');
  if (/kj\s*\/\s*kcal/i.test(text)) {
    const pairs = [...text.matchAll(/(\d+(?:[.,]\d+)?)\s*\/\s*(\d+(?:[.,]\d+)?)(?!\s*kj)/gi)];
    return pairs.map((m) => ({ amount: Number(m[2].replace(',', '.')), x: null }));
  }
  const found = parts.flatMap((part) => {
    // "187kca": the OCR often cuts the last letter.
    const kcal = [...part.text.matchAll(/(\d+(?:[.,]\d+)?)\s*kcal?\b/gi)];
    return kcal.map((m) => ({
      amount: Number(m[1].replace(',', '.')),
      x: kcal.length === 1 ? part.middle : null,
    }));
  });
  if (found.length || !/^\s*(?:energy\s*)?\(?kcal\)?/i.test(text)) return found;
  // "Energy (kcal) | 355 | 107": the unit is in the name, the numbers are bare.
  const label = /^\s*(?:energy\s*)?\(?kcal\)?/i.exec(parts[0].text)?.[0].length ?? 0;
  const rest = [{ ...parts[0], text: parts[0].text.slice(label) }, ...parts.slice(1)];
  return rest.flatMap((part) => {
    const numbers = [...part.text.matchAll(/(?<![\d.,])(\d+(?:[.,]\d+)?)(?![\d.,]|\s*%)/g)];
    return numbers.map((m) => ({
      amount: Number(m[1].replace(',', '.')),
      x: numbers.length === 1 ? part.middle : null,
    }));
  });
}

/**
 * The amount of a row in the column read: by order when the row has one per column, else by the nearest heading
 * when the boxes place them; none when neither can tell (a value is never taken from the wrong column).
 */
export function amountInColumn<T extends { x: number | null }>(
  amounts: readonly T[],
  columns: readonly PanelColumn[],
  index: number,
): T | null {
  if (amounts.length === columns.length) return amounts[index] ?? null;
  const target = columns[index];
  // One heading read over several amounts ("Per Oatcake" beside "Per 100g", only the second a column it knows): the
  // amount under that heading, when the boxes place them.
  if (columns.length === 1 && amounts.length > 1 && target?.x != null && amounts.every((a) => a.x !== null))
    return amounts.reduce((best, a) => (Math.abs(a.x! - target.x!) < Math.abs(best.x! - target.x!) ? a : best));
  if (columns.length <= 1) return amounts[0] ?? null;
  if (target.x === null || columns.some((c) => c.x === null)) return null;
  return (
    amounts.find((a) => {
      if (a.x === null) return false;
      const nearest = columns.reduce((best, c) => (Math.abs(c.x! - a.x!) < Math.abs(best.x! - a.x!) ? c : best));
      return nearest === target;
    }) ?? null
  );
}
