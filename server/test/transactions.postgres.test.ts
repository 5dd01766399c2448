/**
 * A transaction that fails, for whatever reason, must leave nothing behind on the pool: its connection is destroyed,
 * never handed to the next request, and the PostgreSQL server gives up on a statement before the client does.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, queryRows, type Database } from '../src/db/client.ts';
import type { DbLog } from '../src/db/notifications.ts';
import { isDependencyUnavailable } from '../src/lib/dependency-errors.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { createPostgresDatabase } from './harness.ts';

const QUERY_TIMEOUT_MS = 1000;
const quiet: DbLog = { warn: () => {}, error: () => {} };

describe('transactions on PostgreSQL', () => {
  let url: string;
  let drop: () => Promise<void>;
  let proxy: FaultProxy;
  let database: Database;
  let holder: pg.Client;

  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase(inject('databaseTemplate')));
    const u = new URL(url);
    proxy = await startFaultProxy({ host: u.hostname, port: Number(u.port || 5432) });
    database = await openPostgres(proxy.via(url), quiet, QUERY_TIMEOUT_MS);
    holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('create table tx_probe (id int primary key, label text not null)');
  });
  afterAll(async () => {
    await holder?.end();
    await database?.close();
    await proxy?.close();
    await drop?.();
  });
  beforeEach(async () => {
    proxy.restore();
    await holder.query('truncate tx_probe');
  });

  const ids = async () =>
    (await holder.query<{ id: number }>('select id from tx_probe order by id')).rows.map((r) => r.id);
  const backendPid = async () =>
    database.db.transaction(
      async (tx) => (await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`))[0].pid,
    );

  it.each([
    { limits: "the server's own limits", lift: false },
    { limits: "the client's query timeout alone (the server's limits lifted)", lift: true },
  ])(
    'a statement that waits on a lock past the query timeout fails its transaction as an outage ($limits), and the next transaction on the pool does not commit its writes',
    async ({ lift }) => {
      await holder.query(`insert into tx_probe values (0, 'locked')`);
      await holder.query('begin');
      await holder.query('select * from tx_probe where id = 0 for update');
      const waited = database.db.transaction(async (tx) => {
        if (lift) await tx.execute(sql`set local statement_timeout = 0; set local lock_timeout = 0`);
        await tx.execute(sql`insert into tx_probe values (1, 'abandoned')`);
        await tx.execute(sql`update tx_probe set label = 'waited' where id = 0`); // waits on the holder's lock
      });
      const failure: unknown = await waited.then(
        () => null,
        (err: unknown) => err,
      );
      expect(isDependencyUnavailable(failure)).toBe(true);
      await holder.query('commit'); // the lock goes: a statement still waiting on it would now run
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe values (2, 'later')`);
      });
      expect(await ids()).toEqual([0, 2]);
      const [row] = (await holder.query<{ label: string }>('select label from tx_probe where id = 0')).rows;
      expect(row.label).toBe('locked');
    },
  );

  it('the server cancels a statement and a lock wait a little before the client would give up, and ends a session idle in a transaction', async () => {
    const settings = await database.db.transaction(async (tx) =>
      queryRows<{ statement: string; lock: string; idle: string }>(
        tx,
        sql`select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock,
              current_setting('idle_in_transaction_session_timeout') as idle`,
      ),
    );
    expect(settings).toEqual([{ statement: '900ms', lock: '800ms', idle: '2s' }]);
  });

  it('a transaction that fails (an error in its callback, a failed statement) releases its connection destroyed; one that commits keeps it', async () => {
    const first = await backendPid();
    // The pool hands back its most recently released connection: a kept one is seen again.
    expect(await backendPid()).toBe(first);

    const thrown = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe values (1, 'thrown')`);
      throw new Error('the callback failed');
    });
    await expect(thrown).rejects.toThrow('the callback failed');
    const afterThrow = await backendPid();
    expect(afterThrow).not.toBe(first);

    const failedStatement = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe values (2, 'failed')`);
      await tx.execute(sql`insert into tx_probe values (2, 'duplicate')`);
    });
    await expect(failedStatement).rejects.toThrow();
    expect(await backendPid()).not.toBe(afterThrow);
    expect(await ids()).toEqual([]);
  });

  it('a server gone silent mid-transaction: the client gives up, the transaction is not committed later, and the next one commits on a fresh connection', async () => {
    const silent = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe values (1, 'silent')`);
      proxy.blackHole();
      await tx.execute(sql`select 1`);
    });
    await expect(silent).rejects.toThrow();
    proxy.restore();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe values (2, 'later')`);
    });
    expect(await ids()).toEqual([2]);
  });
});
