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
 * The clock of a count: null counts on the database's clock, so that every instance agrees on where windows start;
 * a number (milliseconds since the epoch) is a clock the caller controls (the tests' clock across a minute boundary).
 */
const clockOf = (at: unknown) =>
  sql`(SELECT coalesce(${at}::bigint, (extract(epoch FROM clock_timestamp()) * 1000)::bigint) AS now_ms)`;

/** The time a count is taken at, in milliseconds since the epoch; null: the database's clock. */
export type RateLimitClock = () => number | null;
export const databaseClock: RateLimitClock = () => null;

/**
 * A sliding window per key: the count of the current fixed window plus the previous window's count weighted by the
 * share of it still inside the last `window` milliseconds (the sliding-window counter). Forty requests sent together
 * across a window's boundary thus count about forty, not twenty in each window. Each fixed window's row is kept
 * until the end of the window after it, which reads it. The upsert is atomic: two instances counting the same key at
 * once both add theirs. `by` is the number of requests counted (more than one when a batch of them is written at
 * once: see batchedCounts). The ttl is the time until the current fixed window ends.
 */
const increment = preparedStatement('rate-limit incr by', () => {
  const window = sql`${sql.placeholder('window')}::bigint`;
  const key = sql.placeholder('key');
  return sql`
    WITH clock AS ${clockOf(sql.placeholder('at'))},
    w AS (SELECT now_ms, now_ms - now_ms % ${window} AS start FROM clock),
    up AS (
      INSERT INTO rate_limit_counters AS c (key, window_start_ms, count, expires_at)
      SELECT ${key}, start, ${sql.placeholder('by')}::int, to_timestamp((start + 2 * ${window}) / 1000.0) FROM w
      ON CONFLICT (key, window_start_ms) DO UPDATE SET count = c.count + excluded.count
      RETURNING count)
    SELECT (up.count + ceil(coalesce(prev.count, 0) * (${window} - (w.now_ms - w.start))::float8 / ${window}))::int
        AS count,
      (w.start + ${window} - w.now_ms)::int AS ttl
    FROM up CROSS JOIN w
      LEFT JOIN rate_limit_counters prev ON prev.key = ${key} AND prev.window_start_ms = w.start - ${window}`;
});

/**
 * Limits of at least this many requests a window count in batches (see batchedCounts); smaller ones (sign-in,
 * password reset) count every request in the database as it comes.
 */
export const BATCHED_LIMIT_MIN = 100;
/** How long a batch gathers requests before it is written, and how old a count read back may be. */
export const BATCH_MS = 250;

/** What an instance knows of one key's window while it counts it in batches. */
interface KeyState {
  /** The count the database answered at the last write. */
  base: number;
  /** Requests counted here since, not yet written, and those being written. */
  pending: number;
  writing: number;
  /** When the window ends and when the database answered, on this process's clock. */
  windowEnd: number;
  syncedAt: number;
  timer: NodeJS.Timeout | null;
}

const current = preparedStatement('rate-limit read', () => {
  const window = sql`${sql.placeholder('window')}::bigint`;
  const key = sql.placeholder('key');
  return sql`
    WITH clock AS ${clockOf(sql.placeholder('at'))},
    w AS (SELECT now_ms, now_ms - now_ms % ${window} AS start FROM clock)
    SELECT (coalesce(cur.count, 0)
        + ceil(coalesce(prev.count, 0) * (${window} - (w.now_ms - w.start))::float8 / ${window}))::int AS count,
      (w.start + ${window} - w.now_ms)::int AS ttl
    FROM w
      LEFT JOIN rate_limit_counters cur ON cur.key = ${key} AND cur.window_start_ms = w.start
      LEFT JOIN rate_limit_counters prev ON prev.key = ${key} AND prev.window_start_ms = w.start - ${window}
    WHERE cur.count IS NOT NULL OR prev.count IS NOT NULL`;
});

/**
 * The rate limits' counts in the database (table rate_limit_counters), shared by every instance on it: behind a
 * load balancer a client's sign-in attempts, API token requests and GraphQL requests count against one limit, not
 * one per instance. Each limit counts apart: a route's own limit under its method and address, a limiter made with
 * `app.rateLimit()` under the keys its key generator makes (they name their limit: `api-token:`, `graphql:`).
 * A database error lets the request through (it is logged): the request needs the database anyway.
 */
export function postgresRateLimitStore(db: Db, log: FastifyBaseLogger, clock: RateLimitClock = databaseClock) {
  const make = (namespace: string): RateLimitStore => {
    const failed = (err: unknown, callback: Callback) => {
      log.warn({ err }, 'rate limit: counter unavailable, request let through');
      callback(err as Error);
    };
    const add = async (key: string, by: number, timeWindow: number) => {
      const [row] = await executePrepared<{ count: number; ttl: number }>(db, increment, {
        key: namespace + key,
        window: timeWindow,
        by,
        at: clock(),
      });
      return { current: Number(row.count), ttl: Math.max(0, Number(row.ttl)) };
    };
    const batched = batchedCounts(add, (err) => log.warn({ err }, 'rate limit: a batch of counts was not written'));
    return {
      incr(key, callback, timeWindow, max?: number) {
        if (typeof max === 'number' && max >= BATCHED_LIMIT_MIN) {
          batched.incr(key, timeWindow, max).then(
            (result) => callback(null, result),
            (err) => failed(err, callback),
          );
          return;
        }
        add(key, 1, timeWindow).then(
          (result) => callback(null, result),
          (err) => failed(err, callback),
        );
      },
      read(key, callback, timeWindow) {
        executePrepared<{ count: number; ttl: number }>(db, current, {
          key: namespace + key,
          window: timeWindow,
          at: clock(),
        })
          .then(([row]) => {
            const stored = row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
            callback(null, { ...stored, current: stored.current + batched.pending(key) });
          })
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
 * Counting in batches, for the large limits (GraphQL's and API tokens', hundreds a minute): most requests are then
 * counted in this process's memory, on top of the count the database last answered, and written as one `count +
 * n` at most every BATCH_MS, instead of one statement each. A request goes to the database itself when the key is
 * new here or its window has ended, when the count known here is older than BATCH_MS, or when it is past half the
 * limit: near the limit every request is counted in the database, as a small limit's are. This instance's own
 * requests are always in the count it judges by; another instance's reach it within about 2 × BATCH_MS (its write,
 * then this one's next). Requests in a batch written after their window ended count in the next window.
 */
export function batchedCounts(
  add: (key: string, by: number, timeWindow: number) => Promise<{ current: number; ttl: number }>,
  onWriteError: (err: unknown) => void,
) {
  const keys = new Map<string, KeyState>();
  const remember = (key: string, result: { current: number; ttl: number }) => {
    const now = Date.now();
    let state = keys.get(key);
    if (!state) {
      if (keys.size >= 10_000) sweep(now);
      state = { base: 0, pending: 0, writing: 0, windowEnd: 0, syncedAt: 0, timer: null };
      keys.set(key, state);
    }
    state.base = result.current;
    state.windowEnd = now + result.ttl;
    state.syncedAt = now;
    return state;
  };
  const sweep = (now: number) => {
    for (const [key, state] of keys)
      if (state.windowEnd <= now && !state.pending && !state.writing && !state.timer) keys.delete(key);
  };
  const write = (key: string, timeWindow: number) => {
    const state = keys.get(key);
    if (!state) return;
    state.timer = null;
    const by = state.pending;
    if (!by) return;
    state.pending = 0;
    state.writing += by;
    add(key, by, timeWindow).then(
      (result) => {
        state.writing -= by;
        remember(key, result);
      },
      (err) => {
        state.writing -= by;
        onWriteError(err);
      },
    );
  };
  return {
    async incr(key: string, timeWindow: number, max: number): Promise<{ current: number; ttl: number }> {
      const now = Date.now();
      const state = keys.get(key);
      if (
        state &&
        now < state.windowEnd &&
        now - state.syncedAt < BATCH_MS &&
        state.base + state.writing + state.pending + 1 <= max / 2
      ) {
        state.pending += 1;
        state.timer ??= setTimeout(() => write(key, timeWindow), BATCH_MS).unref();
        return { current: state.base + state.writing + state.pending, ttl: state.windowEnd - now };
      }
      // Written with this request: what was gathered here (they count in the window the database is in now).
      const by = 1 + (state?.pending ?? 0);
      if (state) state.pending = 0;
      const result = await add(key, by, timeWindow);
      remember(key, result);
      return result;
    },
    /** Requests counted here and not yet written. */
    pending(key: string): number {
      return keys.get(key)?.pending ?? 0;
    },
  };
}

/**
 * Counts one action against a sliding window in rate_limit_counters, on either database: for limits a route cannot key
 * before its handler has read the row (a company's webhook test sends, say). Returns the window's count after this
 * one and the milliseconds until the window ends.
 */
export async function countAction(
  db: Db,
  key: string,
  windowMs: number,
  clock: RateLimitClock = databaseClock,
): Promise<{ count: number; resetInMs: number }> {
  const [row] = await executePrepared<{ count: number; ttl: number }>(db, increment, {
    key,
    window: windowMs,
    by: 1,
    at: clock(),
  });
  return { count: Number(row.count), resetInMs: Math.max(0, Number(row.ttl)) };
}

/** Removes the counters of windows that have ended. */
export async function purgeExpiredCounters(db: Db, now: Date) {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now));
}
