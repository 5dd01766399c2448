import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { MSG, V1_MSG, v1SubmissionPage } from '@portal/domain';
import { queryRows } from '../src/db/client.ts';
import { submissionCounts } from '../src/db/schema.ts';
import { recountAll, recountTotals, repairCounts, TOTAL_STRIPES } from '../src/modules/submissions/counts.ts';
import { enqueue } from '../src/jobs/queue.ts';
import { recountSubmissionsJob } from '../src/modules/submissions/job-types.ts';
import {
  changeStatus,
  createSubmissions,
  deleteSubmissionRecord,
  replaceFiles,
} from '../src/modules/submissions/lifecycle.ts';
import { databaseKind, demoClients, startTestServer, type Client, type TestServer } from './harness.ts';

// The activity list is one of a few prepared statements per shape (first page or not, usual page size or not,
// number of statuses, drafts or not); each shape is exercised here against the real database.
let server: TestServer;
let supplier: Client;
let other: Client;
const SUBMITTED = 25;

beforeAll(async () => {
  server = await startTestServer();
  ({ supplier, other } = await demoClients(server));
  const { db } = server.database;
  await db.execute(sql`
    insert into product_submissions (company_id, user_id, upc, ean13_upc, product_name, item_status, created_at, updated_at)
    select u.company_id, u.id, lpad(g::text, 12, '0'), lpad(g::text, 13, '0'), 'Listed ' || g,
      case when g <= ${SUBMITTED} then 'SUBMITTED' else 'ACCEPTED' end,
      now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from users u, generate_series(1, ${SUBMITTED + 5}) g where u.email = 'supplier@example.com'`);
  // Rows loaded by SQL are counted by the repair, as after a restore.
  await recountAll(db);
});
afterAll(() => server.close());

