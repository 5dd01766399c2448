import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.ts';
import {
  companySearchText,
  productSearchText,
  searchMatches,
  searchSimilarity,
  submissionSearchText,
  submitterSearchText,
  upcMatches,
} from '../../../db/search-text.ts';

/**
 * The search box's reads, one per kind. A text query is found by the trigram GIN indexes (`<%`: the query within the
 * threshold of some stretch of the text) and ordered by that word similarity, `candidates` of them, which the service
 * ranks again word by word; a UPC is found by the stored EAN-13: whole codes, then prefixes by their pattern index.
 * `companyId`: a supplier's company, whose items alone it reads; null for staff.
 */
export type SearchTerm = { text: string } | { exact: string[]; prefixes: string[] };

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

/** The term as a condition on a text (or on an EAN-13 column), and the similarity it is ordered by. */
function matching(term: SearchTerm, text: SQL, ean: SQL) {
  if ('text' in term) return { where: searchMatches(text, term.text), similarity: searchSimilarity(text, term.text) };
  const exact = term.exact.length
    ? sql`${ean} in (${sql.join(
        term.exact.map((c) => sql`${c}`),
        sql`, `,
      )})`
    : sql`false`;
  // A whole code before the products that merely start with the digits.
  return { where: upcMatches(ean, term), similarity: sql`case when ${exact} then 1 else 0.5 end` };
}

export function productSearchStatement(term: SearchTerm, companyId: number | null, candidates: number): SQL {
  const m = matching(term, productSearchText('p'), sql.raw('p.ean13_upc'));
  // A supplier's: the listed products of its company's catalogue (as its catalogue list shows them).
  const visible =
    companyId === null
      ? sql`true`
      : sql`exists (select 1 from company_catalogue cc
          where cc.company_id = ${companyId} and cc.ean13_upc = p.ean13_upc and cc.listed)`;
  return sql`select p.ean13_upc as "ean13Upc", p.description, p.brand, p.is_delisted as "isDelisted",
        ${m.similarity}::float8 as similarity
      from catalogued_products p
      where ${m.where} and ${visible}
      order by similarity desc, p.ean13_upc
      limit ${candidates}`;
}
export const searchProducts = (db: Tx, term: SearchTerm, companyId: number | null, candidates: number) =>
  queryRows<ProductHit>(db, productSearchStatement(term, companyId, candidates));

export function submissionSearchStatement(term: SearchTerm, companyId: number | null, candidates: number): SQL {
  const m = matching(term, submissionSearchText('s'), sql.raw('s.ean13_upc'));
  return sql`select s.id, s.ean13_upc as "ean13Upc", s.product_name as "productName", s.brand,
        s.item_status as "itemStatus", s.company_id as "companyId", c.name as "companyName",
        s.partner_company_id as "partnerCompanyId", pc.name as "partnerName", ${m.similarity}::float8 as similarity
      from product_submissions s
      join companies c on c.id = s.company_id
      left join companies pc on pc.id = s.partner_company_id
      where ${m.where} ${companyId === null ? sql`` : sql`and s.company_id = ${companyId}`}
      order by similarity desc, s.updated_at desc, s.id
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
