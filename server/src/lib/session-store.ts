import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema.ts';

type Callback = (err?: unknown) => void;
type GetCallback = (err: unknown, result?: Session | null) => void;
import type { Session } from 'fastify';
type StoredSession = Session & { cookie?: { expires?: string | Date | null } };

const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;

/** @fastify/session store on the sessions table: sessions survive restarts and are shared by instances. */
export class DbSessionStore {
  constructor(private db: Db) {}

  set(sid: string, session: Session, cb: Callback) {
    const stored = session as StoredSession;
    const expires = stored.cookie?.expires ? new Date(stored.cookie.expires) : new Date(Date.now() + DEFAULT_TTL_MS);
    const data = JSON.parse(JSON.stringify(session));
    this.db
      .insert(sessions)
      .values({ sid, data, userId: session.userId ?? null, expiresAt: expires })
      .onConflictDoUpdate({
        target: sessions.sid,
        set: { data, userId: session.userId ?? null, expiresAt: expires },
      })
      .then(() => cb(), cb);
  }

  get(sid: string, cb: GetCallback) {
    this.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .then(([row]) => {
        if (!row || row.expiresAt.getTime() < Date.now()) return cb(null, null);
        cb(null, row.data as Session);
      }, (err) => cb(err));
  }

  destroy(sid: string, cb: Callback) {
    this.db.delete(sessions).where(eq(sessions.sid, sid)).then(() => cb(), cb);
  }

  async purgeExpired() {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  }
}
