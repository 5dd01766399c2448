import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, parse as pgliteParse, protocol as pgliteProtocol } from '@electric-sql/pglite';
import { WORD_SIMILARITY_SETTING, WORD_SIMILARITY_THRESHOLD } from './search-text.ts';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { MIGRATION_LOCK_SQL } from './lock-order.ts';
import { embeddedClientOf, exclusivelyOn, executeNamed, type CompiledQuery } from './driver-internals.ts';
import { releaseFailedTransactionsDestroyed, TransactionPool } from './pooled-transactions.ts';
import {
  consoleDbLog,
  pgliteNotifications,
  postgresNotifications,
  type DbLog,
  type DbNotifications,
} from './notifications.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** Either the database itself or an open transaction on it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** A connection pool's use at this moment (PostgreSQL; the embedded database has one connection, no pool). */
export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** LISTEN/NOTIFY: the triggers' notifications (jobs due, draft files read), heard at their commit. */
  notifications: DbNotifications;
  close(): Promise<void>;
  poolStats?: () => PoolStats;
}

/** How long a request waits for a connection to the PostgreSQL server before it is told the database is away. */
const CONNECT_TIMEOUT_MS = 5000;

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export class DataDirLockedError extends Error {}

/**
 * PGlite has no lock between processes: two processes on one folder would corrupt it.
 * An exclusive lock file holding our pid refuses the second one; a lock left by a dead process is taken over.
 */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The database folder ${dir} is in use by another portal process (pid ${owner}). ` +
            'Stop that process, or start this one with another DATA_DIR or a DATABASE_URL.',
        );
      }
      unlinkSync(lockFile); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Open PGlite: on disk under dataDir, or in memory when dataDir is null (tests). `loadDataDir`: start from a copy
 * of a database dumped with dumpDataDir() instead of an empty one (tests copy one migrated and seeded database).
 */
export async function openPglite(
  dataDir: string | null,
  opts: { loadDataDir?: Blob; log?: DbLog } = {},
): Promise<Database> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const client = new PGlite({
      dataDir: dataDir ? path.join(dataDir, 'db') : undefined,
      loadDataDir: opts.loadDataDir,
      // The search's extensions (migration 0043_search): PGlite's build has them, but only loaded ones can be created.
      extensions: { pg_trgm, unaccent },
    });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    // The one session's search threshold (search-text.ts), as every PostgreSQL connection gets it at start-up.
    await client.exec(`SET ${WORD_SIMILARITY_SETTING} = ${WORD_SIMILARITY_THRESHOLD}`);
    const notifications = pgliteNotifications(client, opts.log);
    return {
      db,
      kind: 'pglite',
      notifications,
      async close() {
        await notifications.close();
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** The default of DATABASE_QUERY_TIMEOUT_SECONDS. */
export const QUERY_TIMEOUT_MS = 30_000;

/** The PostgreSQL server's own limits on a pooled connection, in ms (docs/decisions/database.md). */
export interface ServerTimeouts {
  statement_timeout: number;
  lock_timeout: number;
  idle_in_transaction_session_timeout: number;
}

/**
 * Derived from the client's query timeout: the server cancels a statement (and, before it, a lock wait) a little
 * before the client would give up on it, so the client hears the failure and rolls back on a connection that still
 * answers; and it ends a session left idle in a transaction (its client vanished without a word) at twice that.
 */
export function serverTimeouts(queryTimeoutMs: number): ServerTimeouts {
  const margin = Math.min(1000, Math.round(queryTimeoutMs / 10));
  return {
    statement_timeout: queryTimeoutMs - margin,
    lock_timeout: queryTimeoutMs - 2 * margin,
    idle_in_transaction_session_timeout: 2 * queryTimeoutMs,
  };
}

/**
 * Brings the schema up to date. Several instances may start together: one migrates while the others wait on an
 * advisory lock. On a connection of its own, without the pool's query timeout: a migration that backfills millions of
 * rows, and an instance waiting for it, take minutes, not a request's seconds. Keep-alive still finds a server that
 * vanished.
 */
export async function migrateOnce(url: string): Promise<void> {
  const conn = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  conn.on('error', () => {}); // a connection lost mid-migration fails the query in flight, which is what reports it
  await conn.connect();
  try {
    await conn.query(MIGRATION_LOCK_SQL);
    await migratePg(drizzlePg(conn, { schema }), { migrationsFolder });
  } finally {
    await conn.end().catch(() => {}); // ending the session releases its advisory lock
  }
}

export async function openPostgres(
  url: string,
  log: DbLog = consoleDbLog,
  queryTimeoutMs = QUERY_TIMEOUT_MS,
): Promise<Database> {
  const max = 10;
  const pool = new TransactionPool({
    connectionString: url,
    max,
    // A server that does not answer (down, or packets dropped) fails the request in seconds, as 503, instead of
    // holding it until the client gives up; keep-alive finds a connection whose server vanished.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    // A server that went silent mid-query (packets dropped) would hold the request for as long as TCP takes to
    // notice, many minutes: the query fails instead, as an outage (503). The pool discards a client whose query
    // failed this way, and a transaction's client after any failure (pooled-transactions.ts), so the next request
    // takes a fresh connection.
    query_timeout: queryTimeoutMs,
    // Sent as startup parameters, so every pooled connection has them from its first statement. Not the migration's
    // connection (migrateOnce) nor the listening one (notifications.ts).
    ...serverTimeouts(queryTimeoutMs),
    options: searchStartupOptions,
  });
  // A connection dropped by the server (restart, failover, pg_terminate_backend) must not crash the process: pg
  // emits 'error' on the client, which throws when nobody listens. The pool listens to idle clients only, so
  // every client gets a listener of its own for its whole life; the query in flight fails on its own, and the
  // pool discards the broken client and opens a new one at the next query.
  pool.on('connect', (client) => {
    client.on('error', (err) => log.warn({ err }, 'PostgreSQL connection lost'));
  });
  pool.on('error', (err) => log.warn({ err }, 'PostgreSQL idle connection lost'));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  releaseFailedTransactionsDestroyed(db);
  await migrateOnce(url);
  const notifications = postgresNotifications(url, log);
  return {
    db,
    kind: 'postgres',
    notifications,
    async close() {
      await notifications.close();
      await pool.end();
    },
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** The search's threshold (search-text.ts) as a startup option of a connection to the PostgreSQL server. */
export const searchStartupOptions = `-c ${WORD_SIMILARITY_SETTING}=${WORD_SIMILARITY_THRESHOLD}`;

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string | null;
  log?: DbLog;
  queryTimeoutMs?: number;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.log, opts.queryTimeoutMs)
    : openPglite(opts.dataDir, { log: opts.log });
}

/** A hot raw statement, compiled once; every value that varies is a `sql.placeholder()`. */
export interface Statement {
  /** '' for a statement planned at each call (sent unnamed). */
  name: string;
  compiled: CompiledQuery;
}

const dialect = new PgDialect();
const statements = new Map<string, Statement>();

/**
 * The statement of one shape, built and compiled at its first use. `key` must name everything that changes the
 * text (not the values), and the shapes must be few: each is prepared on every pooled connection and kept there.
 * `planEachCall`: a statement whose best plan depends on its values (a list searched by name: a rare word's rows
 * read from the word index and sorted, a common word's by walking the list's order) is sent unnamed, so that
 * PostgreSQL plans it with each call's values. Named, it settles after five calls on one generic plan, which cannot
 * tell the two apart (ten million submissions: 1 to 3 s a page, against 70 to 130 ms planned each call).
 */
export function preparedStatement(key: string, build: () => SQL, { planEachCall = false } = {}): Statement {
  let statement = statements.get(key);
  if (!statement) {
    const compiled = dialect.sqlToQuery(build());
    // Named after the text, so different texts never share a name.
    const name = planEachCall ? '' : `q_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 20)}`;
    statement = { name, compiled };
    statements.set(key, statement);
  }
  return statement;
}

/** The rows of a raw SQL statement: drizzle types `execute` loosely over the two drivers, and both answer `{ rows }`. */
export async function queryRows<Row>(db: Tx, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/**
 * Runs a statement as a named prepared statement: parsed once per connection instead of at every call. On the
 * PostgreSQL server (and in a PGlite transaction) through drizzle's session API, which `db.execute` itself goes
 * through; on PGlite otherwise through its protocol API (executeOnPglite).
 */
export async function executePrepared<Row = Record<string, unknown>>(
  db: Tx,
  statement: Statement,
  values: Record<string, unknown>,
): Promise<Row[]> {
  // The embedded database's own query() parses and plans every call; outside a transaction, go round it.
  const embedded = embeddedClientOf(db);
  if (embedded)
    return executeOnPglite(embedded, statement, fillPlaceholders(statement.compiled.params, values)) as Promise<Row[]>;
  return executeNamed<Row>(db, statement.compiled, statement.name || undefined, values);
}

/** The statements each embedded database has parsed under their names (it has one session, kept for its life). */
const parsedOnPglite = new WeakMap<PGlite, Set<string>>();

/**
 * A named prepared statement on PGlite, through its public protocol API: parsed (and its generic plan cached) at
 * first use, then bound and run in one call into the database, where PGlite's query() makes six and plans again.
 */
async function executeOnPglite(
  client: PGlite,
  statement: Statement,
  params: unknown[],
): Promise<Record<string, unknown>[]> {
  const { serialize } = pgliteProtocol;
  // The same locks query() takes: nothing else runs between the messages, and no open transaction is joined.
  return exclusivelyOn(client, async () => {
    let parsed = parsedOnPglite.get(client);
    if (!parsed) parsedOnPglite.set(client, (parsed = new Set()));
    const first = !statement.name || !parsed.has(statement.name);
    const messages = [
      // Closing a statement that does not exist is no error; it clears one left by a call that failed midway.
      ...(first
        ? [
            serialize.close({ type: 'S', name: statement.name }),
            serialize.parse({ name: statement.name, text: statement.compiled.sql, types: [] }),
          ]
        : []),
      serialize.bind({ statement: statement.name, values: params.map(asText) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ];
    const result = await client.execProtocol(concatBytes(messages));
    if (statement.name) parsed.add(statement.name);
    return pgliteParse.parseResults(result.messages, client.parsers)[0]?.rows ?? [];
  });
}

/** A parameter in PostgreSQL's text format (the server infers each parameter's type from the statement). */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return (value as string | number | boolean | bigint).toString();
}

function concatBytes(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/** One round trip to the database: resolves when it answers. */
export async function ping(db: Tx): Promise<void> {
  await db.execute(sql`select 1`);
}

export async function isEmpty(db: Tx): Promise<boolean> {
  const rows = await db.execute(sql`select count(*)::int as n from companies`);
  return Number((rows as { rows: { n: number }[] }).rows[0].n) === 0;
}
