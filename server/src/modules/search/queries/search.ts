import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.ts';
import {
  companySearchText,
  productSearchText,
  productSearchVector,
  searchMatches,
  searchSimilarity,
  submissionSearchText,
  submissionSearchVector,
  submitterSearchText,
  searchTermCondition,
  type SearchTerm,
} from '../../../db/search-text.ts';

/**
 * The search box's reads, one per kind. A name is found by its words: each word of the query looked up among the
 * catalogue's words (queryWords), and the rows holding one of each word's alternatives read from the word indexes, at
 * most POOL of them, ordered by the query's word similarity to the text; `candidates` of those, which the service
 * ranks again word by word. A query none of whose words the catalogue holds anything near (`words` null) is found by
 * the trigram indexes instead (`<%`: the query within the threshold of some stretch of the text). A UPC is found by
 * the stored EAN-13: whole codes, then prefixes by their pattern index. `companyId`: a supplier's company, whose items
 * alone it reads; null for staff.
 */

/**
 * Rows a word lookup reads at most before they are ordered: a query of one common word is held by a good part of a
 * large catalogue, every one of them as good a match as the next. Ordering them all is what made the trigram search
 * slow at ten million rows.
 */
const POOL = 2000;

export interface ProductHit {
  ean13Upc: string;
  description: string;
  brand: string;
  isDelisted: boolean;
  similarity: number;
}
export interface SubmissionHit {
  id: string;
  ean13Upc: string;
  productName: string | null;
  brand: string | null;
  itemStatus: string;
  companyId: number;
  companyName: string;
  partnerCompanyId: number | null;
  partnerName: string | null;
  similarity: number;
}
export interface CompanyHit {
  id: number;
  name: string;
  kind: string;
  similarity: number;
}
export interface SubmitterHit {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  companyId: number;
  companyName: string;
  similarity: number;
}

/**
 * The term as a condition on a text (or on an EAN-13 column), the similarity it is ordered by and what breaks its
 * ties; `pooled`: a word lookup, whose rows are read at most POOL at a time.
 */
function matching(term: SearchTerm, text: SQL, vector: SQL, ean: SQL) {
  const where = searchTermCondition(term, { text, vector, ean });
  if ('text' in term)
    return {
      where,
      similarity: searchSimilarity(text, term.text),
      // Of texts whose closest stretch is as close, the one with the least else in it ("wild wld berry popcorn":
      // Wild Wild Berry Popcorn before Hearty Wild Berry Popcorn): trigram similarity of the whole text.
      tieBreak: sql`similarity(public.search_text(${term.text}), ${text})`,
      pooled: term.words !== null,
    };
  const exact = term.exact.length
    ? sql`${ean} in (${sql.join(
        term.exact.map((c) => sql`${c}`),
        sql`, `,
      )})`
    : sql`false`;
  // A whole code before the products that merely start with the digits.
  return { where, similarity: sql`case when ${exact} then 1 else 0.5 end`, tieBreak: null, pooled: false };
}

const thenBy = (tieBreak: SQL | null) => (tieBreak ? sql`${tieBreak} desc,` : sql``);

/**
 * The rows of `table` as `alias` that the condition holds: at most POOL of them for a word lookup (without the limit,
 * the planner folds the subquery into the statement around it).
 */
const rowsOf = (table: string, alias: string, where: SQL, pooled: boolean) =>
  sql`(select * from ${sql.raw(table)} ${sql.raw(alias)} where ${where} ${pooled ? sql`limit ${POOL}` : sql``}) ${sql.raw(alias)}`;

export function productSearchStatement(term: SearchTerm, companyId: number | null, candidates: number): SQL {
  const m = matching(term, productSearchText('p'), productSearchVector('p'), sql.raw('p.ean13_upc'));
  // A supplier's: the listed products of its company's catalogue (as its catalogue list shows them).
  const visible =
    companyId === null
      ? sql`true`
      : sql`exists (select 1 from company_catalogue cc
          where cc.company_id = ${companyId} and cc.ean13_upc = p.ean13_upc and cc.listed)`;
  return sql`select p.ean13_upc as "ean13Upc", p.description, p.brand, p.is_delisted as "isDelisted",
        ${m.similarity}::float8 as similarity
      from ${rowsOf('catalogued_products', 'p', sql`${m.where} and ${visible}`, m.pooled)}
      order by similarity desc, ${thenBy(m.tieBreak)} p.ean13_upc
      limit ${candidates}`;
}
export const searchProducts = (db: Tx, term: SearchTerm, companyId: number | null, candidates: number) =>
  queryRows<ProductHit>(db, productSearchStatement(term, companyId, candidates));

export function submissionSearchStatement(term: SearchTerm, companyId: number | null, candidates: number): SQL {
  const m = matching(term, submissionSearchText('s'), submissionSearchVector('s'), sql.raw('s.ean13_upc'));
  const own = companyId === null ? sql`true` : sql`s.company_id = ${companyId}`;
  return sql`select s.id, s.ean13_upc as "ean13Upc", s.product_name as "productName", s.brand,
        s.item_status as "itemStatus", s.company_id as "companyId", c.name as "companyName",
        s.partner_company_id as "partnerCompanyId", pc.name as "partnerName", ${m.similarity}::float8 as similarity
      from ${rowsOf('product_submissions', 's', sql`${m.where} and ${own}`, m.pooled)}
      join companies c on c.id = s.company_id
      left join companies pc on pc.id = s.partner_company_id
      order by similarity desc, ${thenBy(m.tieBreak)} s.updated_at desc, s.id
      limit ${candidates}`;
}
export const searchSubmissions = (db: Tx, term: SearchTerm, companyId: number | null, candidates: number) =>
  queryRows<SubmissionHit>(db, submissionSearchStatement(term, companyId, candidates));

/** Companies by name: staff only (the service asks the policy). */
export function searchCompanies(db: Tx, text: string, candidates: number) {
  const t = companySearchText('c');
  return queryRows<CompanyHit>(
    db,
    sql`select c.id, c.name, c.kind, ${searchSimilarity(t, text)}::float8 as similarity
      from companies c
      where ${searchMatches(t, text)}
      order by similarity desc, c.id
      limit ${candidates}`,
  );
}

/** Users of supplier companies by name or e-mail: staff only. */
export function searchSubmitters(db: Tx, text: string, candidates: number) {
  const t = submitterSearchText('u');
  return queryRows<SubmitterHit>(
    db,
    sql`select u.id, u.first_name as "firstName", u.last_name as "lastName", u.email, u.company_id as "companyId",
        c.name as "companyName", ${searchSimilarity(t, text)}::float8 as similarity
      from users u
      join companies c on c.id = u.company_id
      where ${searchMatches(t, text)} and c.kind = 'supplier' and u.disabled_at is null
      order by similarity desc, u.id
      limit ${candidates}`,
  );
}
