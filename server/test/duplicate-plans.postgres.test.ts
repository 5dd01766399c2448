import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, type Database } from '../src/db/client.ts';
import { picturesNear } from '../src/modules/media-files/repository.ts';
import { bandsOf } from '../src/media/picture-bands.ts';
import { pictureDistance } from '../src/media/perceptual-hash.ts';
import { createPostgresDatabase } from './harness.ts';
import { explainPlan } from './support/plans.ts';

/**
 * The duplicate photo check at a realistic size: a company with 100,000 earlier files finds the same picture by index,
 * reading as few rows as a company with ten (EXPLAIN ANALYZE of the statement the check runs).
 */
const BIG = 9101;
const SMALL = 9102;
const NO_FILE = '00000000-0000-0000-0000-000000000000';
let database: Database;
let drop: () => Promise<void>;
let explainer: pg.Client;

/** A hash 8 bits from the new one, 3 + 3 + 2 across its three bands: the farthest that is still the same picture. */
const NEW_WHOLE = '0123456789abcdef';
const PLANTED_WHOLE = (BigInt(`0x${NEW_WHOLE}`) ^ 0b111n ^ (0b111n << 24n) ^ (0b11n << 50n))
  .toString(16)
  .padStart(16, '0');

beforeAll(async () => {
  const created = await createPostgresDatabase(inject('databaseTemplate'));
  drop = created.drop;
  // Seed statements of 100,000 rows: on a loaded machine one may outlast the portal's query timeout (not the subject).
  database = await openPostgres(created.url, undefined, 300_000);
  const { db } = database;
  await db.execute(sql`insert into companies (id, name, kind) values
    (${BIG}, 'Many Photos', 'supplier'), (${SMALL}, 'Few Photos', 'supplier')`);
  // Hashes are spread like md5's digits: real photos' hashes are less even, which the bench measures.
  await db.execute(sql`
    insert into picture_fingerprints (company_id, hash)
    select case when g <= 100000 then ${BIG}::int else ${SMALL}::int end,
      substr(md5(g::text), 1, 16) || '-' || substr(md5(g::text), 17, 16)
    from generate_series(1, 100010) g`);
  await db.execute(sql`insert into picture_fingerprints (company_id, hash) values
    (${BIG}, ${`${PLANTED_WHOLE}-ffffffffffffffff`}), (${SMALL}, ${`${PLANTED_WHOLE}-ffffffffffffffff`})`);
  await db.execute(sql`vacuum analyze picture_fingerprints`);
  explainer = new pg.Client({ connectionString: created.url });
  await explainer.connect();
});
afterAll(async () => {
  await explainer?.end();
  await database?.close();
  await drop?.();
});

async function planOf(companyId: number) {
  const { sql: text, params } = picturesNear(database.db, companyId, `${NEW_WHOLE}-${NEW_WHOLE}`, NO_FILE).toSQL();
  const plan = await explainPlan(explainer, text, params);
  return {
    seqScans: plan.seqScans.filter((t) => t === 'picture_fingerprints').length,
    rowsRead: plan.rowsRead('picture_fingerprints'),
    scans: plan.scans('picture_fingerprints'),
  };
}

describe('the distance measured in the index is pictureDistance', () => {
  const flip = (hex: string, bits: number[]) =>
    bits
      .reduce((v, b) => v ^ (1n << BigInt(b)), BigInt(`0x${hex}`))
      .toString(16)
      .padStart(16, '0');
  it('keeps a stored whole or centre within 8 bits of the new whole, or a whole within 8 of its centre; drops 9', async () => {
    const company = 9103;
    const other = 'fedcba9876543210';
    const cases = [
      { hash: `${flip(NEW_WHOLE, [0, 9, 21, 33, 45, 50, 60, 63])}-${other}`, near: true },
      { hash: `${other}-${flip(NEW_WHOLE, [1, 2, 3, 30, 31, 32, 61, 62])}`, near: true },
      { hash: `${flip(NEW_WHOLE, [0, 9, 21, 33, 45, 50, 60, 63, 5])}-${other}`, near: false },
      { hash: `${other}-${flip(NEW_WHOLE, [1, 2, 3, 30, 31, 32, 61, 62, 7])}`, near: false },
    ];
    await database.db.execute(sql`insert into companies (id, name, kind) values (${company}, 'Edges', 'supplier')`);
    for (const c of cases)
      await database.db.execute(
        sql`insert into picture_fingerprints (company_id, hash) values (${company}, ${c.hash})`,
      );
    // The new picture's centre is OTHER's neighbour too: a stored whole near it counts (whole to centre).
    const found = (await picturesNear(database.db, company, `${NEW_WHOLE}-${NEW_WHOLE}`, NO_FILE)).map((f) => f.hash);
    for (const c of cases) {
      expect(pictureDistance(`${NEW_WHOLE}-${NEW_WHOLE}`, c.hash) <= 8).toBe(c.near);
      expect(found.includes(c.hash)).toBe(c.near);
    }
    const crosswise = (await picturesNear(database.db, company, `${NEW_WHOLE}-${other}`, NO_FILE)).map((f) => f.hash);
    expect(crosswise).toEqual(expect.arrayContaining(cases.map((c) => c.hash).filter((h) => h.startsWith(other))));
  });
});

describe('the duplicate photo check at 100,000 earlier files (postgres)', () => {
  it('the bands the table computes are the bands the lookup cuts', async () => {
    const { rows } = await explainer.query(
      'select hash, whole0, whole1, whole2, centre0, centre1, centre2 from picture_fingerprints limit 50',
    );
    for (const r of rows) {
      const [whole, centre] = String(r.hash).split('-');
      expect([r.whole0, r.whole1, r.whole2]).toEqual(bandsOf(whole));
      expect([r.centre0, r.centre1, r.centre2]).toEqual(bandsOf(centre));
    }
  });

  it('finds a picture 8 bits away among 100,000 by index, reading as few rows as among 10', async () => {
    expect(pictureDistance(NEW_WHOLE, PLANTED_WHOLE)).toBe(8);
    for (const company of [BIG, SMALL]) {
      const found = await picturesNear(database.db, company, `${NEW_WHOLE}-${NEW_WHOLE}`, NO_FILE);
      expect(found.map((f) => f.hash)).toContain(`${PLANTED_WHOLE}-ffffffffffffffff`);
    }
    const big = await planOf(BIG);
    const small = await planOf(SMALL);
    expect(big.seqScans).toBe(0);
    expect(small.seqScans).toBe(0);
    // The band lookups measure the distance inside their index (index-only), then the one row within 8 bits is read
    // by its key: the same rows among 100,000 as among 10, where the bands alone let some 125 unrelated ones through.
    expect(big.scans.filter((s) => s === 'Index Only Scan')).toHaveLength(6);
    // (A company of ten may be read another way: its six lookups still return at most its rows within reach.)
    expect(big.rowsRead).toBeLessThanOrEqual(7);
    expect(small.rowsRead).toBeLessThanOrEqual(7);
  });
});
