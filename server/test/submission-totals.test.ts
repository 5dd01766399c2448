import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { ITEM_STATUSES } from '@portal/domain';
import { queryRows } from '../src/db/client.ts';
import { enqueue } from '../src/jobs/queue.ts';
import { recountSubmissionsJob } from '../src/modules/submissions/job-types.ts';
import {
  countSubmissions,
  rebuildCounts,
  recountAll,
  recountCompany,
  recountTotals,
  repairCounts,
  TOTAL_STRIPES,
} from '../src/modules/submissions/counts.ts';
import {
  changeStatus,
  createSubmissions,
  deleteSubmissionRecord,
  replaceFiles,
} from '../src/modules/submissions/lifecycle.ts';
import { databaseKind, startTestServer, type TestServer } from './harness.ts';

/**
 * The staff-wide totals (submission_status_totals, striped by company_id % TOTAL_STRIPES): kept by the lifecycle with
 * the company counts, read for every company's total, repaired by recountTotals.
 */
let server: TestServer;
/** Four companies in one stripe and one in the next. */
const BASE = 9600 - (9600 % TOTAL_STRIPES);
const COMPANIES = [BASE, BASE + TOTAL_STRIPES, BASE + 2 * TOTAL_STRIPES, BASE + 3 * TOTAL_STRIPES, BASE + 1];
let users: Map<number, number>;
let partner: number;

const companyIds = () =>
  sql`array[${sql.join(
    COMPANIES.map((c) => sql`${c}::int`),
    sql`, `,
  )}]`;
const rowsOf = <T>(query: SQL) => queryRows<T>(server.database.db, query);

/** Every total row, stored, summed from the company counts, or counted from the submissions themselves. */
async function totalsBy(source: 'stored' | 'summed' | 'real') {
  const rows = await rowsOf<{ t: number; p: number; s: string; n: number }>(
    source === 'stored'
      ? sql`select stripe as t, partner_key as p, item_status as s, n from submission_status_totals where n <> 0`
      : source === 'summed'
        ? sql`select company_id % ${TOTAL_STRIPES} as t, partner_key as p, item_status as s, sum(n)::int as n
          from submission_counts group by 1, 2, 3 having sum(n) <> 0`
        : sql`select company_id % ${TOTAL_STRIPES} as t, coalesce(partner_company_id, 0) as p, item_status as s,
          count(*)::int as n from product_submissions group by 1, 2, 3`,
  );
  return rows.map((r) => `${r.t}/${r.p}/${r.s}=${Number(r.n)}`).sort();
}

