import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from './client.ts';
import {
  ascending,
  clearLockOrderViolations,
  forUpdate,
  lock,
  LOCK,
  LockOrderError,
  type LockKey,
  type LockKind,
  lockOrderViolations,
  MIGRATION_LOCK,
  taken,
} from './lock-order.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const things = pgTable('things', { id: integer('id').primaryKey() });

describe('the lock order', () => {
  let client: PGlite;
  let db: ReturnType<typeof drizzle>;
  const queries: { query: string; params: unknown[] }[] = [];

  beforeAll(async () => {
    client = new PGlite();
    db = drizzle(client, { logger: { logQuery: (query, params) => void queries.push({ query, params }) } });
    await db.execute(sql`create table things (id integer primary key)`);
    await db.insert(things).values([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });
  afterAll(() => client.close());
  // This file makes violations on purpose: none is left for the guard that every server test file ends with.
  afterEach(() => clearLockOrderViolations());

  /** Locks a row of `things` as a row of this kind. */
  const lockThing = (tx: Tx, kind: LockKind, id: number, keys?: LockKey[]) =>
    forUpdate(tx, kind, tx.select().from(things).where(eq(things.id, id)), keys);
  /** Runs fn in a transaction, as the server's Tx. */
  const inTx = <T>(fn: (tx: Tx) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Tx));

  it('gives every kind its own rank and every advisory lock its own space', () => {
    const kinds = Object.values(LOCK);
    expect(new Set(kinds.map((k) => k.rank)).size).toBe(kinds.length);
    const spaces = kinds.flatMap((k) => ('advisory' in k.on ? [k.on.advisory] : []));
    expect(new Set([...spaces, MIGRATION_LOCK]).size).toBe(spaces.length + 1);
    for (const [name, kind] of Object.entries(LOCK)) expect(kind.name).toBe(name);
  });

  it('orders keys ascending without repeats: numbers by value, text by code unit', () => {
    expect(ascending([10, 2, 33, 2])).toEqual([2, 10, 33]);
    expect(ascending(['b', 'B', 'a', 'b'])).toEqual(['B', 'a', 'b']);
  });

  it('takes advisory keys sorted, in one statement', async () => {
    queries.length = 0;
    await inTx((tx) => lock(tx, LOCK.uploadQuota, [30, 4, 17, 4]));
    const taking = queries.filter((q) => q.query.includes('pg_advisory_xact_lock'));
    expect(taking).toHaveLength(1);
    expect(taking[0].params).toEqual([(LOCK.uploadQuota.on as { advisory: number }).advisory, '{4,17,30}']);
  });

  it('lets a transaction take kinds in rank order, and the same kind again', async () => {
    await inTx(async (tx) => {
      await lock(tx, LOCK.uploadQuota, [1]);
      await lockThing(tx, LOCK.draft, 1, [1]);
      taken(tx, LOCK.submission, ['a']);
      taken(tx, LOCK.submission, ['b']);
      taken(tx, LOCK.submissionCounts, ['1|0|SUBMITTED']);
      await lock(tx, LOCK.catalogueEan, [5, 3]);
    });
    expect(lockOrderViolations()).toEqual([]);
  });

  it('refuses a kind taken after a later one, before taking it, and records it', async () => {
    const taking = inTx(async (tx) => {
      taken(tx, LOCK.submission, ['a']);
      taken(tx, LOCK.submissionCounts, ['1|0|SUBMITTED']);
      queries.length = 0;
      await lockThing(tx, LOCK.submission, 2, ['b']);
    });
    await expect(taking).rejects.toThrow(LockOrderError);
    await expect(taking).rejects.toThrow(/submission taken after submissionCounts/);
    expect(queries.filter((q) => /for update/i.test(q.query))).toEqual([]);
    expect(lockOrderViolations()).toEqual([
      { taken: 'submission', after: 'submissionCounts', held: ['submission', 'submissionCounts'] },
    ]);
  });

  it('lets a transaction lock again what it holds after a later kind, but not rows it cannot name', async () => {
    await inTx(async (tx) => {
      await lockThing(tx, LOCK.ingestionJob, 3, [3]);
      taken(tx, LOCK.submission, ['a']);
      await lockThing(tx, LOCK.ingestionJob, 3, [3]);
    });
    expect(lockOrderViolations()).toEqual([]);
    await expect(
      inTx(async (tx) => {
        await lockThing(tx, LOCK.ingestionJob, 3, [3]);
        taken(tx, LOCK.submission, ['a']);
        await lockThing(tx, LOCK.ingestionJob, 3);
      }),
    ).rejects.toThrow(LockOrderError);
  });

  it('keeps each transaction to itself, and records nothing outside one', async () => {
    await inTx(async (tx) => taken(tx, LOCK.job, [1]));
    await inTx(async (tx) => taken(tx, LOCK.idempotencyKey, ['k']));
    taken(db as unknown as Tx, LOCK.job, [1]);
    taken(db as unknown as Tx, LOCK.demoSeed);
    expect(lockOrderViolations()).toEqual([]);
  });

  it('returns the rows a locking query read', async () => {
    queries.length = 0;
    const rows = await inTx((tx) =>
      forUpdate(
        tx,
        LOCK.submission,
        tx
          .select()
          .from(things)
          .where(sql`id in (1, 2)`)
          .orderBy(things.id),
        [1, 2],
      ),
    );
    expect(rows).toEqual([{ id: 1 }, { id: 2 }]);
    expect(queries.filter((q) => /for update$/.test(q.query))).toHaveLength(1);
  });
});

/** The source files of the server, tests left out. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** A lock written by hand: an advisory lock, or SQL's or drizzle's FOR UPDATE / FOR SHARE, outside comments. */
export function handWrittenLocks(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
    .flatMap((line) => [
      ...line.matchAll(
        /pg_(try_)?advisory_(xact_)?lock(_shared)?\b|\bfor\s+(no\s+key\s+)?update\b|\bfor\s+(key\s+)?share\b|\.for\(\s*['"]\w/gi,
      ),
    ])
    .map((m) => m[0]);
}

/**
 * The locks that keep their SQL inline, each with its reason: few, and named, so that a new one is a decision.
 * Every other lock goes through db/lock-order.ts.
 */
const INLINE_LOCKS: Record<string, { count: number; why: string }> = {
  // The claim of due jobs: SKIP LOCKED never waits, so it cannot take part in a deadlock; outside the order.
  'jobs/queue.ts': { count: 1, why: 'FOR UPDATE OF j SKIP LOCKED' },
};

describe('every lock goes through the lock order', () => {
  it('finds hand-written locks, and not prose', () => {
    expect(handWrittenLocks("await tx.select().from(t).for('update');")).toEqual([".for('u"]);
    expect(handWrittenLocks('sql`select n from t where id = 1 for update`')).toEqual(['for update']);
    expect(handWrittenLocks('sql`select 1 from t FOR NO KEY UPDATE`')).toEqual(['FOR NO KEY UPDATE']);
    expect(handWrittenLocks('sql`select pg_advisory_xact_lock(${n})`')).toEqual(['pg_advisory_xact_lock']);
    expect(handWrittenLocks(' * locked (FOR UPDATE, in key order)\n// for update')).toEqual([]);
  });

  it('has no hand-written lock outside db/lock-order.ts but the named inline ones', () => {
    const found: Record<string, number> = {};
    for (const file of sourceFiles()) {
      const name = path.relative(SRC, file).split(path.sep).join('/');
      if (name === 'db/lock-order.ts') continue;
      const locks = handWrittenLocks(readFileSync(file, 'utf8'));
      if (locks.length) found[name] = locks.length;
    }
    expect(found).toEqual(Object.fromEntries(Object.entries(INLINE_LOCKS).map(([f, { count }]) => [f, count])));
  });
});
