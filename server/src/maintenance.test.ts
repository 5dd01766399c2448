import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, sessions } from './db/schema.ts';
import { databaseKind, startTestServer, type TestServer } from '../test/harness.ts';
import { purgeExpired } from './maintenance.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe(`maintenance (${databaseKind})`, () => {
  it('removes expired sessions and old sign-in failures, keeping current ones', async () => {
    const db = server.database.db;
    await db.insert(sessions).values([
      { sid: 'old', data: {}, expiresAt: new Date(Date.now() - 1000) },
      { sid: 'live', data: {}, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await db.insert(loginFailures).values([
      { email: 'a@example.com', address: '1', at: new Date(Date.now() - 2 * 86_400_000) },
      { email: 'b@example.com', address: '1' },
    ]);
    await purgeExpired(db);
    expect((await db.select({ sid: sessions.sid }).from(sessions)).map((s) => s.sid)).toEqual(['live']);
    expect((await db.select({ email: loginFailures.email }).from(loginFailures)).map((f) => f.email)).toEqual([
      'b@example.com',
    ]);
  });
});
