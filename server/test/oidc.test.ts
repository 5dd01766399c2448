import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { ALL_SCOPES } from '@portal/domain';
import { users } from '../src/db/schema.ts';
import { scopesFromClaims } from '../src/modules/auth/oidc.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';
import { freePort } from './support/ports.ts';
import {
  driveProviderLogin,
  startOidcProvider,
  TEST_ACCOUNTS,
  type RunningOidcProvider,
} from './support/oidc-provider.ts';

/**
 * Administrator sign-in through a real OpenID Connect provider on loopback, over real HTTP: the portal's
 * redirect, the provider's login form, the callback with the code, and the portal's session at the end.
 */

const CLIENT_SECRET = 'portal-test-secret';
// Copied so a test can change what the provider says about an account between two sign-ins.
const accounts = structuredClone(TEST_ACCOUNTS);
let provider: RunningOidcProvider;
let portal: TestServer;

beforeAll(async () => {
  const port = await freePort();
  const portalUrl = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider({
    redirectUris: [`${portalUrl}/api/auth/oidc/callback`],
    clientSecret: CLIENT_SECRET,
    accounts,
  });
  portal = await startTestServer(
    {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_NAME: 'Staff SSO',
      PUBLIC_URL: portalUrl,
    },
    { port },
  );
});
afterAll(async () => {
  await portal?.close();
  await provider?.stop();
});

/** What a browser does from the "Sign in with Staff SSO" button until it is back on the portal. */
async function startLogin(returnTo = '/admin/submissions') {
  const client = new Client(portal.url);
  const start = await client.get(`/api/auth/oidc/login?returnTo=${encodeURIComponent(returnTo)}`);
  expect(start.status).toBe(302);
  return { client, authorizationUrl: start.headers.get('location')! };
}

async function signIn(login: string, returnTo?: string) {
  const { client, authorizationUrl } = await startLogin(returnTo);
  const callback = await driveProviderLogin(authorizationUrl, login);
  expect(callback.origin + callback.pathname).toBe(`${portal.url}/api/auth/oidc/callback`);
  const done = await client.get(callback.pathname + callback.search);
  expect(done.status).toBe(302);
  return { client, location: done.headers.get('location') };
}

const usersWithEmail = (email: string) => portal.database.db.select().from(users).where(eq(users.email, email));

describe(`OpenID Connect administrator login (${databaseKind})`, () => {
  it('GET /api/auth/config says enabled, with the configured name', async () => {
    const res = await new Client(portal.url).get('/api/auth/config');
    expect(res.json).toEqual({ oidc: { enabled: true, name: 'Staff SSO' } });
  });

  it('redirects to the provider with the code flow, PKCE S256, state and nonce', async () => {
    const { authorizationUrl } = await startLogin();
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      response_type: 'code',
      redirect_uri: `${portal.url}/api/auth/oidc/callback`,
      code_challenge_method: 'S256',
    });
    for (const p of ['code_challenge', 'state', 'nonce']) expect(url.searchParams.get(p)).toBeTruthy();
  });

  it('signs a staff administrator in: back on returnTo, e-mail and scopes from the claims', async () => {
    const { client, location } = await signIn('staff-admin', '/admin/submissions?status=new');
    expect(location).toBe('/admin/submissions?status=new');
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({
      email: 'staff.admin@idp.example',
      firstName: 'Stella',
      lastName: 'Staff',
      companyId: 1000,
      isAuth0User: false,
    });
    expect([...me.json.scopes].sort()).toEqual([...ALL_SCOPES].sort());
  });

  it('a second sign-in of the same subject updates the user rather than adding one', async () => {
    const first = await (await signIn('staff-admin')).client.get('/api/user');
    accounts['staff-admin'].given_name = 'Stella-Renamed';
    accounts['staff-admin'].portal_scopes = ['read:allproductsubmissions'];
    try {
      const second = await (await signIn('staff-admin')).client.get('/api/user');
      expect(second.json).toMatchObject({
        id: first.json.id,
        firstName: 'Stella-Renamed',
        scopes: ['read:allproductsubmissions'],
      });
      const rows = await usersWithEmail('staff.admin@idp.example');
      expect(rows).toHaveLength(1);
      expect(rows[0].oidcSubject).toBe(`${provider.issuer}#staff-admin`);
    } finally {
      accounts['staff-admin'] = structuredClone(TEST_ACCOUNTS['staff-admin']);
    }
  });

  it('links to an existing account with the same e-mail', async () => {
    const withPassword = await new Client(portal.url).login('admin@example.com', 'Admin-demo-1');
    const me = await (await signIn('demo-admin')).client.get('/api/user');
    expect(me.json.id).toBe(withPassword.id);
    expect(await usersWithEmail('admin@example.com')).toHaveLength(1);
  });

  it('reads scopes from a space-separated string and drops values it does not know', async () => {
    const me = await (await signIn('read-only')).client.get('/api/user');
    expect(me.json.scopes).toEqual(['read:allproductsubmissions']);
  });

  it.each([
    ['no-scopes', 'no.scopes@idp.example'],
    ['unverified', 'unverified@idp.example'],
  ])('refuses %s with ?error=no-access, no session and no user', async (login, email) => {
    const { client, location } = await signIn(login);
    expect(location).toBe('/login/admin?error=no-access');
    expect((await client.get('/api/user')).status).toBe(401);
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it('refuses a callback whose state was tampered with', async () => {
    const { client, authorizationUrl } = await startLogin();
    const callback = await driveProviderLogin(authorizationUrl, 'staff-admin');
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const done = await client.get(callback.pathname + callback.search);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/login/admin?error=oidc');
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('refuses a callback without a sign-in started in this session', async () => {
    const { authorizationUrl } = await startLogin();
    const callback = await driveProviderLogin(authorizationUrl, 'staff-admin');
    const stranger = new Client(portal.url); // e.g. a link planted by someone else: login CSRF
    const done = await stranger.get(callback.pathname + callback.search);
    expect(done.headers.get('location')).toBe('/login/admin?error=expired');
    expect((await stranger.get('/api/user')).status).toBe(401);
  });

  it('accepts only a local path as returnTo (no open redirect)', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example/']) {
      const res = await new Client(portal.url).get(`/api/auth/oidc/login?returnTo=${encodeURIComponent(returnTo)}`);
      expect(res.status).toBe(400);
    }
  });
});

