// Units and nutrients as plain data, without zod: the label arithmetic and the pages that only show facts use them
// without loading the schemas (the build's chunk groups, web/vite.config.ts).

/** Units of measure as UN/ECE Recommendation 20 codes: one code list for sizes, net contents and servings. */
export const MEASURE_UNITS = {
  GRM: 'g',
  KGM: 'kg',
  MGM: 'mg',
  MC: 'mcg',
  LBR: 'lb',
  ONZ: 'oz',
  FOZ: 'fl oz',
  MLT: 'mL',
  LTR: 'L',
  CLT: 'cL',
  GLL: 'gal',
  QT: 'qt',
  PT: 'pt',
  H87: 'piece',
} as const;
export type MeasureUnit = keyof typeof MEASURE_UNITS;
export const MEASURE_UNIT_CODES = Object.keys(MEASURE_UNITS) as [MeasureUnit, ...MeasureUnit[]];

/**
 * The nutrients of the US Nutrition Facts label (21 CFR 101.9, 2016 format) in the label's order, with the unit the
 * label states them in and the daily value (21 CFR 101.9(c)(8)(iv) and (c)(9)) that its "% Daily Value" refers to;
 * null where the label gives no % DV.
 */
export const NUTRIENTS = [
  { key: 'totalFat', label: 'Total Fat', unit: 'GRM', dailyValue: 78 },
  { key: 'saturatedFat', label: 'Saturated Fat', unit: 'GRM', dailyValue: 20 },
  { key: 'transFat', label: 'Trans Fat', unit: 'GRM', dailyValue: null },
  { key: 'cholesterol', label: 'Cholesterol', unit: 'MGM', dailyValue: 300 },
  { key: 'sodium', label: 'Sodium', unit: 'MGM', dailyValue: 2300 },
  { key: 'totalCarbohydrate', label: 'Total Carbohydrate', unit: 'GRM', dailyValue: 275 },
  { key: 'dietaryFiber', label: 'Dietary Fiber', unit: 'GRM', dailyValue: 28 },
  { key: 'totalSugars', label: 'Total Sugars', unit: 'GRM', dailyValue: null },
  { key: 'addedSugars', label: 'Added Sugars', unit: 'GRM', dailyValue: 50 },
  { key: 'protein', label: 'Protein', unit: 'GRM', dailyValue: 50 },
  { key: 'vitaminD', label: 'Vitamin D', unit: 'MC', dailyValue: 20 },
  { key: 'calcium', label: 'Calcium', unit: 'MGM', dailyValue: 1300 },
  { key: 'iron', label: 'Iron', unit: 'MGM', dailyValue: 18 },
  { key: 'potassium', label: 'Potassium', unit: 'MGM', dailyValue: 4700 },
] as const satisfies readonly { key: string; label: string; unit: MeasureUnit; dailyValue: number | null }[];
export type NutrientKey = (typeof NUTRIENTS)[number]['key'];
export type Nutrient = (typeof NUTRIENTS)[number];
const NUTRIENT_BY_KEY = new Map<string, Nutrient>(NUTRIENTS.map((n) => [n.key, n]));
/** A nutrient by its key (its label, unit and daily value); undefined for a key that names none. */
export const nutrientOf = (key: string): Nutrient | undefined => NUTRIENT_BY_KEY.get(key);
export const NUTRIENT_KEYS = NUTRIENTS.map((n) => n.key) as [NutrientKey, ...NutrientKey[]];

/**
 * Canada's daily values (Table of Daily Values, Health Canada) for the nutrients whose % a Canadian panel prints alone
 * (saturated and trans fat share one, printed beside the pair). Three differ from the US ones: fat 75 g (78), potassium
 * 3,400 mg (4,700) and total sugars 100 g (none in the US).
 */
export const CANADIAN_DAILY_VALUES: Partial<Record<NutrientKey, number>> = {
  totalFat: 75,
  sodium: 2300,
  potassium: 3400,
  dietaryFiber: 28,
  totalSugars: 100,
  vitaminD: 20,
  calcium: 1300,
  iron: 18,
};

/**
 * The daily values of Canada's panels before 2016 for the nutrients whose % only they print: carbohydrate 300 g,
 * cholesterol 300 mg. A bare number after such an amount is taken as its % when it agrees with them.
 */
export const CANADIAN_DAILY_VALUES_BEFORE_2016: Partial<Record<NutrientKey, number>> = {
  totalCarbohydrate: 300,
  cholesterol: 300,
};

/**
 * The vitamins and minerals that labels before the 2016 US format (and Canada's before 2016) print as a % Daily Value
 * alone ("Calcium 4%", "Iron 2%"): their facts may hold the percent without an amount. Every other nutrient needs its
 * amount, which all formats print.
 */
export const PERCENT_ONLY_NUTRIENTS: readonly NutrientKey[] = ['vitaminD', 'calcium', 'iron', 'potassium'];

/** The longest ingredients text a product's facts hold. */
export const INGREDIENTS_MAX = 5000;
