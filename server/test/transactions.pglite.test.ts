/** On the embedded database, a transaction that fails leaves none open behind it (PostgreSQL: transactions.postgres.test.ts). */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite, queryRows, type Database } from '../src/db/client.ts';

describe('transactions on PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite(null, { loadDataDir: new Blob([readFileSync(inject('databaseTemplate'))]) });
    await database.db.execute(sql`create table tx_probe (id int primary key, label text not null)`);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.execute(sql`truncate tx_probe`);
  });

  const ids = async () =>
    (await queryRows<{ id: number }>(database.db, sql`select id from tx_probe order by id`)).map((r) => r.id);
  /** Outside a transaction a statement is its own: it has no transaction id of its own until it writes. */
  const openTransactionId = async () =>
    (await queryRows<{ xid: string | null }>(database.db, sql`select pg_current_xact_id_if_assigned()::text as xid`))[0]
      .xid;

  it.each([
    {
      failure: 'an error thrown by the callback',
      run: async (tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0]) => {
        await tx.execute(sql`insert into tx_probe values (1, 'thrown')`);
        throw new Error('the callback failed');
      },
    },
    {
      failure: 'a failed statement',
      run: async (tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0]) => {
        await tx.execute(sql`insert into tx_probe values (1, 'failed')`);
        await tx.execute(sql`insert into tx_probe values (1, 'duplicate')`);
      },
    },
  ])('after $failure, no transaction is left open and the next one commits only its own writes', async ({ run }) => {
    await expect(database.db.transaction(run)).rejects.toThrow();
    expect(await openTransactionId()).toBeNull();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe values (2, 'later')`);
      // The probe sees a transaction that is open: this one, once it has written.
      const [{ xid }] = await queryRows<{ xid: string | null }>(
        tx,
        sql`select pg_current_xact_id_if_assigned()::text as xid`,
      );
      expect(xid).not.toBeNull();
    });
    expect(await ids()).toEqual([2]);
    expect(await openTransactionId()).toBeNull();
  });
});
