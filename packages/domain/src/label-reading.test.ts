import { describe, expect, it } from 'vitest';
import {
  groupRows,
  normaliseNumbers,
  parsePrintedQuantity,
  readLabel,
  withoutSecondName,
  type TextLine,
} from './label-reading.ts';
import type { FactReading } from './product-facts-suggestions.ts';

/** Lines as an OCR engine gives them: each printed row one box, or several boxes where a row is split ('|'). */
function panel(rows: string[], { confidence = 0.98, skew = 0 } = {}): TextLine[] {
  return rows.flatMap((row, i) =>
    row.split('|').map((text, j) => ({
      text,
      confidence,
      box: { x: 0.1 + j * 0.5, y: 0.05 + i * 0.035 + j * skew, width: 0.35, height: 0.03 },
    })),
  );
}

const byField = (readings: FactReading[]) => Object.fromEntries(readings.map((r) => [r.field, r.value]));

const US_PANEL = [
  'Nutrition Facts',
  '8 servings per container',
  'Serving size 2/3 cup (55g)',
  'Amount per serving',
  'Calories|230',
  '% Daily Value*',
  'Total Fat 8g|10%',
  'Saturated Fat 1g|5%',
  'Trans Fat Og',
  'Cholesterol 0mg|0%',
  'Sodium 160mg|7%',
  'Total Carbohydrate 37g|13%',
  'Dietary Fiber 4g|14%',
  'Total Sugars 12g',
  'Includes 10g Added Sugars|20%',
  'Protein 3g',
  'Vitamin D 2mcg|10%',
  'Calcium 260mg|20%',
  'Iron 8mg|45%',
  'Potassium 240mg|6%',
];

