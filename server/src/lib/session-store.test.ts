import type { Session } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../db/schema.ts';
import { databaseKind, startTestServer, type TestServer } from '../../test/harness.ts';
import { updateUser } from '../modules/users/repository.ts';
import { DbSessionStore, forgetSessionsOf } from './session-store.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const read = (store: DbSessionStore, sid: string) =>
  new Promise<Session | null | undefined>((resolve, reject) =>
    store.get(sid, (err, s) => (err ? reject(err as Error) : resolve(s))),
  );
const write = (store: DbSessionStore, sid: string, data: object) =>
  new Promise<void>((resolve, reject) =>
    store.set(sid, { ...data, cookie: { expires: new Date(Date.now() + 60_000) } } as never, (err) =>
      err ? reject(err as Error) : resolve(),
    ),
  );

async function aUser() {
  const [user] = await server.database.db.select().from(users).limit(1);
  return user;
}

describe(`session store cache (${databaseKind})`, () => {
  it('serves a session read moments ago without asking the database, then reads it again after the cache time', async () => {
    const db = server.database.db;
    const user = await aUser();
    // The store's clock stands still until the test moves it: however slowly the database answers here, the read
    // after the delete is within the cache time, and the last one past it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const store = new DbSessionStore(db, 150);
      await write(store, 'cached', { userId: user.id });
      expect((await read(store, 'cached'))?.userId).toBe(user.id);
      await db.delete(sessions).where(eq(sessions.sid, 'cached')); // as another instance's sign-out would
      expect((await read(store, 'cached'))?.userId).toBe(user.id);
      vi.setSystemTime(Date.now() + 200);
      expect(await read(store, 'cached')).toBeNull();
      store.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sees its own changes at once: set, destroy, a changed user row and sessions ended for a user', async () => {
    const db = server.database.db;
    const user = await aUser();
    const store = new DbSessionStore(db, 60_000);
    await write(store, 'mine', { userId: user.id, partnerCompanyId: null });
    await read(store, 'mine');
    await write(store, 'mine', { userId: user.id, partnerCompanyId: 30443 });
    expect((await read(store, 'mine'))?.partnerCompanyId).toBe(30443);

    await updateUser(db, user.id, { firstName: 'Renamed' });
    await read(store, 'mine');
    expect(store.takeUser('mine')?.firstName).toBe('Renamed');

    await db.delete(sessions).where(eq(sessions.userId, user.id));
    forgetSessionsOf(user.id);
    expect(await read(store, 'mine')).toBeNull();

    await write(store, 'mine', { userId: user.id });
    await read(store, 'mine');
    await new Promise<void>((resolve, reject) =>
      store.destroy('mine', (err) => (err ? reject(err as Error) : resolve())),
    );
    expect(await read(store, 'mine')).toBeNull();
    store.close();
  });

  it('never hands out the cached object itself: a request changing its session cannot change the next one', async () => {
    const user = await aUser();
    const store = new DbSessionStore(server.database.db, 60_000);
    await write(store, 'copy', { userId: user.id, partnerCompanyId: null });
    const first = await read(store, 'copy');
    first!.partnerCompanyId = 5;
    const second = await read(store, 'copy');
    expect(second?.partnerCompanyId).toBeNull();
    store.close();
  });
});
