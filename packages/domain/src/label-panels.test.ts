import { describe, expect, it } from 'vitest';
import { mendPanelNumbers, panelKind, readEuropeanLinear } from './label-panels.ts';
import { readLabel, type TextLine } from './label-reading.ts';
import type { FactReading } from './product-facts-suggestions.ts';

/**
 * A photo's lines as the OCR engine gives them: each printed row one box per column ('|' between columns, an empty
 * column where a value was lost to glare), the columns where the panel prints them.
 */
function photo(
  rows: string[],
  { confidence = 0.97, columns = [0.06, 0.5, 0.72, 0.88], skew = 0, confidences = {} as Record<number, number> } = {},
): TextLine[] {
  return rows.flatMap((row, i) =>
    row.split('|').map((text, j) => ({
      text,
      confidence: confidences[i] ?? confidence,
      box: {
        x: columns[j],
        y: 0.04 + i * 0.032 + columns[j] * skew,
        width: j === 0 ? 0.4 : 0.18,
        height: 0.028,
      },
    })),
  );
}

const byField = (readings: FactReading[]) => Object.fromEntries(readings.map((r) => [r.field, r.value]));
const reading = (readings: FactReading[], field: string) => readings.find((r) => r.field === field);
const grams = (amount: number, dailyValuePercent: number | null = null) => ({
  amount,
  unit: 'GRM',
  dailyValuePercent,
});
const milligrams = (amount: number, dailyValuePercent: number | null = null) => ({
  amount,
  unit: 'MGM',
  dailyValuePercent,
});

