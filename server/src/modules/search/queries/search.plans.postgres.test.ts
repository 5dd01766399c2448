import { describe, expect, it } from 'vitest';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { parseReviewQueueSearch, SCOPES, upcSearchForms } from '@portal/domain';
import { searchStartupOptions } from '../../../db/client.ts';
import { explainPlan, planDatabase } from '../../../../test/support/plans.ts';
import { rebuildCompanyCatalogues } from '../../catalogue/queries/membership.ts';
import { productSearchStatement, submissionSearchStatement } from './search.ts';
import { queryWords } from '../../../db/search-words.ts';
import { cataloguePageReads } from '../../catalogue/queries/catalogue-list.ts';
import { queueCount, queueRead } from '../../review/queries/queue.ts';
import { withSearch } from '../../review/queries/queue-filters.ts';
import { activityRead } from '../../submission-views/queries/activity-list.ts';
import type { UserRow } from '../../users/repository.ts';

/**
 * The search box at 100,000 submissions and 20,000 catalogued products with names made of common grocery words: a
 * name is read by its word index (its words looked up in the catalogue's words first), a UPC by the EAN-13 indexes,
 * for staff and for a supplier, never by a sequential scan. Held by the plan PostgreSQL runs (EXPLAIN ANALYZE).
 */
const COMPANY = 9301;
const WORDS = {
  first: ['Organic', 'Classic', 'Crunchy', 'Spicy', 'Golden', 'Smoky', 'Creamy', 'Zesty', 'Roasted', 'Wild'],
  second: ['Chocolate', 'Peanut', 'Vanilla', 'Almond', 'Honey', 'Garlic', 'Lemon', 'Maple', 'Cheddar', 'Berry'],
  third: ['Cookies', 'Crackers', 'Granola', 'Yogurt', 'Chips', 'Salsa', 'Bread', 'Cereal', 'Coffee', 'Soup', 'Tea'],
};
const words = (list: string[]) => sql.raw(`(array[${list.map((w) => `'${w}'`).join(',')}])`);
/** A name of three words for row g, every combination about as common as the next. */
const nameOf = (g: SQL) =>
  sql`${words(WORDS.first)}[1 + ${g} % 10] || ' ' || ${words(WORDS.second)}[1 + (${g} / 10) % 10] || ' ' ||
    ${words(WORDS.third)}[1 + (${g} / 100) % 11] || ' ' || (${g} % 977)`;

const dialect = new PgDialect();
const seeded = planDatabase(
  async (db) => {
    await db.execute(sql`
      insert into companies (id, name, kind) select ${COMPANY} + g, 'Search Company ' || g, 'supplier' from generate_series(0, 19) g`);
    await db.execute(sql`
      insert into users (company_id, email, first_name, last_name, password_hash)
      select ${COMPANY} + g, 'search-plans-' || g || '@example.com', 'Search', 'Plans', 'x' from generate_series(0, 19) g`);
    await db.execute(sql`
      insert into product_submissions (company_id, user_id, upc, ean13_upc, product_name, item_status)
      select ${COMPANY} + g % 20, (select id from users where email = 'search-plans-' || (g % 20) || '@example.com'),
        lpad(g::text, 12, '0'), lpad(g::text, 13, '0'), ${nameOf(sql`g`)}, 'SUBMITTED'
      from generate_series(1, 100000) g`);
    await db.execute(sql`
      insert into catalogued_products (ean13_upc, description, brand)
      select lpad(g::text, 13, '0'), ${nameOf(sql`g`)}, 'Brand ' || (g % 50) from generate_series(1, 100000, 5) g`);
    // Each company's catalogue (1,000 products each), as the lifecycle would have kept it.
    await rebuildCompanyCatalogues(db);
  },
  {
    analyse: ['product_submissions', 'catalogued_products', 'company_catalogue'],
    explainerOptions: searchStartupOptions,
  },
);

/** The plan, and the large tables it reads in full (the few companies are joined by a scan of their table). */
async function planOf(statement: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const plan = await explainPlan(seeded.explainer, text, params);
  return { ...plan, seqScans: plan.seqScans.filter((t) => t !== 'companies') };
}

