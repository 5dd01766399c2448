/**
 * Product names as suppliers write them, for the search benchmark: a quality word, a flavour and a product, with a
 * brand, some with accents (Crème, Jalapeño, Açaí), drawn by a seeded generator so every run makes the same ones;
 * and a labelled set of misspelt queries made from them, as people type: a letter dropped, two swapped, one
 * doubled or replaced by its neighbour on the keyboard, accents left out, a word left off.
 */
const QUALITIES = (
  'Organic|Classic|Crunchy|Spicy|Golden|Smoky|Creamy|Zesty|Roasted|Wild|Rustic|Artisan|Tangy|' +
  'Toasted|Fresh|Hearty|Savory|Sweet|Honeyed|Salted|Gourmet|Natural|Premium|Original|Homestyle|' +
  'Country|Garden|Mountain|Island|Sunny'
).split('|');
const FLAVOURS = (
  'Chocolate|Peanut Butter|Vanilla|Almond|Honey|Garlic|Lemon|Maple|Cheddar|Blueberry|Strawberry|' +
  'Cinnamon|Caramel|Coconut|Mango|Raspberry|Jalapeño|Crème Brûlée|Açaí|Piña Colada|Sea Salt|' +
  'Black Pepper|Rosemary|Pumpkin Spice|Matcha|Hazelnut|Pistachio|Ginger|Chipotle|Café Mocha|' +
  'Oatmeal Raisin|Chocolate Chip|Cookies and Cream|Salted Caramel|Wild Berry|Apple Cinnamon'
).split('|');
const PRODUCTS = (
  'Cookies|Crackers|Granola|Yogurt|Chips|Salsa|Bread|Cereal|Coffee|Soup|Tea|Ice Cream|Pretzels|' +
  'Popcorn|Muffins|Bagels|Oatmeal|Energy Bars|Trail Mix|Smoothie|Pancake Mix|Waffles|' +
  'Sparkling Water|Kombucha|Hummus|Pasta Sauce|Tortilla Chips|Rice Cakes|Nut Butter|Protein Bars'
).split('|');
const BRANDS = (
  'Green Valley|Blue Harbor|Sunrise Orchards|Maple Ridge|Hillside Farms|Coastal Kitchen|' +
  'Prairie Gold|Northern Lights|Riverbend|Oak & Stone|Little Sprout|Golden Acre|Red Barn|' +
  'Silver Creek|Willow Lane|Cedar Grove|Bright Day|Harvest Moon|True North|Mesa Verde'
).split('|');

/** A small seeded generator (mulberry32): the same names and typos at every run. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BenchProduct {
  name: string;
  brand: string;
}

/** `count` products, names drawn from the lists (the same name recurs under other brands, as in a real catalogue). */
export function productNames(count: number, seed = 44): BenchProduct[] {
  const random = seeded(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  return Array.from({ length: count }, () => ({
    name: `${pick(QUALITIES)} ${pick(FLAVOURS)} ${pick(PRODUCTS)}`,
    brand: pick(BRANDS),
  }));
}

const NEIGHBOURS: Record<string, string> = {
  a: 's',
  b: 'v',
  c: 'x',
  d: 's',
  e: 'r',
  f: 'g',
  g: 'h',
  h: 'j',
  i: 'o',
  j: 'k',
  k: 'l',
  l: 'k',
  m: 'n',
  n: 'm',
  o: 'p',
  p: 'o',
  r: 't',
  s: 'a',
  t: 'r',
  u: 'y',
  v: 'c',
  w: 'e',
  y: 'u',
  z: 'x',
};
const stripAccents = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');

/** One typo in a word of four letters or more, as people make them. */
function typo(word: string, random: () => number): string {
  if (word.length < 4) return word;
  const i = 1 + Math.floor(random() * (word.length - 2));
  switch (Math.floor(random() * 4)) {
    case 0: // a letter dropped
      return word.slice(0, i) + word.slice(i + 1);
    case 1: // two letters swapped
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 2: // a letter doubled
      return word.slice(0, i) + word[i] + word.slice(i);
    default: {
      // the key beside it
      const c = word[i].toLowerCase();
      return word.slice(0, i) + (NEIGHBOURS[c] ?? c) + word.slice(i + 1);
    }
  }
}

export interface LabelledQuery {
  query: string;
  /** The name of the product meant. */
  intended: string;
}

/**
 * `count` misspelt queries, each of a distinct product of `products`: lower case, accents left out, one or two words
 * misspelt, and one in four with a word left off (people type what they remember).
 */
export function misspeltQueries(
  products: BenchProduct[],
  count: number,
  seed = 7,
  opts: { typos?: 1 | 2; keepWords?: boolean } = {},
): LabelledQuery[] {
  const random = seeded(seed);
  const names = [...new Set(products.map((p) => p.name))];
  const out: LabelledQuery[] = [];
  const used = new Set<string>();
  while (out.length < count && used.size < names.length) {
    const name = names[Math.floor(random() * names.length)];
    if (used.has(name)) continue;
    used.add(name);
    let words = stripAccents(name).toLowerCase().split(' ');
    if (!opts.keepWords && words.length > 3 && random() < 0.25) {
      const dropped = Math.floor(random() * words.length);
      words = words.filter((_, i) => i !== dropped);
    }
    const typos = opts.typos ?? (random() < 0.5 ? 1 : 2);
    const long = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 4);
    for (let k = 0; k < typos && long.length; k++) {
      const [, at] = long.splice(Math.floor(random() * long.length), 1)[0];
      words[at] = typo(words[at], random);
    }
    const query = words.join(' ');
    if (query !== stripAccents(name).toLowerCase()) out.push({ query, intended: name });
  }
  return out;
}
