import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

type Callback = (err?: unknown) => void;
type GetCallback = (err: unknown, result?: Session | null) => void;
import type { Session } from 'fastify';
type StoredSession = Session & { cookie?: { expires?: string | Date | null } };

const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;

/** @fastify/session store on the sessions table: sessions survive restarts and are shared by instances. */
export class DbSessionStore {
  /**
   * The user row read together with the session (one query instead of two), handed to the same request's
   * currentUser() moments later. Taken once; bounded, since some requests never ask for the user.
   */
  private handoff = new Map<string, typeof users.$inferSelect | null>();

  constructor(private db: Db) {}

  takeUser(sid: string): typeof users.$inferSelect | null | undefined {
    const user = this.handoff.get(sid);
    this.handoff.delete(sid);
    return user;
  }

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
      .select({ session: sessions, user: users })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.sid, sid))
      .then(([row]) => {
        if (!row || row.session.expiresAt.getTime() < Date.now()) return cb(null, null);
        if (this.handoff.size > 1000) this.handoff.delete(this.handoff.keys().next().value!);
        this.handoff.set(sid, row.user);
        cb(null, row.session.data as Session);
      }, (err) => cb(err));
  }

  destroy(sid: string, cb: Callback) {
    this.db.delete(sessions).where(eq(sessions.sid, sid)).then(() => cb(), cb);
  }
}