describe(`OpenID Connect with a public client (${databaseKind})`, () => {
  let publicProvider: RunningOidcProvider;
  let publicPortal: TestServer;
  beforeAll(async () => {
    const port = await freePort();
    publicProvider = await startOidcProvider({ redirectUris: [`http://127.0.0.1:${port}/api/auth/oidc/callback`] });
    publicPortal = await startTestServer(
      {
        OIDC_ISSUER: publicProvider.issuer,
        OIDC_CLIENT_ID: publicProvider.clientId,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      { port },
    );
  });
  afterAll(async () => {
    await publicPortal?.close();
    await publicProvider?.stop();
  });

  it('signs in without OIDC_CLIENT_SECRET (PKCE alone protects the code)', async () => {
    const client = new Client(publicPortal.url);
    const start = await client.get('/api/auth/oidc/login?returnTo=/admin');
    const callback = await driveProviderLogin(start.headers.get('location')!, 'staff-admin');
    const done = await client.get(callback.pathname + callback.search);
    expect(done.headers.get('location')).toBe('/admin');
    expect((await client.get('/api/user')).json.email).toBe('staff.admin@idp.example');
  });
});

describe(`OpenID Connect switched off (${databaseKind})`, () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(() => plain?.close());

  it('without OIDC_ISSUER the login route is 404 and the config says disabled', async () => {
    const client = new Client(plain.url);
    expect((await client.get('/api/auth/oidc/login?returnTo=/')).status).toBe(404);
    expect((await client.get('/api/auth/oidc/callback?code=x&state=y')).status).toBe(404);
    expect((await client.get('/api/auth/config')).json).toEqual({ oidc: { enabled: false, name: '' } });
  });
});

describe('scopesFromClaims', () => {
  const claim = 'portal_scopes';
  it('takes a list', () => {
    expect(
      scopesFromClaims({ portal_scopes: ['read:allproductsubmissions', 'write:productsubmissions'] }, claim),
    ).toEqual(['read:allproductsubmissions', 'write:productsubmissions']);
  });
  it('takes a space-separated string, tolerating extra whitespace', () => {
    expect(
      scopesFromClaims({ portal_scopes: '  read:partnerconfigurations\twrite:partnerconfigurations ' }, claim),
    ).toEqual(['read:partnerconfigurations', 'write:partnerconfigurations']);
  });
  it('drops unknown values and duplicates', () => {
    expect(
      scopesFromClaims(
        { portal_scopes: ['admin', 'read:allproductsubmissions', 'read:allproductsubmissions', ''] },
        claim,
      ),
    ).toEqual(['read:allproductsubmissions']);
  });
  it('reads the configured claim only', () => {
    expect(scopesFromClaims({ roles: ['read:allproductsubmissions'] }, claim)).toEqual([]);
    expect(scopesFromClaims({ roles: ['read:allproductsubmissions'] }, 'roles')).toEqual([
      'read:allproductsubmissions',
    ]);
  });
  it('gives nothing for a missing or odd claim', () => {
    expect(scopesFromClaims({}, claim)).toEqual([]);
    expect(scopesFromClaims({ portal_scopes: null }, claim)).toEqual([]);
    expect(scopesFromClaims({ portal_scopes: 42 }, claim)).toEqual([]);
    expect(scopesFromClaims({ portal_scopes: { read: true } }, claim)).toEqual([]);
  });
  it('does not match case-insensitively', () => {
    expect(scopesFromClaims({ portal_scopes: ['READ:allproductsubmissions'] }, claim)).toEqual([]);
  });
});
