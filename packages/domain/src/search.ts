import { hasValidCheckDigit, toEan13, upcDigits, upcPrefixes } from './gtin.ts';

/**
 * The one search box: products, submissions and, for staff, companies and submitters, found by what a user
 * remembers (a name or brand with typos and without accents, a UPC in any of its forms or its first digits).
 */
export const SEARCH_KINDS = ['product', 'submission', 'company', 'submitter'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_LIMIT_DEFAULT = 5;
export const SEARCH_LIMIT_MAX = 20;

/** The search's schema lives apart (search-schema.ts), so the list pages' search boxes load no zod. */
export const SEARCH_MSG = {
  required: 'Type something to search for.',
  tooLong: `Search at most ${SEARCH_MAX_LENGTH} characters.`,
  limitRange: `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}.`,
} as const;

/** A list filter's search text from the address: trimmed, at most SEARCH_MAX_LENGTH, empty as none. */
export const listSearchText = (q: string | null | undefined): string | null => {
  const text = (q ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  return text || null;
};

/**
 * A UPC typed in any form, as what to match on the stored EAN-13: `exact` codes (a whole GTIN with a valid check
 * digit: UPC-A, EAN-13, GTIN-14 with its leading 0, EAN-8, UPC-E, or one whose leading zeros a spreadsheet dropped)
 * and `prefixes` (the first digits, as typed and as UPC-A's EAN-13 with its leading 0, and with the zeros a
 * shortened code lost). null when the text is not a code: fewer than 3 digits, or letters among them.
 */
export function upcSearchForms(text: string): { exact: string[]; prefixes: string[] } | null {
  if (!/^[\d\s.-]+$/.test(text)) return null;
  const digits = upcDigits(text);
  if (digits.length < 3) return null;
  const exact = new Set<string>();
  for (const candidate of [digits, digits.padStart(12, '0'), digits.padStart(13, '0'), digits.padStart(14, '0')]) {
    const stored = toEan13(candidate);
    if (stored && hasValidCheckDigit(stored)) exact.add(stored);
  }
  const prefixes = new Set(upcPrefixes(digits));
  if (digits.length <= 11) prefixes.add('00' + digits);
  return { exact: [...exact], prefixes: [...prefixes] };
}

/** Lowered, accents dropped, words of letters and digits: what the database's search_text() compares, in words. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** A word's trigrams as pg_trgm makes them: padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/** Letters inserted, dropped, replaced or two swapped that turn one word into the other (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  return rows[a.length][b.length];
}

/**
 * How alike two words are, 0 to 1: the better of their trigram similarity (pg_trgm's measure) and their edit
 * distance against the longer one's length, which tells a typo ("honeyrd": honeyed) from a shorter word sharing
 * the start (honey) where trigrams cannot.
 */
function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  // A word still being typed: the start of a longer one.
  if (a.length >= 3 && b.startsWith(a)) return 1;
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  const edits = 1 - editDistance(a, b) / Math.max(a.length, b.length);
  return Math.max(shared / (ta.size + tb.size - shared), edits);
}

/** Below this a query word is taken to match no word of the text. */
const WORD_MATCH = 0.5;

/** How alike a catalogue's word must be to a query's word to stand for it when rows are looked up by their words. */
const WORD_STANDS_FOR = 0.7;

/**
 * The words of a catalogue (its dictionary's words sharing trigrams with `word`) that may stand for one word of a
 * query: the word itself, a typo of it ("choclate": chocolate, "chp": chip), or a longer word it starts, still being
 * typed. None: nothing the catalogue holds is near enough, and the word is not required of a row.
 */
export function wordAlternatives(word: string, catalogueWords: readonly string[]): string[] {
  return catalogueWords.filter((candidate) => wordSimilarity(word, candidate) >= WORD_STANDS_FOR);
}

/**
 * How well a hit answers a query, from 0 to 1, word by word: each query word's best match among the words of the
 * title and its detail (a brand: trigram or edit similarity, the start of a word counting as the word), averaged,
 * less a little for each word of the title no query word matched. The database finds the candidates by its trigram
 * index (the whole query's word similarity, which a longer name holding the query's words, or a brand sharing one of
 * them, scores as high as the name itself); this orders them as a person would: "choclate chp cookie" is "Organic
 * Chocolate Chip Cookies" before "Chocolate Chip Cookie Dough Ice Cream".
 */
export function searchScore(query: string, title: string, detail: string | null = null): number {
  const q = searchWords(query);
  const titleWords = searchWords(title);
  const t = [...titleWords, ...searchWords(detail ?? '')];
  if (!q.length || !t.length) return 0;
  const matched = new Set<number>();
  let sum = 0;
  for (const word of q) {
    let best = 0;
    let at = -1;
    t.forEach((candidate, i) => {
      const s = wordSimilarity(word, candidate);
      // Of equally good words, one no earlier query word took: "wild wld berry" matches both words of "Wild Wild".
      if (s > best || (s === best && s > 0 && matched.has(at) && !matched.has(i))) [best, at] = [s, i];
    });
    if (best >= WORD_MATCH) matched.add(at);
    sum += best;
  }
  const unmatched = titleWords.length ? titleWords.filter((_, i) => !matched.has(i)).length / titleWords.length : 0;
  return Math.max(0, sum / q.length - 0.1 * unmatched);
}

/** One hit as the service presents it (GraphQL field for field); the integration API's is the same in snake_case. */
export interface SearchHit {
  kind: SearchKind;
  /** The EAN-13 of a product, the id of a submission, of a company or of a user. */
  id: string;
  /** The product's description, the submission's product name (its UPC when it has none), the company's or user's name. */
  title: string;
  /** The brand of a product or submission, the kind of a company, the e-mail of a submitter. */
  detail: string | null;
  upc: string | null;
  /** A submission's status; a product's CATALOGUED or DELISTED; none for companies and submitters. */
  status: string | null;
  /** The partner a submission was sent to. */
  partner: { id: number; name: string } | null;
  /** The company a submission or submitter belongs to. */
  company: { id: number; name: string } | null;
  /** How well it answers the query, 0 to 1: the order within its kind. */
  score: number;
}

export interface SearchResults {
  query: string;
  products: SearchHit[];
  submissions: SearchHit[];
  companies: SearchHit[];
  submitters: SearchHit[];
}
