import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt } from 'drizzle-orm';
import { INVITATION_TTL_HOURS, MSG, PEOPLE_MSG, SCOPES } from '@portal/domain';
import { auditLog, userInvitations, users } from '../src/db/schema.ts';
import { Client, databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';
import { newestMailTo } from './support/mail.ts';

let server: TestServer;
let cast: Awaited<ReturnType<typeof demoClients>>;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  cast = await demoClients(server);
});
afterAll(() => server?.close());

/** The newest mail to the address, once the background jobs (which send the invitation) have run. */
async function lastMailTo(to: string) {
  await server.ctx.jobs!.drain();
  return newestMailTo(server, to);
}
const tokenFrom = (text: string) => /\/invitation\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
const auditSince = (id: number) =>
  server.database.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(auditLog.id);
const lastAuditId = async () =>
  (await server.database.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0;

describe(`managing people (${databaseKind})`, () => {
  it('only administrators manage people: a read-only administrator, a supplier, a token and a visitor are refused', async () => {
    const staffInvite = { email: 'x1@example.com', firstName: 'X', lastName: 'Y', scopes: [SCOPES.readJobs] };
    for (const [who, status] of [
      [cast.viewer, 403],
      [cast.supplier, 403],
      [cast.anonymous, 401],
    ] as const) {
      expect((await who.get('/api/people/staff')).status).toBe(status);
      expect((await who.get('/api/people/companies')).status).toBe(status);
      expect((await who.post('/api/people/staff', staffInvite)).status).toBe(status);
      expect((await who.post('/api/people/companies', { name: 'Sneaky Co' })).status).toBe(status);
      expect((await who.post('/api/people/companies/2/users', staffInvite)).status).toBe(status);
    }
    // Even the administrator's own token: accounts are made at the screen only.
    const { client } = await cast.admin.tokenClient([SCOPES.readAllProductSubmissions]);
    expect((await client.post('/api/people/companies', { name: 'Token Co' })).status).toBe(403);
    const made = await server.database.db.select().from(users).where(eq(users.email, 'x1@example.com'));
    expect(made).toEqual([]);
  });

  it('an administrator adds a supplier company and invites its user; the link sets a password once, audited', async () => {
    const since = await lastAuditId();
    const created = await cast.admin.post('/api/people/companies', { name: 'Hillside Dairy' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'Hillside Dairy', kind: 'supplier', users: 0 });
    expect((await cast.admin.post('/api/people/companies', { name: ' hillside dairy ' })).json.message).toBe(
      PEOPLE_MSG.companyNameTaken,
    );
    const companyId = created.json.id as number;
    const listed = await cast.admin.get('/api/people/companies?q=hills');
    expect(listed.json.companies.map((c: { name: string }) => c.name)).toEqual(['Hillside Dairy']);

    const invited = await cast.admin.post(`/api/people/companies/${companyId}/users`, {
      email: 'hanna@hillside.example',
      firstName: 'Hanna',
      lastName: 'Hill',
    });
    expect(invited.status).toBe(201);
    expect(invited.json).toMatchObject({ email: 'hanna@hillside.example', state: 'invited', scopes: [] });
    // A staff scope cannot be given to a company user; a taken address is refused.
    const staffScope = await cast.admin.post(`/api/people/companies/${companyId}/users`, {
      email: 'h2@hillside.example',
      firstName: 'H',
      lastName: 'Two',
      scopes: [SCOPES.readAllProductSubmissions],
    });
    expect(staffScope.status).toBe(400);
    const taken = await cast.admin.post(`/api/people/companies/${companyId}/users`, {
      email: 'SUPPLIER@example.com',
      firstName: 'S',
      lastName: 'S',
    });
    expect([taken.status, taken.json.message]).toEqual([409, MSG.emailTaken]);

    // Until the password is chosen, the account cannot sign in.
    const early = await new Client(server.url).post(
      '/api/auth/login',
      { username: 'hanna@hillside.example', password: 'Whatever-123' },
      { form: true },
    );
    expect(early.status).toBe(401);

    const mail = await lastMailTo('hanna@hillside.example');
    expect(mail.subject).toBe('You are invited to Product Hub');
    expect(mail.text).toContain('Hillside Dairy');
    const token = tokenFrom(mail.text)!;
    // Only the hash is stored, and the link expires after the stated time.
    const [stored] = await server.database.db
      .select()
      .from(userInvitations)
      .where(eq(userInvitations.userId, invited.json.id));
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const hours = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / 3_600_000;
    expect(Math.round(hours)).toBe(INVITATION_TTL_HOURS);

    const visitor = new Client(server.url);
    expect((await visitor.get(`/api/invitations/${token}`)).json).toEqual({
      email: 'hanna@hillside.example',
      firstName: 'Hanna',
      companyName: 'Hillside Dairy',
    });
    expect((await visitor.post('/api/invitations/accept', { token, newPassword: 'short' })).status).toBe(400);
    expect((await visitor.post('/api/invitations/accept', { token, newPassword: 'Hillside-milk-42' })).status).toBe(
      204,
    );
    // Single use.
    const again = await visitor.post('/api/invitations/accept', { token, newPassword: 'Hillside-milk-43' });
    expect([again.status, again.json.message]).toEqual([400, PEOPLE_MSG.invitationInvalid]);
    expect((await visitor.get(`/api/invitations/${token}`)).status).toBe(404);

    const hanna = new Client(server.url);
    const me = await hanna.login('hanna@hillside.example', 'Hillside-milk-42');
    expect(me).toBeTruthy();
    expect((await hanna.get('/api/user')).json).toMatchObject({ companyId, company: { name: 'Hillside Dairy' } });
    // The new supplier user is no administrator.
    expect((await hanna.get('/api/people/staff')).status).toBe(403);

    const detail = await cast.admin.get(`/api/people/companies/${companyId}`);
    expect(detail.json.users).toEqual([expect.objectContaining({ email: 'hanna@hillside.example', state: 'active' })]);
    // A second invitation to someone who has a password is refused.
    expect((await cast.admin.post(`/api/people/users/${invited.json.id}/invitation`)).status).toBe(409);

    const rows = await auditSince(since);
    expect(rows.map((r) => [r.action, r.targetType, r.targetLabel])).toEqual([
      ['company.created', 'company', 'Hillside Dairy'],
      ['user.invited', 'user', 'hanna@hillside.example'],
      ['user.invitation_accepted', 'user', 'hanna@hillside.example'],
    ]);
  });

  it('an administrator invites staff with scopes it holds itself; the resent link works, audited', async () => {
    const since = await lastAuditId();
    const noScopes = await cast.admin.post('/api/people/staff', {
      email: 'rae@staff.example',
      firstName: 'Rae',
      lastName: 'Viewer',
      scopes: [],
    });
    expect([noScopes.status, noScopes.json.fields?.scopes]).toEqual([400, PEOPLE_MSG.scopesRequired]);
    const companyScope = await cast.admin.post('/api/people/staff', {
      email: 'rae@staff.example',
      firstName: 'Rae',
      lastName: 'Viewer',
      scopes: [SCOPES.writeWebhooks],
    });
    expect(companyScope.status).toBe(400);
    const invited = await cast.admin.post('/api/people/staff', {
      email: 'rae@staff.example',
      firstName: 'Rae',
      lastName: 'Viewer',
      scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions],
    });
    expect(invited.status).toBe(201);
    const first = tokenFrom((await lastMailTo('rae@staff.example')).text)!;
    const resent = await cast.admin.post(`/api/people/users/${invited.json.id}/invitation`);
    expect(resent.status).toBe(202);
    const second = tokenFrom((await lastMailTo('rae@staff.example')).text)!;
    expect(second).not.toBe(first);
    expect((await cast.admin.get('/api/people/staff')).json.users).toContainEqual(
      expect.objectContaining({ email: 'rae@staff.example', state: 'invited' }),
    );

    const visitor = new Client(server.url);
    expect(
      (await visitor.post('/api/invitations/accept', { token: second, newPassword: 'Review-all-day-7' })).status,
    ).toBe(204);
    // Accepting spends every other link of the user.
    expect(
      (await visitor.post('/api/invitations/accept', { token: first, newPassword: 'Review-all-day-8' })).status,
    ).toBe(400);
    const rae = new Client(server.url);
    await rae.login('rae@staff.example', 'Review-all-day-7');
    expect((await rae.get('/api/user')).json.scopes).toEqual([
      SCOPES.readAllProductSubmissions,
      SCOPES.writeAllProductSubmissions,
    ]);
    const [row] = await server.database.db
      .select()
      .from(users)
      .where(and(eq(users.email, 'rae@staff.example')));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);

    const rows = await auditSince(since);
    expect(rows.map((r) => r.action)).toEqual(['user.invited', 'user.invitation_resent', 'user.invitation_accepted']);
    expect(rows[0].after).toMatchObject({
      scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions],
    });
  });

  it('an administrator grants only scopes it holds, and invites only to supplier companies', async () => {
    // A full administrator without the jobs scopes cannot hand them out.
    const partial = await cast.admin.post('/api/people/staff', {
      email: 'pat@staff.example',
      firstName: 'Pat',
      lastName: 'Partial',
      scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions],
    });
    const token = tokenFrom((await lastMailTo('pat@staff.example')).text)!;
    await new Client(server.url).post('/api/invitations/accept', { token, newPassword: 'Partial-admin-9' });
    const pat = new Client(server.url);
    await pat.login('pat@staff.example', 'Partial-admin-9');
    expect(partial.status).toBe(201);
    const escalate = await pat.post('/api/people/staff', {
      email: 'esc@staff.example',
      firstName: 'E',
      lastName: 'Sc',
      scopes: [SCOPES.writePartnerConfigurations],
    });
    expect([escalate.status, escalate.json.message]).toEqual([400, PEOPLE_MSG.scopeNotYours]);
    const staffCompany = (await pat.get('/api/user')).json.companyId;
    expect(
      (
        await pat.post(`/api/people/companies/${staffCompany}/users`, {
          email: 'z@z.example',
          firstName: 'Z',
          lastName: 'Z',
        })
      ).status,
    ).toBe(400);
    expect(
      (await pat.post('/api/people/companies/999999/users', { email: 'z@z.example', firstName: 'Z', lastName: 'Z' }))
        .status,
    ).toBe(404);
  });
});
