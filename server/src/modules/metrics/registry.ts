import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { JOB_STATES } from '@portal/domain';
import { ping, type Database } from '../../db/client.ts';
import { withinTime } from '../../lib/dependency-errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { ProbeHysteresis } from '../../lib/hysteresis.ts';
import type { Metrics, WebhookAttemptOutcome } from '../../context.ts';
import { mediaProcessKills, type MediaKillReason } from '../../media/media-pool.ts';
import { pendingDeliveries } from '../webhooks/repository.ts';
import { jobCounts } from '../../jobs/inspect.ts';
import { declaredJobTypeNames, type JobOutcome } from '../../jobs/queue.ts';
import { INGESTION_FILE_STATUSES, ingestionFileCounts } from '../bulk-ingestion/repository.ts';
import { feedLag } from '../events/queries/horizon.ts';

/** How long a scrape waits for the database or the store before calling it down. */
const DEPENDENCY_PROBE_MS = 3000;

/** Latency buckets in seconds: API answers are milliseconds, uploads and exports seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Jobs run from milliseconds (an e-mail) to minutes (a large PDF's barcodes). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/**
 * The process's metrics (issue 19), one registry per app context (tests run several apps in one process).
 * Counters and histograms are observed as things happen; the queue, ingestion and pool gauges are read from the
 * database and the pool when Prometheus scrapes, so every instance reports the same shared queue.
 */
export class PortalMetrics implements Metrics {
  readonly registry = new Registry();

