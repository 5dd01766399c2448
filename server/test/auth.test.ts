import { roomInRateWindow } from './support/wait.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/domain';
import { insertUser } from '../src/modules/users/repository.ts';
import { hashPassword } from '../src/modules/users/passwords.ts';
import { buildApp } from '../src/app.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000', LOGIN_FAILURES_PER_ACCOUNT: '5' });
});
afterAll(() => server?.close());

describe(`sign-in and session (${databaseKind})`, () => {
  it('POST /api/auth/login with form fields signs in and GET /api/user returns the user details', async () => {
    const c = new Client(server.url);
    expect((await c.get('/api/user')).status).toBe(401);
    const user = await c.login('supplier@example.com', 'Supplier-demo-1');
    expect(user).toMatchObject({
      email: 'supplier@example.com',
      firstName: 'Sam',
      companyId: 1001,
      scopes: ['write:webhooks'],
      isAuth0User: true,
    });
    const me = await c.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.json.company).toEqual({ id: 1001, name: 'Green Valley Foods' });
  });

  it('accepts JSON bodies too, and is case-insensitive on the e-mail', async () => {
    const c = new Client(server.url);
    const res = await c.post('/api/auth/login', { username: 'SUPPLIER@example.com', password: 'Supplier-demo-1' });
    expect(res.status).toBe(200);
  });

  it('wrong password gives 401 INVALID_CREDENTIALS with the spec message; unknown e-mail answers the same', async () => {
    const c = new Client(server.url);
    const wrong = await c.post(
      '/api/auth/login',
      { username: 'supplier2@example.com', password: 'nope' },
      { form: true },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({
      code: 'UNAUTHORIZED',
      reason: 'INVALID_CREDENTIALS',
      message: MSG.invalidLogin,
    });
    const unknown = await c.post(
      '/api/auth/login',
      { username: 'nobody@example.com', password: 'nope' },
      { form: true },
    );
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
  });

  it('bad input is a 400 naming the field', async () => {
    const c = new Client(server.url);
    const res = await c.post('/api/auth/login', { username: 'not-an-email', password: '' }, { form: true });
    expect(res.status).toBe(400);
    expect(res.json.fields).toMatchObject({ username: MSG.emailInvalid, password: MSG.passwordRequired });
  });

  it('session cookie is HttpOnly and SameSite=Lax, and the session id changes at login (no fixation)', async () => {
    const c = new Client(server.url);
    c.cookies.set('sid', 'attacker-chosen-session-id');
    const res = await c.post(
      '/api/auth/login',
      { username: 'supplier@example.com', password: 'Supplier-demo-1' },
      { form: true },
    );
    const setCookie = res.headers.getSetCookie().find((h) => /^sid=[^;]/.test(h))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    expect(c.cookies.get('sid')).not.toContain('attacker-chosen-session-id');
    // A fresh id again at the next login: an old cookie never becomes a signed-in one.
    const before = c.cookies.get('sid');
    await c.login('supplier@example.com', 'Supplier-demo-1');
    expect(c.cookies.get('sid')).not.toBe(before);
  });

  it('logout ends the session on the server', async () => {
    const c = new Client(server.url);
    await c.login('supplier@example.com', 'Supplier-demo-1');
    const stolen = new Map(c.cookies);
    expect((await c.get('/api/auth/logout')).status).toBe(204);
    const replay = new Client(server.url);
    replay.cookies = stolen;
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('sessions live in the database: a second app instance on the same database knows the user', async () => {
    const c = new Client(server.url);
    await c.login('viewer@example.com', 'Viewer-demo-1');
    const second = await buildApp(server.ctx);
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const addr = second.server.address() as { port: number };
      const other = new Client(`http://127.0.0.1:${addr.port}`);
      other.cookies = c.cookies;
      const me = await other.get('/api/user');
      expect(me.status).toBe(200);
      expect(me.json.email).toBe('viewer@example.com');
    } finally {
      await second.close();
    }
  });

  it('a correct but weak password is INSUFFICIENT_PASSWORD_STRENGTH, kept as an attempted login until a strong one is set', async () => {
    await insertUser(server.database.db, {
      companyId: 1001,
      email: 'legacy@example.com',
      firstName: 'Lee',
      passwordHash: await hashPassword('password'),
    });
    const c = new Client(server.url);
    const res = await c.post(
      '/api/auth/login',
      { username: 'legacy@example.com', password: 'password' },
      { form: true },
    );
    expect(res.status).toBe(401);
    expect(res.json.reason).toBe('INSUFFICIENT_PASSWORD_STRENGTH');
    expect((await c.get('/api/user')).status).toBe(401);

    const weak = await c.post('/api/auth/strengthen-password', { newPassword: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.json.fields.newPassword).toBe(MSG.passwordWeak);

    const ok = await c.post('/api/auth/strengthen-password', { newPassword: 'Much-Better-9' });
    expect(ok.status).toBe(200);
    expect(ok.json.email).toBe('legacy@example.com');
    expect((await c.get('/api/user')).status).toBe(200);
    // Without an attempted login the endpoint refuses.
    expect(
      (await new Client(server.url).post('/api/auth/strengthen-password', { newPassword: 'Much-Better-9' })).status,
    ).toBe(401);
  });

  it('locks an account after repeated failures (per account, across addresses)', async () => {
    const c = new Client(server.url);
    for (let i = 0; i < 5; i++) {
      expect(
        (await c.post('/api/auth/login', { username: 'other@example.com', password: `bad-${i}` }, { form: true }))
          .status,
      ).toBe(401);
    }
    const locked = await c.post(
      '/api/auth/login',
      { username: 'other@example.com', password: 'Other-demo-1' },
      { form: true },
    );
    expect(locked.status).toBe(429);
    expect(locked.json.message).toBe(MSG.tooManyAttempts);
    // Other accounts are unaffected.
    expect(
      (
        await c.post(
          '/api/auth/login',
          { username: 'supplier2@example.com', password: 'Supplier-demo-2' },
          { form: true },
        )
      ).status,
    ).toBe(200);
  });

  it('refuses state-changing requests from another origin', async () => {
    const evil = new Client(server.url, 'https://evil.example');
    const res = await evil.post(
      '/api/auth/login',
      { username: 'supplier@example.com', password: 'Supplier-demo-1' },
      { form: true },
    );
    expect(res.status).toBe(403);
    const c = new Client(server.url, null);
    const crossSite = await c.request(
      'POST',
      '/api/auth/login',
      { username: 'supplier@example.com', password: 'Supplier-demo-1' },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(crossSite.status).toBe(403);
  });
});

describe(`login rate limit per address (${databaseKind})`, () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => limited?.close());

  it('answers 429 past the per-minute limit for one address', async () => {
    await roomInRateWindow(limited.database.db); // the five attempts in one minute's window
    const c = new Client(limited.url);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await c.post('/api/auth/login', { username: `x${i}@example.com`, password: 'x' }, { form: true })).status,
      );
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});

describe(`behind HTTPS (${databaseKind})`, () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({ TRUST_PROXY: 'on' });
  });
  afterAll(() => proxied?.close());

  it('marks the session cookie Secure when the proxy says the request came over HTTPS', async () => {
    const c = new Client(proxied.url, null);
    const res = await c.request(
      'POST',
      '/api/auth/login',
      { username: 'supplier@example.com', password: 'Supplier-demo-1' },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((h) => h.startsWith('sid='))).toMatch(/Secure/);
  });
});
