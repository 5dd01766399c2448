import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The database's LISTEN/NOTIFY, for this process. A notification is sent by a trigger inside the transaction that
 * made the change, and PostgreSQL delivers it only when that transaction commits: whoever hears it can read the
 * change. Used as a wake-up only, never as the record: a listener missed while the connection was down is made up
 * for by `onReconnect` (read the state again) and by the polling that stays as the fallback.
 */
export interface DbNotifications {
  /** Calls `listener` with each payload sent on `channel` (from any process on the database); returns the unsubscribe. */
  subscribe(channel: string, listener: (payload: string) => void): () => void;
  /** Called each time the listening connection is back after it dropped: notifications may have been missed. */
  onReconnect(listener: () => void): () => void;
  /** Resolves once every subscribed channel is being listened to (tests; a subscriber need not wait). */
  ready(): Promise<void>;
  /** The server process of the listening connection (PostgreSQL; tests terminate it), null when there is none. */
  backendPid(): number | null;
  close(): Promise<void>;
}

/** Where the database code reports what it survived: the process's logger (main.ts), the console elsewhere. */
export interface DbLog {
  warn(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
}

/** For scripts and tests that open a database without a logger. */
export const consoleDbLog: DbLog = {
  warn: (obj, msg) => console.warn(msg, ...Object.values(obj)),
  error: (obj, msg) => console.error(msg, ...Object.values(obj)),
};

/** The channels the triggers of the results_at_once migration notify on. */
export const CHANNELS = {
  /** A job became due (inserted queued, or set back to queued): its name. */
  jobQueued: 'jobs_queued',
  /** A draft file's thumbnail or barcode reading finished: `<draftId> <fileId>`. */
  draftFile: 'draft_file_changed',
} as const;

/** Subscribers per channel, and the reconnect listeners: what both implementations share. */
class Subscribers {
  constructor(private readonly log: DbLog) {}
  readonly byChannel = new Map<string, Set<(payload: string) => void>>();
  readonly reconnect = new Set<() => void>();

  add(channel: string, listener: (payload: string) => void): boolean {
    let set = this.byChannel.get(channel);
    const first = !set;
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(listener);
    return first;
  }

  remove(channel: string, listener: (payload: string) => void) {
    this.byChannel.get(channel)?.delete(listener);
  }

  dispatch(channel: string, payload: string) {
    for (const listener of this.byChannel.get(channel) ?? []) {
      try {
        listener(payload);
      } catch (err) {
        this.log.error({ err, channel }, 'notification listener failed');
      }
    }
  }
}

/** The embedded database: PGlite's own listen (it runs in this process, one session, so it cannot drop). */
export function pgliteNotifications(client: PGlite, log: DbLog = consoleDbLog): DbNotifications {
  const subs = new Subscribers(log);
  const listening: Promise<unknown>[] = [];
  let closed = false;
  return {
    subscribe(channel, listener) {
      if (subs.add(channel, listener) && !closed) {
        listening.push(client.listen(channel, (payload) => subs.dispatch(channel, payload)).catch(() => {}));
      }
      return () => subs.remove(channel, listener);
    },
    onReconnect(listener) {
      subs.reconnect.add(listener);
      return () => subs.reconnect.delete(listener);
    },
    ready: async () => void (await Promise.all(listening)),
    backendPid: () => null,
    async close() {
      closed = true;
      await Promise.all(listening);
    },
  };
}

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5000;

/**
 * PostgreSQL: one dedicated connection (outside the pool, which would hand it to queries) that LISTENs on every
 * subscribed channel. Opened at the first subscription. When it drops (server restart, failover, a terminated
 * backend), it is opened again with backoff, listens again, and tells `onReconnect` listeners.
 */
export function postgresNotifications(url: string, log: DbLog = consoleDbLog): DbNotifications {
  const subs = new Subscribers(log);
  let client: pg.Client | null = null;
  let pid: number | null = null;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = RETRY_MIN_MS;
  let everConnected = false;
  let closed = false;
  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

  const dropped = (c: pg.Client, why: string) => {
    if (client !== c) return;
    client = null;
    pid = null;
    c.removeAllListeners('notification');
    c.end().catch(() => {});
    if (closed) return;
    log.warn({ why }, 'PostgreSQL listening connection lost; reconnecting, jobs are polled meanwhile');
    scheduleConnect();
  };

  const scheduleConnect = () => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const connect = (): Promise<void> => {
    if (closed || client) return Promise.resolve();
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url, keepAlive: true });
      c.on('error', (err) => dropped(c, err.message));
      c.on('end', () => dropped(c, 'connection ended'));
      c.on('notification', (msg) => subs.dispatch(msg.channel, msg.payload ?? ''));
      try {
        await c.connect();
        const { rows } = await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // Until the connection is in `client`, a new subscription waits for this loop to reach its channel.
        const listened = new Set<string>();
        for (let more = true; more;) {
          more = false;
          for (const channel of [...subs.byChannel.keys()].filter((ch) => !listened.has(ch))) {
            await c.query(`LISTEN ${quote(channel)}`);
            listened.add(channel);
            more = true;
          }
        }
        if (closed) {
          await c.end();
          return;
        }
        client = c;
        pid = rows[0].pid;
        retryMs = RETRY_MIN_MS;
        if (everConnected) for (const listener of subs.reconnect) listener();
        everConnected = true;
      } catch (err) {
        c.removeAllListeners('end');
        c.end().catch(() => {});
        if (!closed) {
          log.warn({ err }, 'PostgreSQL listening connection failed; retrying');
          scheduleConnect();
        }
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    subscribe(channel, listener) {
      if (subs.add(channel, listener) && !closed) {
        if (client) client.query(`LISTEN ${quote(channel)}`).catch(() => {}); // a failure drops the connection: all listened again
        else void connect();
      }
      return () => subs.remove(channel, listener);
    },
    onReconnect(listener) {
      subs.reconnect.add(listener);
      return () => subs.reconnect.delete(listener);
    },
    async ready() {
      while (!closed && !client && subs.byChannel.size) {
        await (connecting ?? new Promise((r) => setTimeout(r, 20)));
      }
    },
    backendPid: () => pid,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await connecting;
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => {});
      }
    },
  };
}
