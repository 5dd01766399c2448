import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { BLUE_HARBOR, FRESH_MARKET, GREEN_VALLEY, submissions } from './support/factories.ts';

let server: TestServer;
const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
const INDEX_HTML = `<!doctype html><title>Product Hub</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
const BIG_ASSET = `export const words = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `word-${i}`))};`;

/** The build writes each file with its brotli and gzip companions (web/vite-plugins). */
function writeWithCompressed(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

/** A raw GET (fetch would decode the body): status, headers and the bytes as sent. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** A signed-in page's own first read, as the build names it (web/src/routes/page-reads.ts). */
const DETAIL_READ = 'query Detail($id: ID!) { getProductSubmission(id: $id) { id productName } }';

/** One without variables, whose answer holds only for the address without a query string. */
const LIST_READ = 'query List { __typename }';

/** The JSON block of the session's first reads in a page (server/src/lib/web-app.ts withFirstReads). */
function firstReadsIn(html: string): { user: unknown; flags: unknown; answers?: Record<string, unknown> } {
  const block = /<script type="application\/json" id="first-reads">(.*?)<\/script>/s.exec(html);
  expect(block, html).not.toBeNull();
  return JSON.parse(block![1]);
}

const decode = (res: { headers: IncomingHttpHeaders; body: Buffer }) =>
  (res.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(res.body)
    : res.headers['content-encoding'] === 'gzip'
      ? gunzipSync(res.body)
      : res.body
  ).toString();

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeWithCompressed(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  writeFileSync(
    path.join(dist, 'signed-in-preload.json'),
    JSON.stringify({
      entry: ['assets/index-1.js', 'assets/framework-1.js'],
      shared: ['assets/app-1.js', 'assets/app-1.css', '../server/secret.js'],
      routes: [
        { path: 'activity/:tab', files: ['assets/ActivityPage-1.js', 'assets/ActivityPage-1.css'] },
        { path: 'upload', files: ['assets/UploadFilesPage-1.js', '../../etc/passwd'] },
      ],
      reads: [
        { path: 'productSubmissions/:id', query: DETAIL_READ, variables: { id: ':id' } },
        { path: 'cataloguedProducts', query: LIST_READ, plainAddressOnly: true },
        { path: 'account/information', get: '/api/feature-flags/enabled' },
        { path: 'admin/jobs', get: '/api/admin/jobs?state=failed&page=1' },
        { path: 'account/password', get: '/login' },
      ],
    }),
  );
  writeWithCompressed(path.join(dist, 'assets', 'big-1.js'), BIG_ASSET);
  // Introspection on: the schema is a large JSON answer any client can ask for, to test compression with.
  server = await startTestServer({ WEB_DIST: dist, GRAPHQL_INTROSPECTION: 'on' });
});
afterAll(() => server?.close());

describe(`serving the web app (${databaseKind})`, () => {
  it("a page asked for with a session cookie names the entry's scripts first, then the signed-in pages' shared code and the route's own; a visitor's names nothing", async () => {
    const supplier = new Client(server.url);
    await supplier.login('supplier@example.com', 'Supplier-demo-1');
    const shared =
      '</assets/index-1.js>; rel=modulepreload, </assets/framework-1.js>; rel=modulepreload, ' +
      '</assets/app-1.js>; rel=modulepreload, </assets/app-1.css>; rel=preload; as=style; crossorigin';
    const activity =
      ', </assets/ActivityPage-1.js>; rel=modulepreload, </assets/ActivityPage-1.css>; rel=preload; as=style; crossorigin';
    // The session's first reads are answered in the page itself, so no preload names them.
    const expected: Record<string, string> = {
      '/': shared,
      '/activity/requires_action': shared + activity,
      '/30443/activity/pending?page=2': shared + activity,
      '/upload': shared + ', </assets/UploadFilesPage-1.js>; rel=modulepreload',
      '/activity/requires_action/x': shared,
    };
    for (const [route, link] of Object.entries(expected)) {
      expect((await supplier.get(route)).headers.get('link'), route).toBe(link);
    }
    expect((await new Client(server.url).get('/login')).headers.get('link')).toBeNull();
  });

  it("a page carries the session's first reads as /api/user?optional=true and /api/feature-flags/enabled answer them, in a JSON block", async () => {
    const supplier = new Client(server.url);
    await supplier.login('supplier@example.com', 'Supplier-demo-1');
    const visitor = new Client(server.url);
    for (const [client, route] of [
      [supplier, '/activity/requires_action'],
      [supplier, '/30443/upload'],
      [visitor, '/login'],
      [visitor, '/'],
    ] as const) {
      const page = await client.get(route);
      expect(page.status, route).toBe(200);
      expect(page.headers.get('content-type'), route).toMatch(/^text\/html/);
      const { user, flags } = firstReadsIn(page.text);
      expect({ user, flags }, route).toEqual({
        user: (await client.get('/api/user?optional=true')).json,
        flags: (await client.get('/api/feature-flags/enabled')).json,
      });
      // The block is data, never run: the page policy stays as strict as before (no inline script allowed).
      expect(page.headers.get('content-security-policy'), route).toMatch(/(^|;)script-src 'self'(;|$)/);
    }
    expect(firstReadsIn((await supplier.get('/')).text).user).toMatchObject({ email: 'supplier@example.com' });
    expect(firstReadsIn((await visitor.get('/login')).text).user).toBeNull();
  });

  it("a signed-in page carries its own first read answered as the browser's request would be, for its user only", async () => {
    const [own, others] = await submissions(server, [
      { company: GREEN_VALLEY, partner: FRESH_MARKET, name: 'Answered in the page' },
      { company: BLUE_HARBOR, partner: FRESH_MARKET },
    ]);
    const supplier = new Client(server.url);
    await supplier.login('supplier@example.com', 'Supplier-demo-1');
    const keyOf = (id: string) => `POST /graphql ${JSON.stringify({ query: DETAIL_READ, variables: { id } })}`;
    for (const route of [`/productSubmissions/${own.id}`, `/30443/productSubmissions/${own.id}`]) {
      const { answers } = firstReadsIn((await supplier.get(route)).text);
      expect(answers?.[keyOf(own.id)], route).toEqual((await supplier.graphql(DETAIL_READ, { id: own.id })).json);
      expect(answers![keyOf(own.id)], route).toEqual({
        data: { getProductSubmission: { id: own.id, productName: 'Answered in the page' } },
      });
    }
    // Another company's submission is answered with an error: the page asks itself and says what the error says.
    expect((await supplier.graphql(DETAIL_READ, { id: others.id })).json.errors).toBeDefined();
    expect(firstReadsIn((await supplier.get(`/productSubmissions/${others.id}`)).text).answers).toBeUndefined();
    // A visitor's page answers nothing but the session's reads; a page without reads of its own, the same.
    expect(
      firstReadsIn((await new Client(server.url).get(`/productSubmissions/${own.id}`)).text).answers,
    ).toBeUndefined();
    expect(firstReadsIn((await supplier.get('/upload')).text).answers).toBeUndefined();

    // A read without variables is keyed without them, as the app sends it; one for the plain address only there.
    const listKey = `POST /graphql ${JSON.stringify({ query: LIST_READ })}`;
    for (const route of ['/cataloguedProducts', '/30443/cataloguedProducts']) {
      expect(firstReadsIn((await supplier.get(route)).text).answers?.[listKey], route).toEqual({
        data: { __typename: 'Query' },
      });
    }
    expect(firstReadsIn((await supplier.get('/cataloguedProducts?page=2')).text).answers).toBeUndefined();

    // A REST read is keyed as the app keys a GET; one the user may not make (staff's jobs) is left to the page, and
    // nothing but the API is ever asked.
    expect(firstReadsIn((await supplier.get('/account/information')).text).answers).toEqual({
      'GET /api/feature-flags/enabled ': (await supplier.get('/api/feature-flags/enabled')).json,
    });
    expect((await supplier.get('/api/admin/jobs?state=failed&page=1')).status).toBe(403);
    expect(firstReadsIn((await supplier.get('/admin/jobs')).text).answers).toBeUndefined();
    expect(firstReadsIn((await supplier.get('/account/password')).text).answers).toBeUndefined();
  });

  it("a page under a partner carries the partner's configuration as the app asks for it, a visitor's page too", async () => {
    const key = `GET /api/companies/${FRESH_MARKET}/partner-configuration `;
    const configuration = (await new Client(server.url).get(`/api/companies/${FRESH_MARKET}/partner-configuration`))
      .json;
    expect(configuration).toMatchObject({ companyId: FRESH_MARKET });
    const supplier = new Client(server.url);
    await supplier.login('supplier@example.com', 'Supplier-demo-1');
    const visitor = new Client(server.url);
    for (const [client, route] of [
      [supplier, '/30443/upload'],
      [visitor, '/30443'],
      [visitor, '/30443/login'],
    ] as const) {
      expect(firstReadsIn((await client.get(route)).text).answers, route).toEqual({ [key]: configuration });
    }
    // No partner in the address or the session: none; an unknown partner's is left to the page (it answers 404).
    expect(firstReadsIn((await supplier.get('/upload')).text).answers).toBeUndefined();
    expect(firstReadsIn((await visitor.get('/99999/login')).text).answers).toBeUndefined();
  });

  it("a page naming its user is kept by no cache; a visitor's is revalidated by its ETag", async () => {
    const supplier = new Client(server.url);
    await supplier.login('supplier@example.com', 'Supplier-demo-1');
    const personal = await rawGet(`${server.url}/upload`, {
      'accept-encoding': 'gzip, br',
      cookie: [...supplier.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    });
    expect(personal.headers['cache-control']).toBe('private, no-store');
    expect(personal.headers.etag).toBeUndefined();
    expect(personal.headers.vary).toMatch(/cookie/i);
    expect(firstReadsIn(decode(personal)).user).toMatchObject({ email: 'supplier@example.com' });
  });

  it('client-side routes fall back to index.html, API paths never do', async () => {
    const c = new Client(server.url);
    for (const route of ['/', '/activity/pending', '/30443/upload', '/reset-password/abc']) {
      const res = await c.get(route);
      expect(res.status, route).toBe(200);
      expect(res.text).toContain('<div id="root">');
    }
    expect((await c.get('/api/unknown')).status).toBe(404);
    expect((await c.get('/graphql/x')).status).toBe(404);
  });

  it('serves built assets, a 404 for a missing one, and files added after start (a rebuild)', async () => {
    const c = new Client(server.url);
    const js = await c.get('/assets/app-1.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect((await c.get('/assets/app-0.js')).status).toBe(404);
    writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await c.get('/assets/app-2.js')).status).toBe(200);
  });

  it('sends security headers and a request id', async () => {
    const res = await new Client(server.url).get('/');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    // API answers, errors and GraphQL carry them too.
    for (const api of [
      await new Client(server.url).get('/api/health'),
      await new Client(server.url).get('/api/no-such-thing'),
      await new Client(server.url).graphql('{ __typename }'),
    ]) {
      expect(api.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(api.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });

  it('sends a hashed asset precompressed as the client accepts, cached for a year, with an ETag', async () => {
    const url = `${server.url}/assets/big-1.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    // Page-only security headers stay off scripts (bytes on every file of a first load); the ones that apply stay.
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-frame-options']).toBeUndefined();
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(br.body.length).toBeLessThan(BIG_ASSET.length / 2);
    expect(decode(br)).toBe(BIG_ASSET);

    const gzip = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip)).toBe(BIG_ASSET);

    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(BIG_ASSET);

    expect(br.headers.etag).toBeTruthy();
    const again = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': br.headers.etag! });
    expect(again.status).toBe(304);
  });

  it("sends a visitor's page, at / and on an app route, to be revalidated every time (no-cache, ETag), compressed", async () => {
    for (const route of ['/', '/30443/activity/requires_action']) {
      const res = await rawGet(server.url + route, { 'accept-encoding': 'gzip, br' });
      expect(res.status, route).toBe(200);
      expect(res.headers['cache-control'], route).toBe('private, no-cache');
      expect(res.headers['content-security-policy'], route).toContain("default-src 'self'");
      expect(res.headers['content-encoding'], route).toBe('br');
      expect(res.headers.vary, route).toMatch(/accept-encoding/i);
      expect(decode(res), route).toContain(INDEX_HTML);
      expect(firstReadsIn(decode(res)).user, route).toBeNull();
      expect(res.headers.etag, route).toBeTruthy();
      const again = await rawGet(server.url + route, {
        'accept-encoding': 'gzip, br',
        'if-none-match': res.headers.etag!,
      });
      expect(again.status, route).toBe(304);
      const plain = await rawGet(server.url + route);
      expect(plain.headers['content-encoding'], route).toBeUndefined();
      expect(plain.body.toString(), route).toBe(decode(res));
    }
  });

  it('compresses a JSON answer over 1 KB when the client accepts it, and leaves small ones as they are', async () => {
    const query = JSON.stringify({ query: '{ __schema { types { name kind } } }' });
    const post = (encoding?: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers: Record<string, string> = { 'content-type': 'application/json', origin: server.url };
        if (encoding) headers['accept-encoding'] = encoding;
        httpRequest(`${server.url}/graphql`, { method: 'POST', headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end(query);
      });
    const plain = await post();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await post(encoding === 'br' ? 'gzip, deflate, br' : 'gzip');
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decode(res))).toEqual(JSON.parse(plain.body.toString()));
    }
    const small = await rawGet(`${server.url}/api/health`, { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toBeTruthy();
  });
});
