import type { FastifyBaseLogger, FastifySchema } from 'fastify';
import type { Config } from './config.ts';
import type { Db, Database } from './db/client.ts';
import type { Mailer } from './modules/notifications/mailer.ts';
import type { BlobStore } from './storage/blob-store.ts';
import type { JobRunner } from './jobs/queue.ts';
import type { DbSessionStore } from './lib/session-store.ts';
import type { PortalMetrics } from './modules/metrics/registry.ts';

/** What every module needs, built once in main.ts (or by a test) and handed to buildApp. */
export interface AppContext {
  config: Config;
  /** The one logger of the process (main.ts makes it): the HTTP app, the jobs and the mailer all write to it. */
  log: FastifyBaseLogger;
  database: Database;
  db: Db;
  mailer: Mailer;
  storage: BlobStore;
  /** Where uploads are streamed before they are checked and moved into storage. */
  uploadTempDir: string;
  /** Prometheus metrics of this process (GET /metrics). */
  metrics: PortalMetrics;
  /** The in-process worker, when this process runs one. */
  jobs?: JobRunner;
  /** Set when the process was told to stop (SIGTERM): readiness answers 503 while the last requests are served. */
  stopping?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    sessionStore: DbSessionStore;
    /** Every route as registered, with its schema (routeSchema's zod schemas). */
    routeList: { method: string; url: string; schema?: FastifySchema }[];
  }
}
