import { describe, expect, it } from 'vitest';
import { listSearchText, searchScore, searchWords, upcSearchForms, wordAlternatives } from './search.ts';
import { searchQuerySchema } from './search-schema.ts';

describe('search', () => {
  it('reads a UPC in every form: UPC-A, EAN-13, GTIN-14, leading zeros dropped, spaces and dashes', () => {
    for (const typed of ['036000291452', '0036000291452', '00036000291452', '36000291452', '0 36000 29145 2'])
      expect(upcSearchForms(typed)?.exact, typed).toEqual(['0036000291452']);
    expect(upcSearchForms('0360')).toEqual({ exact: [], prefixes: ['0360', '00360', '000360'] });
    expect(upcSearchForms('4006381333931')?.exact).toEqual(['4006381333931']);
    // Not a code: words, or too few digits.
    expect(upcSearchForms('oats 12')).toBeNull();
    expect(upcSearchForms('12')).toBeNull();
  });

  it('compares words lowered and without accents', () => {
    expect(searchWords('Crème Brûlée, 12 oz')).toEqual(['creme', 'brulee', '12', 'oz']);
  });

  it('ranks the closest name first, not the longest one that holds the words', () => {
    const names = [
      'Chocolate Chip Cookie Dough Ice Cream',
      'Organic Chocolate Chip Cookies',
      'Oatmeal Raisin Cookies',
      'Chocolate Milk',
    ];
    const ranked = [...names].sort(
      (a, b) => searchScore('choclate chp cookie', b) - searchScore('choclate chp cookie', a),
    );
    expect(ranked[0]).toBe('Organic Chocolate Chip Cookies');
    expect(searchScore('creme brulee', 'Crème Brûlée Yogurt')).toBeGreaterThan(0.9);
    expect(searchScore('oats', 'Chocolate Milk')).toBeLessThan(0.3);
  });

  it('refuses an empty or overlong query with its message, and keeps a list filter short', () => {
    expect(searchQuerySchema.safeParse({ q: '  ' }).error?.issues[0].message).toBe('Type something to search for.');
    expect(searchQuerySchema.safeParse({ q: 'x'.repeat(101) }).error?.issues[0].message).toBe(
      'Search at most 100 characters.',
    );
    expect(searchQuerySchema.parse({ q: ' oats ' })).toEqual({ q: 'oats', limit: 5 });
    expect(listSearchText('  ')).toBeNull();
  });
});

describe('search ranking of typos', () => {
  it('a typo of a word ranks its word above a shorter one sharing its start', () => {
    expect(searchScore('honeyrd maple cookies', 'Honeyed Maple Cookies')).toBeGreaterThan(
      searchScore('honeyrd maple cookies', 'Honey Maple Cookies'),
    );
    expect(searchScore('fresh garloc slasa', 'Fresh Garlic Salsa')).toBeGreaterThan(
      searchScore('fresh garloc slasa', 'Fresh Garlic Soup'),
    );
  });
});

describe('the catalogue words that stand for a query word', () => {
  const catalogue = ['chip', 'chips', 'chipotle', 'cheddar', 'chocolate', 'cookies', 'honey', 'honeyed'];

  it('keeps the word itself, its typos and the longer words it starts; not a word that only shares letters', () => {
    expect(wordAlternatives('chp', catalogue)).toEqual(['chip']);
    expect(wordAlternatives('choclate', catalogue)).toEqual(['chocolate']);
    expect(wordAlternatives('choc', catalogue)).toEqual(['chocolate']);
    expect(wordAlternatives('chip', catalogue)).toEqual(['chip', 'chips', 'chipotle']);
    expect(wordAlternatives('honeyrd', catalogue)).toEqual(['honey', 'honeyed']);
  });

  it('gives none for a word nothing in the catalogue is near: it is not required of a row', () => {
    expect(wordAlternatives('kumqat', catalogue)).toEqual([]);
  });
});

describe('a word the query repeats', () => {
  it('matches each of the title words it repeats, so the name that holds it twice ranks first', () => {
    expect(searchScore('wild wld berry popcorn', 'Wild Wild Berry Popcorn')).toBeGreaterThan(
      searchScore('wild wld berry popcorn', 'Original Wild Berry Popcorn'),
    );
  });
});