describe('reading a US nutrition panel from OCR lines', () => {
  it('reads the serving, the calories and every nutrient with its % daily value, split columns joined', () => {
    const facts = byField(readLabel(panel(US_PANEL)));
    expect(facts.servingSize).toEqual({ printed: '2/3 cup (55g)', quantity: 55, unit: 'GRM' });
    expect(facts.servingsPerContainer).toEqual({ printed: '8', value: 8 });
    expect(facts.calories).toBe(230);
    expect(facts.totalFat).toEqual({ amount: 8, unit: 'GRM', dailyValuePercent: 10 });
    expect(facts.saturatedFat).toEqual({ amount: 1, unit: 'GRM', dailyValuePercent: 5 });
    expect(facts.transFat).toEqual({ amount: 0, unit: 'GRM', dailyValuePercent: null });
    expect(facts.cholesterol).toEqual({ amount: 0, unit: 'MGM', dailyValuePercent: 0 });
    expect(facts.sodium).toEqual({ amount: 160, unit: 'MGM', dailyValuePercent: 7 });
    expect(facts.totalCarbohydrate).toEqual({ amount: 37, unit: 'GRM', dailyValuePercent: 13 });
    expect(facts.dietaryFiber).toEqual({ amount: 4, unit: 'GRM', dailyValuePercent: 14 });
    expect(facts.totalSugars).toEqual({ amount: 12, unit: 'GRM', dailyValuePercent: null });
    expect(facts.addedSugars).toEqual({ amount: 10, unit: 'GRM', dailyValuePercent: 20 });
    expect(facts.protein).toEqual({ amount: 3, unit: 'GRM', dailyValuePercent: null });
    expect(facts.vitaminD).toEqual({ amount: 2, unit: 'MC', dailyValuePercent: 10 });
    expect(facts.calcium).toEqual({ amount: 260, unit: 'MGM', dailyValuePercent: 20 });
    expect(facts.iron).toEqual({ amount: 8, unit: 'MGM', dailyValuePercent: 45 });
    expect(facts.potassium).toEqual({ amount: 240, unit: 'MGM', dailyValuePercent: 6 });
  });

  it('gives each reading the region of its row and a confidence from the OCR', () => {
    const readings = readLabel(panel(US_PANEL, { confidence: 0.95 }));
    const fat = readings.find((r) => r.field === 'totalFat')!;
    expect(fat.confidence).toBe(0.95);
    expect(fat.region.y).toBeCloseTo(0.05 + 6 * 0.035);
    expect(fat.region.x).toBeCloseTo(0.1);
    expect(fat.region.width).toBeCloseTo(0.85); // the amount and the % DV box
  });

  it('joins a slightly turned row and reads words run together', () => {
    const facts = byField(readLabel(panel(['TotalFat8g|10%', 'Sodium160mg|7%'], { skew: 0.01 })));
    expect(facts.totalFat).toEqual({ amount: 8, unit: 'GRM', dailyValuePercent: 10 });
    expect(facts.sodium).toEqual({ amount: 160, unit: 'MGM', dailyValuePercent: 7 });
  });

  it('is less sure of an amount its printed % daily value contradicts', () => {
    const [sodium] = readLabel(panel(['Sodium 16mg|7%']));
    expect(sodium!.field).toBe('sodium');
    expect(sodium!.confidence).toBeLessThan(0.9);
  });

  it('reads a % DV whose sign was cut or read as a 9 where it agrees with the amount, less sure', () => {
    const readings = readLabel(
      panel(['TotalFat5g 8', 'Saturated Fat 2g 129', 'Cholesterol O mg 0', 'Sodium 130mg 40', 'Trans Fat 0g 3']),
    );
    const facts = byField(readings);
    expect(facts).toMatchObject({
      totalFat: { amount: 5, dailyValuePercent: 8 },
      saturatedFat: { amount: 2, dailyValuePercent: 12 },
      cholesterol: { amount: 0, dailyValuePercent: 0 },
      // 130 mg is 6 % of sodium's daily value: 40 is something else. Trans fat has no daily value.
      sodium: { amount: 130, dailyValuePercent: null },
      transFat: { amount: 0, dailyValuePercent: null },
    });
    expect(readings.find((r) => r.field === 'totalFat')!.confidence).toBe(0.78);
    expect(readings.find((r) => r.field === 'sodium')!.confidence).toBe(0.98);
  });

  it('reads the older format: servings after their heading, "less than 1g"', () => {
    const facts = byField(
      readLabel(
        panel([
          'Serving Size 1 cup (240mL)',
          'Servings Per Container about 2',
          'Calories 110 Calories from Fat 20',
          'Protein less than 1g',
        ]),
      ),
    );
    expect(facts.servingSize).toEqual({ printed: '1 cup (240mL)', quantity: 240, unit: 'MLT' });
    expect(facts.servingsPerContainer).toEqual({ printed: 'about 2', value: 2 });
    expect(facts.protein).toEqual({ amount: 0.5, unit: 'GRM', dailyValuePercent: null });
  });

  it('does not take a sugar or fat subtotal for the total', () => {
    const facts = byField(readLabel(panel(['Saturated Fat 1g 5%', 'Includes 3g Added Sugars 6%'])));
    expect(facts.totalFat).toBeUndefined();
    expect(facts.totalSugars).toBeUndefined();
    expect(facts.saturatedFat).toBeDefined();
    expect(facts.addedSugars).toBeDefined();
  });
});

