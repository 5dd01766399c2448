import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, isEmpty, openDatabase } from './db/client.ts';
import { DEMO_ACCOUNTS, seedDemoData } from './demo/seed.ts';
import { createMailer } from './modules/notifications/mailer.ts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  mkdirSync(path.join(config.dataDir, 'files'), { recursive: true });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const demo = config.demoData && (await isEmpty(database.db));
  if (demo) await seedDemoData(database.db);

  const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const app = await buildApp({ config, database, db: database.db, mailer });
  await app.listen({ port: config.port, host: config.host });

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'db')}`;
  const lines = [
    '',
    `Product Hub is running at ${config.publicUrl}  (database: ${where})`,
    ...(config.demoData
      ? ['Demo sign-ins:', ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(24)} ${a.password.padEnd(16)} ${a.role}`)]
      : []),
    '',
  ];
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close(); // finishes in-flight requests
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
