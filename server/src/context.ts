import type { FastifyBaseLogger, FastifySchema } from 'fastify';
import type { Config } from './config.ts';
import type { Db, Database } from './db/client.ts';
import type { BlobStore } from './storage/blob-store.ts';
import type { JobOutcome, JobRunner } from './jobs/queue.ts';
import type { DbSessionStore } from './lib/session-store.ts';
import type { ProbeHysteresis } from './lib/hysteresis.ts';

/*
 * The context names what it hands out by what the app needs of it; the modules that provide the mailer
 * (modules/notifications) and the metrics (modules/metrics) implement these, so the infrastructure imports no module.
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * What came of one attempt to send a webhook delivery: the receiver's answer by status class, no answer within the
 * limit (timeout), a connection that failed (network), or an address or endpoint the attempt was refused for.
 */
export type WebhookAttemptOutcome = '2xx' | '3xx' | '4xx' | '5xx' | 'timeout' | 'network' | 'refused';

/** What requests, GraphQL operations and jobs report, and what GET /metrics exposes. */
export interface Metrics {
  observeRequest(labels: { route: string; method: string; status_code: number }, seconds: number): void;
  observeGraphqlField(operation: string, field: string): void;
  /** Properties, not methods: the job runner is handed them unbound. */
  readonly observeJob: (type: string, outcome: JobOutcome, seconds: number) => void;
  readonly observeJobConflict: (type: string) => void;
  /** One attempt to send a webhook delivery, by what came of it. */
  readonly observeWebhookAttempt: (outcome: WebhookAttemptOutcome) => void;
  /** One scan of the bulk-ingestion sources by this process's worker: done (every organization read) or failed. */
  readonly observeIngestionScan: (outcome: 'done' | 'failed') => void;
  /** The exposition text, with the gauges read now. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

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
  /** The storage's state from its probes (readiness, /metrics), down and up only after a few probes alike. */
  storageHealth: ProbeHysteresis;
  /** Prometheus metrics of this process (GET /metrics). */
  metrics: Metrics;
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
