import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, openDatabase } from './db/client.ts';
import { loadShippedReferenceData } from './modules/reference-data/load.ts';
import { enqueueMissingReadiness } from './modules/readiness/jobs.ts';
import { DEMO_ACCOUNTS, seedDemoDataIfEmpty } from './demo/seed.ts';
import { findUserByEmail } from './modules/users/repository.ts';
import { createContext } from './bootstrap.ts';
import { proveSharedStorage, storagePlace, StorageNotSharedError } from './storage/shared-storage.ts';
import { closeMediaPool, configureMediaLog } from './media/media-pool.ts';
import { schedulePurge } from './maintenance.ts';
import { startWorker } from './jobs/worker.ts';
import { MissingJobHandlersError } from './jobs/queue.ts';
import { scheduleIngestionScan } from './modules/bulk-ingestion/pipeline.ts';
import path from 'node:path';
import { buildWorkerServer } from './modules/health/worker-server.ts';
import { checkSessionSecret, SessionSecretMismatchError } from './lib/session-secret-check.ts';

async function main() {
  // Command-line shortcuts for ROLE: --no-worker (web only), --worker-only (jobs only).
  const role = process.argv.includes('--worker-only')
    ? 'worker'
    : process.argv.includes('--no-worker')
      ? 'web'
      : undefined;
  const config = loadConfig(role ? { ...process.env, ROLE: role } : process.env);
  // The one logger of the process: every line on stdout is one JSON object (the database code's warnings and what
  // the media processes' libraries print included, the latter at debug level).
  const log = pino({ level: config.logLevel });
  configureMediaLog(log);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
  });
  // Before anything is served: an instance signing cookies with another secret than the others must not start.
  const secret = await checkSessionSecret(database.db, config.sessionSecret, config.sessionSecretPrevious);
  if (secret === 'rotated') log.warn('SESSION_SECRET rotated: sessions signed with the previous secret have ended');
  await loadShippedReferenceData(database.db);
  if (config.demoData) await seedDemoDataIfEmpty(database.db);
  await enqueueMissingReadiness(database.db);
  // The sign-ins are printed only when the demo accounts are really there (a restored or imported database may lack them).
  const showDemo = config.demoData && Boolean(await findUserByEmail(database.db, DEMO_ACCOUNTS[0].email));

  const ctx = createContext(config, database, log);
  // Several instances can share a PostgreSQL server, so they must share their files too. The embedded database
  // is locked to one process: there is no other instance to share with.
  if (database.kind !== 'pglite') await proveSharedStorage(database.db, ctx.storage, storagePlace(config));
  const app = config.role === 'worker' ? null : await buildApp(ctx);
  await app?.listen({ port: config.port, host: config.host });
  // A worker-only process answers its orchestrator and Prometheus on a port of its own (the web app's /metrics
  // reports the shared queue, not this process's job run times).
  const workerServer = config.role === 'worker' && config.workerPort ? await buildWorkerServer(ctx) : null;
  await workerServer?.listen({ port: config.workerPort, host: config.host });
  let stopPurge = () => {};
  let stopScan = () => {};
  if (config.role !== 'web') {
    await startWorker(ctx, log);
    stopPurge = schedulePurge(ctx, (err) => log.error({ err }, 'maintenance failed'));
    stopScan = scheduleIngestionScan(ctx, (err) => log.error({ err }, 'bulk ingestion scan failed'));
  }

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'db')}`;
  const lines = [
    '',
    app
      ? `Product Hub is running at ${config.publicUrl}  (database: ${where}${config.role === 'web' ? '; no worker' : ''})`
      : `Product Hub worker is running  (database: ${where}${workerServer ? `; /health and /metrics on port ${config.workerPort}` : ''})`,
    ...(showDemo && app
      ? ['Demo sign-ins:', ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(24)} ${a.password.padEnd(16)} ${a.role}`)]
      : []),
    '',
  ];
  // A person at a terminal reads the banner; a log collector gets it as one JSON line like every other, whatever
  // LOG_LEVEL says (as the banner was always printed).
  if (process.stdout.isTTY) console.log(lines.join('\n'));
  else
    log
      .child({}, { level: 'info' })
      .info({ demoSignIns: showDemo && app ? DEMO_ACCOUNTS.map((a) => a.email) : undefined }, lines[1]);

  let closing = false;
  /**
   * SIGTERM (an orchestrator replacing the instance) or SIGINT: readiness turns 503 at once while requests are still
   * served for SHUTDOWN_DRAIN_SECONDS, so the load balancer takes the instance out before it stops listening; the
   * worker stops claiming at once. Then the listener closes and the requests in flight finish, the jobs in hand
   * finish, and the process exits 0.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    ctx.stopping = true;
    log.info({ signal, drainSeconds: app ? config.shutdownDrainMs / 1000 : 0 }, 'shutting down');
    const jobsStopped = ctx.jobs?.stop(); // stops claiming now; resolves when the jobs in hand are finished
    stopPurge();
    stopScan();
    try {
      if (app && config.shutdownDrainMs) await new Promise((r) => setTimeout(r, config.shutdownDrainMs));
      await app?.close(); // no new connections; finishes the requests in flight
      await jobsStopped;
      await workerServer?.close(); // answers its probes until the jobs in hand are finished
      await closeMediaPool();
      await database.close();
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    log.info({ signal }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  if (
    err instanceof ConfigError ||
    err instanceof DataDirLockedError ||
    err instanceof MissingJobHandlersError ||
    err instanceof StorageNotSharedError ||
    err instanceof SessionSecretMismatchError
  ) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
