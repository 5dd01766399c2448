import { PGlite } from '@electric-sql/pglite';

/**
 * The one place that reaches past a dependency's public API (issue 16). Each use is pinned by the contract tests in
 * server/test/driver-internals.test.ts, which fail loudly when an upgrade of drizzle-orm or PGlite moves or changes
 * it, rather than leaving the activity list broken or, worse, unsafe. Everything else goes through public APIs.
 */

export interface CompiledQuery {
  sql: string;
  params: unknown[];
}

/** drizzle-orm's session (internal): how `db.execute` itself runs a query, on a database or in a transaction. */
interface DrizzleSession {
  prepareQuery(
    query: CompiledQuery,
    fields: undefined,
    name: string | undefined,
    arrayMode: boolean,
  ): { execute(values?: Record<string, unknown>): Promise<unknown> };
}

/**
 * Runs a compiled statement as a named prepared statement (parsed once per connection) through drizzle's session:
 * drizzle's public API names statements only for query builders (`.prepare(name)`), not for `sql` text. Without a
 * name, unnamed: parsed and planned at each call.
 */
export async function executeNamed<Row>(
  db: object,
  query: CompiledQuery,
  name: string | undefined,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const { session } = db as { session: DrizzleSession };
  const result = await session.prepareQuery(query, undefined, name, false).execute(values);
  return (result as { rows: Row[] }).rows;
}

/** The embedded database behind a drizzle database (public `$client`); null on PostgreSQL and inside a transaction. */
export function embeddedClientOf(db: object): PGlite | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

/**
 * Runs `fn` with the embedded database to itself: after any open transaction has ended (PGlite's private
 * transaction lock, which its own query() and transaction() take: no public API takes it) and with no other
 * query between `fn`'s protocol messages (the public runExclusive, PGlite's query lock).
 */
export function exclusivelyOn<T>(client: PGlite, fn: () => Promise<T>): Promise<T> {
  return client._runExclusiveTransaction(() => client.runExclusive(fn));
}
