import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * The search's SQL, shared by the search box and the lists that filter by it (catalogue, activity, review queue):
 * each searched text is `search_text(...)` of its columns (migration 0043_search: lowered, accents dropped), written
 * here exactly as the GIN trigram indexes hold it, so that the planner matches them.
 */

/**
 * How close a query must come to some stretch of a text (pg_trgm's word similarity, 0 to 1) to find it. PostgreSQL's
 * default, 0.6, misses a query with two typos ("choclate chp cookie": 0.52 against "Organic Chocolate Chip
 * Cookies"); 0.3 finds more but makes a three-word query recheck a seventh of 100,000 names, slower than the scan it
 * replaces (bench/search.ts; docs/decisions/search.md). A setting of each connection (db/client.ts), as the `<%`
 * operator that the index answers reads it from there.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
export const WORD_SIMILARITY_SETTING = 'pg_trgm.word_similarity_threshold';

/** What a submission is found by: its product name and brand. `s`: the alias of product_submissions. */
export const submissionSearchText = (s: string) =>
  sql.raw(`public.search_text(coalesce(${s}.product_name, '') || ' ' || coalesce(${s}.brand, ''))`);
/** What a catalogued product is found by: its description and brand. */
export const productSearchText = (p: string) => sql.raw(`public.search_text(${p}.description || ' ' || ${p}.brand)`);
export const companySearchText = (c: string) => sql.raw(`public.search_text(${c}.name)`);
/** The same texts as words, as the word indexes of migration 0076 hold them (search_vector). */
export const submissionSearchVector = (s: string) =>
  sql.raw(`public.search_vector(coalesce(${s}.product_name, '') || ' ' || coalesce(${s}.brand, ''))`);
export const productSearchVector = (p: string) =>
  sql.raw(`public.search_vector(${p}.description || ' ' || ${p}.brand)`);
export const submitterSearchText = (u: string) =>
  sql.raw(`public.search_text(${u}.first_name || ' ' || ${u}.last_name || ' ' || ${u}.email)`);

/**
 * The words match the query's word lookup (`words`: a tsquery in to_tsquery's syntax, each query word's alternatives
 * joined by `|`, the words by `&`), read from the word index.
 */
export const wordsMatch = (vector: SQL, words: string | Placeholder) =>
  sql`${vector} @@ to_tsquery('simple', ${words})`;

/** The text matches the query: some stretch of it within the threshold, read from its GIN trigram index. */
export const searchMatches = (text: SQL, query: string | Placeholder) => sql`public.search_text(${query}) <% ${text}`;
/** How well: the word similarity of the query to the text's closest stretch (0 to 1). */
export const searchSimilarity = (text: SQL, query: string) =>
  sql`word_similarity(public.search_text(${query}), ${text})`;

/**
 * What a search looks for, resolved once a query (searchTermOf): a UPC's forms (whole codes and prefixes), or a name's
 * text with its word lookup (`words`; null when the catalogue holds nothing near any of its words, and the trigram
 * indexes answer instead).
 */
export type SearchTerm = { text: string; words: string | null } | { exact: string[]; prefixes: string[] };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

/**
 * The EAN-13 column matches a UPC typed in any form (upcSearchForms: whole codes, and codes starting with the
 * digits), read by its pattern index.
 */
export function upcMatches(ean: SQL, forms: { exact: string[]; prefixes: string[] }): SQL {
  const codes = [
    ...forms.exact.map((code) => sql`${ean} = ${code}`),
    ...forms.prefixes.map((prefix) => sql`${ean} like ${escapeLike(prefix) + '%'}`),
  ];
  return codes.length ? sql`(${sql.join(codes, sql` or `)})` : sql`false`;
}

/**
 * A term as a condition on a row: a UPC on its EAN-13, a name's words on its word index (`vector`), or, when the
 * catalogue held nothing near the query's words or the row has no word index (`vector` null), its text by trigrams.
 */
export function searchTermCondition(term: SearchTerm, row: { text: SQL; vector: SQL | null; ean: SQL }): SQL {
  if ('exact' in term) return upcMatches(row.ean, term);
  return term.words && row.vector ? wordsMatch(row.vector, term.words) : searchMatches(row.text, term.text);
}

/** A list's search filter on submissions (`s`: the alias of product_submissions): the search box's matching. */
export const submissionSearchCondition = (s: string, term: SearchTerm): SQL =>
  searchTermCondition(term, {
    text: submissionSearchText(s),
    vector: submissionSearchVector(s),
    ean: sql.raw(`${s}.ean13_upc`),
  });

/**
 * A list's search written with placeholders, for a statement prepared once per shape (the activity list): the shape
 * (a text, its words, or a UPC with so many whole codes and prefixes) goes into the statement's key, the query's
 * values are bound. The same matching as searchTermCondition.
 */
export type SearchShape = { kind: 'text' | 'words' } | { kind: 'upc'; exact: number; prefixes: number };

export function searchPlaceholders(term: SearchTerm): { shape: SearchShape; values: Record<string, unknown> } {
  if (!('exact' in term))
    return term.words
      ? { shape: { kind: 'words' }, values: { searchText: term.text, searchWords: term.words } }
      : { shape: { kind: 'text' }, values: { searchText: term.text } };
  const values: Record<string, unknown> = {};
  term.exact.forEach((code, i) => (values[`searchUpc${i}`] = code));
  term.prefixes.forEach((prefix, i) => (values[`searchPrefix${i}`] = escapeLike(prefix) + '%'));
  return { shape: { kind: 'upc', exact: term.exact.length, prefixes: term.prefixes.length }, values };
}

/** The condition of a SearchShape on a row (as searchTermCondition's), its values as placeholders. */
export function searchConditionOf(
  shape: SearchShape,
  { text, vector, ean }: { text: SQL; vector: SQL | null; ean: SQL },
): SQL {
  if (shape.kind === 'words' && vector) return wordsMatch(vector, sql.placeholder('searchWords'));
  if (shape.kind !== 'upc') return searchMatches(text, sql.placeholder('searchText'));
  const codes = [
    ...Array.from({ length: shape.exact }, (_, i) => sql`${ean} = ${sql.placeholder(`searchUpc${i}`)}`),
    ...Array.from({ length: shape.prefixes }, (_, i) => sql`${ean} like ${sql.placeholder(`searchPrefix${i}`)}`),
  ];
  return codes.length ? sql`(${sql.join(codes, sql` or `)})` : sql`false`;
}
