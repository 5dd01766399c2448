/**
 * Issue 21 item 1: API tokens. Made from a session, shown once, kept as a hash; a token acts as its user with the
 * intersection of its scopes and the user's current ones, on REST and GraphQL, without cookies or the cross-site
 * check; revoked, expired, disabled-user and scope-less tokens are refused; each token has its own rate limit.
 */
import { createHash } from 'node:crypto';
import { roomInRateWindow } from './support/wait.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_TOKEN_MSG, API_TOKEN_PATTERN, SCOPES, TOKEN_AREA_OF_TAG, TOKEN_SCOPES, v1TokenInfo } from '@portal/domain';
import { apiTokens, users } from '../src/db/schema.ts';
import { forgetSessionsOf } from '../src/lib/session-store.ts';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';

const READ = TOKEN_SCOPES.readProductSubmissions;
const WRITE = TOKEN_SCOPES.writeProductSubmissions;
let server: TestServer;
let cast: Awaited<ReturnType<typeof demoClients>>;

const db = () => server.database.db;
const userId = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0].id;
const setUser = async (email: string, values: Partial<typeof users.$inferInsert>) => {
  const id = await userId(email);
  await db().update(users).set(values).where(eq(users.id, id));
  forgetSessionsOf(id);
};
const png = () => barcodeImage('036000291452');

beforeAll(async () => {
  server = await startTestServer();
  cast = await demoClients(server);
});
afterAll(() => server?.close());

