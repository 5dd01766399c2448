import { sql } from 'drizzle-orm';
import { searchWords, upcSearchForms, wordAlternatives } from '@portal/domain';
import { queryRows, type Tx } from './client.ts';
import type { SearchTerm } from './search-text.ts';

/** The search of `text`: a UPC in any form, or else a name, its words looked up in the catalogue's dictionary. */
export async function searchTermOf(db: Tx, text: string): Promise<SearchTerm> {
  return upcSearchForms(text) ?? { text, words: await queryWords(db, text) };
}

/**
 * The catalogue's words looked at for each query word, judged again by wordAlternatives: its nearest by trigram
 * distance (a typo that changes most of a short word's trigrams, "spup": soup, is still among them), and the words it
 * is the closest stretch of (a start still being typed, "choc": chocolate).
 */
const DICTIONARY_CANDIDATES = 30;
/** Shorter words are not looked up: too few trigrams to find their typos by. */
const LOOKED_UP_LENGTH = 3;

/**
 * The query as a lookup of the word indexes: each word of three letters or more, with the catalogue's words that may
 * stand for it (search_words, kept by the database as rows are written); a word nothing stands for is not required.
 * Null when no word is left.
 */
export async function queryWords(db: Tx, text: string): Promise<string | null> {
  const words = [...new Set(searchWords(text))].filter((w) => w.length >= LOOKED_UP_LENGTH);
  if (!words.length) return null;
  const found = await queryRows<{ query: string; word: string }>(
    db,
    sql`select q.word as query, d.word
      from unnest(array[${sql.join(
        words.map((w) => sql`${w}`),
        sql`, `,
      )}]::text[]) as q(word)
      cross join lateral (
        (select d.word from search_words d order by d.word <-> q.word limit ${DICTIONARY_CANDIDATES})
        union
        (select d.word from search_words d where q.word <% d.word
          order by d.word <->> q.word limit ${DICTIONARY_CANDIDATES})) d`,
  );
  const required = words
    .map((w) =>
      wordAlternatives(
        w,
        found.filter((f) => f.query === w).map((f) => f.word),
      ),
    )
    .filter((alternatives) => alternatives.length);
  // Words are letters and digits only (searchWords; the dictionary's are to_tsvector's): quoted, they are lexemes.
  return required.length ? required.map((a) => `(${a.map((w) => `'${w}'`).join(' | ')})`).join(' & ') : null;
}