describe('the search box at 100,000 submissions (postgres)', () => {
  it('a misspelt name is looked up by its words in the word indexes, for staff and for a supplier', async () => {
    for (const q of ['choclate cookeis', 'organc peanut granola', 'smokey chedar chips'])
      for (const companyId of [null, COMPANY]) {
        const name = `${q}, ${companyId === null ? 'staff' : 'supplier'}`;
        const words = await queryWords(seeded.database.db, q);
        // Every word of these has its match in the catalogue's words: a typo, or the word itself.
        expect(words?.split(' & '), name).toHaveLength(q.split(' ').length);
        const submissions = await planOf(submissionSearchStatement({ text: q, words }, companyId, 30));
        expect(submissions.seqScans, name).toEqual([]);
        // Staff: the word index. A supplier: that, or its company's rows, whichever the planner finds fewer rows in.
        if (companyId === null) expect(submissions.indexes, name).toContain('product_submissions_words_idx');
        expect(submissions.rowsRead('product_submissions'), name).toBeLessThanOrEqual(20_000);
        const products = await planOf(productSearchStatement({ text: q, words }, companyId, 30));
        expect(products.seqScans, name).toEqual([]);
        if (companyId === null) expect(products.indexes, name).toContain('catalogued_products_words_idx');
        else
          expect(
            products.indexes.filter((i) => i === 'catalogued_products_words_idx' || i.startsWith('company_catalogue')),
            name,
          ).not.toEqual([]);
      }
  });

  it('a query none of whose words the catalogue holds anything near is read by the trigram indexes', async () => {
    expect(await queryWords(seeded.database.db, 'zq xw')).toBeNull();
    const submissions = await planOf(submissionSearchStatement({ text: 'zq xw', words: null }, null, 30));
    expect(submissions.seqScans).toEqual([]);
    expect(submissions.indexes).toContain('product_submissions_search_idx');
  });

  it('a UPC, whole or its first digits, is read by the EAN-13 indexes', async () => {
    for (const typed of ['000000012345', '0000000123', '12345'])
      for (const companyId of [null, COMPANY]) {
        const term = upcSearchForms(typed)!;
        const name = `${typed}, ${companyId === null ? 'staff' : 'supplier'}`;
        const submissions = await planOf(submissionSearchStatement(term, companyId, 5));
        expect(submissions.seqScans, name).toEqual([]);
        expect(submissions.rowsRead('product_submissions'), name).toBeLessThanOrEqual(20_000);
        const products = await planOf(productSearchStatement(term, companyId, 5));
        expect(products.seqScans, name).toEqual([]);
      }
  });
});

describe("the lists' search filters at 100,000 submissions (postgres)", () => {
  const staff = { id: 1, companyId: COMPANY, scopes: [SCOPES.readAllProductSubmissions] } as unknown as UserRow;
  const supplier = { id: 2, companyId: COMPANY, scopes: [] as string[] } as unknown as UserRow;
  const typed = 'choclate cookeis';
  /**
   * No sequential scan of the large tables (the empty review tables beside them are scanned), and no trigram index:
   * the names are read by their words.
   */
  const byWords = (plan: Awaited<ReturnType<typeof explainPlan>>, name: string) => {
    const large = ['product_submissions', 'catalogued_products', 'company_catalogue'];
    expect(
      plan.seqScans.filter((t) => large.includes(t!)),
      name,
    ).toEqual([]);
    expect(
      plan.indexes.filter((i) => i === 'product_submissions_search_idx' || i === 'catalogued_products_search_idx'),
      name,
    ).toEqual([]);
  };

  it('the activity list, for staff and a supplier', async () => {
    for (const companyId of [null, COMPANY]) {
      const { statement, values } = await activityRead(seeded.database.db, {
        statuses: ['SUBMITTED'],
        companyId,
        partnerCompanyId: null,
        includeDrafts: false,
        search: typed,
        page: 1,
        pageSize: 10,
      });
      const plan = await explainPlan(
        seeded.explainer,
        statement!.compiled.sql,
        fillPlaceholders(statement!.compiled.params, values),
      );
      byWords(plan, `activity, ${companyId ?? 'staff'}`);
      // Sent unnamed, planned with each call's words: a named statement's generic plan walked ten million rows.
      expect(statement!.name).toBe('');
      expect(plan.rowsRead('product_submissions')).toBeLessThanOrEqual(20_000);
    }
  });

  it('the catalogue list, for staff and a supplier: its page and its count', async () => {
    for (const user of [staff, supplier]) {
      const reads = await cataloguePageReads(seeded.database.db, user, { q: typed });
      for (const statement of [reads.rows!.toSQL(), reads.count.toSQL()]) {
        const plan = await explainPlan(seeded.explainer, statement.sql, statement.params);
        byWords(plan, `catalogue, ${user === staff ? 'staff' : 'supplier'}`);
      }
    }
  });

  it('the review queue, its page and its total', async () => {
    const query = { ...parseReviewQueueSearch(''), status: 'SUBMITTED' as const, q: typed };
    const { statement } = await queueRead(seeded.database.db, query, 0, new Date());
    const total = sql`select ${queueCount(await withSearch(seeded.database.db, query), 0, new Date())}`;
    for (const [name, read] of [
      ['page', statement!],
      ['total', total],
    ] as const) {
      const { sql: text, params } = dialect.sqlToQuery(read);
      const plan = await explainPlan(seeded.explainer, text, params);
      byWords(plan, `review queue, ${name}`);
      expect(plan.rowsRead('product_submissions'), name).toBeLessThanOrEqual(20_000);
    }
  });
});
