/**
 * The attack suite, edge requests (issue 15, items 4 to 11): what a signed-in user or a cross-site page can send
 * besides files. Open redirects after sign-in, cross-site logout, password-reset timing, costly GraphQL, route
 * parameters out of range, slow bodies, e-mail probing across companies and cacheable answers.
 * Each category counts the cases it tried and prints them at the end.
 */
import { connect, type Socket } from 'node:net';
import { readdirSync } from 'node:fs';
import { roomInRateWindow, until } from './support/wait.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs, mailOutbox, passwordResetTokens, users } from '../src/db/schema.ts';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, demoClients, send, startTestServer, type TestServer } from './harness.ts';
import { driveProviderLogin, startOidcProvider, type RunningOidcProvider } from './support/oidc-provider.ts';
import { freePort } from './support/ports.ts';
import { apiRoutes, paramNames } from './support/routes.ts';

const OWNER_COMPANY = 1001;
const counts = new Map<string, number>();
const tried = (category: string, n = 1) => counts.set(category, (counts.get(category) ?? 0) + n);

afterAll(() => {
  console.log(
    `attack suite, edge requests (${databaseKind}): ${[...counts].map(([k, n]) => `${n} ${k}`).join(', ')} cases`,
  );
});

describe(`edge requests on the default settings (${databaseKind})`, () => {
  let server: TestServer;
  let cast: Awaited<ReturnType<typeof demoClients>>;
  /** A real record behind every parameter name, so a hostile value in one parameter is the only thing wrong. */
  const valid = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer();
    cast = await demoClients(server);
    const access = await cast.admin.graphql(
      `mutation($input: BulkIngestionOrganizationInput!) { createBulkIngestionOrganization(input: $input) { companyId } }`,
      { input: { companyId: OWNER_COMPANY, folderName: 'edge_folder', imageSource: 'LOCAL' } },
    );
    if (access.json.errors) throw new Error(access.text);
    const png = await barcodeImage('036000291452');
    const draft = await cast.supplier.upload('/api/draftSubmissions', [
      { name: 'front.png', data: png, type: 'image/png' },
    ]);
    const job = await cast.supplier.upload('/api/bulkIngestion/jobs', [
      { name: 'front.png', data: png, type: 'image/png' },
    ]);
    const profile = await cast.supplier.graphql(
      `mutation($input: ShippingProfileInput!) { createShippingProfile(input: $input) { id } }`,
      {
        input: { name: 'Edge profile', caseCount: 6 },
      },
    );
    const db = server.database.db;
    const one = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0];
    const submission = await one(sql`select id from product_submissions where company_id = ${OWNER_COMPANY} limit 1`);
    const catalogued = await one(sql`select ean13_upc from catalogued_products limit 1`);
    const partner = await one(sql`select id from partner_configurations limit 1`);
    valid
      .set('jobId', String(job.json.id ?? job.json.jobId))
      .set('companyId', String(OWNER_COMPANY))
      .set('brandProfileId', '1')
      .set('kind', 'brand-logo')
      .set('fileName', 'front.png')
      .set('ean13Upc', String(catalogued?.ean13_upc ?? '0036000291452'))
      .set('email', 'supplier@example.com')
      .set('timestamp', '0')
      .set('draft:id', draft.json.id)
      .set('submission:id', String(submission?.id ?? draft.json.id))
      .set('shippingProfile:id', String(profile.json.data?.createShippingProfile?.id ?? 1))
      .set('partner:id', String(partner?.id ?? 1));
  });
  afterAll(() => server?.close());

  const validFor = (url: string, name: string) => {
    if (name !== 'id') return valid.get(name) ?? '1';
    if (url.includes('raftSubmissions')) return valid.get('draft:id')!;
    if (url.includes('roductSubmissions')) return valid.get('submission:id')!;
    if (url.includes('shippingProfile')) return valid.get('shippingProfile:id')!;
    return valid.get('partner:id')!;
  };

  it('(8) every route parameter found by discovery answers a 4xx, never a 500, to extreme, negative, NaN-ish and overlong values', async () => {
    const hostile = [
      '999999999999999',
      '99999999999999999999999',
      '9'.repeat(90),
      '-1',
      '-999999999999999',
      '0',
      '-0',
      'NaN',
      'Infinity',
      '-Infinity',
      '1e309',
      '1e-7',
      '0x10',
      '1.5',
      ' 1',
      '%00',
      '%E0%A4%A',
      'null',
      '[]',
      "1'--",
      'x'.repeat(99),
      'x'.repeat(5000),
    ];
    const failures: string[] = [];
    for (const route of apiRoutes(server.app)) {
      const names = paramNames(route.url);
      for (const name of names) {
        for (const value of hostile) {
          let url = route.url;
          for (const other of names)
            url = url.replace(
              `:${other}`,
              other === name
                ? value.startsWith('%')
                  ? value
                  : encodeURIComponent(value)
                : encodeURIComponent(validFor(route.url, other)),
            );
          for (const client of [cast.supplier, cast.admin]) {
            const res = await client.request(
              route.method,
              url,
              route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
            );
            tried('route-parameter');
            if (res.status >= 500)
              failures.push(`${route.method} ${url.slice(0, 160)} -> ${res.status} ${res.text.slice(0, 100)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('(8) the reported case: a timestamp past any date is a 400 with a message', async () => {
    const res = await cast.supplier.get(
      `/api/bulkIngestion/jobs/${valid.get('jobId')}/files/ifAnyUpdatedSince/999999999999999`,
    );
    tried('route-parameter');
    expect(res.status).toBe(400);
    expect(res.json.message).toBeTruthy();
  });

  it("(5) a cross-site or same-site GET /api/auth/logout is refused and the session lives on; the app's own logout works", async () => {
    const user = new Client(server.url);
    await user.login('supplier2@example.com', 'Supplier-demo-2');
    for (const site of ['cross-site', 'same-site']) {
      const res = await user.request('GET', '/api/auth/logout', undefined, { headers: { 'sec-fetch-site': site } });
      tried('cross-site-logout');
      expect(res.status).toBe(403);
      expect((await user.get('/api/user')).status).toBe(200);
    }
    // The web app's fetch is same-origin; an address typed in the bar is "none".
    for (const site of ['same-origin', 'none']) {
      const again = new Client(server.url);
      await again.login('supplier2@example.com', 'Supplier-demo-2');
      const res = await again.request('GET', '/api/auth/logout', undefined, { headers: { 'sec-fetch-site': site } });
      tried('cross-site-logout');
      expect(res.status).toBe(204);
      expect((await again.get('/api/user')).status).toBe(401);
    }
  });

  it('(6) a password-reset request does the same work for a known and an unknown address: one background job, no token and no mail yet', async () => {
    await server.ctx.jobs!.drain();
    const known = 'supplier2@example.com';
    const unknown = 'nobody-here@example.com';
    const [account] = await server.database.db.select().from(users).where(eq(users.email, known));
    const resetJobs = () =>
      server.database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.name} like 'auth.%'`);
    const jobsBefore = (await resetJobs()).length;
    for (const email of [known, unknown]) {
      const res = await new Client(server.url).post('/api/user/password/forgot', { email });
      tried('password-reset');
      expect(res.status).toBe(202);
    }
    const queued = await resetJobs();
    expect(queued.length - jobsBefore).toBe(2);
    expect(new Set(queued.slice(-2).map((j) => j.name)).size).toBe(1);
    expect(
      await server.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, account.id)),
    ).toHaveLength(0);
    expect(await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, known))).toHaveLength(0);

    await server.ctx.jobs!.drain();
    expect(await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, known))).toHaveLength(1);
    expect(await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, unknown))).toHaveLength(0);
    expect(
      await server.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, account.id)),
    ).toHaveLength(1);
  });

  it('(7) 240 aliased catalogue pages are refused before they run, with a 400 naming the cost; a screen-sized query passes', async () => {
    const aliases = Array.from({ length: 240 }, (_, i) => `p${i}: getCataloguedProducts { total }`).join(' ');
    const heavy = await cast.supplier.graphql(`{ ${aliases} }`);
    tried('graphql-cost');
    expect(heavy.status).toBe(400);
    expect(heavy.json.data ?? null).toBeNull();
    expect(heavy.json.errors[0].extensions.code).toBe('QUERY_TOO_COSTLY');
    expect(heavy.json.errors[0].message).toMatch(/cost/i);

    const bigPagesQuery = `query($n: Int) { a: getCataloguedProducts(pageSize: $n) { total } b: getCataloguedProducts(pageSize: $n) { total } c: getCataloguedProducts(pageSize: $n) { total } d: getCataloguedProducts(pageSize: $n) { total } e: getCataloguedProducts(pageSize: $n) { total } f: getCataloguedProducts(pageSize: $n) { total } g: getCataloguedProducts(pageSize: $n) { total } h: getCataloguedProducts(pageSize: $n) { total } i: getCataloguedProducts(pageSize: $n) { total } j: getCataloguedProducts(pageSize: $n) { total } k: getCataloguedProducts(pageSize: $n) { total } }`;
    const bigPages = await cast.supplier.graphql(bigPagesQuery, { n: 100 });
    tried('graphql-cost');
    expect(bigPages.status).toBe(400);
    expect(bigPages.json.errors[0].extensions.code).toBe('QUERY_TOO_COSTLY');
    // The same text with small pages passes, and with large ones is refused again: a cost that depends on the
    // variables is judged at every request, though the document's checks are kept per query text.
    const smallPages = await cast.supplier.graphql(bigPagesQuery, { n: 1 });
    tried('graphql-cost');
    expect(smallPages.status).toBe(200);
    const bigAgain = await cast.supplier.graphql(bigPagesQuery, { n: 100 });
    tried('graphql-cost');
    expect(bigAgain.json.errors[0].extensions.code).toBe('QUERY_TOO_COSTLY');

    const screen = await cast.supplier.graphql(
      `{ currentUser { id } getCataloguedProducts(pageSize: 100) { total items { ean13Upc } } enabledFeatureFlags }`,
    );
    tried('graphql-cost');
    expect(screen.status).toBe(200);
    expect(screen.json.errors).toBeUndefined();
  });

  it('(7) introspection and "Did you mean" suggestions are answered only to staff', async () => {
    const introspection = `{ __schema { queryType { name } } }`;
    for (const client of [cast.anonymous, cast.supplier]) {
      const res = await client.graphql(introspection);
      tried('graphql-schema-disclosure');
      expect(res.json.data?.__schema).toBeFalsy();
      expect(res.json.errors[0].message).toMatch(/introspection/i);
      const typo = await client.graphql(`{ currentUsr { id } }`);
      tried('graphql-schema-disclosure');
      expect(typo.json.errors[0].message).not.toMatch(/did you mean/i);
      expect(typo.json.errors[0].message).not.toContain('currentUser');
      const typeProbe = await client.graphql(`{ __type(name: "User") { fields { name } } }`);
      tried('graphql-schema-disclosure');
      expect(typeProbe.json.data?.__type).toBeFalsy();
    }
    expect((await cast.anonymous.graphql(`{ __typename currentUser { id } }`)).json.data).toEqual({
      __typename: 'Query',
      currentUser: null,
    });
    const staff = await cast.viewer.graphql(introspection);
    tried('graphql-schema-disclosure');
    expect(staff.json.data.__schema.queryType.name).toBe('Query');
    expect((await cast.viewer.graphql(`{ currentUsr { id } }`)).json.errors[0].message).toMatch(
      /did you mean "currentUser"/i,
    );
  });

  it("(10) /api/user/exists answers only about the signed-in user's own company, unless staff", async () => {
    const ask = async (client: Client, email: string) => {
      tried('email-probe');
      const res = await client.get(`/api/user/exists/${encodeURIComponent(email)}`);
      expect(res.status).toBe(200);
      return res.json.email_exists;
    };
    expect(await ask(cast.other, 'admin@example.com')).toBe(false);
    expect(await ask(cast.other, 'supplier@example.com')).toBe(false);
    expect(await ask(cast.supplier, 'admin@example.com')).toBe(false);
    expect(await ask(cast.supplier, 'supplier2@example.com')).toBe(true);
    expect(await ask(cast.supplier, 'SUPPLIER2@example.com')).toBe(true);
    expect(await ask(cast.supplier, 'nobody@example.com')).toBe(false);
    expect(await ask(cast.viewer, 'supplier@example.com')).toBe(true);
    expect(await ask(cast.admin, 'other@example.com')).toBe(true);
  });

  /** A GET's answer, read to its end; a stream of server-sent events never ends, so it is left after its headers. */
  async function answerHeaders(client: Client, url: string): Promise<{ headers: Headers }> {
    const abort = new AbortController();
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await send(server.url + url, {
      headers: cookie ? { cookie } : {},
      signal: abort.signal,
      redirect: 'manual',
    });
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) abort.abort();
    else await res.arrayBuffer();
    return { headers: res.headers };
  }

  it('(11) every answer under /api and /graphql says Cache-Control: no-store when it is JSON, and never leaves caching open', async () => {
    const loose: string[] = [];
    const check = (what: string, res: { headers: Headers }) => {
      tried('cache-control');
      const cc = res.headers.get('cache-control') ?? '';
      const json = (res.headers.get('content-type') ?? '').includes('json');
      if (json ? !/no-store/.test(cc) : !/no-store|private|public, no-cache/.test(cc))
        loose.push(`${what} -> ${cc || '(none)'} ${res.headers.get('content-type')}`);
    };
    for (const route of apiRoutes(server.app)) {
      if (route.method !== 'GET' || route.url === '/api/auth/logout' || route.url.startsWith('/api/auth/oidc'))
        continue;
      let url = route.url;
      for (const name of paramNames(route.url))
        url = url.replace(`:${name}`, encodeURIComponent(validFor(route.url, name)));
      for (const client of [cast.supplier, cast.anonymous]) check(`GET ${url}`, await answerHeaders(client, url));
    }
    check('POST /graphql', await cast.supplier.graphql(`{ currentUser { id email } }`));
    check('POST /graphql (error)', await cast.anonymous.graphql(`{ getDraftSubmissions { id } }`));
    check('GET /graphql', await cast.supplier.get(`/graphql?query=${encodeURIComponent('{ currentUser { id } }')}`));
    check(
      'POST /api/auth/login',
      await new Client(server.url).post(
        '/api/auth/login',
        { username: 'supplier@example.com', password: 'Supplier-demo-1' },
        { form: true },
      ),
    );
    expect(loose).toEqual([]);
  });
});