type Page = {
  total: number;
  page: number;
  pageSize: number;
  items: { kind: string; productName: string | null; itemStatus: string }[];
};
async function list(
  c: Client,
  args: { tab?: string; statuses?: string[]; page?: number; pageSize?: number },
): Promise<Page> {
  const res = await c.graphql(
    `query($tab: ActivityTab, $statuses: [ItemStatus!], $page: Int, $pageSize: Int) {
      getProductSubmissionsByStatuses(tab: $tab, statuses: $statuses, page: $page, pageSize: $pageSize) {
        total page pageSize items { kind productName itemStatus } } }`,
    args,
  );
  expect(res.json.errors).toBeUndefined();
  return res.json.data.getProductSubmissionsByStatuses;
}
const names = (p: Page) => p.items.map((i) => i.productName);
const listed = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Listed ${from + i}`);

describe(`activity list paging (${databaseKind})`, () => {
  it('pages of 10, newest first, with the same total on every page and an empty page past the end', async () => {
    const pages = [
      await list(supplier, { tab: 'pending' }),
      await list(supplier, { tab: 'pending', page: 2 }),
      await list(supplier, { tab: 'pending', page: 3 }),
    ];
    expect(pages.map((p) => p.total)).toEqual([SUBMITTED, SUBMITTED, SUBMITTED]);
    expect(pages.flatMap(names)).toEqual(listed(1, SUBMITTED));
    expect(pages.map((p) => p.items.length)).toEqual([10, 10, 5]);
    const past = await list(supplier, { tab: 'pending', page: 9 });
    expect(past).toMatchObject({ total: SUBMITTED, page: 9, items: [] });
  });

  it('another page size, asked for explicitly, is honoured on every page', async () => {
    expect(names(await list(supplier, { tab: 'pending', pageSize: 7 }))).toEqual(listed(1, 7));
    expect(names(await list(supplier, { tab: 'pending', pageSize: 7, page: 2 }))).toEqual(listed(8, 14));
    expect((await list(supplier, { tab: 'pending', pageSize: 1000 })).pageSize).toBe(100);
  });

  it('a list of statuses counts each status once, and IN_PROGRESS brings the drafts in', async () => {
    const once = await list(supplier, { statuses: ['SUBMITTED'] });
    const twice = await list(supplier, { statuses: ['SUBMITTED', 'SUBMITTED'] });
    expect(twice).toEqual(once);
    const both = await list(supplier, { statuses: ['ACCEPTED', 'SUBMITTED'], page: 3 });
    expect(both.total).toBe(SUBMITTED + 5);
    expect(names(both)).toEqual(listed(21, 30));
    const withDrafts = await list(supplier, { statuses: ['IN_PROGRESS', 'SUBMITTED'], page: 2 });
    expect(withDrafts.total).toBeGreaterThanOrEqual(SUBMITTED);
    expect(withDrafts.items.every((i) => ['Draft', 'Product'].includes(i.kind))).toBe(true);
  });

  it('next and previous read from the boundary of the page shown: the same pages, and a new row above moves none', async () => {
    const boundaries = `query($tab: ActivityTab, $page: Int, $boundary: String) {
      getProductSubmissionsByStatuses(tab: $tab, page: $page, boundary: $boundary) {
        total page items { productName } startCursor endCursor } }`;
    const ask = async (c: Client, vars: Record<string, unknown>) => (await c.graphql(boundaries, vars)).json;
    const first = (await ask(supplier, { tab: 'pending', page: 1 })).data.getProductSubmissionsByStatuses;
    const second = (await ask(supplier, { tab: 'pending', page: 2, boundary: first.endCursor })).data
      .getProductSubmissionsByStatuses;
    expect(second.items.map((i: { productName: string }) => i.productName)).toEqual(listed(11, 20));
    const back = (await ask(supplier, { tab: 'pending', page: 1, boundary: second.startCursor })).data
      .getProductSubmissionsByStatuses;
    expect(back.items.map((i: { productName: string }) => i.productName)).toEqual(listed(1, 10));

    // A submission arrives at the top: "next" from page 2 still shows what followed it.
    const { db } = server.database;
    const [u] = await rowsOf<{ id: number; company_id: number }>(
      sql`select id, company_id from users where email = 'supplier@example.com'`,
    );
    await db.transaction(async (tx) => {
      await createSubmissions(
        tx,
        [
          {
            companyId: u.company_id,
            userId: u.id,
            partnerCompanyId: null,
            upc: '036000291452',
            ean13Upc: '0036000291452',
            productName: 'Arrived',
            files: [],
            from: null,
          },
        ],
        { actor: 'supplier', userId: u.id },
      );
    });
    const third = (await ask(supplier, { tab: 'pending', page: 3, boundary: second.endCursor })).data
      .getProductSubmissionsByStatuses;
    expect(third.items.map((i: { productName: string }) => i.productName)).toEqual(listed(21, SUBMITTED));
    expect(third.total).toBe(SUBMITTED + 1);

    // A boundary that was made up, or that belongs to another list, is a 400, never a 500.
    const forged = Buffer.from(JSON.stringify({ v: 1, s: 'updated_at', k: '1', i: 'x', f: 'abcdefghij' })).toString(
      'base64url',
    );
    for (const [c, vars] of [
      [supplier, { tab: 'pending', page: 2, boundary: 'not-a-cursor' }],
      [supplier, { tab: 'pending', page: 2, boundary: forged }],
      [supplier, { tab: 'accepted', page: 2, boundary: first.endCursor }],
      [other, { tab: 'pending', page: 2, boundary: first.endCursor }],
    ] as const) {
      const res = await ask(c, vars);
      expect(res.errors?.[0]).toMatchObject({ message: MSG.invalidCursor, extensions: { code: 'INVALID_CURSOR' } });
    }
    await db.execute(sql`delete from product_submissions where product_name = 'Arrived'`);
    await recountAll(db);
  });

  it('another company sees none of it, whatever the shape', async () => {
    expect((await list(other, { tab: 'pending' })).total).toBe(0);
    expect((await list(other, { statuses: ['SUBMITTED', 'ACCEPTED'], page: 2, pageSize: 5 })).total).toBe(0);
  });

  it("a draft's row carries the UPCs of all its files, each once, in file order (issue 17 item 7)", async () => {
    const { db } = server.database;
    await db.execute(sql`
      with draft as (
        insert into draft_submissions (company_id, user_id, updated_at)
        select company_id, id, now() + interval '1 day' from users where email = 'supplier@example.com' returning id
      )
      insert into draft_files (draft_id, file_name, storage_key, kind, size, position, upc, detected_upcs)
      select draft.id, f.name, 'none/' || f.name, 'png', 1, f.position, f.upc, f.detected::text[]
      from draft, (values ('a.png', 0, '036000291452', '{}'), ('b.png', 1, null, '{4006381333931}'),
        ('c.png', 2, '036000291452', '{}'), ('d.png', 3, null, '{}')) as f(name, position, upc, detected)`);
    const res = await supplier.graphql(`{ getProductSubmissionsByStatuses(tab: drafts) { items { kind upc upcs } } }`);
    expect(res.json.errors).toBeUndefined();
    const [newest] = res.json.data.getProductSubmissionsByStatuses.items;
    expect(newest).toEqual({ kind: 'Draft', upc: '036000291452', upcs: ['036000291452', '4006381333931'] });
    const products = await supplier.graphql(`{ getProductSubmissionsByStatuses(tab: pending) { items { upc upcs } } }`);
    for (const item of products.json.data.getProductSubmissionsByStatuses.items) expect(item.upcs).toEqual([item.upc]);
  });
});

const rowsOf = <T>(query: SQL) => queryRows<T>(server.database.db, query);
const one = async (query: SQL) => Number(Object.values((await rowsOf<Record<string, unknown>>(query))[0])[0]);

/** Every (company, partner, status) with its number of submissions, from the counts table or from the rows. */
async function countsBy(source: 'stored' | 'real') {
  const { db } = server.database;
  const rows =
    source === 'stored'
      ? await db
          .select({
            c: submissionCounts.companyId,
            p: submissionCounts.partnerKey,
            s: submissionCounts.itemStatus,
            n: submissionCounts.n,
          })
          .from(submissionCounts)
          .where(sql`${submissionCounts.n} <> 0`)
      : await rowsOf(sql`select company_id as c, coalesce(partner_company_id, 0) as p, item_status as s,
          count(*)::int as n from product_submissions group by 1, 2, 3`);
  return (rows as { c: number; p: number; s: string; n: number }[])
    .map((r) => `${r.c}/${r.p}/${r.s}=${Number(r.n)}`)
    .sort();
}

/** Every staff-wide total row (stripe, partner, status), stored or summed from the company counts. */
async function totalsBy(source: 'stored' | 'summed') {
  const rows = await rowsOf<{ t: number; p: number; s: string; n: number }>(
    source === 'stored'
      ? sql`select stripe as t, partner_key as p, item_status as s, n from submission_status_totals where n <> 0`
      : sql`select company_id % ${TOTAL_STRIPES} as t, partner_key as p, item_status as s, sum(n)::int as n
          from submission_counts group by 1, 2, 3 having sum(n) <> 0`,
  );
  return rows.map((r) => `${r.t}/${r.p}/${r.s}=${Number(r.n)}`).sort();
}

describe(`maintained submission counts (${databaseKind})`, () => {
  it('stay equal to a real count through concurrent submits, decisions, resubmits and deletes, and a recount under that load finds no drift', async () => {
    const { db } = server.database;
    const users = await rowsOf<{ id: number; company_id: number }>(
      sql`select id, company_id from users where email in ('supplier@example.com', 'other@example.com', 'admin@example.com') order by email`,
    );
    const [admin, other, supplierUser] = users.map((u) => ({ id: Number(u.id), companyId: Number(u.company_id) }));
    const partner = await one(sql`select company_id from partner_configurations order by company_id limit 1`);
    const staff = { actor: 'staff' as const, userId: admin.id };
    const item = (who: { id: number; companyId: number }, i: number) => ({
      companyId: who.companyId,
      userId: who.id,
      partnerCompanyId: i % 3 === 0 ? partner : null,
      upc: '036000291452',
      ean13Upc: '0036000291452',
      productName: `Counted ${i}`,
      files: [],
      from: null,
    });
    // Each step is its own transaction, eight at a time, as many users would.
    const steps = Array.from({ length: 24 }, (_, i) => async () => {
      const who = Math.floor(i / 6) % 2 ? other : supplierUser;
      const [s] = await db.transaction((tx) =>
        createSubmissions(tx, [item(who, i)], { actor: 'supplier', userId: who.id }),
      );
      switch (i % 6) {
        case 0:
          await db.transaction((tx) => changeStatus(tx, s.id, 'ACCEPTED', staff));
          await db.transaction((tx) => changeStatus(tx, s.id, 'CATALOGUED', staff));
          break;
        case 1:
          await db.transaction((tx) => changeStatus(tx, s.id, 'ADMIN_REJECTED', { ...staff, reason: 'Blurred' }));
          await db.transaction((tx) =>
            replaceFiles(
              tx,
              s.id,
              { upc: '036000291452', ean13Upc: '0036000291452', files: [] },
              { actor: 'supplier', userId: who.id },
            ),
          );
          break;
        case 2:
          await db.transaction((tx) =>
            changeStatus(tx, s.id, 'AUTO_REJECTED', { actor: 'system', userId: null, reason: 'No code' }),
          );
          await db.transaction((tx) => changeStatus(tx, s.id, 'SUBMITTED', { actor: 'supplier', userId: who.id }));
          break;
        case 3:
          await db.transaction((tx) => deleteSubmissionRecord(tx, s.id));
          break;
        case 4: {
          // A transition refused half-way leaves the counts as they were (the transaction rolls back).
          await expect(db.transaction((tx) => changeStatus(tx, s.id, 'CATALOGUED', staff))).rejects.toMatchObject({
            status: 409,
          });
          break;
        }
        default:
          await db.transaction((tx) => changeStatus(tx, s.id, 'ADMIN_REJECTED', { ...staff, reason: 'Wrong size' }));
      }
    });
    const drifts: unknown[] = [];
    for (let i = 0; i < steps.length; i += 8) {
      await Promise.all([
        ...steps.slice(i, i + 8).map((step) => step()),
        recountAll(db).then((found) => drifts.push(...found)),
      ]);
    }
    expect(drifts).toEqual([]);
    expect(await countsBy('stored')).toEqual(await countsBy('real'));
    expect(await totalsBy('stored')).toEqual(await totalsBy('summed'));
    expect(await recountTotals(db)).toEqual([]);
    // The tabs read the counts: the supplier's Rejected tab holds its rejections of this run, counted.
    const rejected = await list(supplier, { tab: 'rejected' });
    expect(rejected.total).toBe(
      await one(sql`select count(*) from product_submissions
        where company_id = ${supplierUser.companyId} and item_status in ('AUTO_REJECTED', 'ADMIN_REJECTED')`),
    );
    expect(rejected.total).toBeGreaterThan(0);
  });

  it('the recount job reports each drift, fixes it, and the tabs show the repaired totals', async () => {
    const { db } = server.database;
    const supplierCompany = await one(sql`select company_id from users where email = 'supplier@example.com'`);
    const before = await list(supplier, { tab: 'pending' });
    // Drift injected three ways: a count off by 5, a count lost, a count of nothing.
    await db.execute(sql`update submission_counts set n = n + 5
      where company_id = ${supplierCompany} and partner_key = 0 and item_status = 'SUBMITTED'`);
    await db.execute(
      sql`delete from submission_counts where company_id = ${supplierCompany} and item_status = 'ACCEPTED' and partner_key = 0`,
    );
    await db.execute(
      sql`insert into submission_counts (company_id, partner_key, item_status, n) values (${supplierCompany}, 0, 'DELISTED', 2)`,
    );
    // The tabs read the table (a drifted count shows), which is why the repair matters.
    expect((await list(supplier, { tab: 'pending' })).total).toBe(before.total + 5);

    const warnings: unknown[] = [];
    const drifts = await recountAll(db, (d) => warnings.push(d));
    expect(drifts).toEqual(
      expect.arrayContaining([
        {
          companyId: supplierCompany,
          partnerCompanyId: null,
          itemStatus: 'SUBMITTED',
          stored: before.total + 5,
          real: before.total,
        },
        {
          companyId: supplierCompany,
          partnerCompanyId: null,
          itemStatus: 'ACCEPTED',
          stored: 0,
          real: expect.any(Number),
        },
        { companyId: supplierCompany, partnerCompanyId: null, itemStatus: 'DELISTED', stored: 2, real: 0 },
      ]),
    );
    expect(drifts).toHaveLength(3);
    expect(warnings).toEqual(drifts);
    expect(await countsBy('stored')).toEqual(await countsBy('real'));
    expect((await list(supplier, { tab: 'pending' })).total).toBe(before.total);
    // The recount moved the staff totals by the same amounts, as for rows changed round the lifecycle; here the
    // company rows alone had been changed, so the totals repair finds those amounts and puts them back.
    const accepted = drifts.find((d) => d.itemStatus === 'ACCEPTED')!.real;
    const totals = await recountTotals(db);
    expect(totals.map((d) => [d.stripe, d.partnerCompanyId, d.itemStatus, d.stored - d.real]).sort()).toEqual([
      [supplierCompany % TOTAL_STRIPES, null, 'ACCEPTED', accepted],
      [supplierCompany % TOTAL_STRIPES, null, 'DELISTED', -2],
      [supplierCompany % TOTAL_STRIPES, null, 'SUBMITTED', -5],
    ]);
    expect(await totalsBy('stored')).toEqual(await totalsBy('summed'));

    // Through the maintenance queue: a second drift is found and fixed by the job the schedule queues.
    await db.execute(sql`update submission_counts set n = n - 1
      where company_id = ${supplierCompany} and partner_key = 0 and item_status = 'SUBMITTED'`);
    await db.transaction((tx) => enqueue(tx, recountSubmissionsJob, { companyId: supplierCompany }));
    await server.ctx.jobs!.drain();
    expect(await countsBy('stored')).toEqual(await countsBy('real'));
    expect(await repairCounts(db)).toEqual({
      companies: [],
      totals: [expect.objectContaining({ itemStatus: 'SUBMITTED', partnerCompanyId: null })],
    });
    expect(await repairCounts(db)).toEqual({ companies: [], totals: [] });
    expect(await totalsBy('stored')).toEqual(await totalsBy('summed'));
  });
});

describe(`GET /api/v1/submissions (${databaseKind})`, () => {
  type V1Page = {
    items: { id: string; status: string; updated_at: string; company_id: number }[];
    next_cursor: string | null;
  };
  const v1 = async (c: Client, query: string) => {
    const res = await c.get(`/api/v1/submissions${query}`);
    if (res.status === 200) v1SubmissionPage.parse(res.json); // the answer is what the document says
    return res as { status: number; json: V1Page & { code?: string; fields?: Record<string, string> } };
  };

  it('pages by next_cursor through every submission of the company, newest first, each once, with its filters', async () => {
    const supplierCompany = await one(sql`select company_id from users where email = 'supplier@example.com'`);
    const seen: V1Page['items'] = [];
    let cursor: string | null = null;
    do {
      const res = await v1(supplier, `?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.json.items.length).toBeLessThanOrEqual(7);
      seen.push(...res.json.items);
      cursor = res.json.next_cursor;
    } while (cursor);
    expect(new Set(seen.map((s) => s.id)).size).toBe(seen.length);
    expect(seen.length).toBe(
      await one(sql`select count(*) from product_submissions where company_id = ${supplierCompany}`),
    );
    expect(seen.every((s) => s.company_id === supplierCompany)).toBe(true);
    const times = seen.map((s) => s.updated_at);
    expect(times).toEqual([...times].sort().reverse());

    const accepted = await v1(supplier, '?status=ACCEPTED&limit=100');
    expect(accepted.json.items.map((s) => s.status)).toEqual(Array(accepted.json.items.length).fill('ACCEPTED'));
    expect(accepted.json.items.length).toBe(
      await one(
        sql`select count(*) from product_submissions where company_id = ${supplierCompany} and item_status = 'ACCEPTED'`,
      ),
    );
    expect(accepted.json.next_cursor).toBeNull();
    const byCreation = await v1(supplier, '?sort=created_at&status=SUBMITTED&limit=3');
    expect(byCreation.json.items).toHaveLength(3);
    const next = await v1(supplier, `?sort=created_at&status=SUBMITTED&limit=3&cursor=${byCreation.json.next_cursor}`);
    expect(next.json.items.map((s) => s.id)).not.toContain(byCreation.json.items[2].id);
    expect((await v1(supplier, '?updated_since=2999-01-01T00:00:00Z')).json).toEqual({ items: [], next_cursor: null });
    // Another company sees none of it.
    expect((await v1(other, '?limit=100')).json.items.some((s) => s.company_id === supplierCompany)).toBe(false);
  });

  it('refuses a limit out of 1 to 100, an unknown status and a cursor made up or of other filters with a 400', async () => {
    for (const limit of ['0', '101', '1000', 'ten'])
      expect(await v1(supplier, `?limit=${limit}`)).toMatchObject({
        status: 400,
        json: { code: 'BAD_REQUEST', fields: { limit: V1_MSG.limitRange } },
      });
    expect((await v1(supplier, '?status=SUBMITTED,NOPE')).json.fields).toEqual({ status: V1_MSG.statusUnknown });
    const first = await v1(supplier, '?limit=2');
    expect(await v1(supplier, `?limit=2&status=ACCEPTED&cursor=${first.json.next_cursor}`)).toMatchObject({
      status: 400,
      json: { code: 'INVALID_CURSOR' },
    });
    expect(await v1(other, `?limit=2&cursor=${first.json.next_cursor}`)).toMatchObject({
      status: 400,
      json: { code: 'INVALID_CURSOR' },
    });
    expect((await v1(supplier, '?cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
  });

  it('is documented with its operationId and typed answer', async () => {
    const doc = (await supplier.get('/api/openapi.json')).json;
    const op = doc.paths['/api/v1/submissions'].get;
    expect(op.operationId).toBe('listSubmissions');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400']));
    expect(JSON.stringify(op.responses['200'])).toContain('SubmissionPage');
  });
});
