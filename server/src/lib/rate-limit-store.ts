import { lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { executePrepared, preparedStatement, type Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * What @fastify/rate-limit hands a store's child() at run time (its types say the route's options): the merged
 * settings, with the route for a route's own limit and an empty object for a limiter made by `app.rateLimit()`.
 */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** The store API @fastify/rate-limit calls, with `read` (for `{ increment: false }`), which its types leave out. */
export interface RateLimitStore extends FastifyRateLimitStore {
  read(key: string, callback: Callback, timeWindow: number): void;
}

/**
 * One fixed window per key, counted on the database's clock so that every instance agrees on where windows start.
 * The upsert is atomic: two instances counting the same key at once both add one.
 */
const increment = preparedStatement('rate-limit incr', () => {
  const window = sql.placeholder('window');
  return sql`
    WITH clock AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now_ms)
    INSERT INTO rate_limit_counters AS c (key, window_start_ms, count, expires_at)
    SELECT ${sql.placeholder('key')}, now_ms - now_ms % ${window}::bigint, 1,
      to_timestamp((now_ms - now_ms % ${window}::bigint + ${window}::bigint) / 1000.0)
    FROM clock
    ON CONFLICT (key, window_start_ms) DO UPDATE SET count = c.count + 1
    RETURNING count,
      (c.window_start_ms + ${window}::bigint - (SELECT now_ms FROM clock))::int AS ttl`;
});

const current = preparedStatement('rate-limit read', () => {
  const window = sql.placeholder('window');
  return sql`
    WITH clock AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now_ms)
    SELECT c.count, (c.window_start_ms + ${window}::bigint - clock.now_ms)::int AS ttl
    FROM clock JOIN rate_limit_counters c
      ON c.key = ${sql.placeholder('key')} AND c.window_start_ms = clock.now_ms - clock.now_ms % ${window}::bigint`;
});

/**
 * The rate limits' counts in the database (table rate_limit_counters), shared by every instance on it: behind a
 * load balancer a client's sign-in attempts, API token requests and GraphQL requests count against one limit, not
 * one per instance. Each limit counts apart: a route's own limit under its method and address, a limiter made with
 * `app.rateLimit()` under the keys its key generator makes (they name their limit: `api-token:`, `graphql:`).
 * A database error lets the request through (it is logged): the request needs the database anyway.
 */
export function postgresRateLimitStore(db: Db, log: FastifyBaseLogger) {
  const make = (namespace: string): RateLimitStore => {
    const failed = (err: unknown, callback: Callback) => {
      log.warn({ err }, 'rate limit: counter unavailable, request let through');
      callback(err as Error);
    };
    return {
      incr(key, callback, timeWindow) {
        executePrepared<{ count: number; ttl: number }>(db, increment, { key: namespace + key, window: timeWindow })
          .then(([row]) => callback(null, { current: Number(row.count), ttl: Math.max(0, Number(row.ttl)) }))
          .catch((err) => failed(err, callback));
      },
      read(key, callback, timeWindow) {
        executePrepared<{ count: number; ttl: number }>(db, current, { key: namespace + key, window: timeWindow })
          .then(([row]) =>
            callback(null, row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 }),
          )
          .catch((err) => failed(err, callback));
      },
      child(options) {
        const { routeInfo } = options as unknown as ChildOptions;
        return routeInfo?.url ? make(`${[routeInfo.method ?? ''].flat().join(',')} ${routeInfo.url}|`) : make('');
      },
    };
  };
  // @fastify/rate-limit constructs the store it is given; the root store counts the app-wide limit, if any.
  return class {
    constructor() {
      return make('');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Counts one action against a fixed window in rate_limit_counters, on either database: for limits a route cannot key
 * before its handler has read the row (a company's webhook test sends, say). Returns the window's count after this
 * one and the milliseconds until the window ends.
 */
export async function countAction(
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ count: number; resetInMs: number }> {
  const [row] = await executePrepared<{ count: number; ttl: number }>(db, increment, { key, window: windowMs });
  return { count: Number(row.count), resetInMs: Math.max(0, Number(row.ttl)) };
}

/** Removes the counters of windows that have ended. */
export async function purgeExpiredCounters(db: Db, now: Date) {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now));
}
