import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

type Callback = (err?: unknown) => void;
type GetCallback = (err: unknown, result?: Session | null) => void;
import type { Session } from 'fastify';
type StoredSession = Session & { cookie?: { expires?: string | Date | null } };

const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;

type UserRow = typeof users.$inferSelect;
interface CachedSession {
  data: Session;
  user: UserRow | null;
  expiresAt: number;
  cachedAt: number;
}

/** Every store of this process, so a change to a user or their sessions is forgotten by all of them at once. */
const stores = new Set<DbSessionStore>();

/** A session that ended here (sign-out: `sid`), or a user whose sessions may have (`userId`). */
export type SessionsEnded = { sid: string } | { userId: number };
const endedListeners = new Set<(ended: SessionsEnded) => void>();

/**
 * Tells `listener` when a session of this process ends or a user's sessions may have (what holds a session open, a
 * draft's event stream, checks again). Another instance's sign-out is not heard here: such holders also check now
 * and then. Returns the unsubscribe.
 */
export function onSessionsEnded(listener: (ended: SessionsEnded) => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}
const sessionsEnded = (ended: SessionsEnded) => endedListeners.forEach((listener) => listener(ended));

/** Drops what this process remembers of a user's sessions; call after changing the user row or deleting sessions. */
export function forgetSessionsOf(userId: number) {
  for (const store of stores) store.forgetUser(userId);
  sessionsEnded({ userId });
}

/**
 * Ends every session of a user but `except` (the one asking, when it stays signed in), in the caller's transaction.
 * Call forgetSessionsOf once it has committed.
 */
export async function deleteSessionsOf(db: Tx, userId: number, except?: string) {
  await db
    .delete(sessions)
    .where(except ? and(eq(sessions.userId, userId), ne(sessions.sid, except)) : eq(sessions.userId, userId));
}

/** Removes the sessions past their end. */
export async function purgeExpiredSessions(db: Db, now: Date) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/**
 * Whether the session is still good now: there, of this user, not expired, the user not disabled. Read from the
 * database, past this process's cache: what holds a session open learns of a sign-out on another instance.
 */
export async function sessionStillValid(db: Tx, sid: string, userId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from sessions s join users u on u.id = s.user_id
          where s.sid = ${sid} and s.user_id = ${userId}
            and s.expires_at > now() and u.disabled_at is null`,
  );
  return rows.length > 0;
}

/** @fastify/session store on the sessions table: sessions survive restarts and are shared by instances. */
export class DbSessionStore {
  /**
   * The user row read together with the session (one query instead of two), handed to the same request's
   * currentUser() moments later. Taken once; bounded, since some requests never ask for the user.
   */
  private handoff = new Map<string, UserRow | null>();
  /**
   * Sessions read in the last `cacheMs`: a burst of requests of one user costs one session read, not one per
   * request. Changes made here are seen at once (set, destroy, forgetSessionsOf); another instance's sign-out or
   * password change is seen here within `cacheMs` (docs/decisions/accounts.md).
   */
  private cache = new Map<string, CachedSession>();

  /** Prepared once: the hottest statement of the portal (every signed-in request that misses the cache). */
  private readSession;

  constructor(
    private db: Db,
    private cacheMs = 0,
  ) {
    stores.add(this);
    this.readSession = db
      .select({ session: sessions, user: users })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.sid, sql.placeholder('sid')))
      .prepare('session_with_user');
  }

  close() {
    stores.delete(this);
    this.cache.clear();
  }

  forgetUser(userId: number) {
    for (const [sid, entry] of this.cache)
      if (entry.user?.id === userId || entry.data.userId === userId) this.cache.delete(sid);
  }

  private remember(sid: string, entry: CachedSession) {
    if (this.cacheMs <= 0) return;
    if (this.cache.size >= 10_000) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(sid, entry);
  }

  private hand(sid: string, user: UserRow | null) {
    if (this.handoff.size > 1000) this.handoff.delete(this.handoff.keys().next().value!);
    this.handoff.set(sid, user);
  }

  takeUser(sid: string): typeof users.$inferSelect | null | undefined {
    const user = this.handoff.get(sid);
    this.handoff.delete(sid);
    return user;
  }

  set(sid: string, session: Session, cb: Callback) {
    const stored = session as StoredSession;
    const expires = stored.cookie?.expires ? new Date(stored.cookie.expires) : new Date(Date.now() + DEFAULT_TTL_MS);
    const data = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
    this.cache.delete(sid);
    this.db
      .insert(sessions)
      .values({ sid, data, userId: session.userId ?? null, expiresAt: expires })
      .onConflictDoUpdate({
        target: sessions.sid,
        set: { data, userId: session.userId ?? null, expiresAt: expires },
      })
      .then(() => {
        this.cache.delete(sid); // a read that raced this write may have remembered the old data
        cb();
      }, cb);
  }

  get(sid: string, cb: GetCallback) {
    const now = Date.now();
    const hit = this.cache.get(sid);
    if (hit && now - hit.cachedAt < this.cacheMs && hit.expiresAt > now) {
      // No copies: the user row is frozen, and @fastify/session copies the data's (flat) keys into a new Session.
      this.hand(sid, hit.user);
      return cb(null, { ...hit.data });
    }
    this.readSession.execute({ sid }).then(
      ([row]) => {
        this.cache.delete(sid);
        if (!row || row.session.expiresAt.getTime() < Date.now()) return cb(null, null);
        this.hand(sid, row.user);
        const data = row.session.data as Session;
        this.remember(sid, {
          data: structuredClone(data),
          user: row.user && Object.freeze(structuredClone(row.user)),
          expiresAt: row.session.expiresAt.getTime(),
          cachedAt: now,
        });
        cb(null, data);
      },
      (err) => cb(err),
    );
  }

  destroy(sid: string, cb: Callback) {
    this.cache.delete(sid);
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => {
        sessionsEnded({ sid });
        cb();
      }, cb);
  }
}
