import type { Config } from './config.ts';
import type { Db, Database } from './db/client.ts';
import type { Mailer } from './modules/notifications/mailer.ts';

/** What every module needs, built once in main.ts (or by a test) and handed to buildApp. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