describe('net content, ingredients and allergens', () => {
  it('reads the net content as printed and its metric quantity', () => {
    const facts = byField(readLabel(panel(['NET WT 12 OZ (340 g)'])));
    expect(facts.netContent).toEqual({ printed: 'NET WT 12 OZ (340 g)', quantity: 340, unit: 'GRM' });
    expect(parsePrintedQuantity('16 FL OZ (1 PT) 473 mL')).toMatchObject({ quantity: 473, unit: 'MLT' });
    expect(parsePrintedQuantity('Net Wt. 2 lb')).toMatchObject({ quantity: 2, unit: 'LBR' });
    expect(parsePrintedQuantity('one bag')).toMatchObject({ quantity: null, unit: null });
    // Whole units with no measure printed: their number, in no unit; never a fraction or a number a measure follows.
    expect(parsePrintedQuantity('1Container')).toMatchObject({ quantity: 1, unit: null });
    expect(parsePrintedQuantity('2 Bars')).toMatchObject({ quantity: 2, unit: null });
    expect(parsePrintedQuantity('1/2 cup')).toMatchObject({ quantity: null, unit: null });
    expect(parsePrintedQuantity('2 tbsp (about 30')).toMatchObject({ quantity: null, unit: null });
  });

  it('reads the ingredients across rows up to the allergen statement, which it reads as printed', () => {
    const readings = readLabel(
      panel([
        'INGREDIENTS: WHOLE GRAIN OATS, SUGAR, MODIFIED CORN',
        'STARCH, HONEY, SALT, TRIPOTASSIUM PHOSPHATE.',
        'CONTAINS: WHEAT, MILK.',
        'Distributed by Example Foods, Inc.',
      ]),
    );
    const facts = byField(readings);
    expect(facts.ingredients).toBe(
      'WHOLE GRAIN OATS, SUGAR, MODIFIED CORN STARCH, HONEY, SALT, TRIPOTASSIUM PHOSPHATE.',
    );
    expect(facts.allergens).toBe('CONTAINS: WHEAT, MILK.');
    const ingredients = readings.find((r) => r.field === 'ingredients')!;
    expect(ingredients.region.height).toBeCloseTo(0.035 + 0.03);
  });

  it('is never sure of a list the photo cuts at its bottom edge, and leaves out a separator after the heading', () => {
    const atEdge = (y: number) =>
      readLabel([{ text: 'INGREDIENTS· SUG', confidence: 0.95, box: { x: 0, y, width: 0.2, height: 0.1 } }]).find(
        (r) => r.field === 'ingredients',
      )!;
    expect(atEdge(0.9)).toMatchObject({ value: 'SUG', confidence: 0.57 });
    expect(atEdge(0.5)).toMatchObject({ value: 'SUG', confidence: 0.95 });
  });

  it('reads nothing from a photo without a label', () => {
    expect(readLabel(panel(['Crunchy', 'Great taste since 1923']))).toEqual([]);
  });
});

describe('the pieces', () => {
  it('turns a letter O before a unit into a zero', () => {
    expect(normaliseNumbers('Trans Fat Og')).toBe('Trans Fat 0g');
    expect(normaliseNumbers('Sodium 1O0mg')).toBe('Sodium 100mg');
    expect(normaliseNumbers('Cholesterol Omg O%')).toBe('Cholesterol 0mg 0%');
  });

  it('turns a letter O between a unit and a percent into a zero, and "Ong" into "0mg"', () => {
    expect(normaliseNumbers('TOTALFATOgO%DMS')).toBe('TOTALFATOg0%DMS');
    expect(normaliseNumbers('Sodium 5mg (O% DV)')).toBe('Sodium 5mg (0% DV)');
    expect(normaliseNumbers('Cholesterol Ong 0%')).toBe('Cholesterol 0mg 0%');
    // Words are left alone.
    expect(normaliseNumbers('Logo% Long')).toBe('Logo% Long');
  });

  it('keeps rows apart and orders a row left to right', () => {
    const rows = groupRows([
      { text: '10%', confidence: 0.9, box: { x: 0.7, y: 0.1, width: 0.1, height: 0.03 } },
      { text: 'Total Fat 8g', confidence: 0.99, box: { x: 0.1, y: 0.105, width: 0.3, height: 0.03 } },
      { text: 'Sodium 160mg', confidence: 0.99, box: { x: 0.1, y: 0.14, width: 0.3, height: 0.03 } },
    ]);
    expect(rows.map((r) => r.text)).toEqual(['Total Fat 8g 10%', 'Sodium 160mg']);
    expect(rows[0].confidence).toBe(0.9);
  });
});