  private readonly httpRequests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by route pattern (never raw ids), method and status code.',
    labelNames: ['route', 'method', 'status_code'] as const,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern, method and status code.',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });
  private readonly graphqlFields = new Counter({
    name: 'portal_graphql_operations_total',
    help: 'GraphQL operations executed, by operation type and root field (the schema bounds the label values).',
    labelNames: ['operation', 'field'] as const,
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: 'portal_job_duration_seconds',
    help: 'Run time of background jobs in this process, by type and outcome (done, retry: failed with attempts left, failed).',
    labelNames: ['type', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });
  private readonly jobConflicts = new Counter({
    name: 'portal_job_conflicts_total',
    help: 'Background job runs that a conflicting transaction rolled back (a deadlock or a serialization failure), by type: retried while attempts remain.',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });
  private readonly jobs = new Gauge({
    name: 'portal_jobs',
    help: 'Background jobs in the queue by type and state: queued, running, failed (kept until retried or discarded), done in the last hour.',
    labelNames: ['type', 'state'] as const,
    registers: [this.registry],
  });
  private readonly oldestQueued = new Gauge({
    name: 'portal_jobs_oldest_queued_age_seconds',
    help: 'How long the oldest queued job of each type has been due without being taken (0: none waiting).',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });
  private readonly jobsWaitingOnDependency = new Gauge({
    name: 'portal_jobs_waiting_on_dependency',
    help: "Queued jobs of each type waiting out a dependency's outage (the database, the store, the mail relay or the media processes were away at their last run): they spend no attempt.",
    labelNames: ['type'] as const,
    registers: [this.registry],
  });
  private readonly jobsPastLock = new Gauge({
    name: 'portal_jobs_running_past_lock',
    help: 'Jobs of each type counted as running whose claim has passed its lock (JOB_LOCK_SECONDS without a heartbeat): their worker died or stalls, and another takes them up. Live jobs are the running ones less these.',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });
  private readonly webhookAttempts = new Counter({
    name: 'portal_webhook_attempts_total',
    help: 'Attempts to send a webhook delivery in this process, by outcome: the answer by status class (2xx, 3xx, 4xx, 5xx), timeout (no answer within the limit), network (the connection failed) or refused (the address or the endpoint).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly webhookBacklog = new Gauge({
    name: 'portal_webhook_backlog',
    help: 'Webhook deliveries still to be sent (pending: never answered 2xx, retries to come), per company and endpoint; endpoints with none are left out.',
    labelNames: ['company', 'endpoint'] as const,
    registers: [this.registry],
  });
  private readonly webhookBacklogAge = new Gauge({
    name: 'portal_webhook_backlog_oldest_age_seconds',
    help: 'Age of the oldest webhook delivery still to be sent, per company and endpoint; endpoints with none are left out.',
    labelNames: ['company', 'endpoint'] as const,
    registers: [this.registry],
  });
  private readonly mediaKills = new Counter({
    name: 'portal_media_processes_killed_total',
    help: "Media processes of this process killed, by limit: memory (MEDIA_MEMORY_MB) and cpu (MEDIA_CPU_SECONDS), whose file was refused as too complex, and wall (MEDIA_TIMEOUT_SECONDS with CPU time to spare: the machine's fault, the work is tried again).",
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });
  /** The media kills already added to the counter (the pool counts for the whole process). */
  private mediaKillsSeen: Record<MediaKillReason, number> = mediaProcessKills();
  private readonly ingestionFiles = new Gauge({
    name: 'portal_ingestion_files',
    help: 'Bulk-ingestion files by status.',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });
  private readonly ingestionScans = new Counter({
    name: 'portal_ingestion_scans_total',
    help: "Scans of the bulk-ingestion sources by this process's worker (one every INGESTION_SCAN_SECONDS), by outcome: done (every organization's source read) or failed (one or more could not be read: see the log). A worker whose done count stops rising picks up no new files.",
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly feedLagSeconds = new Gauge({
    name: 'portal_feed_lag_seconds',
    help: 'How long the oldest transaction of this database holding the change feed back has been open (0: none): events of later transactions wait for it.',
    registers: [this.registry],
  });
  private readonly feedLagXids = new Gauge({
    name: 'portal_feed_lag_xids',
    help: "Transaction ids handed out since the one holding the change feed back (the feed's horizon to the next id).",
    registers: [this.registry],
  });
  private readonly database = new Gauge({
    name: 'portal_database_info',
    help: 'The database this instance uses: pglite (embedded, one connection, no pool metrics) or postgres.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly dependencyUp = new Gauge({
    name: 'portal_dependency_up',
    help: 'Whether the database and the file storage answered this scrape (1) or not (0). A shared store that is away does not fail readiness: watch it here.',
    labelNames: ['dependency'] as const,
    registers: [this.registry],
  });
  /** Only with a pool (PostgreSQL): on the embedded database they would say nothing true. */
  private readonly pool: { connections: Gauge<'state'>; max: Gauge } | null;

  constructor(
    private readonly db: Database,
    private readonly storage?: BlobStore,
    private readonly storageHealth?: ProbeHysteresis,
  ) {
    collectDefaultMetrics({ register: this.registry });
    this.database.set({ kind: db.kind }, 1);
    // Both series from the start: a scrape before the first scan says none yet, not nothing known.
    for (const outcome of ['done', 'failed'] as const) this.ingestionScans.inc({ outcome }, 0);
    this.pool = db.poolStats
      ? {
          connections: new Gauge({
            name: 'portal_db_pool_connections',
            help: 'PostgreSQL connection pool: open connections (total), idle ones, and queries waiting for one.',
            labelNames: ['state'] as const,
            registers: [this.registry],
          }),
          max: new Gauge({
            name: 'portal_db_pool_max_connections',
            help: 'The most connections the PostgreSQL pool opens.',
            registers: [this.registry],
          }),
        }
      : null;
  }

  observeRequest(labels: { route: string; method: string; status_code: number }, seconds: number) {
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  observeGraphqlField(operation: string, field: string) {
    this.graphqlFields.inc({ operation, field });
  }

  observeJob = (type: string, outcome: JobOutcome, seconds: number) =>
    this.jobDuration.observe({ type, outcome }, seconds);

  observeJobConflict = (type: string) => this.jobConflicts.inc({ type });

  observeWebhookAttempt = (outcome: WebhookAttemptOutcome) => this.webhookAttempts.inc({ outcome });
  observeIngestionScan = (outcome: 'done' | 'failed') => this.ingestionScans.inc({ outcome });

  /** The exposition text, with the gauges read now. */
  async scrape(): Promise<string> {
    const answers = (call: () => Promise<unknown>) =>
      withinTime(call(), DEPENDENCY_PROBE_MS, 'database').then(
        () => true,
        () => false,
      );
    const [databaseUp, storageUp] = await Promise.all([
      answers(() => ping(this.db.db)),
      this.storage ? answers(() => this.storage!.ping()) : Promise.resolve(null),
    ]);
    this.dependencyUp.set({ dependency: 'database' }, databaseUp ? 1 : 0);
    if (storageUp !== null) {
      // Down after a few failed probes in a row, up after a few answered ones (STORAGE_PROBE_DOWN_AFTER, _UP_AFTER).
      const up = this.storageHealth ? this.storageHealth.record(storageUp) : storageUp;
      this.dependencyUp.set({ dependency: 'storage' }, up ? 1 : 0);
    }
    // With the database away, the queue gauges keep their last values; the scrape itself still answers.
    if (databaseUp) await this.readGauges().catch(() => {});
    this.readMediaKills();
    return this.registry.metrics();
  }

  private readMediaKills() {
    const now = mediaProcessKills();
    for (const limit of ['memory', 'cpu', 'wall'] as const) {
      this.mediaKills.inc({ limit }, now[limit] - this.mediaKillsSeen[limit]);
    }
    this.mediaKillsSeen = now;
  }

  get contentType() {
    return this.registry.contentType;
  }

  private async readGauges() {
    const [counts, files, lag, backlog] = await Promise.all([
      jobCounts(this.db.db),
      ingestionFileCounts(this.db.db),
      feedLag(this.db.db),
      pendingDeliveries(this.db.db),
    ]);
    this.webhookBacklog.reset();
    this.webhookBacklogAge.reset();
    for (const b of backlog) {
      const labels = { company: String(b.companyId), endpoint: String(b.endpointId) };
      this.webhookBacklog.set(labels, b.count);
      this.webhookBacklogAge.set(labels, b.oldestSeconds);
    }
    this.feedLagSeconds.set(lag.seconds);
    this.feedLagXids.set(lag.xids);
    // Every declared type and state is reported, at 0 when empty, so a series never vanishes between scrapes.
    const types = new Set([...declaredJobTypeNames(), ...counts.map((c) => c.type)]);
    this.jobs.reset();
    this.oldestQueued.reset();
    this.jobsWaitingOnDependency.reset();
    this.jobsPastLock.reset();
    for (const type of types) {
      for (const state of JOB_STATES) this.jobs.set({ type, state }, 0);
      this.oldestQueued.set({ type }, 0);
      this.jobsWaitingOnDependency.set({ type }, 0);
      this.jobsPastLock.set({ type }, 0);
    }
    for (const c of counts) {
      this.jobs.set({ type: c.type, state: c.state }, c.count);
      if (c.state === 'queued') this.jobsWaitingOnDependency.set({ type: c.type }, c.waitingOnDependency);
      if (c.state === 'running') this.jobsPastLock.set({ type: c.type }, c.pastLock);
      if (c.oldestDueSeconds !== null) this.oldestQueued.set({ type: c.type }, c.oldestDueSeconds);
    }
    for (const status of INGESTION_FILE_STATUSES) this.ingestionFiles.set({ status }, files.get(status) ?? 0);
    const stats = this.db.poolStats?.();
    if (this.pool && stats) {
      this.pool.max.set(stats.max);
      for (const state of ['total', 'idle', 'waiting'] as const) this.pool.connections.set({ state }, stats[state]);
    }
  }
}
