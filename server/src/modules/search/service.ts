import { searchQuerySchema, searchScore, type SearchHit, type SearchQuery, type SearchResults } from '@portal/domain';
import type { AppContext } from '../../context.ts';
import { badRequest, zodFields } from '../../lib/errors.ts';
import type { UserRow } from '../users/repository.ts';
import { searchPolicy } from './policy.ts';
import { searchCompanies, searchProducts, searchSubmissions, searchSubmitters } from './queries/search.ts';
import { searchTermOf } from '../../db/search-words.ts';

/** The query as given (REST query string, GraphQL arguments), checked by the shared schema: a 400 with its message. */
export function parseSearchQuery(input: unknown): SearchQuery {
  const parsed = searchQuerySchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = zodFields(parsed.error);
  throw badRequest(Object.values(fields)[0], fields);
}

/** Candidates read per kind for a text query, ranked again here: enough that the best by words is among them. */
const candidatesFor = (limit: number) => Math.max(60, limit * 12);

/**
 * The search box: what `q` finds of each kind the user may see, best first. A UPC in any form is looked up by its
 * stored EAN-13 (whole codes, then the codes starting with the digits); anything else by name, candidates found by
 * their words (products and submissions: queryWords) or trigrams (companies and submitters), ranked word by word
 * (searchScore), the database's similarity breaking ties.
 */
export async function search(ctx: Pick<AppContext, 'db'>, user: UserRow, query: SearchQuery): Promise<SearchResults> {
  const term = await searchTermOf(ctx.db, query.q);
  const code = 'exact' in term;
  const companyId = searchPolicy.seesEveryCompany(user) ? null : user.companyId;
  const people = !code && searchPolicy.findsCompaniesAndSubmitters(user);
  const n = code ? query.limit : candidatesFor(query.limit);
  const [products, submissions, companies, submitters] = await Promise.all([
    searchProducts(ctx.db, term, companyId, n),
    searchSubmissions(ctx.db, term, companyId, n),
    people ? searchCompanies(ctx.db, query.q, n) : [],
    people ? searchSubmitters(ctx.db, query.q, n) : [],
  ]);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  // A stable sort: equal scores keep the database's order (its similarity, then its tie-breaks).
  const ranked = (hits: SearchHit[]) => {
    const scored = code
      ? hits
      : hits.map((h) => ({
          ...h,
          score: round(searchScore(query.q, h.title, h.kind === 'company' ? null : h.detail)),
        }));
    return scored.sort((a, b) => b.score - a.score).slice(0, query.limit);
  };
  return {
    query: query.q,
    products: ranked(
      products.map((p) => ({
        kind: 'product',
        id: p.ean13Upc,
        title: p.description,
        detail: p.brand,
        upc: p.ean13Upc,
        status: p.isDelisted ? 'DELISTED' : 'CATALOGUED',
        partner: null,
        company: null,
        score: round(p.similarity),
      })),
    ),
    submissions: ranked(
      submissions.map((s) => ({
        kind: 'submission',
        id: s.id,
        title: s.productName || s.ean13Upc,
        detail: s.brand,
        upc: s.ean13Upc,
        status: s.itemStatus,
        partner: s.partnerCompanyId === null ? null : { id: s.partnerCompanyId, name: s.partnerName ?? '' },
        company: { id: s.companyId, name: s.companyName },
        score: round(s.similarity),
      })),
    ),
    companies: ranked(
      companies.map((c) => ({
        kind: 'company',
        id: String(c.id),
        title: c.name,
        detail: c.kind,
        upc: null,
        status: null,
        partner: null,
        company: null,
        score: round(c.similarity),
      })),
    ),
    submitters: ranked(
      submitters.map((u) => ({
        kind: 'submitter',
        id: String(u.id),
        title: `${u.firstName} ${u.lastName}`.trim() || u.email,
        detail: u.email,
        upc: null,
        status: null,
        partner: null,
        company: { id: u.companyId, name: u.companyName },
        score: round(u.similarity),
      })),
    ),
  };
}
