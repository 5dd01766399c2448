import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { deliveryPageStatement } from '../../webhooks/repository.ts';
import { cataloguePage } from '../service.ts';
import { cataloguePageReads, type CatalogueQuery } from './catalogue-list.ts';
import { rebuildCompanyCatalogues } from './membership.ts';
import type { UserRow } from '../../users/repository.ts';
import { SCOPES } from '@portal/domain';
import { explainPlan, planDatabase } from '../../../../test/support/plans.ts';

/**
 * The webhook delivery log and the catalogue list at 100,000 rows: every page, however deep, is an index read of a
 * page (and the row it starts from). Held by the plan PostgreSQL runs (EXPLAIN ANALYZE): no sequential scan, and the
 * rows each scan returns.
 */
const COMPANY = 9101;
let endpoint: number;

const seeded = planDatabase(
  async (db) => {
    await db.execute(sql`
      insert into companies (id, name, kind) select ${COMPANY} + g, 'List Company ' || g, 'supplier' from generate_series(0, 20) g`);
    await db.execute(sql`
      insert into webhook_endpoints (company_id, url, events, secret)
      select ${COMPANY} + g, 'https://example.com/hook-' || g, '{webhook.ping}', 'whsec_x' from generate_series(0, 20) g`);
    const [first] = await db
      .execute(sql`select min(id) as id from webhook_endpoints`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    endpoint = first.id;
    // 60,000 deliveries to the first endpoint, 40,000 across 20 others; several share a creation time.
    await db.execute(sql`
      insert into webhook_deliveries (endpoint_id, company_id, message_id, event_type, body, status, created_at)
      select e, ${COMPANY} + (e - ${endpoint}), 'msg_plan_' || g, 'webhook.ping', '{}', 'SUCCEEDED',
        now() - (g / 3) * interval '1 second'
      from generate_series(1, 100000) g,
        lateral (select case when g <= 60000 then ${endpoint}::int else ${endpoint}::int + 1 + g % 20 end as e) as owner`);
    // 100,000 catalogued products; the first company submitted one in ten of them (10,000), a few delisted.
    await db.execute(sql`
      insert into catalogued_products (ean13_upc, description, brand, item_size, units_of_measure, is_delisted, updated_at)
      select lpad(g::text, 13, '0'), 'Product ' || (g * 7919 % 99991), 'Brand ' || (g * 7919 % 499),
        case when g % 4 = 0 then null else (g % 89)::text || ' oz' end, case when g % 3 = 0 then null else 'EA' end,
        g % 97 = 0, now() - (g / 2) * interval '1 second'
      from generate_series(1, 100000) g`);
    await db.execute(sql`
      insert into users (company_id, email, first_name, last_name, password_hash)
      values (${COMPANY}, 'list-plans@example.com', 'List', 'Plans', 'x')`);
    await db.execute(sql`
      insert into product_submissions (company_id, user_id, upc, ean13_upc, item_status)
      select ${COMPANY}, (select id from users where email = 'list-plans@example.com'), lpad(g::text, 12, '0'),
        lpad(g::text, 13, '0'), 'CATALOGUED'
      from generate_series(10, 100000, 10) g`);
    // The other products were submitted by 20 other companies, so that the company catalogues hold every product.
    await db.execute(sql`
      insert into product_submissions (company_id, user_id, upc, ean13_upc, item_status)
      select ${COMPANY} + 1 + g % 20, (select id from users where email = 'list-plans@example.com'), lpad(g::text, 12, '0'),
        lpad(g::text, 13, '0'), 'CATALOGUED'
      from generate_series(1, 100000) g where g % 10 <> 0`);
    // Loaded by SQL, round the lifecycle: the company catalogues are built as the bench's seed builds them.
    await rebuildCompanyCatalogues(db);
  },
  { analyse: ['webhook_deliveries', 'catalogued_products', 'product_submissions', 'company_catalogue'] },
);

describe('the webhook delivery log at 100,000 deliveries (postgres)', () => {
  it('the first page, a page 30,000 deep (older) and the page back (newer) read a page by index', async () => {
    const { rows } = await seeded.explainer.query<{ id: number }>(
      `select id from webhook_deliveries where endpoint_id = $1 order by created_at desc, id desc offset 30000 limit 1`,
      [endpoint],
    );
    const deep = rows[0].id;
    for (const [name, q] of [
      ['first page', { limit: 51 }],
      ['older than a delivery 30,000 deep', { limit: 51, after: deep }],
      ['newer than it', { limit: 51, before: deep }],
    ] as const) {
      const { sql: text, params } = deliveryPageStatement(seeded.database.db, endpoint, q).toSQL();
      const plan = await explainPlan(seeded.explainer, text, params);
      expect(plan.seqScans, name).toEqual([]);
      expect(
        plan.scans('webhook_deliveries').every((t) => t.startsWith('Index')),
        name,
      ).toBe(true);
      // The page (and the one more asked), the delivery it starts from (its time and id, looked up by id) and, when
      // the planner reads by time alone, the few deliveries of the same second it passes over.
      expect(plan.rowsRead('webhook_deliveries'), name).toBeLessThanOrEqual(51 + 2 + 3);
      expect(plan.rowsRead('webhook_deliveries'), name).toBeGreaterThanOrEqual(51);
    }
  });
});

describe('the catalogue list at 100,000 products (postgres)', () => {
  const staff = { id: 1, companyId: COMPANY, scopes: [SCOPES.readAllProductSubmissions] } as unknown as UserRow;
  const supplier = { id: 2, companyId: COMPANY, scopes: [] as string[] } as unknown as UserRow;
  const ctx = () => ({ db: seeded.database.db }) as Parameters<typeof cataloguePage>[0];
  async function planOf(user: UserRow, q: CatalogueQuery) {
    const reads = await cataloguePageReads(seeded.database.db, user, q);
    const rows = reads.rows!.toSQL();
    const count = reads.count.toSQL();
    return {
      rows: await explainPlan(seeded.explainer, rows.sql, rows.params),
      count: await explainPlan(seeded.explainer, count.sql, count.params),
    };
  }

  it('page 1, and Next and Previous from a page 300 deep, read a page by index in every sort, for staff and a supplier', async () => {
    for (const user of [staff, supplier])
      for (const sortBy of ['updatedDate', 'ean13Upc', 'brand', 'description', 'itemSize', 'unitsOfMeasure'])
        for (const sortDirection of ['asc', 'desc']) {
          const base: CatalogueQuery = { sortBy, sortDirection, pageSize: 25 };
          const deep = await cataloguePage(ctx(), user, { ...base, page: 300 });
          expect(deep.items).toHaveLength(25);
          const shapes: [string, CatalogueQuery][] = [
            ['page 1', { ...base, page: 1 }],
            ['page 301 after page 300', { ...base, page: 301, after: deep.endCursor }],
            ['page 299 before page 300', { ...base, page: 299, before: deep.startCursor }],
          ];
          for (const [shape, q] of shapes) {
            const name = `${user === staff ? 'staff' : 'supplier'}, ${sortBy} ${sortDirection}, ${shape}`;
            const plan = await planOf(user, q);
            // The planner expects at least a page past the cursor (there are thousands): expecting next to none,
            // a sort of every row past it costs about what the index read of a page does, and the plan could be
            // either (a cursor in the largest group of a sort key, estimated by that key alone).
            const read = user === staff ? 'catalogued_products' : 'company_catalogue';
            expect(plan.rows.rowsExpected(read), name).toBeGreaterThanOrEqual(25);
            expect(plan.rows.seqScans, name).toEqual([]);
            for (const table of ['catalogued_products', 'company_catalogue'])
              expect(
                plan.rows.scans(table).every((t) => t.startsWith('Index')),
                name,
              ).toBe(true);
            // A page (and the row of the cursor), in the index of the sort: nothing sorted but the page.
            expect(
              plan.rows.sortedRows.every((n) => n <= 25),
              name,
            ).toBe(true);
            expect(plan.rows.rowsRead(read), name).toBeLessThanOrEqual(26);
            if (user === staff) {
              // The count stops past CATALOGUE_COUNT_LIMIT.
              expect(plan.count.rowsRead('catalogued_products'), name).toBeLessThanOrEqual(10_001);
            } else {
              // A supplier's page is its company's rows, the products of the page looked up by key; its count is
              // the company's count row.
              expect(plan.rows.rowsRead('catalogued_products'), name).toBeLessThanOrEqual(25);
              expect(plan.count.rowsRead('company_catalogue_counts'), name).toBe(1);
              expect(plan.count.rowsRead('company_catalogue') + plan.count.rowsRead('catalogued_products'), name).toBe(
                0,
              );
            }
          }
        }
    // 24 lists, each a page 300 deep and six statements run by EXPLAIN ANALYZE: seconds alone, more beside other work.
  });

  it("a supplier's filtered list reads its company's rows only, and counts them up to the limit", async () => {
    for (const filter of [{ upcPrefix: '00000000012' }, { brand: 'brand 12' }, { description: 'product 4' }])
      for (const sortBy of ['updatedDate', 'brand']) {
        const name = `${JSON.stringify(filter)} by ${sortBy}`;
        const plan = await planOf(supplier, { sortBy, pageSize: 25, ...filter });
        expect(plan.rows.seqScans, name).toEqual([]);
        expect(plan.count.seqScans, name).toEqual([]);
        expect(
          plan.rows.scans('catalogued_products').every((t) => t.startsWith('Index')),
          name,
        ).toBe(true);
        expect(plan.count.rowsRead('catalogued_products'), name).toBe(0);
        // At most the company's 10,000 products (a filter is a condition on the company's rows).
        expect(plan.rows.rowsRead('company_catalogue'), name).toBeLessThanOrEqual(10_000);
        expect(plan.count.rowsRead('company_catalogue'), name).toBeLessThanOrEqual(10_000);
      }
  });

  it('the pages read from an edge are the pages counted from the top, in every sort', async () => {
    for (const sortBy of ['updatedDate', 'brand', 'itemSize', 'unitsOfMeasure'])
      for (const sortDirection of ['asc', 'desc']) {
        const base: CatalogueQuery = { sortBy, sortDirection, pageSize: 25 };
        const eans = async (q: CatalogueQuery) =>
          (await cataloguePage(ctx(), staff, { ...base, ...q })).items.map((p) => p.ean13Upc);
        const [second, third, fourth] = await Promise.all(
          [2, 3, 4].map((page) => cataloguePage(ctx(), staff, { ...base, page })),
        );
        const expected = third.items.map((p) => p.ean13Upc);
        expect(await eans({ page: 3, after: second.endCursor }), `${sortBy} ${sortDirection}`).toEqual(expected);
        expect(await eans({ page: 3, before: fourth.startCursor }), `${sortBy} ${sortDirection}`).toEqual(expected);
      }
    // A cursor of another sort or filter is a 400, not a wrong page.
    const page = await cataloguePage(ctx(), staff, { sortBy: 'brand', page: 1 });
    await expect(
      cataloguePage(ctx(), staff, { sortBy: 'description', page: 2, after: page.endCursor }),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect(page).toMatchObject({ total: 10_000, more: true });
  });
});