describe('reading a Canadian Nutrition Facts / Valeur nutritive panel', () => {
  const JUICE = [
    'Nutrition Facts',
    'Valeur nutritive',
    'Per 1 cup (250 mL) / pour 1 tasse (250 mL)',
    'Calories 110|% Daily Value*',
    '|% valeur quotidienne*',
    'Fat / Lipides 0 g|0 %',
    'Saturated / saturés 0 g|0 %',
    '+ Trans / trans 0 g',
    'Carbohydrate / Glucides 26 g',
    'Fibre / Fibres 0 g|0 %',
    'Sugars / Sucres 22 g|22 %',
    'Protein / Protéines 2 g',
    'Cholesterol / Cholestérol 0 mg',
    'Sodium 10 mg|0 %',
    'Potassium 450 mg|13 %',
    'Calcium 30 mg|2 %',
    'Iron / Fer 0.5 mg|3 %',
    '*5% or less is a little, 15% or more is a lot',
    "*5% ou moins c'est peu, 15% ou plus c'est beaucoup",
    'Ingredients: Orange juice from concentrate, water. / Ingrédients : Jus',
    "d'orange fait de concentré, eau.",
    'Contains: Sulphites. / Contient : Sulfites.',
  ];

  it('reads the English values of a one-row bilingual panel, "Valeur nutritive" as its heading', () => {
    const readings = readLabel(photo(JUICE));
    const facts = byField(readings);
    expect(facts.servingSize).toEqual({ printed: '1 cup (250 mL)', quantity: 250, unit: 'MLT' });
    expect(facts.calories).toBe(110);
    expect(facts.totalFat).toEqual(grams(0, 0));
    // Saturated and trans share their % DV, printed on the saturated row: saturated fat keeps it.
    expect(facts).toMatchObject({
      saturatedFat: grams(0, 0),
      transFat: grams(0),
      totalCarbohydrate: grams(26),
      dietaryFiber: grams(0, 0),
      totalSugars: grams(22, 22),
      protein: grams(2),
      cholesterol: milligrams(0),
      sodium: milligrams(10, 0),
      potassium: milligrams(450, 13),
      calcium: milligrams(30, 2),
      iron: milligrams(0.5, 3),
      ingredients: 'Orange juice from concentrate, water.',
      allergens: 'Contains: Sulphites.',
    });
    // Canada's daily values (potassium 3,400 mg) judge the printed percent, so 13 % is sure.
    expect(reading(readings, 'potassium')!.confidence).toBe(0.97);
    expect(readings.every((r) => r.basis === undefined)).toBe(true);
  });

  it('gives the % DV printed beside saturated and trans to saturated fat, wherever the OCR put it in the pair', () => {
    const pair = (rows: string[]) => {
      const facts = byField(readLabel(photo(['Nutrition Facts', 'Valeur nutritive', 'Calories 90', ...rows])));
      return [facts.saturatedFat, facts.transFat];
    };
    // On the saturated row, on a row of its own between the two, on the trans row.
    for (const rows of [
      ['Saturated / saturés 1 g|5 %', '+ Trans / trans 0 g'],
      ['Saturated/satures1g', '5%', '+ Trans / trans 0g'],
      ['Saturated / satures 1 g', '+ Trans / trans 0 g 5 %'],
    ])
      expect(pair(rows), rows.join(' | ')).toEqual([grams(1, 5), grams(0)]);
    // Its region takes in the row the percent was read on.
    const region = (rows: string[]) =>
      reading(readLabel(photo(['Nutrition Facts', 'Valeur nutritive', 'Calories 90', ...rows])), 'saturatedFat')!
        .region;
    expect(region(['Saturated/satures1g', '5%', '+ Trans / trans 0g']).height).toBeCloseTo(0.032 + 0.028);
    expect(region(['Saturated / satures 1 g', '+ Trans / trans 0 g 5 %']).height).toBeCloseTo(0.032 + 0.028);
    expect(region(['Saturated / saturés 1 g|5 %', '+ Trans / trans 0 g']).height).toBeCloseTo(0.028);
    // A percent below the trans row is the next nutrient's; none printed is none read.
    expect(pair(['Saturated / saturés 1 g', '+ Trans / trans 0 g', '3 %', 'Cholesterol / Cholestérol 5 mg'])).toEqual([
      grams(1),
      grams(0),
    ]);
  });

  it('reads a zero the OCR took for the letter O after a name, names run together, and an i read as an l', () => {
    const facts = byField(
      readLabel(
        photo(['Nutrition Facts', 'Valeur nutritive', 'Calories 90', 'FatLipides9g|13 %', 'Fibre/ FibresOg|0%']),
      ),
    );
    expect(facts).toMatchObject({ totalFat: grams(9, 13), dietaryFiber: grams(0, 0) });
    // An i read as an l: "Llpldes", "Proteln".
    const slips = byField(
      readLabel(photo(['Nutrition Facts', 'Valeur nutritive', 'Fat/ Llpldes6g|8%', 'Proteln/ Proteines 3 g'])),
    );
    expect(slips).toMatchObject({ totalFat: grams(6, 8), protein: grams(3) });
  });

  it('reads a % DV whose sign the OCR read as a 9 ("59" for "5%") where it agrees with the amount', () => {
    const facts = byField(
      readLabel(
        photo(['Nutrition Facts', 'Valeur nutritive', 'Calories 150', 'Fat/Lipides3g 59', 'Sodium/Sodium1mg 09']),
      ),
    );
    expect(facts).toMatchObject({ totalFat: grams(3, 5), sodium: milligrams(1, 0) });
  });

  it("reads a bare % of carbohydrate or cholesterol by the older panels' daily values (300 g, 300 mg)", () => {
    const facts = byField(
      readLabel(
        photo([
          'Nutrition Facts',
          'Valeur nutritive',
          'Calories 150',
          'Cholesterol / Cholesterol O mg 0',
          'Carbohydrate/Glucides 31g 10',
          'Sugars / Sucres 20 g 40',
        ]),
      ),
    );
    expect(facts).toMatchObject({ cholesterol: milligrams(0, 0), totalCarbohydrate: grams(31, 10) });
    // A bare number that agrees with no daily value stays out: 20 g of sugars are 20 % of Canada's 100 g.
    expect(facts.totalSugars).toEqual(grams(20));
  });

  it('gives a % DV on a row of its own to the nutrient next to it, the row above first, where the amount agrees', () => {
    const facts = byField(
      readLabel(
        photo([
          'Nutrition Facts',
          'Valeur nutritive',
          'Calories / Calories 60',
          'Fat/ Lipides 1 g',
          '2 %',
          'Saturated / satures 0.5 g',
          'Monounsaturated / monoinsaturés 1 g',
          '0%',
          'Cholesterol/ Cholesterol O mg',
          '3%',
          'Sodium/Sodium 65mg',
          'Sugars / Sucres 1g',
          '40%',
          'Protein / Protéines 3 g',
        ]),
      ),
    );
    expect(facts).toMatchObject({
      totalFat: grams(1, 2),
      saturatedFat: grams(0.5),
      cholesterol: milligrams(0, 0),
      sodium: milligrams(65, 3),
      // 1 g of sugars is 1 % of Canada's 100 g, and protein has no daily value: 40 % is neither's.
      totalSugars: grams(1),
      protein: grams(3),
    });
  });

  it('reads a serving printed without its "Per" until a "Per" row gives one', () => {
    const serving = (...rows: string[]) =>
      byField(
        readLabel(photo(['Nutrition Facts', 'Valeur nutritive', ...rows, 'Calories 200', 'Fat / Lipides 9 g|14 %'])),
      ).servingSize;
    expect(serving('About5 squares(40 g)', 'environ 5 morceaux(40 g)')).toEqual({
      printed: 'About5 squares(40 g)',
      quantity: 40,
      unit: 'GRM',
    });
    expect(serving('About5 squares(40 g)', 'Per 4 squares (32 g)')).toMatchObject({ quantity: 32 });
    // A row with no quantity in brackets is no serving.
    expect(serving('5 squares')).toBeUndefined();
  });

  it('reads the serving where the OCR lost the space after "Per" and "pour"', () => {
    const rows = JUICE.map((r) => (r.startsWith('Per 1 cup') ? 'Per1 tbsp(15mL)/pour1 c.a soupe(15ml)' : r));
    expect(byField(readLabel(photo(rows))).servingSize).toEqual({ printed: '1 tbsp(15mL)', quantity: 15, unit: 'MLT' });
  });

  it('reads rows printed French first, and a "g" the OCR took for a 9', () => {
    const facts = byField(
      readLabel(
        photo([
          'Valeur nutritive / Nutrition Facts',
          'pour 3/4 tasse (30 g) / Per 3/4 cup (30 g)',
          'Calories 120',
          'Lipides/Fat 2 9|3 %',
          'saturés / Saturated 0.3 9|2 %',
          'Glucides / Carbohydrate 22 9',
          'Fibres / Fibre 2 9|7 %',
          'Sucres / Sugars 6 9|6 %',
          'Protéines / Protein 3 9',
          'Sodium 160 mg|7 %',
        ]),
      ),
    );
    expect(facts).toMatchObject({
      servingSize: { printed: '3/4 cup (30 g)', quantity: 30, unit: 'GRM' },
      calories: 120,
      totalFat: grams(2, 3),
      saturatedFat: grams(0.3, 2),
      totalCarbohydrate: grams(22),
      dietaryFiber: grams(2, 7),
      totalSugars: grams(6, 6),
      protein: grams(3),
      sodium: milligrams(160, 7),
    });
  });

  it('reads each nutrient once where English and French alternate by row, the English row kept', () => {
    const readings = readLabel(
      photo([
        'Nutrition Facts',
        'Valeur nutritive',
        'Per 2 cookies (20 g)',
        'pour 2 biscuits (20 g)',
        'Calories 90',
        'Fat 3.5 g|5 %',
        'Lipides 3.5 g|5 %',
        'Saturated 1.5 g',
        'saturés 1.5 g',
        'Carbohydrate 13 g',
        'Glucides 13 g',
        'Sugars 6 g|6 %',
        'Sucres 8 g|8 %',
        'Protein 1 g',
        'Protéines 1 g',
        'Sodium 75 mg|3 %',
      ]),
    );
    const fields = readings.map((r) => r.field);
    expect(fields).toEqual([...new Set(fields)]);
    const facts = byField(readings);
    expect(facts.servingSize).toEqual({ printed: '2 cookies (20 g)', quantity: 20, unit: 'GRM' });
    expect(facts.totalFat).toEqual(grams(3.5, 5));
    // The French row below, misread, is not a second reading of sugars.
    expect(facts.totalSugars).toEqual(grams(6, 6));
    expect(reading(readings, 'totalFat')!.region.y).toBeCloseTo(0.04 + 5 * 0.032);
  });

  it('reads a French-only row, and prefers an English row of the same nutrient further down', () => {
    const readings = readLabel(
      photo([
        'Valeur nutritive',
        'pour 1 barre (40 g)',
        'Per 1 bar (40 g)',
        'Calories 180',
        'Lipides 7 g|9 %',
        'Fat 7 g|9 %',
        'Fer 1.1 mg|6 %',
        'Sodium 95 mg|4 %',
      ]),
    );
    const facts = byField(readings);
    expect(facts.servingSize).toEqual({ printed: '1 bar (40 g)', quantity: 40, unit: 'GRM' });
    expect(reading(readings, 'totalFat')!.region.y).toBeCloseTo(0.04 + 5 * 0.032);
    // Iron's English row was lost to glare: its French row gives the same number.
    expect(facts.iron).toEqual(milligrams(1.1, 6));
    expect(facts.sodium).toEqual(milligrams(95, 4));
  });

  it("reads the older format's vitamins and minerals printed as a percent alone, with no amount made up", () => {
    const facts = byField(
      readLabel(
        photo([
          'Nutrition Facts Valeur nutritive',
          'Per 125 mL (87 g) / par 125 mL (87 g)',
          'Amount|% Daily Value',
          'Teneur|% valeur quotidienne',
          'Calories / Calories 80',
          'Fat / Lipides 0.5 g|1 %',
          'Saturated / saturés 0 g|0 %',
          '+ Trans / trans 0 g',
          'Cholesterol / Cholestérol 0 mg',
          'Sodium / Sodium 0 mg|0 %',
          'Carbohydrate / Glucides 18 g|6 %',
          'Vitamin A / Vitamine A|2 %',
          'Calcium / Calcium|0 %',
          'Iron / Fer|2 %',
        ]),
      ),
    );
    expect(facts).toMatchObject({
      servingSize: { printed: '125 mL (87 g)', quantity: 125, unit: 'MLT' },
      calories: 80,
      totalFat: grams(0.5, 1),
      sodium: milligrams(0, 0),
      totalCarbohydrate: grams(18, 6),
    });
    expect(facts.calcium).toEqual({ amount: null, unit: 'MGM', dailyValuePercent: 0 });
    expect(facts.iron).toEqual({ amount: null, unit: 'MGM', dailyValuePercent: 2 });
  });

  it("reads a turned photo's statements in English, the French ones left out", () => {
    const readings = readLabel(
      photo(
        [
          'Nutrition Facts / Valeur nutritive',
          'Per 1 cup (55 g) / pour 1 tasse (55 g)',
          'Calories 210',
          'Fat / Lipides 3 g|4 %',
          'Sodium 1O0 mg|4 %',
          'INGREDIENTS: WHOLE GRAIN OATS, SUGAR, SALT.',
          'INGRÉDIENTS : AVOINE À GRAINS ENTIERS, SUCRE, SEL.',
          'CONTAINS: OATS. MAY CONTAIN WHEAT.',
          'CONTIENT : AVOINE. PEUT CONTENIR DU BLÉ.',
        ],
        { skew: 0.01, confidences: { 4: 0.82 } },
      ),
    );
    const facts = byField(readings);
    expect(facts.sodium).toEqual(milligrams(100, 4));
    expect(reading(readings, 'sodium')!.confidence).toBe(0.82);
    expect(facts.ingredients).toBe('WHOLE GRAIN OATS, SUGAR, SALT.');
    expect(facts.allergens).toBe('CONTAINS: OATS. MAY CONTAIN WHEAT.');
  });
});

