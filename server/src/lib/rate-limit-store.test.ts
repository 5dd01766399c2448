import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { databaseKind, startTestServer, type TestServer } from '../../test/harness.ts';
import { eq } from 'drizzle-orm';
import { rateLimitCounters } from '../db/schema.ts';
import { purgeExpired } from '../jobs/maintenance.ts';
import { postgresRateLimitStore, type RateLimitStore } from './rate-limit-store.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const MINUTE = 60_000;
const incr = (store: RateLimitStore, key: string, window = MINUTE) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), window, 10),
  );
const read = (store: RateLimitStore, key: string, window = MINUTE) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.read(key, (err, res) => (err ? reject(err) : resolve(res!)), window),
  );
/** A store as an instance builds it: the plugin constructs the class, then makes a child per limit. */
function storeOf(route?: { method: string; url: string }): RateLimitStore {
  const Store = postgresRateLimitStore(server.database.db, pino({ level: 'silent' }));
  const root = new Store({}) as RateLimitStore;
  return root.child({ routeInfo: route ?? {} } as never) as RateLimitStore;
}

describe(`rate-limit counters in the database (${databaseKind})`, () => {
  it('two instances count one key together, and each count is handed out once under concurrency', async () => {
    const route = { method: 'POST', url: '/api/auth/login' };
    const a = storeOf(route);
    const b = storeOf(route);
    const key = `shared-${Date.now()}`;
    const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => incr(i % 2 ? a : b, key, 10 * MINUTE)));
    // Unless a window boundary fell inside the burst, the counts are 1..40 exactly once.
    const values = counts.map((c) => c.current).sort((x, y) => x - y);
    const ends = counts.map((c) => Date.now() + c.ttl);
    const sameWindow = Math.max(...ends) - Math.min(...ends) < 5 * MINUTE;
    if (sameWindow) expect(values).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const c of counts) expect(c.ttl).toBeGreaterThan(0);
    for (const c of counts) expect(c.ttl).toBeLessThanOrEqual(10 * MINUTE);
    expect((await read(a, key, 10 * MINUTE)).current).toBe(Math.max(...values));
  });

  it('reading does not count; other limits and other keys count apart', async () => {
    const key = `apart-${Date.now()}`;
    const login = storeOf({ method: 'POST', url: '/api/auth/login' });
    const reset = storeOf({ method: 'POST', url: '/api/auth/forgot-password' });
    const graphql = storeOf();
    expect(await read(login, key)).toEqual({ current: 0, ttl: 0 });
    expect((await incr(login, key)).current).toBe(1);
    expect((await read(login, key)).current).toBe(1);
    expect((await read(login, key)).current).toBe(1);
    expect((await incr(reset, key)).current).toBe(1);
    expect((await incr(graphql, key)).current).toBe(1);
    expect((await incr(login, `${key}-other`)).current).toBe(1);
  });

  it('a new window starts the count again', async () => {
    const store = storeOf();
    const key = `window-${Date.now()}`;
    const first = await incr(store, key, 200);
    await new Promise((r) => setTimeout(r, first.ttl + 20));
    expect((await incr(store, key, 200)).current).toBe(1);
    // The hourly purge deletes the windows that have passed.
    const rows = () => server.database.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    expect(await rows()).toHaveLength(2);
    await purgeExpired(server.database.db, new Date(Date.now() + 1000));
    expect(await rows()).toHaveLength(0);
  });
});
