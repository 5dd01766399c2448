import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { executePrepared, preparedStatement } from '../src/db/client.ts';
import { rebuildCounts } from '../src/modules/submissions/counts.ts';
import { demoClients, startTestServer, type Client, type TestServer } from './harness.ts';

// PGlite's own query() parses and plans every call; the activity statement goes round it (db/client.ts).
let server: TestServer;
let supplier: Client;
beforeAll(async () => {
  server = await startTestServer();
  ({ supplier } = await demoClients(server));
  await server.database.db.execute(sql`
    insert into product_submissions (company_id, user_id, upc, ean13_upc, product_name, item_status)
    select company_id, id, lpad(g::text, 12, '0'), lpad(g::text, 13, '0'), 'Pending ' || g, 'SUBMITTED'
    from users, generate_series(1, 12) g where email = 'supplier@example.com'`);
  // Rows written by hand, as a bulk load would: the maintained counts the tabs read are rebuilt from them.
  await rebuildCounts(server.database.db);
});
afterAll(() => server.close());

const activity = async (page = 1) => {
  const res = await supplier.graphql(
    `query($page: Int) { getProductSubmissionsByStatuses(tab: pending, page: $page) { total items { id } } }`,
    { page },
  );
  expect(res.json.errors).toBeUndefined();
  return res.json.data.getProductSubmissionsByStatuses;
};
// The activity's statements (the GraphQL rate limit's own, prepared at each request too, left out).
const prepared = async () =>
  (
    (await server.database.db.execute(
      sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name like 'q\\_%' and statement not like '%rate_limit_counters%'`,
    )) as unknown as {
      rows: { name: string; generic: number; custom: number }[];
    }
  ).rows;

describe('prepared statements on the embedded database', () => {
  it('the activity statement is parsed once under its name, and its generic plan is reused', async () => {
    for (let i = 0; i < 8; i++) await activity();
    const [statement, ...others] = await prepared();
    expect(others).toEqual([]);
    expect(statement.name).toMatch(/^q_[0-9a-f]{20}$/);
    expect(statement.generic).toBeGreaterThan(0);
    // A later page is another shape (its offset is bound) and counts its total apart, by a count prepared once too:
    // two more statements, the first one untouched.
    await activity(2);
    expect((await prepared()).map((s) => s.name)).toContain(statement.name);
    expect(await prepared()).toHaveLength(3);
    await activity(2);
    expect(await prepared()).toHaveLength(3);
  });

  it('a call that fails after the statement was parsed leaves it usable, and the database answers on', async () => {
    const divide = preparedStatement('test-divide', () => sql`select 10 / ${sql.placeholder('by')}::int as n`);
    await expect(executePrepared(server.database.db, divide, { by: 0 })).rejects.toThrow(/division by zero/);
    expect(await executePrepared(server.database.db, divide, { by: 5 })).toEqual([{ n: 2 }]);
    expect(await executePrepared(server.database.db, divide, { by: 2 })).toEqual([{ n: 5 }]);
    expect((await activity()).total).toBe(12);
  });

  it('inside a transaction it joins the transaction and sees its writes', async () => {
    const count = preparedStatement(
      'test-count',
      () => sql`select count(*)::int as n from product_submissions where product_name = ${sql.placeholder('name')}`,
    );
    await server.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into product_submissions (company_id, user_id, upc, ean13_upc, product_name, item_status)
        select company_id, id, '000000000999', '0000000000999', 'In the transaction', 'SUBMITTED' from users where email = 'supplier@example.com'`);
        expect(await executePrepared(tx, count, { name: 'In the transaction' })).toEqual([{ n: 1 }]);
        tx.rollback();
      })
      .catch((e: Error) => expect(e.message).toMatch(/rollback/i));
    expect(await executePrepared(server.database.db, count, { name: 'In the transaction' })).toEqual([{ n: 0 }]);
  });
});
