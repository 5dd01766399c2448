import { sql, type SQL } from 'drizzle-orm';
import { upcSearchForms } from '@portal/domain';

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
export const wordsMatch = (vector: SQL, words: string) => sql`${vector} @@ to_tsquery('simple', ${words})`;

/** The text matches the query: some stretch of it within the threshold, read from its GIN trigram index. */
export const searchMatches = (text: SQL, query: string) => sql`public.search_text(${query}) <% ${text}`;
/** How well: the word similarity of the query to the text's closest stretch (0 to 1). */
export const searchSimilarity = (text: SQL, query: string) =>
  sql`word_similarity(public.search_text(${query}), ${text})`;

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
 * A list's search filter on submissions (`s`: the alias of product_submissions): the same search as the search box's,
 * a UPC in any form or a name and brand within the threshold.
 */
export function submissionSearchCondition(s: string, text: string): SQL {
  const forms = upcSearchForms(text);
  return forms ? upcMatches(sql.raw(`${s}.ean13_upc`), forms) : searchMatches(submissionSearchText(s), text);
}

/**
 * A list's search written with placeholders, for a statement prepared once per shape (the activity list): the shape
 * (a text, or a UPC with so many whole codes and prefixes) goes into the statement's key, the query's values are
 * bound. The same matching as submissionSearchCondition.
 */
export type SearchShape = { kind: 'text' } | { kind: 'upc'; exact: number; prefixes: number };

export function searchPlaceholders(text: string): { shape: SearchShape; values: Record<string, unknown> } {
  const forms = upcSearchForms(text);
  if (!forms) return { shape: { kind: 'text' }, values: { searchText: text } };
  const values: Record<string, unknown> = {};
  forms.exact.forEach((code, i) => (values[`searchUpc${i}`] = code));
  forms.prefixes.forEach((prefix, i) => (values[`searchPrefix${i}`] = escapeLike(prefix) + '%'));
  return { shape: { kind: 'upc', exact: forms.exact.length, prefixes: forms.prefixes.length }, values };
}

/** The condition of a SearchShape on a searched text and an EAN-13 expression, its values as placeholders. */
export function searchConditionOf(shape: SearchShape, text: SQL, ean: SQL): SQL {
  if (shape.kind === 'text') return sql`public.search_text(${sql.placeholder('searchText')}) <% ${text}`;
  const codes = [
    ...Array.from({ length: shape.exact }, (_, i) => sql`${ean} = ${sql.placeholder(`searchUpc${i}`)}`),
    ...Array.from({ length: shape.prefixes }, (_, i) => sql`${ean} like ${sql.placeholder(`searchPrefix${i}`)}`),
  ];
  return codes.length ? sql`(${sql.join(codes, sql` or `)})` : sql`false`;
}
