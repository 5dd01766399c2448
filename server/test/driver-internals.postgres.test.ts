/** Contract tests of drizzle-orm's node-postgres session as db/driver-internals.ts uses it (the PGlite half: driver-internals.pglite.test.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { embeddedClientOf, executeNamed } from '../src/db/driver-internals.ts';
import { createPostgresDatabase } from './harness.ts';

const dialect = new PgDialect();
const addOne = dialect.sqlToQuery(sql`select ${sql.placeholder('n')}::int + 1 as n`);
const preparedNames = async (run: (text: string) => Promise<{ rows: unknown[] }>) =>
  ((await run('select name from pg_prepared_statements')).rows as { name: string }[]).map((r) => r.name);

describe('drizzle node-postgres internals', () => {
  let conn: pg.Client;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    conn = new pg.Client({ connectionString: created.url });
    await conn.connect();
  });
  afterAll(async () => {
    await conn?.end();
    await drop?.();
  });

  it('has no embedded client, and its session runs a named prepared statement, kept on the connection', async () => {
    const db = drizzlePg(conn);
    expect(embeddedClientOf(db)).toBeNull();
    expect(await executeNamed<{ n: number }>(db, addOne, 'q_contract_pg', { n: 1 })).toEqual([{ n: 2 }]);
    expect(await executeNamed<{ n: number }>(db, addOne, 'q_contract_pg', { n: 2 })).toEqual([{ n: 3 }]);
    expect(await preparedNames((text) => conn.query(text))).toEqual(['q_contract_pg']);
  });
});
