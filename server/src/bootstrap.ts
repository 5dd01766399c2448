import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { JobRunner } from './jobs/queue.ts';
import { ProbeHysteresis } from './lib/hysteresis.ts';
import { configureMediaLimits } from './media/media-pool.ts';
import { allJobs } from './job-registry.ts';
import { subscribeListeners } from './listeners.ts';
import { createMailer } from './modules/notifications/mailer.ts';
import { LocalDiskStore } from './storage/local-disk.ts';
import { PortalMetrics } from './modules/metrics/registry.ts';
import { S3Store } from './storage/s3.ts';

/** The file storage the configuration names: the S3-compatible bucket, or the folder `files` of DATA_DIR. */
export const storageFor = (config: Config) =>
  config.s3 ? new S3Store(config.s3) : new LocalDiskStore(path.join(config.dataDir, 'files'));

/** Everything the app and the worker share, built the same way by main.ts and by tests. */
export function createContext(config: Config, database: Database, log: FastifyBaseLogger): AppContext {
  const filesDir = path.join(config.dataDir, 'files');
  // Inside the files folder, so a checked upload moves into local storage with a rename (to S3 it is streamed).
  const uploadTempDir = path.join(filesDir, '.incoming');
  mkdirSync(uploadTempDir, { recursive: true });
  subscribeListeners();
  configureMediaLimits(config.media);
  const storage = storageFor(config);
  const storageHealth = new ProbeHysteresis(config.storageProbe.downAfter, config.storageProbe.upAfter);
  const ctx: AppContext = {
    config,
    log,
    database,
    db: database.db,
    mailer: createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
    storage,
    uploadTempDir,
    storageHealth,
    metrics: new PortalMetrics(database, storage, storageHealth),
  };
  ctx.jobs = new JobRunner(database.db, log, {
    queueConcurrency: config.queueConcurrency,
    lockMs: config.jobLockMs,
    retryHorizonMs: config.jobRetryHorizonMs,
    pollMs: config.jobPollMs,
    notifications: config.instantResults ? database.notifications : undefined,
    onJobEnd: ctx.metrics.observeJob,
    onConflict: ctx.metrics.observeJobConflict,
  }).register(...allJobs(ctx));
  return ctx;
}
