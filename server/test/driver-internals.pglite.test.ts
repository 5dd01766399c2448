/**
 * Contract tests of the dependency internals that db/driver-internals.ts reaches (issue 16): when an upgrade of
 * PGlite or drizzle-orm renames, removes or changes one of them, this file fails and names it. The PostgreSQL half
 * is driver-internals.postgres.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { embeddedClientOf, exclusivelyOn, executeNamed } from '../src/db/driver-internals.ts';

const dialect = new PgDialect();
const events: string[] = [];
/** Gives a competitor the chance to cut in: a lock that no longer holds shows as the wrong order of events. */
const chanceToCutIn = () => new Promise((r) => setTimeout(r, 50));
const until = async (happened: () => boolean) => {
  while (!happened()) await new Promise((r) => setImmediate(r));
};

describe('PGlite internals', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
  });
  afterAll(() => client?.close());

  it('still has the private transaction and query locks, and the public runExclusive', () => {
    expect(typeof (client as unknown as Record<string, unknown>)._runExclusiveTransaction).toBe('function');
    expect(typeof (client as unknown as Record<string, unknown>)._runExclusiveQuery).toBe('function');
    expect(typeof client.runExclusive).toBe('function');
    expect(typeof client.execProtocol).toBe('function');
  });

  it('exclusivelyOn waits for an open transaction to end instead of running inside it', async () => {
    events.length = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const transaction = client.transaction(async (tx) => {
      events.push('transaction begins');
      await tx.query('select 1');
      await held;
      events.push('transaction ends');
    });
    await until(() => events.includes('transaction begins'));
    const exclusive = exclusivelyOn(client, async () => {
      events.push('exclusive runs');
      return client.isInTransaction();
    });
    await chanceToCutIn();
    events.push('released');
    release();
    await transaction;
    expect(await exclusive).toBe(false);
    expect(events).toEqual(['transaction begins', 'released', 'transaction ends', 'exclusive runs']);
  });

  it("exclusivelyOn holds off other queries until it is done (runExclusive takes query()'s lock)", async () => {
    events.length = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const exclusive = exclusivelyOn(client, async () => {
      events.push('exclusive begins');
      await held;
      events.push('exclusive ends');
    });
    await until(() => events.includes('exclusive begins'));
    const query = client.query('select 1').then(() => events.push('query answers'));
    await chanceToCutIn();
    events.push('released');
    release();
    await Promise.all([exclusive, query]);
    expect(events).toEqual(['exclusive begins', 'released', 'exclusive ends', 'query answers']);
  });

  it("drizzle's $client is the embedded database, and a transaction has none (it runs through the session)", async () => {
    const db = drizzlePglite(client);
    expect(embeddedClientOf(db)).toBe(client);
    await db.transaction(async (tx) => expect(embeddedClientOf(tx)).toBeNull());
  });

  it("drizzle's session runs the statement inside a PGlite transaction and sees the transaction's work", async () => {
    const db = drizzlePglite(client);
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table contract_t (n int)`);
      await tx.execute(sql`insert into contract_t values (41)`);
      const counted = dialect.sqlToQuery(sql`select max(n) + ${sql.placeholder('by')}::int as n from contract_t`);
      return executeNamed<{ n: number }>(tx, counted, 'q_contract_pglite', { by: 1 });
    });
    expect(rows).toEqual([{ n: 42 }]);
  });
});