describe('the US label before 2016, as real photos show it (bench/datasets/nutrition-panels)', () => {
  const OLD_PANEL = [
    'Nutrition Facts',
    'Serving Size 1 Can (355mL)',
    'Servings Per Container 1',
    'Amount Per Serving',
    'Calories 170 Calories from Fat 60',
    '% Daily Value*',
    'Total Fat 7g|11%',
    'Sodium 45mg|2%',
    'Total Carbohydrate 33g|11%',
    'Sugars 33g',
    'Protein 0g',
  ];

  it('reads the carbohydrate where "Total" is on a row of its own, or abbreviated with a comma; never "Other"', () => {
    const carbs = (...rows: string[]) =>
      byField(readLabel(panel(OLD_PANEL.flatMap((r) => (r.startsWith('Total Carb') ? rows : [r]))))).totalCarbohydrate;
    const grams = (amount: number, dailyValuePercent: number | null) => ({ amount, unit: 'GRM', dailyValuePercent });
    expect(carbs('Total', 'Carbohydrate 21g|7%')).toEqual(grams(21, 7));
    expect(carbs('Total Carb, 17g6% 9g3%')).toEqual(grams(17, 6));
    expect(carbs('Other Carbohydrate 4g')).toBeUndefined();
  });

  it('reads a zero printed as the letter O after the name ("Trans FatOg"), and "Total" with its T cut off', () => {
    const read = byField(
      readLabel(
        panel(OLD_PANEL.flatMap((r) => (r.startsWith('Total Fat') ? ['otal Fat 4.5g|7%', 'Trans FatOg'] : [r]))),
      ),
    );
    expect(read.totalFat).toEqual({ amount: 4.5, unit: 'GRM', dailyValuePercent: 7 });
    expect(read.transFat).toEqual({ amount: 0, unit: 'GRM', dailyValuePercent: null });
  });

  it('reads "Sugars" as the total sugars, not only "Total Sugars"', () => {
    expect(byField(readLabel(panel(OLD_PANEL))).totalSugars).toEqual({
      amount: 33,
      unit: 'GRM',
      dailyValuePercent: null,
    });
  });

  it('reads the calories of a row that also prints "Calories from Fat", and never takes the fat calories', () => {
    expect(byField(readLabel(panel(OLD_PANEL))).calories).toBe(170);
    const fatFirst = OLD_PANEL.map((r) => (r.startsWith('Calories') ? 'Calories from Fat 60|Calories 170' : r));
    expect(byField(readLabel(panel(fatFirst))).calories).toBe(170);
    const fatOnly = OLD_PANEL.map((r) => (r.startsWith('Calories') ? 'Calories from Fat 60' : r));
    expect(byField(readLabel(panel(fatOnly))).calories).toBeUndefined();
  });

  it('reads the first of several calorie columns, a zero printed as O and "Calorles", never the footnote diet', () => {
    const calories = (row: string) =>
      byField(readLabel(panel(OLD_PANEL.map((r) => (r.startsWith('Calories') ? row : r))))).calories;
    expect(calories('Calories 160 80')).toBe(160);
    expect(calories('Calories 100 150 80')).toBe(100);
    expect(calories('Calories O')).toBe(0);
    expect(calories('Calorles 140 Calories from Fat80')).toBe(140);
    expect(calories('AMOUNT PER SERVING: CALORIES 10, CALORIES FROM FAT 0')).toBe(10);
    expect(calories('Calories: 2,000 2,500')).toBeUndefined();
    // An amount in grams after the number is another row's, joined: no calories.
    expect(calories('Calories 5 12g')).toBeUndefined();
  });
});

describe('vitamins and minerals printed as a % Daily Value alone (labels before 2016)', () => {
  const footnote = (row: string) =>
    readLabel(panel(['Nutrition Facts', 'Serving Size 1 Can (355mL)', 'Total Fat 7g|11%', row]));

  it('reads the percent with no amount made up, never as sure as a value with its amount', () => {
    const readings = footnote('Vitamin A 2% · Vitamin C 60% · Calcium 4% · Iron 4%');
    expect(byField(readings).calcium).toEqual({ amount: null, unit: 'MGM', dailyValuePercent: 4 });
    expect(byField(readings).iron).toEqual({ amount: null, unit: 'MGM', dailyValuePercent: 4 });
    expect(readings.find((r) => r.field === 'calcium')!.confidence).toBeLessThan(0.9);
  });

  it('reads the names as OCR gives them: cut, in capitals, an I read as an l, the percent in a bracket', () => {
    expect(byField(footnote('VitaminA10%·VitaminC20%·Calcum 2%ron4%'))).toMatchObject({
      calcium: { amount: null, dailyValuePercent: 2 },
      iron: { amount: null, dailyValuePercent: 4 },
    });
    expect(byField(footnote('VITAMINA(6%DV,VTAMINC(2%DV,CALCIUM0%DV,IRON(0%DV.'))).toMatchObject({
      calcium: { amount: null, dailyValuePercent: 0 },
      iron: { amount: null, dailyValuePercent: 0 },
    });
    expect(byField(footnote('your calorie needs. Calcium 0% ·lron 0%')).iron).toMatchObject({ dailyValuePercent: 0 });
  });

  it('keeps the amount where one is printed, and reads no percent of another nutrient for one', () => {
    expect(byField(footnote('Calcium 260mg|20%')).calcium).toEqual({ amount: 260, unit: 'MGM', dailyValuePercent: 20 });
    expect(byField(footnote('Vitamin D 2mcg|10%')).vitaminD).toEqual({ amount: 2, unit: 'MC', dailyValuePercent: 10 });
    // A saffron's "ron" is no iron: the name must stand alone or follow a percent.
    expect(byField(footnote('Saffron 2%')).iron).toBeUndefined();
  });
});

