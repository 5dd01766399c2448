import type { AppContext } from './context.ts';
import type { Db } from './db/client.ts';
import { purgeOldFailures, purgeOldResetTokens } from './modules/auth/repository.ts';
import { purgeExpiredCounters } from './lib/rate-limit-store.ts';
import { purgeExpiredSessions } from './lib/session-store.ts';
import { enqueueDailyRecount } from './modules/submissions/counts-job.ts';
import { purgeOldAuditRows } from './modules/audit/queries/retention.ts';
import { purgeOldWebhookDeliveries } from './modules/webhooks/queries/retention.ts';
import { removeOrphanFiles } from './jobs/orphan-files.ts';
import { purgeIdempotencyKeys } from './lib/idempotency.ts';
import { purgeFeedEvents } from './modules/events/service.ts';
import { purgeFinishedJobs } from './jobs/queue.ts';
import { purgeOldInvitations } from './modules/people/repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Removes what has expired: sessions, spent or old reset links, old sign-in failures, past rate-limit windows. Safe to run anywhere, any time. */
export async function purgeExpired(db: Db, now = new Date()) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  await purgeExpiredSessions(db, now);
  await purgeOldResetTokens(db, dayAgo);
  await purgeOldInvitations(db, dayAgo);
  await purgeOldFailures(db, dayAgo);
  await purgeExpiredCounters(db, now);
}

/**
 * Runs purgeExpired, the purge of done jobs, of old webhook deliveries and audit rows, of idempotency keys past 24
 * hours, of change-feed events past 30 days and the orphan-file cleanup now and then every
 * hour, without keeping the process alive; keeps the daily recount of the submission counts queued.
 */
export function schedulePurge(ctx: AppContext, onError: (err: unknown) => void): () => void {
  const run = () =>
    purgeExpired(ctx.db)
      .then(() => purgeFinishedJobs(ctx.db, ctx.config.jobRetentionMs))
      .then(() => purgeOldWebhookDeliveries(ctx.db, ctx.config.webhookRetentionDays))
      .then(() => purgeOldAuditRows(ctx.db, ctx.config.auditRetentionMonths))
      .then(() => purgeIdempotencyKeys(ctx.db))
      .then(() => purgeFeedEvents(ctx.db))
      .then(() => removeOrphanFiles(ctx))
      .then(() => enqueueDailyRecount(ctx.db))
      .catch(onError);
  void run();
  const timer = setInterval(() => void run(), 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