describe(`API tokens (${databaseKind})`, () => {
  it('a token is shown once, matches pst_<base64url>, and only its SHA-256 is stored', async () => {
    const res = await cast.supplier.post('/api/api-tokens', {
      name: 'PIM sync',
      expiresAt: new Date(Date.now() + 90 * 86_400_000).toISOString(),
      scopes: [READ],
    });
    expect(res.status).toBe(201);
    expect(res.json.token).toMatch(API_TOKEN_PATTERN);
    expect(res.json).toMatchObject({ name: 'PIM sync', scopes: [READ], lastUsedAt: null, revokedAt: null });
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.id, res.json.id));
    expect(row.tokenHash).toBe(createHash('sha256').update(res.json.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(res.json.token.slice(4));
    const listed = await cast.supplier.get('/api/api-tokens');
    expect(listed.status).toBe(200);
    const mine = listed.json.find((t: { id: number }) => t.id === res.json.id);
    expect(mine).toMatchObject({ name: 'PIM sync', scopes: [READ] });
    expect(mine.token).toBeUndefined();
    expect(listed.text).not.toContain(res.json.token);
  });

  it('creation refuses scopes the user does not hold, no scope, a past or too distant expiry, and a blank name', async () => {
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const notYours = await cast.supplier.post('/api/api-tokens', {
      name: 'x',
      expiresAt: later,
      scopes: [SCOPES.readAllProductSubmissions],
    });
    expect(notYours.status).toBe(400);
    expect(notYours.json.fields.scopes).toBe(API_TOKEN_MSG.scopeNotYours);
    const viewerWrites = await cast.viewer.post('/api/api-tokens', {
      name: 'x',
      expiresAt: later,
      scopes: [SCOPES.writeAllProductSubmissions],
    });
    expect(viewerWrites.status).toBe(400);
    expect(
      (await cast.supplier.post('/api/api-tokens', { name: 'x', expiresAt: later, scopes: [] })).json.fields.scopes,
    ).toBe(API_TOKEN_MSG.scopesRequired);
    const tooFar = await cast.supplier.post('/api/api-tokens', {
      name: 'x',
      expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString(),
      scopes: [READ],
    });
    expect(tooFar.json.fields.expiresAt).toBe(API_TOKEN_MSG.expiryRange);
    const past = await cast.supplier.post('/api/api-tokens', {
      name: 'x',
      expiresAt: new Date(Date.now() - 1000).toISOString(),
      scopes: [READ],
    });
    expect(past.status).toBe(400);
    expect(
      (await cast.supplier.post('/api/api-tokens', { name: '  ', expiresAt: later, scopes: [READ] })).json.fields.name,
    ).toBe(API_TOKEN_MSG.nameRequired);
    expect((await cast.anonymous.post('/api/api-tokens', { name: 'x', expiresAt: later, scopes: [READ] })).status).toBe(
      401,
    );
  });

  it('a token acts as its user on REST and GraphQL, with no cookie and no Origin', async () => {
    const { client } = await cast.supplier.tokenClient([READ]);
    expect(client.cookies.size).toBe(0);
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.json.email).toBe('supplier@example.com');
    const gql = await client.graphql('{ currentUser { email } }');
    expect(gql.json.data.currentUser.email).toBe('supplier@example.com');
    expect(me.headers.get('set-cookie')).toBeNull();
  });

  it('a token with read scopes only cannot upload, save or submit (REST and GraphQL), and one with write can', async () => {
    const reader = (await cast.supplier.tokenClient([READ])).client;
    const refused = await reader.upload('/api/draftSubmissions', [
      { name: 'front.png', data: await png(), type: 'image/png' },
    ]);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'TOKEN_READ_ONLY', message: API_TOKEN_MSG.readOnly });

    const writer = (await cast.supplier.tokenClient([READ, WRITE])).client;
    const draft = await writer.upload('/api/draftSubmissions', [
      { name: 'front.png', data: await png(), type: 'image/png' },
    ]);
    expect(draft.status).toBe(201);
    const submit = `mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id itemStatus } }`;
    const readerSubmit = await reader.graphql(submit, { id: draft.json.id });
    expect(readerSubmit.status).toBe(403);
    expect(JSON.stringify(readerSubmit.json)).toContain(API_TOKEN_MSG.readOnly);
    // The reader still reads the draft it may not submit.
    const read = await reader.graphql(`query($id: ID!) { getDraftSubmission(id: $id) { id } }`, { id: draft.json.id });
    expect(read.json.data.getDraftSubmission.id).toBe(draft.json.id);
    await writer.graphql(
      `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`,
      {
        id: draft.json.id,
        input: { files: [{ fileName: 'front.png', upc: '036000291452', productName: 'Token product' }] },
      },
    );
    const sent = await writer.graphql(submit, { id: draft.json.id });
    expect(sent.json.errors).toBeUndefined();
    expect(sent.json.data.submitProductsFromDraftSubmission[0].itemStatus).toBeTruthy();
  });

  it('a token with only write:webhooks manages webhooks but changes no product; a products token manages no webhook', async () => {
    const hooks = (await cast.supplier.tokenClient([SCOPES.writeWebhooks])).client;
    const upload = await hooks.upload('/api/draftSubmissions', [
      { name: 'front.png', data: await png(), type: 'image/png' },
    ]);
    expect(upload.status).toBe(403);
    expect(upload.json).toMatchObject({ code: 'TOKEN_SCOPE_MISSING', message: API_TOKEN_MSG.scopeNotCovering(WRITE) });
    const bulk = await hooks.upload('/api/bulkIngestion/jobs', [
      { name: 'front.png', data: await png(), type: 'image/png' },
    ]);
    expect(bulk.status).toBe(403);
    const mutation = await hooks.graphql(`mutation($id: ID!) { deleteDraftSubmission(id: $id) }`, {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(mutation.status).toBe(403);
    expect(JSON.stringify(mutation.json)).toContain(API_TOKEN_MSG.scopeNotCovering(WRITE));
    server.ctx.config.webhookAllowPrivate = true; // a loopback address: no name to resolve here
    const hook = await hooks.post('/api/companies/1001/webhooks', {
      url: 'http://127.0.0.1:9/hooks/token-test',
      events: ['submission.status_changed'],
    });
    server.ctx.config.webhookAllowPrivate = false;
    expect(hook.status).toBe(201);

    const products = (await cast.supplier.tokenClient([READ, WRITE])).client;
    const refused = await products.request('DELETE', `/api/webhooks/${hook.json.webhook.id}`);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      code: 'TOKEN_SCOPE_MISSING',
      message: API_TOKEN_MSG.scopeNotCovering(SCOPES.writeWebhooks),
    });
    expect((await hooks.request('DELETE', `/api/webhooks/${hook.json.webhook.id}`)).status).toBe(204);
  });

  it('finer scopes: a token reads or changes an area only with its scope; without it 403 names the scope to ask for', async () => {
    const products = await cast.supplier.tokenClient([READ, WRITE]);
    // Products cover drafts, submissions and the feed, not the brand profile, shipping profiles, imports or webhooks.
    expect((await products.client.get('/api/v1/submissions')).status).toBe(200);
    const brand = await products.client.get('/api/companies/1001/brand-profiles/1/brand-logo');
    expect(brand.status).toBe(403);
    expect(brand.json).toMatchObject({
      code: 'TOKEN_SCOPE_MISSING',
      message: API_TOKEN_MSG.areaNotCovered('reading brand profile', [
        TOKEN_SCOPES.readBrandProfiles,
        TOKEN_SCOPES.writeBrandProfiles,
      ]),
    });
    const shipping = await products.client.put('/api/shippingProfile/1', {});
    expect(shipping.status).toBe(403);
    expect(shipping.json.message).toBe(
      API_TOKEN_MSG.areaNotCovered('changing shipping profiles', [TOKEN_SCOPES.writeShippingProfiles]),
    );
    expect((await products.client.get('/api/bulkIngestion/jobs')).json.code).toBe('TOKEN_SCOPE_MISSING');
    const hooks = await products.client.get('/api/companies/1001/webhooks');
    expect(hooks.status).toBe(403);
    expect(hooks.json.message).toBe(
      API_TOKEN_MSG.areaNotCovered('reading webhooks', [TOKEN_SCOPES.readWebhooks, SCOPES.writeWebhooks]),
    );
    // GraphQL: each top-level field in its area.
    const profiles = await products.client.graphql(`query { getShippingProfileForCurrentUser { id } }`);
    expect(profiles.status).toBe(403);
    expect(JSON.stringify(profiles.json)).toContain('TOKEN_SCOPE_MISSING');

    // A read-only webhooks token reads the company's webhooks and deliveries, changes none, and reads no product.
    const hookReader = await cast.supplier.tokenClient([TOKEN_SCOPES.readWebhooks]);
    expect((await hookReader.client.get('/api/companies/1001/webhooks')).status).toBe(200);
    const create = await hookReader.client.post('/api/companies/1001/webhooks', {
      url: 'http://127.0.0.1:9/hooks/reader',
      events: ['submission.status_changed'],
    });
    expect(create.status).toBe(403);
    expect(create.json.code).toBe('TOKEN_READ_ONLY');
    const drafts = await hookReader.client.get('/api/v1/submissions');
    expect(drafts.status).toBe(403);
    expect(drafts.json.message).toBe(
      API_TOKEN_MSG.areaNotCovered('reading drafts, submissions, catalogue and the change feed', [READ, WRITE]),
    );

    // A shipping-profiles token reads them over GraphQL; a brand-profile reader changes nothing there.
    const shipper = await cast.supplier.tokenClient([TOKEN_SCOPES.writeShippingProfiles]);
    const mine = await shipper.client.graphql(`query { getShippingProfileForCurrentUser { id } }`);
    expect(mine.json.errors).toBeUndefined();
    expect((await shipper.client.get('/api/v1/events')).status).toBe(403);
    const brandReader = await cast.supplier.tokenClient([TOKEN_SCOPES.readBrandProfiles]);
    const brandWrite = await brandReader.client.upload(
      '/api/companies/1001/brand-profiles/1/brand-logo',
      [{ name: 'logo.png', data: await png(), type: 'image/png' }],
      'file',
    );
    expect(brandWrite.status).toBe(403);

    // The token tells what it may do in each area.
    const info = v1TokenInfo.parse((await shipper.client.get('/api/v1/token')).json);
    expect(info.areas.find((a) => a.area === 'shippingprofiles')?.access).toBe('write');
    expect(info.areas.find((a) => a.area === 'productsubmissions')?.access).toBe('none');
    const readerInfo = v1TokenInfo.parse((await hookReader.client.get('/api/v1/token')).json);
    expect(readerInfo.areas.find((a) => a.area === 'webhooks')?.access).toBe('read');
  });

  it("getCompany's brand profiles need read:brandprofiles, as the brand routes do; the company itself does not", async () => {
    const query = `query { getCompany(companyId: 1001) { id name brandProfiles { id } } currentUser { company { brandProfiles { id } } } }`;
    const products = await cast.supplier.tokenClient([READ, WRITE]);
    const refused = await products.client.graphql(query);
    expect(JSON.stringify(refused.json)).toContain('TOKEN_SCOPE_MISSING');
    expect(JSON.stringify(refused.json)).toContain(TOKEN_SCOPES.readBrandProfiles);
    expect(refused.json.data?.getCompany?.brandProfiles ?? null).toBeNull();
    expect(refused.json.data?.currentUser?.company?.brandProfiles ?? null).toBeNull();
    // The company without its brand profiles is any token's to read.
    const company = await products.client.graphql(`query { getCompany(companyId: 1001) { id name } }`);
    expect(company.json.errors).toBeUndefined();
    expect(company.json.data.getCompany.id).toBe(1001);
    // With the scope, and signed in, the profiles are there.
    const brandReader = await cast.supplier.tokenClient([TOKEN_SCOPES.readBrandProfiles]);
    const allowed = await brandReader.client.graphql(query);
    expect(allowed.json.errors).toBeUndefined();
    expect(allowed.json.data.getCompany.brandProfiles).toEqual(
      (await cast.supplier.graphql(query)).json.data.getCompany.brandProfiles,
    );
  });

  it('every route of the API is in an area, and a token without its scope gets 403 there before anything runs', async () => {
    const doc = (await cast.anonymous.get('/api/openapi.json')).json as {
      paths: Record<string, Record<string, { tags: string[]; security?: { session?: unknown }[] }>>;
    };
    const reader = (await cast.supplier.tokenClient([TOKEN_SCOPES.readWebhooks])).client;
    const open: string[] = [];
    let tried = 0;
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const area = op.tags.map((t) => TOKEN_AREA_OF_TAG[t]).find((a) => a !== undefined);
        expect(area, `${method} ${path}: its tag names no token area`).not.toBeUndefined();
        const forTokens = !op.security || op.security.some((s) => !('session' in s));
        if (!forTokens || area === null || area === 'webhooks') continue;
        const url = path.replace(/\{[^}]+\}/g, '1');
        const res = await reader.request(method.toUpperCase(), url);
        tried++;
        if (res.status !== 403 || !['TOKEN_SCOPE_MISSING', 'TOKEN_READ_ONLY'].includes(res.json?.code))
          open.push(`${method.toUpperCase()} ${path}: ${res.status} ${res.json?.code}`);
      }
    expect(tried).toBeGreaterThan(40);
    expect(open).toEqual([]);
  });

  it('a bearer request skips the cross-site check (no cookie to forge), a cookie request does not', async () => {
    const { token } = await cast.supplier.tokenClient([READ, WRITE]);
    const foreign = new Client(server.url, 'https://evil.example');
    foreign.bearer = token;
    const update = await foreign.graphql(
      `mutation { deleteDraftSubmission(id: "00000000-0000-0000-0000-000000000000") }`,
    );
    expect(update.status).not.toBe(403);
    const cookieForeign = new Client(server.url, 'https://evil.example');
    cookieForeign.cookies = cast.supplier.cookies;
    expect((await cookieForeign.post('/api/api-tokens', {})).status).toBe(403);
  });

  it('a token cannot accept vendor terms for its person (403 SESSION_REQUIRED, nothing recorded); the session can', async () => {
    await setUser('supplier@example.com', { tcAcceptanceDate: null });
    const { client } = await cast.supplier.tokenClient([READ, WRITE]);
    const byToken = await client.put('/api/user/accept-terms-and-conditions');
    expect({ status: byToken.status, body: byToken.json }).toMatchObject({
      status: 403,
      body: { code: 'SESSION_REQUIRED', message: API_TOKEN_MSG.termsSessionOnly },
    });
    const [row] = await db().select().from(users).where(eq(users.email, 'supplier@example.com'));
    expect(row.tcAcceptanceDate).toBeNull();
    const bySession = await cast.supplier.put('/api/user/accept-terms-and-conditions');
    expect(bySession.status).toBe(200);
    expect(bySession.json.tcAcceptanceDate).toEqual(expect.any(String));
  });

  it('a token is read from the Authorization header only: not from a cookie or the query string; a bad header is 401', async () => {
    const { token } = await cast.supplier.tokenClient([READ]);
    expect((await cast.anonymous.get(`/api/user?access_token=${token}`)).status).toBe(401);
    expect((await cast.anonymous.get(`/api/user?token=${token}`)).status).toBe(401);
    expect(
      (
        await cast.anonymous.request('GET', '/api/user', undefined, {
          headers: { cookie: `token=${token}; authorization=Bearer ${token}` },
        })
      ).status,
    ).toBe(401);
    const malformed = await cast.anonymous.request('GET', '/api/user', undefined, {
      headers: { authorization: `Token ${token}` },
    });
    expect(malformed.status).toBe(401);
    expect(malformed.json.message).toBe(API_TOKEN_MSG.headerMalformed);
    expect(malformed.headers.get('www-authenticate')).toBe('Bearer realm="Product Hub", error="invalid_request"');
    const unknown = await Client.withToken(server.url, `pst_${'A'.repeat(43)}`).get('/api/user');
    expect(unknown.status).toBe(401);
    expect(unknown.json.message).toBe(API_TOKEN_MSG.invalid);
    expect(unknown.headers.get('www-authenticate')).toBe('Bearer realm="Product Hub", error="invalid_token"');
    // The scheme's name is case-insensitive.
    expect(
      (await cast.anonymous.request('GET', '/api/user', undefined, { headers: { authorization: `bearer ${token}` } }))
        .status,
    ).toBe(200);
    // A bad token is refused even next to a valid session cookie: a request is one identity.
    const both = await cast.supplier.request('GET', '/api/user', undefined, {
      headers: { authorization: `Bearer pst_${'B'.repeat(43)}` },
    });
    expect(both.status).toBe(401);
  });

  it('a revoked token is refused with a clear message; only its owner (or a full administrator) revokes it', async () => {
    const { id, client } = await cast.supplier.tokenClient([READ]);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await cast.other.request('DELETE', `/api/api-tokens/${id}`)).status).toBe(404);
    expect((await client.get('/api/user')).status).toBe(200);
    const revoked = await cast.supplier.request('DELETE', `/api/api-tokens/${id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.json.revokedAt).toBeTruthy();
    const after = await client.get('/api/user');
    expect(after.status).toBe(401);
    expect(after.json).toMatchObject({ reason: 'TOKEN_REVOKED' });
    expect(after.json.message).toMatch(/^This API token was revoked on \d{4}-\d\d-\d\d\.$/);
  });

  it('an expired token is refused with a clear message', async () => {
    const { id, client } = await cast.supplier.tokenClient([READ]);
    await db()
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, id));
    const res = await client.get('/api/user');
    expect(res.status).toBe(401);
    expect(res.json.reason).toBe('TOKEN_EXPIRED');
    expect(res.json.message).toMatch(/^This API token expired on /);
  });

  it('the token of a disabled user is refused (and the user cannot sign in); enabled again, it works', async () => {
    const { client } = await cast.supplier2.tokenClient([READ]);
    await setUser('supplier2@example.com', { disabledAt: new Date() });
    try {
      const res = await client.get('/api/user');
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ reason: 'ACCOUNT_DISABLED', message: API_TOKEN_MSG.accountDisabled });
      expect((await cast.supplier2.get('/api/user')).status).toBe(401);
      const login = await new Client(server.url).post(
        '/api/auth/login',
        { username: 'supplier2@example.com', password: 'Supplier-demo-2' },
        { form: true },
      );
      expect(login.status).toBe(401);
    } finally {
      await setUser('supplier2@example.com', { disabledAt: null });
    }
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it("a token never outlives its user's scopes: a removed scope narrows it, none left refuses it", async () => {
    const admin = await cast.admin.tokenClient([SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions]);
    const viewer = await cast.viewer.tokenClient([SCOPES.readAllProductSubmissions]);
    const adminScopes = (await db().select().from(users).where(eq(users.email, 'admin@example.com')))[0].scopes;
    try {
      await setUser('admin@example.com', { scopes: [SCOPES.readAllProductSubmissions] });
      const me = await admin.client.get('/api/user');
      expect(me.status).toBe(200);
      expect(me.json.scopes).toEqual([SCOPES.readAllProductSubmissions]);
      const write = await admin.client.upload('/api/draftSubmissions', [
        { name: 'front.png', data: await png(), type: 'image/png' },
      ]);
      expect(write.status).toBe(403);
      await setUser('viewer@example.com', { scopes: [] });
      const gone = await viewer.client.get('/api/user');
      expect(gone.status).toBe(401);
      expect(gone.json).toMatchObject({ reason: 'TOKEN_NO_SCOPES', message: API_TOKEN_MSG.noScopesLeft });
    } finally {
      await setUser('admin@example.com', { scopes: adminScopes });
      await setUser('viewer@example.com', { scopes: [SCOPES.readAllProductSubmissions] });
    }
    expect((await viewer.client.get('/api/user')).status).toBe(200);
  });

  it("a token narrows a staff user's scopes to its own (an administrator's read-only token writes nothing)", async () => {
    const { client } = await cast.admin.tokenClient([SCOPES.readAllProductSubmissions]);
    const me = await client.get('/api/user');
    expect(me.json.scopes).toEqual([SCOPES.readAllProductSubmissions]);
    const flag = await client.graphql(`mutation { updateProductSubmissions(rows: []) { id } }`);
    expect(flag.status).toBe(403);
  });

  it("another company's records are unreachable with a token", async () => {
    const draft = await cast.supplier.upload('/api/draftSubmissions', [
      { name: 'front.png', data: await png(), type: 'image/png' },
    ]);
    const { client } = await cast.other.tokenClient([READ, WRITE]);
    expect((await client.get(`/api/draftSubmissions/${draft.json.id}/image/front.png`)).status).toBe(404);
    const gql = await client.graphql(`query($id: ID!) { getDraftSubmission(id: $id) { id } }`, { id: draft.json.id });
    expect(gql.json.data?.getDraftSubmission ?? null).toBeNull();
    const del = await client.graphql(`mutation($id: ID!) { deleteDraftSubmission(id: $id) }`, { id: draft.json.id });
    expect(del.json.data?.deleteDraftSubmission ?? null).toBeFalsy();
    expect(
      (await cast.supplier.graphql(`query($id: ID!) { getDraftSubmission(id: $id) { id } }`, { id: draft.json.id }))
        .json.data.getDraftSubmission.id,
    ).toBe(draft.json.id);
  });

  it('a token cannot manage tokens, the password or the account details (a session is required)', async () => {
    const { id, client } = await cast.supplier.tokenClient([READ, WRITE]);
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    for (const res of [
      await client.post('/api/api-tokens', { name: 'more', expiresAt: later, scopes: [READ, WRITE] }),
      await client.get('/api/api-tokens'),
      await client.request('DELETE', `/api/api-tokens/${id}`),
      await client.patch('/api/user/password', { oldPassword: 'Supplier-demo-1', newPassword: 'Taken-over-1' }),
      await client.put('/api/user', { firstName: 'X', lastName: 'Y', email: 'attacker@example.com' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ code: 'SESSION_REQUIRED', message: API_TOKEN_MSG.sessionOnly });
    }
    expect((await client.get('/api/user')).json.email).toBe('supplier@example.com');
  });

  it('last use is recorded, at most once a minute', async () => {
    const { id, client } = await cast.supplier.tokenClient([READ]);
    await client.get('/api/user');
    const [first] = await db().select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(first.lastUsedAt).toBeInstanceOf(Date);
    const recent = new Date(Date.now() - 10_000);
    await db().update(apiTokens).set({ lastUsedAt: recent }).where(eq(apiTokens.id, id));
    await client.get('/api/user');
    expect((await db().select().from(apiTokens).where(eq(apiTokens.id, id)))[0].lastUsedAt?.getTime()).toBe(
      recent.getTime(),
    );
    await db()
      .update(apiTokens)
      .set({ lastUsedAt: new Date(Date.now() - 120_000) })
      .where(eq(apiTokens.id, id));
    // Stamped by this request: not before it was sent (the database's clock may round down to the millisecond).
    const sentAt = Date.now() - 1;
    await client.get('/api/user');
    expect(
      (await db().select().from(apiTokens).where(eq(apiTokens.id, id)))[0].lastUsedAt!.getTime(),
    ).toBeGreaterThanOrEqual(sentAt);
    const listed = (await cast.supplier.get('/api/api-tokens')).json.find((t: { id: number }) => t.id === id);
    expect(listed.lastUsedAt).toBeTruthy();
  });

  it("full administrators list and revoke any company's tokens; others may not", async () => {
    const { id, client } = await cast.other.tokenClient([READ], { name: 'Blue Harbor feed' });
    const list = await cast.admin.get('/api/admin/api-tokens');
    expect(list.status).toBe(200);
    const found = list.json.find((t: { id: number }) => t.id === id);
    expect(found).toMatchObject({ name: 'Blue Harbor feed', user: { email: 'other@example.com' } });
    expect(found.user.companyName).toBeTruthy();
    const filtered = await cast.admin.get(`/api/admin/api-tokens?companyId=${found.user.companyId}`);
    expect(filtered.json.every((t: { user: { companyId: number } }) => t.user.companyId === found.user.companyId)).toBe(
      true,
    );
    expect((await cast.viewer.get('/api/admin/api-tokens')).status).toBe(403);
    expect((await cast.supplier.get('/api/admin/api-tokens')).status).toBe(403);
    expect((await cast.supplier.request('DELETE', `/api/admin/api-tokens/${id}`)).status).toBe(403);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await cast.admin.request('DELETE', `/api/admin/api-tokens/${id}`)).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
  });
});

describe(`API token rate limit (${databaseKind})`, () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ API_TOKEN_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => limited?.close());

  it('each token has its own limit per minute: past it 429 with Retry-After; another token is unaffected', async () => {
    const supplier = new Client(limited.url);
    await supplier.login('supplier@example.com', 'Supplier-demo-1');
    const busy = (await supplier.tokenClient([READ])).client;
    const calm = (await supplier.tokenClient([READ])).client;
    const statuses = [];
    await roomInRateWindow(limited.database.db); // the four calls in one minute's window
    for (let i = 0; i < 3; i++) statuses.push((await busy.get('/api/user')).status);
    expect(statuses).toEqual([200, 200, 200]);
    const over = await busy.get('/api/user');
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({ code: 'RATE_LIMITED', message: API_TOKEN_MSG.rateLimited });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    const overGraphql = await busy.graphql('{ currentUser { id } }');
    expect(overGraphql.status).toBe(429);
    expect(overGraphql.json.errors[0]).toMatchObject({
      message: API_TOKEN_MSG.rateLimited,
      extensions: { code: 'RATE_LIMITED' },
    });
    expect((await calm.get('/api/user')).status).toBe(200);
    // The session of the same user is not counted against the tokens.
    expect((await supplier.get('/api/user')).status).toBe(200);
  });
});