describe('the compact US format and the short forms of real packs', () => {
  const COMPACT = [
    'Nutrition Facts',
    'Servings 27',
    'Serving Size 1 Container (170g)',
    'Amount/Serving',
    'Total Fat 7g|11%',
    'Sat.Fat 4g|20%',
    'Trans Fat 0g',
    'Cholest. 20mg|7%',
    'Sodium 45mg|2%',
    'Total Carb. 21g|7%',
    'Fiber 1g|4%',
    'Soluble Fiber 0.5g',
    'Sugars 20g',
    'Protein 6g',
  ];

  it('reads "Sat. Fat", "Cholest." and "Fiber", not the soluble fiber, and keeps the total fat apart', () => {
    const read = byField(readLabel(panel(COMPACT)));
    expect(read.totalFat).toEqual({ amount: 7, unit: 'GRM', dailyValuePercent: 11 });
    expect(read.saturatedFat).toEqual({ amount: 4, unit: 'GRM', dailyValuePercent: 20 });
    expect(read.cholesterol).toEqual({ amount: 20, unit: 'MGM', dailyValuePercent: 7 });
    expect(read.dietaryFiber).toEqual({ amount: 1, unit: 'GRM', dailyValuePercent: 4 });
    // An i read as an l.
    expect(byField(readLabel(panel(['Sodlum 95 mg 4%', 'Potasslum 910mg 26%'])))).toMatchObject({
      sodium: { amount: 95, dailyValuePercent: 4 },
      potassium: { amount: 910, dailyValuePercent: 26 },
    });
    // "SaturateFat": the OCR lost the d.
    expect(byField(readLabel(panel(['Total Fat 1g 2%', 'SaturateFat Og 0%'])))).toMatchObject({
      totalFat: { amount: 1, dailyValuePercent: 2 },
      saturatedFat: { amount: 0, dailyValuePercent: 0 },
    });
  });

  it("reads no serving size from a row that joined another column's nutrients in its place", () => {
    const joined = COMPACT.map((r) =>
      r.startsWith('Serving Size') ? 'Serving Size Total Fat 5.5g 8% Total Carb. 5g 2%' : r,
    );
    expect(byField(readLabel(panel(joined))).servingSize).toBeUndefined();
    expect(byField(readLabel(panel(COMPACT))).servingSize).toMatchObject({ quantity: 170, unit: 'GRM' });
  });

  it('reads the serving before the next column\'s nutrients, or at the next row\'s start, and "Serv. Size"', () => {
    const serving = (...rows: string[]) =>
      byField(readLabel(panel(COMPACT.flatMap((r) => (r.startsWith('Serving Size') ? rows : [r]))))).servingSize;
    expect(serving('Serv Size 2 tbsp.(37g) Sat.Fat 4g 20% Fiber 1g')).toEqual({
      printed: '2 tbsp.(37g)',
      quantity: 37,
      unit: 'GRM',
    });
    expect(
      serving('Serving Size: Total Fat 5.5g 8%Total Carb.5g 2%', '1/2 cup (125g) Sat.Fat 1g 5% Fiber1g 4%'),
    ).toEqual({ printed: '1/2 cup (125g)', quantity: 125, unit: 'GRM' });
    expect(serving('SERV.SIZE 2TBSP (30g)')).toMatchObject({ quantity: 30, unit: 'GRM' });
    // A narrow panel's metric quantity on the row below; a row below that is not one is not the serving's.
    expect(serving('Serving Size 1/2 cup', '(121g)')).toEqual({
      printed: '1/2 cup (121g)',
      quantity: 121,
      unit: 'GRM',
    });
    expect(serving('Serving Size 1oz', '(28g/ About 3 pickles)')).toMatchObject({ quantity: 28, unit: 'GRM' });
    // Its region covers both rows.
    const region = readLabel(panel(['Serving Size 1/2 cup', '(121g)'])).find((r) => r.field === 'servingSize')!.region;
    expect(region.height).toBeCloseTo(0.035 + 0.03);
    expect(serving('Serving Size 1/2 cup', 'About 3 pickles (28g)')).toEqual({
      printed: '1/2 cup',
      quantity: null,
      unit: null,
    });
    expect(serving('ServingSize1/2cup(66g)')).toMatchObject({ quantity: 66, unit: 'GRM' });
  });

  it('reads the servings of "Servings 27", "Servings about 20" and "Servings Per Box 5"', () => {
    for (const [row, value] of [
      ['Servings 27', 27],
      ['Servings about 20', 20],
      ['Servings Per Box5', 5],
      ['Servings Usually 11', 11],
      ['Serv Per Container about 14', 14],
      ['Servings per container.6', 6],
    ] as const) {
      const read = byField(readLabel(panel(COMPACT.map((r) => (r === 'Servings 27' ? row : r)))));
      expect((read.servingsPerContainer as { value: number }).value).toBe(value);
    }
  });
});

