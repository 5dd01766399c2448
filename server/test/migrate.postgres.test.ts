/**
 * The schema's migration at start on a PostgreSQL server: instances that start together wait for the one that
 * migrates, however long its migration takes, and not only as long as a request's query may.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows, type Database } from '../src/db/client.ts';
import { createPostgresDatabase } from './harness.ts';
import { until } from './support/wait.ts';

const QUERY_TIMEOUT_MS = 500;

describe('migration at start (postgres)', () => {
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase());
  });
  afterAll(() => drop?.());

  it('an instance waits past its query timeout for another that migrates, then starts on the migrated schema', async () => {
    // Another instance holds the migration lock (as one does while a backfill of millions of rows runs).
    const migrating = new pg.Client({ connectionString: url });
    await migrating.connect();
    await migrating.query('SELECT pg_advisory_lock(727274)');
    let database: Database | undefined;
    try {
      const starting = openPostgres(url, undefined, QUERY_TIMEOUT_MS);
      starting.catch(() => {}); // awaited below; an early failure must not go unhandled meanwhile
      // Its wait for the lock outlasts the query timeout many times over.
      await until(async () => {
        const { rows } = await migrating.query<{ waiting: boolean }>(
          `select now() - state_change > make_interval(secs => $1) as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like '%pg_advisory_lock%'`,
          [(4 * QUERY_TIMEOUT_MS) / 1000],
        );
        return rows[0]?.waiting;
      }, 100);
      await migrating.query('SELECT pg_advisory_unlock(727274)');
      database = await starting;
      const [{ n }] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from product_submissions`,
      );
      expect(n).toBe(0);
      // Its requests still have the short timeout.
      const slow = await database.db.execute(sql`select pg_sleep(${(4 * QUERY_TIMEOUT_MS) / 1000})`).then(
        () => null,
        (err: Error) => err,
      );
      expect((slow?.cause as Error | undefined)?.message).toMatch(/timeout/i);
    } finally {
      await migrating.end();
      await database?.close();
    }
  });
});