describe('reading an EU or UK nutrition declaration', () => {
  it('reads the column per 100 g that EU law asks for, and the portion of a portion column as the serving size', () => {
    const readings = readLabel(
      photo([
        'NUTRITION INFORMATION',
        'Typical values|per 100 g|per 30 g serving|%RI*',
        'Energy|1583 kJ / 374 kcal|475 kJ / 112 kcal|6%',
        'Fat|2.0 g|0.6 g|1%',
        'of which saturates|0.4 g|0.1 g|1%',
        'Carbohydrate|79 g|24 g',
        'of which sugars|9.0 g|2.7 g|3%',
        'Fibre|8.6 g|2.6 g',
        'Protein|9.7 g|2.9 g',
        'Salt|0.70 g|0.21 g|4%',
        'This pack contains 25 servings',
        '*Reference intake of an average adult (8400 kJ / 2000 kcal)',
        'Ingredients: Whole grain WHEAT (67%), sugar, BARLEY malt',
        'extract, salt, iron, vitamin B12.',
        'Allergy advice: for allergens, see ingredients in bold.',
      ]),
    );
    const facts = byField(readings);
    expect(facts.servingSize).toEqual({ printed: '30 g serving', quantity: 30, unit: 'GRM' });
    expect(facts.servingsPerContainer).toEqual({ printed: '25', value: 25 });
    expect(facts.calories).toBe(374);
    expect(reading(readings, 'calories')!.basis).toBe('100g');
    expect(reading(readings, 'servingSize')!.confidence).toBe(0.97);
    expect(facts).toMatchObject({
      totalFat: grams(2),
      saturatedFat: grams(0.4),
      totalCarbohydrate: grams(79),
      totalSugars: grams(9),
      dietaryFiber: grams(8.6),
      protein: grams(9.7),
    });
    // Salt is not sodium, and the model has no field for it.
    expect(facts.sodium).toBeUndefined();
    expect(facts.ingredients).toBe('Whole grain WHEAT (67%), sugar, BARLEY malt extract, salt, iron, vitamin B12.');
    // The pointer to the bold words is no statement; the capitals are offered, never as sure.
    expect(facts.allergens).toBe('Contains: WHEAT, BARLEY.');
    expect(reading(readings, 'allergens')!.confidence).toBeLessThan(0.9);
  });

  it('reads per 100 g with decimal commas and says so, kJ never taken for kcal, no serving size made up', () => {
    const readings = readLabel(
      photo([
        'Nutrition declaration|per 100 g',
        'Energy|1 850 kJ',
        '|442 kcal',
        'Fat|21,5 g',
        'of which saturates|12,1 9',
        'Carbohydrate|55,3 g',
        'of which sugars|48,0 g',
        'Fibre|3,1 g',
        'Protein|6,3 g',
        'Salt|0,24 g',
        '200 g e',
      ]),
    );
    const facts = byField(readings);
    expect(facts.calories).toBe(442);
    expect(facts.servingSize).toBeUndefined();
    expect(facts).toMatchObject({
      totalFat: grams(21.5),
      saturatedFat: grams(12.1),
      totalCarbohydrate: grams(55.3),
      totalSugars: grams(48),
      dietaryFiber: grams(3.1),
      protein: grams(6.3),
      netContent: { printed: '200 g', quantity: 200, unit: 'GRM' },
    });
    const nutrients = readings.filter((r) => r.field !== 'netContent');
    expect(nutrients.every((r) => r.basis === '100g')).toBe(true);
    // Per 100 g is not the facts' usual basis: the supplier looks at each reading before taking it.
    expect(nutrients.every((r) => r.confidence < 0.9)).toBe(true);
  });

  it('reads a drink per 100 mL and per portion, energy on a kJ row and a kcal row', () => {
    const readings = readLabel(
      photo([
        'Nutrition information',
        'Typical values|per 100 ml|per 250 ml',
        'Energy (kJ)|180|450',
        'Energy (kcal)|43|108',
        'Fat|0 g|0 g',
        'of which saturates|0 g|0 g',
        'Carbohydrate|10.6 g|26.5 g',
        'of which sugars|10.6 g|26.5 g',
        'Protein|0 g|0 g',
        'Salt|0.01 g|0.03 g',
      ]),
    );
    const facts = byField(readings);
    expect(facts.servingSize).toEqual({ printed: '250 ml', quantity: 250, unit: 'MLT' });
    expect(facts.calories).toBe(43);
    expect(facts.totalSugars).toEqual(grams(10.6));
    expect(reading(readings, 'totalSugars')!.basis).toBe('100ml');
  });

  it('reads the 100 g column printed after a portion column, and no value the boxes cannot place in it', () => {
    const readings = readLabel(
      photo([
        'Net weight 100 g',
        'Nutrition|Per bar (45 g)|Per 100 g',
        'Energy|820 kJ / 196 kcal|1822 kJ / 435 kcal',
        'Fat|9.5 g|21 g',
        'of which saturates|4.1 g|9.1 g',
        'of which mono-unsaturates|3.2 g|7.1 g',
        'Carbohydrate|23 g|51 g',
        'of which sugars|14 g|31 g',
        'of which polyols|0.5 g|1.1 g',
        'Fibre|1.4 g|',
        'Protein||9.3 g',
        'Salt|0.09 g|0.20 g',
      ]),
    );
    const facts = byField(readings);
    expect(facts).toMatchObject({
      servingSize: { printed: 'bar (45 g)', quantity: 45, unit: 'GRM' },
      netContent: { printed: 'Net weight 100 g', quantity: 100, unit: 'GRM' },
      calories: 435,
      totalFat: grams(21),
      saturatedFat: grams(9.1),
      totalCarbohydrate: grams(51),
      totalSugars: grams(31),
    });
    // Only the bar's value of fibre survived: it is not taken for 100 g.
    expect(facts.dietaryFiber).toBeUndefined();
    expect(facts.protein).toEqual(grams(9.3));
  });

  it('reads a table photographed at a slant, each amount on its own row though no box tells the slant', () => {
    // Each box higher by a tenth of how far right its middle is: the right-hand columns sit 2 to 3 rows higher than
    // their names, so taken level each amount joins another row.
    const level = photo(
      [
        'Typical values|per 100 g|per portion (60 g)',
        'Energy|1555kJ / 371kcal|933kJ / 222kcal',
        'Fat|13 g|7.6 g',
        'of which saturates|4.7 g|2.8 g',
        'Carbohydrate|45 g|27 g',
        'of which sugars|15 g|8.9 g',
        'Fibre|2.3 g|1.4 g',
        'Protein|25 g|15 g',
        'Salt|0.73 g|0.44 g',
      ],
      { columns: [0.06, 0.55, 0.88] },
    );
    const lines = level.map((l) => ({ ...l, box: { ...l.box, y: l.box.y - (l.box.x + l.box.width / 2) * 0.1 } }));
    expect(byField(readLabel(lines))).toMatchObject({
      servingSize: { quantity: 60, unit: 'GRM' },
      calories: 371,
      totalFat: grams(13),
      saturatedFat: grams(4.7),
      totalCarbohydrate: grams(45),
      totalSugars: grams(15),
      dietaryFiber: grams(2.3),
      protein: grams(25),
    });
  });

  it('reads "Per100g" and "187kca" as the OCR gives them, and never the reference intake\'s kcal', () => {
    const facts = byField(
      readLabel(
        photo([
          'NUTRITION',
          'Typicalvalues|Per100g|Per serving (15g',
          'Energy|476kJ|71kJ',
          '|112kca|17kcal',
          'Fat|0.1g|Trace',
          'Carbohydrate|25.3g|3.8g',
          '*Reference intake of an average adult (8400kJ / 2000kcal)',
        ]),
      ),
    );
    expect(facts).toMatchObject({ calories: 112, totalCarbohydrate: grams(25.3), servingSize: { quantity: 15 } });
    const lost = byField(
      readLabel(photo(['Typical values|per 100g', 'Energy|778kJ', 'Fat|11.7g', 'Reference intake (8400kJ/2000kcal)'])),
    );
    expect(lost.calories).toBeUndefined();
  });

  it('reads the servings of "Serves/Portions/Porties: 6", "This product provides: 4 servings" and OCR slips of them', () => {
    for (const [row, value] of [
      ['NUTRITION Serves/Portions/Porties:6', 6],
      ['This product provides:4 servings', 4],
      ['productprovide:6 sevings', 6],
      ['Servings perbotle-38', 38],
    ] as const) {
      const facts = byField(readLabel(photo(['Typical values|per 100 g', row, 'Fat|3,5 g', 'Protein|3,3 g'])));
      expect(facts.servingsPerContainer, row).toEqual({ printed: String(value), value });
    }
  });

  it('takes the amounts under the one heading it knows when another column is named by the food alone', () => {
    // "Per Oatcake" names no quantity, so only "Per 100g" is a column; each row's per-oatcake amount comes first.
    const readings = readLabel(
      photo([
        'Typical Values|Per Oatcake|Per 100g',
        'Energy|155kJ|1993kJ',
        '|36kcal|462kcal',
        'Fat|1.6g|19.9g',
        'of which saturates|0.7g|8.6g',
        'Fibre|0.7g|9.6g',
        'Protein|0.9g|10.9g',
      ]),
    );
    expect(byField(readings)).toMatchObject({
      calories: 462,
      totalFat: grams(19.9),
      saturatedFat: grams(8.6),
      dietaryFiber: grams(9.6),
      protein: grams(10.9),
    });
    expect(reading(readings, 'protein')!.basis).toBe('100g');
  });

  it('reads a portion column headed without a space after "per" ("per31g")', () => {
    const readings = readLabel(
      photo(['Typical values per 100g**|per31g**|%RI*', 'Energy|1270kJ/306kcal|394kJ/95kcal|5%', 'Fat|12g|3.7g|5%'], {
        columns: [0.02, 0.45, 0.65, 0.85],
      }),
    );
    expect(byField(readings)).toMatchObject({
      servingSize: { quantity: 31, unit: 'GRM' },
      calories: 306,
      totalFat: grams(12),
    });
  });

  it('reads the portion of a column headed over two rows ("per cracker" above "5g"), never sure', () => {
    const table = (heading: string, below: string) =>
      readLabel(
        photo(
          [
            'Nutrition Information',
            heading,
            below,
            'Energy|1918kJ/457kcal|99kJ/24kcal|1%',
            'Fat|18g|0.9g|1%',
            'Protein|9.1g|0.5g|1%',
          ],
          { columns: [0.02, 0.45, 0.65, 0.85] },
        ),
      );
    for (const [heading, below, printed] of [
      ['Typical|per 100g|per cracker|%RI*', 'values||5g', 'per cracker 5g'],
      ['Typical|per 100g|perserving|%RI*', 'values||approx.113.5g*', 'perserving approx.113.5g*'],
    ]) {
      const readings = table(heading, below);
      expect(reading(readings, 'servingSize'), heading).toMatchObject({
        value: { printed, quantity: parseFloat(below.replace(/^\D+/, '')), unit: 'GRM' },
        confidence: 0.82,
      });
      // Its region covers the heading's two rows.
      expect(reading(readings, 'servingSize')!.region.height).toBeCloseTo(0.032 + 0.028);
      // The amounts are still the 100 g column's.
      expect(byField(readings)).toMatchObject({ calories: 457, totalFat: grams(18), protein: grams(9.1) });
    }
    // A quantity under another column, or a heading that names none, gives no serving.
    expect(reading(table('Typical|per 100g|per cracker|%RI*', 'values|5g||'), 'servingSize')).toBeUndefined();
    expect(reading(table('Typical|per 100g||%RI*', 'values||5g'), 'servingSize')).toBeUndefined();
  });

  it('reads kJ/kcal pairs, less-than amounts and a printed sodium, the %RI left out', () => {
    const facts = byField(
      readLabel(
        photo(
          [
            'Typical values|per 100 g|per portion (30 g)|%RI',
            'Energy kJ/kcal|1520/360|456/108|5%',
            'Fat|1,2 g|0,4 g|1%',
            'of which saturates|<0,1 g|<0,1 g|<1%',
            'Carbohydrate|72 g|22 g|8%',
            'of which sugars|0,5 g|0,2 g|<1%',
            'Protein|12 g|3,6 g|7%',
            'Salt|0,02 g|<0,01 g|0%',
            'Sodium|8 mg|2 mg',
            'Ingredients: Durum WHEAT semolina, water, EGG (4%).',
            'May contain traces of SOYA.',
          ],
          { skew: 0.008, confidence: 0.93 },
        ),
      ),
    );
    expect(facts).toMatchObject({
      servingSize: { printed: 'portion (30 g)', quantity: 30, unit: 'GRM' },
      calories: 360,
      totalFat: grams(1.2),
      saturatedFat: grams(0.05),
      totalSugars: grams(0.5),
      protein: grams(12),
      sodium: milligrams(8),
      ingredients: 'Durum WHEAT semolina, water, EGG (4%).',
      allergens: 'Contains: WHEAT, EGG.',
    });
  });

  it("reads a table that prints each row's unit once in a column of its own, whatever the OCR made of the unit", () => {
    const readings = readLabel(
      photo(
        [
          'Typical values||per 100g|per 15g',
          'Protein|9|6|0.9',
          'Carbohydrates|g|57.3|8.6',
          'of which sugars|9|56.7|8.5',
          'Fat|0|31.6|4.7',
          'Sodium||0.045|0.007',
        ],
        { columns: [0.02, 0.43, 0.62, 0.8] },
      ),
    );
    const facts = byField(readings);
    expect(facts).toMatchObject({
      protein: grams(6),
      totalCarbohydrate: grams(57.3),
      totalSugars: grams(56.7),
      totalFat: grams(31.6),
      sodium: grams(0.045),
    });
    expect(reading(readings, 'protein')!.basis).toBe('100g');
    // A bare number under a unit column is never as sure as an amount printed with its unit.
    expect(reading(readings, 'protein')!.confidence).toBeLessThan(0.8);
  });

  it('takes no bare number for an amount where no unit column stands left of the amounts', () => {
    // The "g" split from its amount stands right of it, in the column: no unit column, and no amount from "6" alone.
    const readings = readLabel(
      photo(['Typical values|per 100g|per 15g', 'Fat|3.5|g', 'Protein|6|0.9'], { columns: [0.02, 0.43, 0.62, 0.8] }),
    );
    expect(byField(readings).protein).toBeUndefined();
  });

  it('reads a zero printed as the letter O before its unit ("Carbohydrate Og")', () => {
    const facts = byField(
      readLabel(photo(['Typical values|per 100g', 'Fat|11.7g', 'Carbohydrate|Og', 'of which sugars|O g', 'Fibre|Omg'])),
    );
    expect(facts).toMatchObject({ totalFat: grams(11.7), totalCarbohydrate: grams(0), totalSugars: grams(0) });
    expect(facts.dietaryFiber).toEqual({ amount: 0, unit: 'MGM', dailyValuePercent: null });
  });

  it('reads a table whose heading was lost as per 100 g, unsure, and no calories from kJ alone', () => {
    const readings = readLabel(
      photo(['Energy|1500 kJ', 'Fat|3,5 g', 'of which saturates|2,4 g', 'Protein|3,3 g', 'Salt|0,1 g']),
    );
    const facts = byField(readings);
    expect(facts.calories).toBeUndefined();
    expect(facts.totalFat).toEqual(grams(3.5));
    expect(reading(readings, 'totalFat')!.basis).toBe('100g');
    expect(reading(readings, 'totalFat')!.confidence).toBeLessThan(0.8);
    expect(facts.sodium).toBeUndefined();
  });
});

