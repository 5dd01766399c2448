import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toEan13 } from '@portal/domain';
import { queryRows } from '../src/db/client.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import {
  aCatalogueProduct,
  aDraft,
  aUpc,
  BLUE_HARBOR,
  FRESH_MARKET,
  GREEN_VALLEY,
  submissions,
} from './support/factories.ts';
import { noiseImage } from './support/hostile-files.ts';

/**
 * The search box (GraphQL `search`, REST `GET /api/v1/search`) on both databases: the extensions it needs (pg_trgm,
 * unaccent) are the embedded database's and the server's alike. Typos, accents, UPC forms, who sees what.
 */
let server: TestServer;
let supplier: Client;
let other: Client;
let admin: Client;
const upcs = { cookies: aUpc('61'), dough: aUpc('61'), blue: aUpc('61'), product: aUpc('61') };

const SEARCH = `query($q: String!, $limit: Int) { search(q: $q, limit: $limit) { query
  products { kind id title detail upc status score }
  submissions { kind id title upc status score partner { id name } company { id name } }
  companies { id title detail } submitters { id title detail company { id name } } } }`;

interface Hit {
  id: string;
  title: string;
  upc: string | null;
  status: string | null;
  detail: string | null;
  partner: { id: number; name: string } | null;
  company: { id: number; name: string } | null;
}
interface Results {
  products: Hit[];
  submissions: Hit[];
  companies: Hit[];
  submitters: Hit[];
}

async function find(c: Client, q: string, limit?: number): Promise<Results> {
  const res = await c.graphql(SEARCH, { q, limit });
  if (res.json.errors) throw new Error(JSON.stringify(res.json.errors));
  return res.json.data.search as Results;
}
const titles = (hits: Hit[]) => hits.map((h) => h.title);

beforeAll(async () => {
  server = await startTestServer();
  [supplier, other, admin] = [new Client(server.url), new Client(server.url), new Client(server.url)];
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  await other.login('other@example.com', 'Other-demo-1');
  await admin.login('admin@example.com', 'Admin-demo-1');
  await submissions(server, [
    { upc: upcs.cookies, name: 'Organic Chocolate Chip Cookies', partner: FRESH_MARKET },
    { upc: upcs.dough, name: 'Chocolate Chip Cookie Dough Ice Cream' },
    { upc: aUpc('61'), name: 'Chocolate Milk' },
    { upc: aUpc('61'), name: 'Oatmeal Raisin Cookies' },
    { upc: aUpc('61'), name: 'Crème Brûlée Yogurt' },
    { upc: aUpc('61'), name: 'Jalapeno Kettle Chips' },
    { company: BLUE_HARBOR, upc: upcs.blue, name: 'Organic Chocolate Chip Cookies (Blue Harbor)' },
    { company: BLUE_HARBOR, upc: aUpc('61'), name: 'Crème Brûlée Cookies' },
  ]);
  await aCatalogueProduct(server, {
    upc: upcs.product,
    name: 'Choc chip cookies',
    values: { description: 'Organic Chocolate Chip Cookies', brand: 'Green Valley' },
  });
});
afterAll(() => server?.close());

