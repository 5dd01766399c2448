import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { databaseKind, startTestServer, type TestServer } from '../../test/harness.ts';
import { eq } from 'drizzle-orm';
import { rateLimitCounters } from '../db/schema.ts';
import { purgeExpired } from '../maintenance.ts';
import { WEBHOOK_MANUAL_SENDS_PER_MINUTE } from '@portal/domain';
import {
  BATCH_MS,
  batchedCounts,
  countAction,
  postgresRateLimitStore,
  type RateLimitClock,
  type RateLimitStore,
} from './rate-limit-store.ts';

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
const incrUnder = (store: RateLimitStore, key: string, max: number, window = MINUTE) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), window, max),
  );
const read = (store: RateLimitStore, key: string, window = MINUTE) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.read(key, (err, res) => (err ? reject(err) : resolve(res!)), window),
  );
/** A store as an instance builds it: the plugin constructs the class, then makes a child per limit. */
function storeOf(route?: { method: string; url: string }, clock?: RateLimitClock): RateLimitStore {
  const Store = postgresRateLimitStore(server.database.db, pino({ level: 'silent' }), clock);
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

  it('count forty events sent together across a minute boundary as forty, not twenty in each window (a clock of ours)', async () => {
    // A minute boundary of our own clock, far from the database's, 250 ms either side of which 20 events each come.
    let now = (Math.floor(Date.now() / MINUTE) + 10_000) * MINUTE - 250;
    const clock = () => now;
    const key = `boundary-${Date.now()}`;
    const limit = WEBHOOK_MANUAL_SENDS_PER_MINUTE;
    const counts: number[] = [];
    for (let i = 0; i < 20; i++) counts.push((await countAction(server.database.db, key, MINUTE, clock)).count);
    now += 500;
    for (let i = 0; i < 20; i++) counts.push((await countAction(server.database.db, key, MINUTE, clock)).count);
    // A calendar window would answer 1..20 twice and accept all forty.
    expect(counts.filter((count) => count <= limit)).toHaveLength(limit);
    expect(counts.slice(20)[0]).toBe(limit + 1);

    // The limiter of routes and tokens counts the same way.
    const store = storeOf({ method: 'POST', url: '/api/auth/login' }, clock);
    now -= 500;
    const routed: number[] = [];
    for (let i = 0; i < 20; i++) routed.push((await incr(store, key, MINUTE)).current);
    now += 500;
    for (let i = 0; i < 20; i++) routed.push((await incr(store, key, MINUTE)).current);
    expect(routed.filter((count) => count <= 20)).toHaveLength(20);
    expect((await read(store, key, MINUTE)).current).toBe(40);

    // The window slides: half a minute on, half of the earlier window still counts; in the window after next, none.
    now += MINUTE / 2;
    expect((await read(store, key, MINUTE)).current).toBe(30);
    now += (3 * MINUTE) / 2;
    expect((await read(store, key, MINUTE)).current).toBe(0);
    expect((await incr(store, key, MINUTE)).current).toBe(1);
  });

  it('the hourly purge deletes the windows no count reads any more', async () => {
    let now = (Math.floor(Date.now() / MINUTE) + 20_000) * MINUTE;
    const store = storeOf(undefined, () => now);
    const key = `purge-${Date.now()}`;
    await incr(store, key);
    now += MINUTE;
    expect((await incr(store, key)).current).toBe(2);
    const rows = () => server.database.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    expect(await rows()).toHaveLength(2);
    // The first window is read until the second one ends.
    await purgeExpired(server.database.db, new Date(now + MINUTE - 1));
    expect(await rows()).toHaveLength(2);
    await purgeExpired(server.database.db, new Date(now + 2 * MINUTE + 1));
    expect(await rows()).toHaveLength(0);
  });
});

describe(`rate-limit counters of a large limit, in batches (${databaseKind})`, () => {
  it('count every request once, from this instance and through the database', async () => {
    const store = storeOf();
    const key = `batched-${Date.now()}`;
    const counts: number[] = [];
    for (let i = 0; i < 30; i++) counts.push((await incrUnder(store, key, 1000, 10 * MINUTE)).current);
    expect(counts).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // Those not yet written are added to what the database holds.
    expect((await read(store, key, 10 * MINUTE)).current).toBe(30);
  });
});

describe('batched counts (a fake database and clock)', () => {
  afterEach(() => vi.useRealTimers());

  /** A database shared by "instances": one count per key and window, counting how many writes it took. */
  function fakeDatabase(window: number) {
    const counts = new Map<string, number>();
    let writes = 0;
    const add = async (key: string, by: number) => {
      writes += 1;
      const at = `${key}|${Math.floor(Date.now() / window)}`;
      counts.set(at, (counts.get(at) ?? 0) + by);
      return { current: counts.get(at)!, ttl: window - (Date.now() % window) };
    };
    return {
      add,
      writes: () => writes,
      count: (key: string) => counts.get(`${key}|${Math.floor(Date.now() / window)}`),
    };
  }

  it('write a burst as one count, and judge every request of it by the whole count', async () => {
    vi.useFakeTimers({ now: 0 });
    const db = fakeDatabase(MINUTE);
    const counts = batchedCounts(db.add, () => {});
    const seen = [];
    for (let i = 0; i < 50; i++) seen.push((await counts.incr('u', MINUTE, 1000)).current);
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // The first went to the database; the other 49 wait for one write.
    expect(db.writes()).toBe(1);
    expect(counts.pending('u')).toBe(49);
    await vi.advanceTimersByTimeAsync(BATCH_MS);
    expect(db.writes()).toBe(2);
    expect(db.count('u')).toBe(50);
    expect(counts.pending('u')).toBe(0);
  });

  it('count each request in the database past half the limit, and see another instance within two batches', async () => {
    vi.useFakeTimers({ now: 0 });
    const db = fakeDatabase(MINUTE);
    const a = batchedCounts(db.add, () => {});
    const b = batchedCounts(db.add, () => {});
    for (let i = 0; i < 50; i++) await a.incr('u', MINUTE, 100);
    expect(db.writes()).toBe(1);
    // From the 51st of a limit of 100, every request is counted in the database as it comes.
    const near = [];
    for (let i = 0; i < 5; i++) near.push((await a.incr('u', MINUTE, 100)).current);
    expect(near).toEqual([51, 52, 53, 54, 55]);
    expect(db.writes()).toBe(6);
    expect(db.count('u')).toBe(55);
    // Another instance's first request reads the whole count.
    expect((await b.incr('u', MINUTE, 100)).current).toBe(56);
    expect(a.pending('u') + b.pending('u')).toBe(0);
  });

  it('start again when the window ends, with what was gathered before counted in the new window', async () => {
    vi.useFakeTimers({ now: 0 });
    const db = fakeDatabase(1000);
    const counts = batchedCounts(db.add, () => {});
    for (let i = 0; i < 3; i++) await counts.incr('u', 1000, 1000);
    vi.setSystemTime(1000);
    expect((await counts.incr('u', 1000, 1000)).current).toBe(3);
    expect(db.writes()).toBe(2);
  });
});
