import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CertifiedValues } from '@portal/domain';
import { certifiedValues } from './support/certified-values.ts';
import { queryRows } from '../src/db/client.ts';
import {
  cataloguePage,
  catalogueKeysetPage,
  delistProduct,
  importCertifiedValues,
} from '../src/modules/catalogue/service.ts';
import type { CatalogueQuery } from '../src/modules/catalogue/queries/catalogue-list.ts';
import {
  rebuildCompanyCatalogues,
  repairCompanyCatalogues,
  type CatalogueDrift,
} from '../src/modules/catalogue/queries/membership.ts';
import { enqueue } from '../src/jobs/queue.ts';
import { recountSubmissionsJob } from '../src/modules/submissions/job-types.ts';
import {
  changeStatus,
  createSubmissions,
  deleteSubmissionRecord,
  replaceFiles,
} from '../src/modules/submissions/lifecycle.ts';
import { findUserByEmail, type UserRow } from '../src/modules/users/repository.ts';
import { databaseKind, startTestServer, type TestServer } from './harness.ts';

/**
 * Each company's catalogue (company_catalogue) follows the submissions and the products, and a supplier's catalogue
 * list read from it is the list the catalogue's own rows gave (visible: a submission of the company, not delisted).
 */
let server: TestServer;
let a: UserRow;
let b: UserRow;
let staff: UserRow;
beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  a = (await findUserByEmail(db, 'supplier@example.com'))!;
  b = (await findUserByEmail(db, 'other@example.com'))!;
  staff = (await findUserByEmail(db, 'admin@example.com'))!;
  expect(a.companyId).not.toBe(b.companyId);
});
afterAll(() => server?.close());

const db = () => server.database.db;

async function submitOf(user: UserRow, eans: string[]) {
  return (
    await db().transaction((tx) =>
      createSubmissions(
        tx,
        eans.map((e) => ({
          companyId: user.companyId,
          userId: user.id,
          partnerCompanyId: null,
          upc: e.slice(1),
          ean13Upc: e,
          productName: 'Catalogue member',
          files: [],
          from: null,
        })),
        { actor: 'supplier', userId: user.id },
      ),
    )
  ).map((r) => r.id);
}

const importValues = (rows: { ean13Upc: string; values: CertifiedValues }[]) =>
  importCertifiedValues(server.ctx, staff, rows);

/** The rows as they are and as the submissions and products say they should be, with the counts. */
async function membership(eans: string[]) {
  const list = `{${eans.join(',')}}`;
  const stored = await queryRows<Record<string, unknown>>(
    db(),
    sql`select company_id, ean13_upc, n, listed, brand, description, item_size, units_of_measure, updated_at
      from company_catalogue where ean13_upc = any(${list}::text[]) order by 1, 2`,
  );
  const real = await queryRows<Record<string, unknown>>(
    db(),
    sql`select s.company_id, s.ean13_upc, count(*)::int as n, not p.is_delisted as listed, lower(p.brand) as brand,
        lower(p.description) as description, coalesce(p.item_size, '') as item_size,
        coalesce(p.units_of_measure, '') as units_of_measure, p.updated_at
      from product_submissions s join catalogued_products p on p.ean13_upc = s.ean13_upc
      where s.ean13_upc = any(${list}::text[]) group by s.company_id, s.ean13_upc, p.ean13_upc order by 1, 2`,
  );
  const counts = await queryRows<{ company_id: number; stored: number; real: number }>(
    db(),
    sql`select c.id as company_id, coalesce((select n from company_catalogue_counts k where k.company_id = c.id), 0) as stored,
        (select count(*)::int from company_catalogue m where m.company_id = c.id and m.listed) as real
      from companies c`,
  );
  return { stored, real, counts: counts.filter((c) => Number(c.stored) !== Number(c.real)) };
}
async function expectExact(eans: string[]) {
  const m = await membership(eans);
  expect(m.stored).toEqual(m.real);
  expect(m.counts).toEqual([]);
  return m.stored;
}
const rowOf = (rows: Record<string, unknown>[], user: UserRow, ean: string) =>
  rows.find((r) => Number(r.company_id) === user.companyId && r.ean13_upc === ean);