const realCount = async (statuses: string[], partnerCompanyId: number | null) => {
  const [row] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from product_submissions
    where item_status in ${statuses} and (${partnerCompanyId}::int is null or partner_company_id = ${partnerCompanyId})`);
  return Number(row.n);
};

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  await db.execute(sql`insert into companies (id, name, kind)
    select id, 'Totals Company ' || id, 'supplier' from unnest(${companyIds()}) as id`);
  await db.execute(sql`insert into users (company_id, email, first_name, last_name, password_hash)
    select id, 'totals-' || id || '@example.com', 'Totals', 'User', 'x' from unnest(${companyIds()}) as id`);
  const rows = await rowsOf<{ id: number; company_id: number }>(
    sql`select id, company_id from users where email like 'totals-%@example.com'`,
  );
  users = new Map(rows.map((r) => [Number(r.company_id), Number(r.id)]));
  [{ partner }] = await rowsOf<{ partner: number }>(
    sql`select company_id as partner from partner_configurations order by company_id limit 1`,
  );
});
afterAll(() => server.close());

/** One submission of the company through the lifecycle, and what happens to it next (by its number). */
async function lifeOf(companyId: number, i: number) {
  const { db } = server.database;
  const userId = users.get(companyId)!;
  const supplier = { actor: 'supplier' as const, userId };
  const staff = { actor: 'staff' as const, userId };
  const [s] = await db.transaction((tx) =>
    createSubmissions(
      tx,
      [
        {
          companyId,
          userId,
          partnerCompanyId: i % 3 === 0 ? partner : null,
          upc: '036000291452',
          ean13Upc: '0036000291452',
          productName: `Totals ${companyId} ${i}`,
          files: [],
          from: null,
        },
      ],
      supplier,
    ),
  );
  switch (i % 5) {
    case 0:
      await db.transaction((tx) => changeStatus(tx, s.id, 'ACCEPTED', staff));
      await db.transaction((tx) => changeStatus(tx, s.id, 'CATALOGUED', staff));
      break;
    case 1:
      await db.transaction((tx) => changeStatus(tx, s.id, 'ADMIN_REJECTED', { ...staff, reason: 'Blurred' }));
      await db.transaction((tx) =>
        replaceFiles(tx, s.id, { upc: '036000291452', ean13Upc: '0036000291452', files: [] }, supplier),
      );
      break;
    case 2:
      await db.transaction((tx) =>
        changeStatus(tx, s.id, 'AUTO_REJECTED', { actor: 'system', userId: null, reason: 'No code' }),
      );
      break;
    case 3:
      await db.transaction((tx) => deleteSubmissionRecord(tx, s.id));
      break;
    default:
      // Refused half-way: the transaction rolls back, totals and all.
      await expect(db.transaction((tx) => changeStatus(tx, s.id, 'CATALOGUED', staff))).rejects.toMatchObject({
        status: 409,
      });
  }
}

describe(`staff-wide submission totals (${databaseKind})`, () => {
  it('equal the sums of the company counts and a real count after a mixed series of lifecycle changes, and are what a staff total reads', async () => {
    const { db } = server.database;
    for (const companyId of COMPANIES) for (let i = 0; i < 10; i++) await lifeOf(companyId, i);
    expect(await totalsBy('stored')).toEqual(await totalsBy('summed'));
    expect(await totalsBy('stored')).toEqual(await totalsBy('real'));
    const stripeRows = await totalsBy('stored');
    // The four companies of one stripe share its rows: one row per partner and status, not per company.
    expect(stripeRows.filter((r) => r.startsWith(`${BASE % TOTAL_STRIPES}/0/CATALOGUED=`))).toHaveLength(1);
    for (const statuses of [['SUBMITTED'], ['ADMIN_REJECTED', 'AUTO_REJECTED'], ['CATALOGUED'], [...ITEM_STATUSES]])
      for (const partnerCompanyId of [null, partner]) {
        const name = `${statuses.join(',')} partner ${partnerCompanyId}`;
        expect(await countSubmissions(db, { companyId: null, partnerCompanyId, statuses }), name).toBe(
          await realCount(statuses, partnerCompanyId),
        );
      }
    expect(await realCount(['CATALOGUED'], partner)).toBeGreaterThan(0);
    expect(await repairCounts(db)).toEqual({ companies: [], totals: [] });
  });

  it('a drift made by hand is found and fixed by the totals repair, and rows loaded round the lifecycle by the company recount', async () => {
    const { db } = server.database;
    const stripe = BASE % TOTAL_STRIPES;
    const staffCatalogued = () =>
      countSubmissions(db, { companyId: null, partnerCompanyId: null, statuses: ['CATALOGUED'] });
    const before = await staffCatalogued();
    const [{ n: ofPartner }] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from product_submissions
      where company_id % ${TOTAL_STRIPES} = ${stripe} and partner_company_id = ${partner} and item_status = 'CATALOGUED'`);
    expect(ofPartner).toBeGreaterThan(0);
    // Off by 3, lost, and a count of nothing.
    await db.execute(sql`update submission_status_totals set n = n + 3
      where stripe = ${stripe} and partner_key = 0 and item_status = 'CATALOGUED'`);
    await db.execute(sql`delete from submission_status_totals
      where stripe = ${stripe} and partner_key = ${partner} and item_status = 'CATALOGUED'`);
    await db.execute(sql`insert into submission_status_totals (item_status, partner_key, stripe, n)
      values ('DELISTED', 0, ${stripe}, 4)
      on conflict (item_status, partner_key, stripe) do update set n = submission_status_totals.n + 4`);
    // The staff total reads the totals: the drift shows, which is why the repair matters.
    expect(await staffCatalogued()).toBe(before + 3 - ofPartner);
    const reported: unknown[] = [];
    const drifts = await recountTotals(db, (d) => reported.push(d));
    expect(drifts).toEqual(
      expect.arrayContaining([
        {
          stripe,
          partnerCompanyId: null,
          itemStatus: 'CATALOGUED',
          stored: expect.any(Number),
          real: expect.any(Number),
        },
        { stripe, partnerCompanyId: partner, itemStatus: 'CATALOGUED', stored: 0, real: ofPartner },
        { stripe, partnerCompanyId: null, itemStatus: 'DELISTED', stored: 4, real: 0 },
      ]),
    );
    expect(drifts).toHaveLength(3);
    expect(drifts.find((d) => d.itemStatus === 'CATALOGUED' && d.partnerCompanyId === null)).toMatchObject({
      stored: expect.any(Number),
    });
    expect(drifts.map((d) => d.stored - d.real).sort((a, b) => a - b)).toEqual(
      [-ofPartner, 3, 4].sort((a, b) => a - b),
    );
    expect(reported).toEqual(drifts);
    expect(await totalsBy('stored')).toEqual(await totalsBy('real'));
    expect(await staffCatalogued()).toBe(before);
    expect(await recountTotals(db)).toEqual([]);

    // Rows changed round the lifecycle (loaded or deleted by SQL): the company recount fixes the company's rows and
    // moves the totals by the same amounts, so they are exact without the totals repair.
    await db.execute(sql`insert into product_submissions (company_id, user_id, upc, ean13_upc, item_status)
      select ${BASE}, ${users.get(BASE)!}, '036000291452', '0036000291452', 'SUBMITTED' from generate_series(1, 7)`);
    await db.execute(sql`delete from product_submissions
      where id = (select id from product_submissions where company_id = ${BASE + 1} and item_status = 'CATALOGUED' limit 1)`);
    expect(await recountCompany(db, BASE)).toEqual([
      expect.objectContaining({ companyId: BASE, partnerCompanyId: null, itemStatus: 'SUBMITTED' }),
    ]);
    expect(await recountAll(db)).toHaveLength(1);
    expect(await totalsBy('stored')).toEqual(await totalsBy('real'));
    expect(await recountTotals(db)).toEqual([]);
  });

  it("the repair job's whole run (no company given) fixes the totals too", async () => {
    const { db } = server.database;
    await db.execute(sql`update submission_status_totals set n = n - 2
      where stripe = ${BASE % TOTAL_STRIPES} and partner_key = 0 and item_status = 'ACCEPTED'`);
    expect(await totalsBy('stored')).not.toEqual(await totalsBy('real'));
    await db.transaction((tx) => enqueue(tx, recountSubmissionsJob, {}));
    await server.ctx.jobs!.drain();
    expect(await totalsBy('stored')).toEqual(await totalsBy('real'));
    expect(await repairCounts(db)).toEqual({ companies: [], totals: [] });
  });

  it('are rebuilt with the counts from the rows (a bulk load)', async () => {
    const { db } = server.database;
    await db.execute(sql`insert into product_submissions (company_id, user_id, upc, ean13_upc, item_status)
      select ${BASE + TOTAL_STRIPES}, ${users.get(BASE + TOTAL_STRIPES)!}, '036000291452', '0036000291452', 'ACCEPTED'
      from generate_series(1, 5)`);
    await db.execute(sql`update submission_status_totals set n = n + 11 where item_status = 'SUBMITTED'`);
    await rebuildCounts(db);
    expect(await totalsBy('stored')).toEqual(await totalsBy('real'));
    expect(await repairCounts(db)).toEqual({ companies: [], totals: [] });
  });
});
