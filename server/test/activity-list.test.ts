import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
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
    `query($tab: String, $statuses: [String!], $page: Int, $pageSize: Int) {
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
    const res = await supplier.graphql(
      `{ getProductSubmissionsByStatuses(tab: "drafts") { items { kind upc upcs } } }`,
    );
    expect(res.json.errors).toBeUndefined();
    const [newest] = res.json.data.getProductSubmissionsByStatuses.items;
    expect(newest).toEqual({ kind: 'Draft', upc: '036000291452', upcs: ['036000291452', '4006381333931'] });
    const products = await supplier.graphql(
      `{ getProductSubmissionsByStatuses(tab: "pending") { items { upc upcs } } }`,
    );
    for (const item of products.json.data.getProductSubmissionsByStatuses.items) expect(item.upcs).toEqual([item.upc]);
  });
});