describe('reading an EU declaration printed as running text', () => {
  it('reads each amount under the English name before it, across the lines and languages of a small pack', () => {
    const readings = readLabel(
      photo([
        'NUTRITION Typical values/Valeurs moyennes/Gemiddelde',
        'waarden per 100g: Energy/Energie 837kJ/',
        '201kcal·Fat/Matieres grasses/Vetten 12.7g, of which',
        'saturates/dont acides gras satures/waarvan verzadigde',
        'vetzuren5.6g·Carbohydrate/Glucides/Koolhydraten',
        '0.og, of which sugars/dont sucres/waarvan suikers O.og',
        'Fibre/Fibres alimentaires/Vezels <0,5g·Protein/Proteines',
        'Eiwitten 21.6g·Salt/Sel/Zout 0.15g.',
      ]),
    );
    expect(byField(readings)).toMatchObject({
      calories: 201,
      totalFat: grams(12.7),
      saturatedFat: grams(5.6),
      totalCarbohydrate: grams(0),
      totalSugars: grams(0),
      dietaryFiber: grams(0.25),
      protein: grams(21.6),
    });
    // Salt is not sodium (see the decisions), and running text is never as sure as a table's rows.
    expect(byField(readings).sodium).toBeUndefined();
    expect(reading(readings, 'protein')).toMatchObject({ basis: '100g' });
    expect(reading(readings, 'protein')!.confidence).toBeLessThan(0.8);
  });

  it('reads the rows that run on beside a table that read, each row naming two facts or more', () => {
    const readings = readLabel(
      photo([
        'NUTRITION Typical values per 100g',
        'Energy kJ 1205kJ/290kcal:Protein 9.7g',
        'Carbohydrate 18.4g,of which sugars 0.6g',
        'Fat 19.0g.of which saturates 8.3g·Fibre.3.1g',
        'Sodium 0.66g·Equivalent as salt 1.65g',
      ]),
    );
    expect(byField(readings)).toMatchObject({
      calories: 290,
      protein: grams(9.7),
      totalCarbohydrate: grams(18.4),
      totalSugars: grams(0.6),
      totalFat: grams(19),
      saturatedFat: grams(8.3),
      dietaryFiber: grams(3.1),
    });
    expect(reading(readings, 'totalSugars')!.confidence).toBeLessThan(0.8);
  });

  it('keeps to the table where its rows were read, and leaves a stretch without a name it knows unread', () => {
    expect(
      readEuropeanLinear('Energy 84kj/20kcal, Fat 0.3g (of which saturated fat 0.1g), 17mg Carbohydrate 3.1g'),
    ).toEqual([
      { key: 'totalFat', amount: 0.3, unit: 'GRM' },
      { key: 'saturatedFat', amount: 0.1, unit: 'GRM' },
      { key: 'totalCarbohydrate', amount: 3.1, unit: 'GRM' },
    ]);
    const table = readLabel(
      photo([
        'Typical values|per 100 g',
        'Energy|1500 kJ / 355 kcal',
        'Fat|3,5 g',
        'Protein|3,3 g',
        'Carbohydrate|60 g',
      ]),
    );
    expect(table.filter((r) => r.confidence < 0.8 && r.field !== 'calories')).toEqual([]);
  });
});