describe(`edge requests under tight limits (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      REQUEST_TIMEOUT_SECONDS: '2',
      CONNECTION_IDLE_TIMEOUT_SECONDS: '2',
      GRAPHQL_RATE_LIMIT_PER_MINUTE: '20',
      GRAPHQL_INTROSPECTION: 'on',
    });
  });
  afterAll(() => server?.close());

  /** Opens a raw connection and sends what a slow client sends; resolves when the server closes it, with what it answered. */
  function slowClient(head: string, trickle: string) {
    const socket: Socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    let answer = '';
    let closed = false;
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => (closed = true));
    socket.write(head);
    let i = 0;
    const timer = setInterval(() => {
      if (closed || socket.destroyed) return clearInterval(timer);
      socket.write(trickle[i++ % trickle.length]);
    }, 200);
    return { isClosed: () => closed, answer: () => answer, stop: () => (clearInterval(timer), socket.destroy()) };
  }

  it('(9) a multipart upload trickling 5 bytes a second is cut off by the request timeout, and its temporary file is removed', async () => {
    const client = new Client(server.url);
    await client.login('supplier@example.com', 'Supplier-demo-1');
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const boundary = 'edgeboundary';
    const partHead = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`;
    const slow = slowClient(
      `POST /api/draftSubmissions HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nOrigin: ${server.url}\r\nCookie: ${cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 10000000\r\n\r\n${partHead}\x89PNG\r\n`,
      'abcdefghij',
    );
    tried('slow-body');
    try {
      // The upload's temporary file exists while the body trickles in...
      await until(() => readdirSync(server.ctx.uploadTempDir).length > 0);
      // ...and the request timeout (2 s here) ends the connection, well before a slow client would finish.
      await until(slow.isClosed);
      await until(() => readdirSync(server.ctx.uploadTempDir).length === 0);
    } finally {
      slow.stop();
    }
    expect((await send(`${server.url}/api/health`)).status).toBe(200);
  });

  it('(9) a connection that sends half its headers and then trickles is closed too', async () => {
    const slow = slowClient(`GET /api/health HTTP/1.1\r\nHost: x\r\n`, 'X-Slow: y\r\n');
    tried('slow-body');
    try {
      await until(slow.isClosed);
    } finally {
      slow.stop();
    }
  });

  it('(7) GraphQL is rate limited per user: one busy user gets 429, another user and the REST API are unaffected', async () => {
    const busy = new Client(server.url);
    await busy.login('supplier@example.com', 'Supplier-demo-1');
    const calm = new Client(server.url);
    await calm.login('other@example.com', 'Other-demo-1');
    const statuses: number[] = [];
    await roomInRateWindow(server.database.db); // the 26 calls in one minute's window
    for (let i = 0; i < 25; i++) {
      statuses.push((await busy.graphql(`{ currentUser { id } }`)).status);
      tried('graphql-rate-limit');
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    const limited = await busy.graphql(`{ currentUser { id } }`);
    expect(limited.status).toBe(429);
    expect(limited.json.message ?? limited.json.errors?.[0]?.message).toBeTruthy();
    expect((await calm.graphql(`{ currentUser { id } }`)).status).toBe(200);
    expect((await busy.get('/api/user')).status).toBe(200);
  });

  it('(7) GRAPHQL_INTROSPECTION=on opens introspection to anyone (for development tools)', async () => {
    const res = await new Client(server.url).graphql(`{ __schema { queryType { name } } }`);
    tried('graphql-schema-disclosure');
    expect(res.json.data.__schema.queryType.name).toBe('Query');
  });
});