describe("rows the label's own sums deny", () => {
  // The OCR of a real photo (bench/datasets/nutrition-panels, 0077890497005: a mix, as sold and as baked): text, box
  // (x, y, width, height) and slope. Under the slant the boxes give, saturated fat's row joins the baked column's 9 %,
  // which 1 g (5 % of 20 g) denies; under a slant that lines the boxes up in as few rows it joins its own 4 %.
  const MIX: [string, number, number, number, number, number | undefined][] = [
    ['Protein 1g', 0.044, 0.911, 0.275, 0.045, 0.031],
    ['Sugars 17g', 0.096, 0.864, 0.293, 0.047, 0.031],
    ['4%', 0.793, 0.828, 0.106, 0.045, 0.059],
    ['4%', 0.643, 0.828, 0.112, 0.04, 0],
    ['Dietary Fiber 1g', 0.1, 0.818, 0.388, 0.045, 0.028],
    ['8%', 0.8, 0.782, 0.103, 0.044, 0.032],
    ['Total Carbohydrate 23g 8%', 0.047, 0.77, 0.704, 0.052, 0.019],
    ['3%', 0.802, 0.735, 0.106, 0.044, 0],
    ['3%', 0.648, 0.732, 0.107, 0.041, 0.012],
    ['Potassium 100mg', 0.044, 0.72, 0.446, 0.049, 0.03],
    ['5%', 0.802, 0.681, 0.113, 0.052, 0.06],
    ['5%', 0.649, 0.681, 0.121, 0.045, 0.027],
    ['Sodium 110mg', 0.041, 0.67, 0.398, 0.049, 0.031],
    ['8%', 0.809, 0.636, 0.103, 0.045, 0],
    ['0%', 0.653, 0.634, 0.136, 0.042, 0],
    ['Cholesterol Omg', 0.043, 0.622, 0.407, 0.047, 0.033],
    ['Trans Fat Og', 0.102, 0.572, 0.305, 0.049, 0.025],
    ['9%', 0.811, 0.534, 0.111, 0.046, 0],
    ['4%', 0.655, 0.53, 0.192, 0.05, 0.031],
    ['Saturated Fat 1g', 0.095, 0.521, 0.411, 0.048, 0.028],
    ['3%12%', 0.66, 0.478, 0.267, 0.051, 0.027],
    ['Total Fat 2g', 0.037, 0.468, 0.322, 0.047, 0.026],
    ['%Daily Value **', 0.606, 0.44, 0.301, 0.034, 0.017],
    ['70', 0.846, 0.381, 0.081, 0.038, 0],
    ['15', 0.696, 0.376, 0.071, 0.041, 0],
    ['Calories from Fat', 0.091, 0.368, 0.455, 0.046, 0.02],
    ['110170', 0.657, 0.322, 0.279, 0.049, 0.021],
    ['Calories', 0.036, 0.315, 0.231, 0.044, 0.028],
    ['Baked', 0.818, 0.285, 0.122, 0.033, 0.032],
    ['Mix', 0.68, 0.283, 0.081, 0.03, 0],
    ['Amount Per Serving', 0.038, 0.273, 0.343, 0.034, 0.021],
    ['Servings Per Container 20', 0.037, 0.188, 0.727, 0.046, 0.009],
    ['(28g/about 1/4cup dry mix)', 0.043, 0.137, 0.749, 0.056, 0.016],
    ['Serving Size 1/20 package', 0.032, 0.087, 0.744, 0.059, 0.019],
    ['Facts', 0.605, 0.029, 0.357, 0.073, 0.029],
    ['Nutrition', 0.023, 0.021, 0.556, 0.074, 0.019],
  ];
  const lines: TextLine[] = MIX.map(([text, x, y, width, height, slope]) => ({
    text,
    confidence: 0.95,
    box: { x, y, width, height },
    ...(slope === undefined ? {} : { slope }),
  }));

  it('are read again under another slant whose rows give as many facts and agree', () => {
    expect(byField(readLabel(lines))).toMatchObject({
      totalFat: { amount: 2, dailyValuePercent: 3 },
      saturatedFat: { amount: 1, dailyValuePercent: 4 },
      sodium: { amount: 110, dailyValuePercent: 5 },
      totalCarbohydrate: { amount: 23, dailyValuePercent: 8 },
    });
  });
});