describe('telling the panels apart', () => {
  it('knows a Canadian panel by its French, an EU one by kcal and per 100 g, else the US one', () => {
    expect(panelKind(['Nutrition Facts', 'Valeur nutritive'])).toBe('canada');
    expect(panelKind(['Fat / Lipides 0 g 0 %'])).toBe('canada');
    expect(panelKind(['Typical values per 100 g', 'Energy 1500 kJ / 355 kcal'])).toBe('eu');
    expect(panelKind(['Nutrition Facts', 'Calories 230', 'Total Fat 8g 10%'])).toBe('us');
    // A US panel on a package that also gives kcal per 100 g for export stays a US panel.
    expect(panelKind(['Nutrition Facts', '% Daily Value*', 'Total Fat 8g 10%', '355 kcal per 100 g'])).toBe('us');
    expect(panelKind(['A crunch of which we are proud', 'Total Fat 8g 10%'])).toBe('us');
  });

  it('reads a Belgian table in English, French and Dutch as the EU table it is: Canada prints no kJ', () => {
    const trilingual = [
      'NUTRITION',
      'Typical values 100ml',
      'Valeursmoyennes/Gemiddeldewaarden',
      'Energy kJ/Energie/Energie 760',
      'Energy kcal 184',
      'Fat/Matieres grasses/Netten 19.2g',
      'Carbohydrate/Glucides/Koolhydraten 2.3g',
    ];
    expect(panelKind(trilingual)).toBe('eu');
    expect(panelKind(['per 100g:EnergykJ/Energlo/Energio625kJ/145kcal', 'Carbohydrate/Glucides/'])).toBe('eu');
    // Canada's own heading and % DV stay Canadian whatever else the package prints.
    expect(panelKind(['Nutrition Facts / Valeur nutritive', 'Energy 1500 kJ'])).toBe('canada');
  });

  it('mends a "g" read as a 9 and decimal commas', () => {
    expect(mendPanelNumbers('Fat / Lipides 0 9 0 %')).toBe('Fat / Lipides 0 g 0 %');
    expect(mendPanelNumbers('Fat 1,25 g')).toBe('Fat 1.25 g');
    expect(mendPanelNumbers('Carbohydrate Og')).toBe('Carbohydrate 0g');
    // A letter O inside a word stays: "FibresOg" is read by the name's own pattern.
    expect(mendPanelNumbers('Fibre/FibresOg Long')).toBe('Fibre/FibresOg Long');
    expect(mendPanelNumbers('Sodium 10 mg 9 %')).toBe('Sodium 10 mg 9 %');
    expect(mendPanelNumbers('of which sugars O.og')).toBe('of which sugars 0.0g');
  });
});