describe(`search (${databaseKind})`, () => {
  it('"choclate chp cookie" finds Organic Chocolate Chip Cookies first, product and submission', async () => {
    const found = await find(supplier, 'choclate chp cookie');
    expect(found.submissions[0]).toMatchObject({
      title: 'Organic Chocolate Chip Cookies',
      status: 'SUBMITTED',
      partner: { id: FRESH_MARKET, name: expect.stringMatching(/^fresh market grocers$/i) },
      company: { id: GREEN_VALLEY },
    });
    expect(titles(found.submissions)).toContain('Chocolate Chip Cookie Dough Ice Cream');
    expect(found.products[0]).toMatchObject({
      id: toEan13(upcs.product),
      title: 'Organic Chocolate Chip Cookies',
      detail: 'Green Valley',
      status: 'CATALOGUED',
    });
  });

  it('finds a product written after the start by a typo of a word only it holds: its words are kept as it is written', async () => {
    const dictionary = async () =>
      queryRows<{ word: string }>(server.database.db, sql`select word from search_words where word like 'kumquat%'`);
    expect((await find(supplier, 'kumqat marmelade')).submissions).toEqual([]);
    expect(await dictionary()).toEqual([]);
    await submissions(server, [{ upc: aUpc('61'), name: 'Kumquat Marmalade' }]);
    expect(await dictionary()).toEqual([{ word: 'kumquat' }]);
    expect(titles((await find(supplier, 'kumqat marmelade')).submissions)[0]).toBe('Kumquat Marmalade');
  });

  it('keeps the words of every row a statement inserts, and the new words of a rename', async () => {
    const db = server.database.db;
    const words = async (pattern: string) =>
      (
        await queryRows<{ word: string }>(
          db,
          sql`select word from search_words where word like ${pattern} order by word`,
        )
      ).map((r) => r.word);
    await db.execute(sql`
      insert into catalogued_products (ean13_upc, description, brand)
      select lpad((990000 + g)::text, 13, '0'), 'Quillberry ' || g, 'Quillbrand'
      from generate_series(1, 3) g`);
    expect(await words('quill%')).toEqual(['quillberry', 'quillbrand']);
    await db.execute(
      sql`update catalogued_products set description = 'Quillfruit jam' where ean13_upc = ${'0000000990001'}`,
    );
    expect(await words('quill%')).toEqual(['quillberry', 'quillbrand', 'quillfruit']);
  });

  it('of names whose closest stretch is as close, the one with the least else in it comes first', async () => {
    // The intended one written first, then more look-alikes than the candidates ranked (60): read newest first, it
    // was left out ("wild wld berry popcorn" at ten million submissions).
    // Codes of their own, so that the UPC tests' first digits find none of these.
    await submissions(server, [{ upc: aUpc('44'), name: 'Wild Wild Berry Popcorn' }]);
    const qualities = ['Hearty', 'Original', 'Gourmet', 'Country', 'Island', 'Rustic', 'Golden', 'Sunny', 'Classic'];
    await submissions(
      server,
      Array.from({ length: 72 }, (_, i) => ({
        upc: aUpc('44'),
        name: `${qualities[i % qualities.length]} Wild Berry Popcorn ${i}`,
      })),
    );
    expect(titles((await find(supplier, 'wild wld berry popcorn')).submissions)[0]).toBe('Wild Wild Berry Popcorn');
  });

  it('forgives accents both ways', async () => {
    expect(titles((await find(supplier, 'creme brulee')).submissions)[0]).toBe('Crème Brûlée Yogurt');
    expect(titles((await find(supplier, 'jalapeño chips')).submissions)[0]).toBe('Jalapeno Kettle Chips');
  });

  it('finds a UPC in every form, and by its first digits', async () => {
    const ean = toEan13(upcs.cookies)!;
    for (const typed of [
      upcs.cookies,
      ean,
      '0' + ean,
      ean.replace(/^0+/, ''),
      `${upcs.cookies.slice(0, 6)} ${upcs.cookies.slice(6)}`,
    ]) {
      const found = await find(supplier, typed);
      expect(
        found.submissions.map((h) => h.upc),
        typed,
      ).toEqual([ean]);
    }
    const prefix = await find(supplier, upcs.cookies.slice(0, 7), 20);
    expect(prefix.submissions.map((h) => h.upc)).toContain(ean);
    expect(prefix.submissions.every((h) => h.upc!.startsWith('0' + upcs.cookies.slice(0, 7)))).toBe(true);
  });

  it("a supplier never gets another company's hits, by name or by UPC", async () => {
    for (const q of ['choclate chp cookie', 'creme brulee', 'blue harbor', upcs.blue, toEan13(upcs.blue)!]) {
      const found = await find(supplier, q, 20);
      expect(
        found.submissions.filter((h) => h.company?.id !== GREEN_VALLEY),
        q,
      ).toEqual([]);
      expect(found.companies, q).toEqual([]);
      expect(found.submitters, q).toEqual([]);
    }
    expect((await find(supplier, upcs.blue)).submissions).toEqual([]);
    // The other company finds its own, and not Green Valley's product.
    const theirs = await find(other, 'choclate chp cookie', 20);
    expect(titles(theirs.submissions)[0]).toBe('Organic Chocolate Chip Cookies (Blue Harbor)');
    expect(theirs.submissions.every((h) => h.company?.id === BLUE_HARBOR)).toBe(true);
    expect(theirs.products).toEqual([]);
  });

  it('staff find every company, and companies and submitters by name', async () => {
    const found = await find(admin, 'choclate chp cookie', 20);
    expect(new Set(found.submissions.map((h) => h.company?.id))).toEqual(new Set([GREEN_VALLEY, BLUE_HARBOR]));
    expect((await find(admin, 'green valey')).companies[0]).toMatchObject({ id: String(GREEN_VALLEY) });
    const people = await find(admin, 'supplier@exmple.com');
    expect(people.submitters[0]).toMatchObject({ detail: 'supplier@example.com', company: { id: GREEN_VALLEY } });
  });

  it('REST v1 answers the same, and bad input is a 400 with its message', async () => {
    const res = await supplier.get(`/api/v1/search?q=${encodeURIComponent('choclate chp cookie')}&limit=3`);
    expect(res.status).toBe(200);
    expect(res.json.submissions[0]).toMatchObject({ kind: 'submission', title: 'Organic Chocolate Chip Cookies' });
    expect(res.json.submissions.length).toBeLessThanOrEqual(3);
    const empty = await supplier.get('/api/v1/search?q=%20');
    expect(empty.status).toBe(400);
    expect(empty.json.message ?? empty.json.detail).toBe('Type something to search for.');
    expect((await supplier.get('/api/v1/search?q=oats&limit=21')).status).toBe(400);
    const gql = await supplier.graphql(SEARCH, { q: 'x'.repeat(101) });
    expect(gql.json.errors[0].message).toBe('Search at most 100 characters.');
    expect((await new Client(server.url).get('/api/v1/search?q=oats')).status).toBe(401);
  });

  it('the review queue and the catalogue list take the same search as their filter (q)', async () => {
    const queue = await admin.get(`/api/review/queue?q=${encodeURIComponent('choclate chp cookie')}`);
    expect(queue.status).toBe(200);
    const names = (queue.json.items as { productName: string }[]).map((i) => i.productName);
    expect(names).toContain('Organic Chocolate Chip Cookies');
    expect(names).toContain('Organic Chocolate Chip Cookies (Blue Harbor)');
    expect(names).not.toContain('Jalapeno Kettle Chips');
    const byUpc = await admin.get(`/api/review/queue?q=${toEan13(upcs.cookies)}`);
    expect((byUpc.json.items as { productName: string }[]).map((i) => i.productName)).toEqual([
      'Organic Chocolate Chip Cookies',
    ]);
    const LIST = `query($q: String, $brand: String) { getCataloguedProducts(q: $q, brand: $brand) { total items { ean13Upc } } }`;
    for (const c of [supplier, admin]) {
      const found = (await c.graphql(LIST, { q: 'organc chocolate cookeis' })).json.data.getCataloguedProducts;
      expect(found.items.map((p: { ean13Upc: string }) => p.ean13Upc)).toEqual([toEan13(upcs.product)]);
      const none = (await c.graphql(LIST, { q: 'kombucha' })).json.data.getCataloguedProducts;
      expect(none.total).toBe(0);
      // The brand filter contains the text, case and accents aside.
      const brand = (await c.graphql(LIST, { brand: 'GREEN VALLÉY' })).json.data.getCataloguedProducts;
      expect(brand.items.map((p: { ean13Upc: string }) => p.ean13Upc)).toContain(toEan13(upcs.product));
    }
    // Another company's supplier does not find the product.
    const theirs = (await other.graphql(LIST, { q: 'organic chocolate chip cookies' })).json.data.getCataloguedProducts;
    expect(theirs.total).toBe(0);
  });

  it('the activity list takes the same search as its filter (q): names with typos, UPCs in any form, drafts too', async () => {
    const draftUpc = aUpc('61');
    await aDraft(server, {
      files: [
        { name: 'spread.png', data: await noiseImage('png', 40, 40), upc: draftUpc, productName: 'Hazelnut Spread' },
      ],
    });
    const ACTIVITY = `query($tab: ActivityTab, $q: String, $page: Int) {
      getProductSubmissionsByStatuses(tab: $tab, q: $q, page: $page) { total items { kind productName upc } } }`;
    const list = async (c: Client, tab: string, q: string) => {
      const res = await c.graphql(ACTIVITY, { tab, q });
      if (res.json.errors) throw new Error(JSON.stringify(res.json.errors));
      return res.json.data.getProductSubmissionsByStatuses as {
        total: number;
        items: { kind: string; productName: string; upc: string }[];
      };
    };
    const pending = await list(supplier, 'pending', 'choclate chp cookie');
    const names = pending.items.map((i) => i.productName);
    expect(names).toContain('Organic Chocolate Chip Cookies');
    expect(names).toContain('Chocolate Chip Cookie Dough Ice Cream');
    expect(names).not.toContain('Jalapeno Kettle Chips');
    // Another company's rows stay out, and the total counts what matched.
    expect(names).not.toContain('Organic Chocolate Chip Cookies (Blue Harbor)');
    expect(pending.total).toBe(pending.items.length);
    // A UPC as printed under the bars (spaced; the EAN-13's leading zero left out), and as its first digits.
    const u = upcs.cookies;
    const byUpc = await list(supplier, 'pending', `${u[0]} ${u.slice(1, 6)} ${u.slice(6, 11)} ${u[11]}`);
    expect(byUpc.items.map((i) => i.productName)).toEqual(['Organic Chocolate Chip Cookies']);
    expect((await list(supplier, 'pending', upcs.cookies.slice(0, 9))).total).toBeGreaterThanOrEqual(1);
    // Drafts are found by a file's product name or UPC.
    expect((await list(supplier, 'requires_action', 'hazelnut spred')).items).toEqual([
      expect.objectContaining({ kind: 'Draft', productName: 'Hazelnut Spread' }),
    ]);
    expect((await list(supplier, 'requires_action', draftUpc)).items).toHaveLength(1);
    expect((await list(supplier, 'requires_action', 'kombucha')).total).toBe(0);
    expect((await list(other, 'requires_action', 'hazelnut spread')).total).toBe(0);
    // Blank is no search.
    const all = await list(supplier, 'pending', '  ');
    expect(all.total).toBeGreaterThan(pending.total);
  });
});