describe(`the company catalogue (${databaseKind})`, () => {
  it('follows submissions created, deleted and given another EAN-13, and products catalogued', async () => {
    const [x, y] = ['2900000000011', '2900000000028'];
    const [a1, a2] = await submitOf(a, [x, x]);
    // Not catalogued yet: no row.
    expect(await expectExact([x, y])).toEqual([]);
    const countBefore = (await cataloguePage(server.ctx, a, {})).total;
    await importValues([{ ean13Upc: x, values: certifiedValues({ brand: 'Xbrand' }) }]);
    let rows = await expectExact([x, y]);
    expect(rowOf(rows, a, x)).toMatchObject({ n: 2, listed: true, brand: 'xbrand' });
    expect((await cataloguePage(server.ctx, a, {})).total).toBe(countBefore + 1);
    // Another company's submission of it: a row of its own.
    const [b1] = await submitOf(b, [x]);
    rows = await expectExact([x, y]);
    expect(rowOf(rows, b, x)).toMatchObject({ n: 1, listed: true });
    // A rejected submission resubmitted under another EAN-13 (catalogued too): moves from x to y.
    await importValues([{ ean13Upc: y, values: certifiedValues({ brand: 'Ybrand' }) }]);
    expect(rowOf(await expectExact([x, y]), a, y)).toBeUndefined();
    await db().transaction(async (tx) => {
      await changeStatus(tx, a1, 'ADMIN_REJECTED', { actor: 'staff', userId: staff.id, reason: 'Wrong code' });
      await replaceFiles(tx, a1, { upc: y.slice(1), ean13Upc: y, files: [] }, { actor: 'supplier', userId: a.id });
    });
    rows = await expectExact([x, y]);
    expect(rowOf(rows, a, x)).toMatchObject({ n: 1 });
    expect(rowOf(rows, a, y)).toMatchObject({ n: 1, listed: true, brand: 'ybrand' });
    expect((await cataloguePage(server.ctx, a, {})).total).toBe(countBefore + 2);
    // Deleted: the last submission of x goes, and so does the row (and the count with it).
    await db().transaction((tx) => deleteSubmissionRecord(tx, a2));
    rows = await expectExact([x, y]);
    expect(rowOf(rows, a, x)).toBeUndefined();
    expect(rowOf(rows, b, x)).toMatchObject({ n: 1 });
    expect((await cataloguePage(server.ctx, a, {})).total).toBe(countBefore + 1);
    await db().transaction((tx) => deleteSubmissionRecord(tx, b1));
    expect(rowOf(await expectExact([x, y]), b, x)).toBeUndefined();
  });

  it('a catalogue edit reorders the rows, delisting hides them, importing again shows them', async () => {
    const eans = ['2900000000103', '2900000000110', '2900000000127'];
    await submitOf(a, eans);
    await importValues(eans.map((e, i) => ({ ean13Upc: e, values: certifiedValues({ brand: `Zz order ${i}` }) })));
    const mine = async () =>
      (await cataloguePage(server.ctx, a, { brand: 'zz order', sortBy: 'brand', sortDirection: 'asc' })).items.map(
        (p) => p.ean13Upc,
      );
    expect(await mine()).toEqual(eans);
    await importValues([{ ean13Upc: eans[0], values: certifiedValues({ brand: 'Zz order 9' }) }]);
    expect(await mine()).toEqual([eans[1], eans[2], eans[0]]);
    await expectExact(eans);
    const total = (await cataloguePage(server.ctx, a, {})).total;
    await delistProduct(server.ctx, staff, eans[1]);
    expect(await mine()).toEqual([eans[2], eans[0]]);
    expect((await cataloguePage(server.ctx, a, {})).total).toBe(total - 1);
    expect(rowOf(await expectExact(eans), a, eans[1])).toMatchObject({ listed: false });
    await importValues([{ ean13Upc: eans[1], values: certifiedValues({ brand: 'Zz order 1' }) }]);
    expect(await mine()).toEqual([eans[1], eans[2], eans[0]]);
    expect((await cataloguePage(server.ctx, a, {})).total).toBe(total);
    // The rebuild (bulk loads) gives the same rows as the refreshes did.
    const before = await expectExact(eans);
    await rebuildCompanyCatalogues(db());
    expect(await expectExact(eans)).toEqual(before);
  });

  it('every sort, direction and filter gives the pages the catalogue rows gave (an EXISTS per product)', async () => {
    // 60 products of company a (12 of them b's too), 20 of b's alone; ties of brand and size, empty sizes and units.
    const ours = Array.from({ length: 60 }, (_, i) => `28${String(i).padStart(10, '0')}1`);
    const theirs = Array.from({ length: 20 }, (_, i) => `27${String(i).padStart(10, '0')}1`);
    await submitOf(a, ours);
    await submitOf(b, [...ours.slice(0, 12), ...theirs]);
    await importValues(
      [...ours, ...theirs].map((e, i) => ({
        ean13Upc: e,
        values: certifiedValues({
          brand: `Eq brand ${i % 7}`,
          description: `Eq item ${(i * 13) % 60}${i % 5 === 0 ? ' special' : ''}`,
          itemSize: i % 4 === 0 ? null : `${i % 9} oz`,
          unitsOfMeasure: i % 3 === 0 ? null : i % 2 ? 'EA' : 'CT',
        }),
      })),
    );
    for (const e of [ours[5], ours[17], ours[40]]) await delistProduct(server.ctx, staff, e);
    const old = (q: CatalogueQuery) => {
      const key = {
        ean13Upc: sql`p.ean13_upc`,
        brand: sql`lower(p.brand)`,
        description: sql`lower(p.description)`,
        itemSize: sql`coalesce(p.item_size, '')`,
        unitsOfMeasure: sql`coalesce(p.units_of_measure, '')`,
        updatedDate: sql`p.updated_at`,
      }[q.sortBy as 'brand'];
      const dir = sql.raw(q.sortDirection === 'asc' ? 'asc' : 'desc');
      return queryRows<{ ean13_upc: string }>(
        db(),
        sql`select p.ean13_upc from catalogued_products p
          where not p.is_delisted
            and exists (select 1 from product_submissions s where s.company_id = ${a.companyId} and s.ean13_upc = p.ean13_upc)
            and lower(p.brand) like 'eq brand%'
            and (${q.upcPrefix ?? null}::text is null or p.ean13_upc like ${(q.upcPrefix ?? '') + '%'})
            and (${q.description ?? null}::text is null or lower(p.description) like ${'%' + (q.description ?? '') + '%'})
          order by ${key} ${dir}, p.ean13_upc ${dir}`,
      ).then((rows) => rows.map((r) => r.ean13_upc));
    };
    for (const sortBy of ['updatedDate', 'ean13Upc', 'brand', 'description', 'itemSize', 'unitsOfMeasure'])
      for (const sortDirection of ['asc', 'desc'])
        for (const filter of [{}, { upcPrefix: '2800000000' }, { description: 'special' }]) {
          const q: CatalogueQuery = { sortBy, sortDirection, brand: 'Eq brand', pageSize: 7, ...filter };
          const name = `${sortBy} ${sortDirection} ${JSON.stringify(filter)}`;
          const expected = await old(q);
          expect(expected.length, name).toBeGreaterThan(0);
          // Down the list by Next (after), page by page; then back up by Previous (before) from the last page.
          const pages: string[][] = [];
          let page = await cataloguePage(server.ctx, a, { ...q, page: 1 });
          expect(page.total, name).toBe(expected.length);
          pages.push(page.items.map((p) => p.ean13Upc));
          while (page.items.length === 7 && page.endCursor) {
            page = await cataloguePage(server.ctx, a, { ...q, page: pages.length + 1, after: page.endCursor });
            if (page.items.length) pages.push(page.items.map((p) => p.ean13Upc));
          }
          expect(pages.flat(), name).toEqual(expected);
          // A page picked by number is the same rows.
          const third = await cataloguePage(server.ctx, a, { ...q, page: 3 });
          expect(
            third.items.map((p) => p.ean13Upc),
            name,
          ).toEqual(expected.slice(14, 21));
          if (third.startCursor) {
            const second = await cataloguePage(server.ctx, a, { ...q, page: 2, before: third.startCursor });
            expect(
              second.items.map((p) => p.ean13Upc),
              name,
            ).toEqual(expected.slice(7, 14));
          }
        }
    // The integration API's list by EAN-13: the same products, a cursor at a time.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await catalogueKeysetPage(server.ctx, a, { limit: 50, ...(cursor ? { cursor } : {}) });
      seen.push(...res.items.map((p) => p.ean13Upc));
      cursor = res.next_cursor ?? undefined;
    } while (cursor);
    const visible = await queryRows<{ ean13_upc: string }>(
      db(),
      sql`select p.ean13_upc from catalogued_products p where not p.is_delisted
        and exists (select 1 from product_submissions s where s.company_id = ${a.companyId} and s.ean13_upc = p.ean13_upc)
        order by p.ean13_upc`,
    );
    expect(seen).toEqual(visible.map((r) => r.ean13_upc));
  });

  it('the daily repair finds each company catalogue row and count that drifted, reports it and sets it right', async () => {
    const eans = ['2900000000202', '2900000000219', '2900000000226'];
    await submitOf(a, eans);
    await submitOf(b, [eans[0]]);
    await importValues(eans.map((e) => ({ ean13Upc: e, values: certifiedValues({ brand: 'Repaired' }) })));
    const exact = await expectExact(eans);
    expect(await repairCompanyCatalogues(db())).toEqual([]);
    const listed = async (user: UserRow) => (await cataloguePage(server.ctx, user, {})).total;
    const [listedA, listedB] = [await listed(a), await listed(b)];
    // Rows changed round the lifecycle: one gone, one with a wrong count and brand, one that should not be there
    // (company b has no submission of eans[1]), and a listed count off by 5.
    await db().execute(sql`delete from company_catalogue where company_id = ${a.companyId} and ean13_upc = ${eans[0]}`);
    await db().execute(
      sql`update company_catalogue set n = 7, brand = 'stale' where company_id = ${a.companyId} and ean13_upc = ${eans[1]}`,
    );
    await db()
      .execute(sql`insert into company_catalogue (company_id, ean13_upc, n, listed, brand, description, item_size,
        units_of_measure, updated_at) values (${b.companyId}, ${eans[1]}, 1, true, 'x', 'x', '', '', now())`);
    await db().execute(sql`update company_catalogue_counts set n = n + 5 where company_id = ${a.companyId}`);
    const reported: CatalogueDrift[] = [];
    const drifts = await repairCompanyCatalogues(db(), (d) => reported.push(d));
    expect(drifts).toEqual(reported);
    const rows = reported
      .filter((d) => d.kind === 'row')
      .map((d) => [d.companyId, d.ean13Upc, d.stored === null, d.real === null]);
    expect(rows).toEqual(
      expect.arrayContaining([
        [a.companyId, eans[0], true, false],
        [a.companyId, eans[1], false, false],
        [b.companyId, eans[1], false, true],
      ]),
    );
    expect(rows).toHaveLength(3);
    // The counts: a's was set 5 too high, and the refresh of its lost row added one more; b's lost one when the
    // row it never counted was removed.
    expect(reported.filter((d) => d.kind === 'count')).toEqual(
      [
        { kind: 'count', companyId: a.companyId, stored: listedA + 6, real: listedA },
        { kind: 'count', companyId: b.companyId, stored: listedB - 1, real: listedB },
      ].sort((x, y) => x.companyId - y.companyId),
    );
    expect(await expectExact(eans)).toEqual(exact);
    expect(await repairCompanyCatalogues(db())).toEqual([]);
    // The daily job runs it, after the counts' repair.
    await db().execute(sql`delete from company_catalogue where company_id = ${b.companyId} and ean13_upc = ${eans[0]}`);
    await db().transaction((tx) => enqueue(tx, recountSubmissionsJob, {}));
    await server.ctx.jobs!.drain();
    expect(await expectExact(eans)).toEqual(exact);
  });
});
