import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, MSG } from '@portal/domain';
import { passwordResetTokens } from '../src/db/schema.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { newestMailTo } from './support/mail.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => server?.close());

/** The newest mail to the address, once the background jobs (which send the reset mail) have run. */
async function lastMailTo(to: string) {
  await server.ctx.jobs!.drain();
  return newestMailTo(server, to);
}
const tokenFrom = (text: string) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe(`account information and password (${databaseKind})`, () => {
  it('every account endpoint needs a signed-in user', async () => {
    const anon = new Client(server.url);
    expect((await anon.get('/api/user/exists/a@example.com')).status).toBe(401);
    expect((await anon.put('/api/user', { email: 'a@example.com', firstName: 'a', lastName: 'b' })).status).toBe(401);
    expect((await anon.patch('/api/user/password', { oldPassword: 'x', newPassword: 'Abcdefg1' })).status).toBe(401);
    expect((await anon.put('/api/user/accept-terms-and-conditions')).status).toBe(401);
  });

  it('GET /api/user is 401 signed out, but the session probe (?optional=true) answers null, so a logged-out page logs no error', async () => {
    const anon = new Client(server.url);
    expect((await anon.get('/api/user')).status).toBe(401);
    const probe = await anon.get('/api/user?optional=true');
    expect(probe.status).toBe(200);
    expect(probe.json).toBeNull();
    const signedIn = new Client(server.url);
    await signedIn.login('viewer@example.com', 'Viewer-demo-1');
    expect((await signedIn.get('/api/user?optional=true')).json).toMatchObject({ email: 'viewer@example.com' });
    expect((await anon.get('/api/user?optional=yes')).status).toBe(400);
  });

  it("GET /api/user/exists/{email} answers email_exists, about the user's own company only (issue 15)", async () => {
    const c = new Client(server.url);
    await c.login('supplier2@example.com', 'Supplier-demo-2');
    expect((await c.get('/api/user/exists/supplier%40example.com')).json).toEqual({ email_exists: true });
    expect((await c.get('/api/user/exists/other%40example.com')).json).toEqual({ email_exists: false });
    expect((await c.get('/api/user/exists/free%40example.com')).json).toEqual({ email_exists: false });
  });

  it('PUT /api/user validates with the spec messages, refuses a taken e-mail, and saves', async () => {
    const c = new Client(server.url);
    await c.login('supplier2@example.com', 'Supplier-demo-2');
    const bad = await c.put('/api/user', { email: 'nope', firstName: ' ', lastName: '' });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({
      email: MSG.emailInvalid,
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
    });
    const long = await c.put('/api/user', {
      email: 'supplier2@example.com',
      firstName: 'S',
      lastName: 'S'.repeat(101),
    });
    expect(long.status).toBe(400);
    expect(long.json.fields).toEqual({ lastName: MSG.lastNameTooLong });
    const taken = await c.put('/api/user', { email: 'OTHER@example.com', firstName: 'S', lastName: 'S' });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(MSG.emailTaken);
    const ok = await c.put('/api/user', { email: 'supplier2@example.com', firstName: ' Sasha ', lastName: 'Renamed' });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ firstName: 'Sasha', lastName: 'Renamed' });
  });

  it('PATCH /api/user/password: wrong old password is 401 with the spec message; success ends other sessions only', async () => {
    const a = new Client(server.url);
    const b = new Client(server.url);
    await a.login('viewer@example.com', 'Viewer-demo-1');
    await b.login('viewer@example.com', 'Viewer-demo-1');
    const wrong = await a.patch('/api/user/password', { oldPassword: 'Wrong-pass-1', newPassword: 'Viewer-demo-2' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.message).toBe(MSG.oldPasswordWrong);
    const weak = await a.patch('/api/user/password', { oldPassword: 'Viewer-demo-1', newPassword: 'alllowercase1' });
    expect(weak.status).toBe(400);
    expect(weak.json.fields.newPassword).toBe(MSG.passwordWeak);
    expect(
      (await a.patch('/api/user/password', { oldPassword: 'Viewer-demo-1', newPassword: 'Viewer-demo-2' })).status,
    ).toBe(204);
    expect((await a.get('/api/user')).status).toBe(200);
    expect((await b.get('/api/user')).status).toBe(401);
    await new Client(server.url).login('viewer@example.com', 'Viewer-demo-2');
  });

  it('PUT /api/user/accept-terms-and-conditions records tcAcceptanceDate', async () => {
    const c = new Client(server.url);
    const before = await c.login('other@example.com', 'Other-demo-1');
    expect(before.tcAcceptanceDate).toBeNull();
    const res = await c.put('/api/user/accept-terms-and-conditions');
    expect(res.status).toBe(200);
    expect(Date.parse(res.json.tcAcceptanceDate)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe(`password reset by e-mail (${databaseKind})`, () => {
  it('answers an unknown address exactly like a known one, and mails only the known one', async () => {
    const c = new Client(server.url);
    const known = await c.post('/api/user/password/forgot', { email: 'supplier@example.com' });
    const unknown = await c.post('/api/user/password/forgot', { email: 'ghost@example.com' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.text).toBe(known.text);
    expect(await lastMailTo('ghost@example.com')).toBeUndefined();
    const mail = await lastMailTo('supplier@example.com');
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.text).toContain(`${server.config.publicUrl}/reset-password/`);
  });

  it('rejects a malformed address with the spec messages', async () => {
    const c = new Client(server.url);
    expect((await c.post('/api/user/password/forgot', { email: '' })).json.fields.email).toBe(MSG.emailRequired);
    expect((await c.post('/api/user/password/forgot', { email: 'a@' })).json.fields.email).toBe(MSG.emailInvalid);
  });

  it('the link sets a new password once, ends the old sessions, and cannot be used again', async () => {
    const signedIn = new Client(server.url);
    await signedIn.login('supplier@example.com', 'Supplier-demo-1');
    const c = new Client(server.url);
    await c.post('/api/user/password/forgot', { email: 'supplier@example.com' });
    const token = tokenFrom((await lastMailTo('supplier@example.com')).text)!;

    const weak = await c.post('/api/user/password/reset', { token, newPassword: 'weak' });
    expect(weak.status).toBe(400);
    expect(weak.json.fields.newPassword).toBe(MSG.passwordWeak);

    expect((await c.post('/api/user/password/reset', { token, newPassword: 'Fresh-start-7' })).status).toBe(204);
    expect((await signedIn.get('/api/user')).status).toBe(401);
    await new Client(server.url).login('supplier@example.com', 'Fresh-start-7');

    const again = await c.post('/api/user/password/reset', { token, newPassword: 'Another-one-8' });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ code: 'RESET_LINK_INVALID', message: MSG.resetLinkInvalid });
  });

  it('an expired link is refused', async () => {
    const c = new Client(server.url);
    await c.post('/api/user/password/forgot', { email: 'supplier2@example.com' });
    const token = tokenFrom((await lastMailTo('supplier2@example.com')).text)!;
    await server.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await c.post('/api/user/password/reset', { token, newPassword: 'Too-late-123' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('RESET_LINK_INVALID');
  });
});

describe(`feature flags, partner configuration and GraphQL (${databaseKind})`, () => {
  it('GET /api/feature-flags/enabled lists the enabled flags (demo: all on)', async () => {
    const res = await new Client(server.url).get('/api/feature-flags/enabled');
    expect(res.json).toEqual(['BRAND_PROFILE', 'SHIPPING_PROFILE', 'SUBMISSION_LIST_VIEW']);
  });

  it('GET /api/companies/{id}/partner-configuration is public; unknown is 404; a non-number is 400', async () => {
    const c = new Client(server.url);
    const res = await c.get('/api/companies/30443/partner-configuration');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ companyId: 30443, companyName: 'FRESH MARKET GROCERS', landingPageEnabled: true });
    expect((await c.get('/api/companies/1001/partner-configuration')).status).toBe(404);
    expect((await c.get('/api/companies/abc/partner-configuration')).status).toBe(400);
  });

  it('GraphQL currentUser follows the session', async () => {
    const c = new Client(server.url);
    expect((await c.graphql('{ currentUser { email } }')).json.data.currentUser).toBeNull();
    await c.login('admin@example.com', 'Admin-demo-1');
    const res = await c.graphql('{ currentUser { email scopes company { name } } enabledFeatureFlags }');
    expect(res.json.data.currentUser.email).toBe('admin@example.com');
    expect(res.json.data.currentUser.scopes).toEqual(ALL_SCOPES);
    expect(res.json.data.enabledFeatureFlags).toContain('SHIPPING_PROFILE');
  });

  it('unknown API routes answer the JSON error shape', async () => {
    const res = await new Client(server.url).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe(`partner search (${databaseKind})`, () => {
  it('searchPartnerConfigurations finds partners by part of the company name, case-insensitively, for signed-in users', async () => {
    const q = `query($name: String!) { searchPartnerConfigurations(name: $name) { id companyName } }`;
    expect((await new Client(server.url).graphql(q, { name: 'fresh' })).json.errors[0].extensions.code).toBe(
      'UNAUTHORIZED',
    );
    const c = new Client(server.url);
    await c.login('other@example.com', 'Other-demo-1');
    expect((await c.graphql(q, { name: 'market' })).json.data.searchPartnerConfigurations).toEqual([
      { id: 30443, companyName: 'FRESH MARKET GROCERS' },
    ]);
    expect((await c.graphql(q, { name: '%' })).json.data.searchPartnerConfigurations).toEqual([]);
    expect((await c.graphql(q, { name: 'Green Valley' })).json.data.searchPartnerConfigurations).toEqual([]);
  });
});