describe(`administrator login: returnTo cannot leave the portal (${databaseKind})`, () => {
  let provider: RunningOidcProvider;
  let portal: TestServer;
  let origin: string;
  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    provider = await startOidcProvider({ redirectUris: [`${origin}/api/auth/oidc/callback`] });
    portal = await startTestServer(
      { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, PUBLIC_URL: origin },
      { port },
    );
  });
  afterAll(async () => {
    await portal?.close();
    await provider?.stop();
  });

  /** Where the browser lands after signing in with this returnTo; null when the portal refuses it up front. */
  async function landing(returnTo: string): Promise<string | null> {
    const client = new Client(portal.url);
    const start = await client.get(`/api/auth/oidc/login?returnTo=${encodeURIComponent(returnTo)}`);
    if (start.status === 400) return null;
    expect(start.status).toBe(302);
    const callback = await driveProviderLogin(start.headers.get('location')!, 'staff-admin');
    const done = await client.get(callback.pathname + callback.search);
    expect(done.status).toBe(302);
    // Resolved as a browser does (WHATWG URL: a backslash is a slash, tabs and newlines are dropped).
    return new URL(done.headers.get('location')!, origin).href;
  }

  it('(4) backslashes, tabs, encoded forms, // and schemes never send the browser to another origin', async () => {
    const hostile = [
      '/\\evil.example/x',
      '\\\\evil.example/x',
      '/\\/evil.example',
      '\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '//evil.example/x',
      '///evil.example',
      '/%5Cevil.example/x',
      '/%2F/evil.example',
      '%2F%2Fevil.example',
      '/%09/evil.example',
      'https://evil.example/',
      'https:/\\evil.example',
      'http:evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      ' //evil.example',
      '/..//evil.example',
      '/./\\evil.example',
      '/admin/..\\..\\\\evil.example',
      '/\u3000/evil.example',
      `${'/'.repeat(3)}\\evil.example`,
    ];
    const escaped: string[] = [];
    for (const returnTo of hostile) {
      const lands = await landing(returnTo);
      tried('open-redirect');
      if (lands !== null && new URL(lands).origin !== origin) escaped.push(`${JSON.stringify(returnTo)} -> ${lands}`);
    }
    expect(escaped).toEqual([]);
  });

  it('(4) a path of the portal, with its query, is still where the administrator lands', async () => {
    expect(await landing('/admin/submissions?tab=pending')).toBe(`${origin}/admin/submissions?tab=pending`);
    tried('open-redirect');
  });
});