describe('a US panel in English and another language', () => {
  const BILINGUAL = [
    'Nutrition Facts/Datos de Nutricion',
    'Serving Size/Tamano de porcion 3/4 Cup/3/4 de taza (29g)',
    'ServingsPerContainer/Porcionesporenvase About18/18aprox',
    'Total Fat/ Grasa total Og|0%',
    'Sodium/Sodio150mg|6%',
    'Dietary Fiber/Fibra dietetica<1g|3%',
    'Sugars/ Azucares 10g',
    'Protein/Proteinas 1g',
  ];

  it('reads each row with its Spanish name left out', () => {
    const read = byField(readLabel(panel(BILINGUAL)));
    expect(read).toMatchObject({
      servingSize: { quantity: 29, unit: 'GRM' },
      servingsPerContainer: { value: 18 },
      totalFat: { amount: 0, unit: 'GRM', dailyValuePercent: 0 },
      sodium: { amount: 150, unit: 'MGM', dailyValuePercent: 6 },
      dietaryFiber: { amount: 0.5, unit: 'GRM', dailyValuePercent: 3 },
      totalSugars: { amount: 10, unit: 'GRM', dailyValuePercent: null },
      protein: { amount: 1, unit: 'GRM', dailyValuePercent: null },
    });
  });

  it('reads a panel in English and Chinese, the Chinese names left out', () => {
    const read = byField(
      readLabel(
        panel([
          'Nutrition Facts 營養成份',
          'Servings Per Contain 包装含有食份數4',
          'Calories 卡路里16 Calories from Fat 脂肪熱量0',
          'Total Fat 總脂肪Og 0%',
          'Cholesterol 膽固醇Omg 0%',
          'Dietary Fiber 食物纖維2g 8%',
          'Protein 蛋白質2g',
        ]),
      ),
    );
    expect(read).toMatchObject({
      servingsPerContainer: { value: 4 },
      calories: 16,
      totalFat: { amount: 0, unit: 'GRM', dailyValuePercent: 0 },
      cholesterol: { amount: 0, unit: 'MGM', dailyValuePercent: 0 },
      dietaryFiber: { amount: 2, unit: 'GRM', dailyValuePercent: 8 },
      protein: { amount: 2, unit: 'GRM', dailyValuePercent: null },
    });
  });

  it('never leaves out what follows "Amount/Serving", nor a serving size\'s fractions', () => {
    expect(withoutSecondName('Amount/Serving Total Fat 8g 12%')).toBe('Amount/Serving Total Fat 8g 12%');
    expect(withoutSecondName('Serving size 2/3 cup (55g)')).toBe('Serving size 2/3 cup (55g)');
    expect(withoutSecondName('Calories/ Calorias 110')).toBe('Calories 110');
  });
});
