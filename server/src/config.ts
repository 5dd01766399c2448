import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_QUEUE_CONCURRENCY, QUEUES, type QueueName } from './jobs/queues.ts';
import type { S3Settings } from './storage/s3.ts';

const onOff = z.enum(['on', 'off']);

/** Every environment variable the server reads, validated once at boot (README lists them). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  /** The secret in use, given with a new SESSION_SECRET to rotate it on purpose (see lib/session-secret-check.ts). */
  SESSION_SECRET_PREVIOUS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'SESSION_SECRET_PREVIOUS must be at least 32 characters').optional(),
  ),
  DEMO_DATA: onOff.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Product Hub <no-reply@producthub.example>'),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().default('your identity provider'),
  OIDC_SCOPES_CLAIM: z.string().default('portal_scopes'),
  OIDC_COMPANY_ID: z.coerce.number().int().positive().optional(),
  TRUST_PROXY: onOff.default('off'),
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  WORKER_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  WEB_DIST: z.string().optional(),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  DATABASE_QUERY_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  JOB_LOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  JOB_RETENTION_DAYS: z.coerce.number().min(0).max(3650).default(7),
  JOB_POLL_SECONDS: z.coerce.number().min(0.01).max(3600).default(0.5),
  JOB_RETRY_HORIZON_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  ...Object.fromEntries(
    QUEUES.map((q) => [`WORKER_CONCURRENCY_${q.toUpperCase()}`, z.coerce.number().int().min(1).max(256).optional()]),
  ),
  INSTANT_RESULTS: onOff.default('on'),
  READ_PHOTO_TEXT: onOff.default('on'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: onOff.default('off'),
  INGESTION_ROOT: z.string().optional(),
  INGESTION_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-]+\/)*$/, 'a key prefix ending in / (or empty)')
    .default('ingestion/'),
  INGESTION_SCAN_SECONDS: z.coerce.number().min(0.1).max(3600).default(10),
  INGESTION_SETTLE_SECONDS: z.coerce.number().min(0).max(3600).default(2),
  MEDIA_MEMORY_MB: z.coerce.number().int().min(256).max(65_536).default(1024),
  MEDIA_CPU_SECONDS: z.coerce.number().min(0.01).max(3600).default(60),
  MEDIA_TIMEOUT_SECONDS: z.coerce.number().min(0.01).max(86_400).default(600),
  COMPANY_STORAGE_QUOTA_GB: z.coerce.number().positive().max(1_000_000).default(20),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(86_400).default(600),
  CONNECTION_IDLE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(300),
  GRAPHQL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  GRAPHQL_INTROSPECTION: onOff.default('off'),
  DECISION_UNDO_SECONDS: z.coerce.number().min(0).max(600).default(10),
  WEBHOOK_ALLOW_PRIVATE: onOff.default('off'),
  WEBHOOK_LOOPBACK_ONLY: onOff.default('off'),
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  AUDIT_RETENTION_MONTHS: z.coerce.number().int().min(0).max(1200).default(84),
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  STORAGE_PROBE_DOWN_AFTER: z.coerce.number().int().min(1).max(100).default(3),
  STORAGE_PROBE_UP_AFTER: z.coerce.number().int().min(1).max(100).default(2),
  /** Bearer token of the Prometheus scraper; unset, there is no /metrics. Long enough not to be guessed. */
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .min(16, 'METRICS_TOKEN must be at least 16 characters')
      .regex(/^\S+$/, 'METRICS_TOKEN cannot contain spaces')
      .optional(),
  ),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A PostgreSQL query unanswered this long fails (a server that went silent answers 503, not never). */
  databaseQueryTimeoutMs: number;
  publicUrl: string;
  sessionSecret: string;
  /** The secret being replaced, when SESSION_SECRET is being rotated; only ever compared, never signs anything. */
  sessionSecretPrevious: string | undefined;
  demoData: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  smtpUrl: string | undefined;
  mailFrom: string;
  oidc:
    | {
        issuer: string;
        clientId: string;
        clientSecret: string | undefined;
        name: string;
        scopesClaim: string;
        companyId: number | undefined;
      }
    | undefined;
  trustProxy: boolean;
  /** all: web and worker in one process; web: HTTP only; worker: background jobs only. */
  role: 'all' | 'web' | 'worker';
  /** A worker-only process serves /health and /metrics on this port (on HOST); unset: it listens nowhere. */
  workerPort: number | undefined;
  webDist: string;
  loginRateLimitPerMinute: number;
  loginFailuresPerAccount: number;
  /** Requests per minute per API token (REST and GraphQL together). */
  apiTokenRatePerMinute: number;
  /** How long an instance may reuse a session it has read (0 = read every request). */
  sessionCacheMs: number;
  /**
   * After SIGTERM, how long readiness answers 503 while requests are still served, so that the load balancer stops
   * sending new ones before the listener closes.
   */
  shutdownDrainMs: number;
  /**
   * The storage probes' hysteresis (readiness and /metrics): the store is reported down after this many consecutive
   * failed probes, and up again after this many consecutive answered ones.
   */
  storageProbe: { downAfter: number; upAfter: number };
  /** How long a claimed job belongs to its worker; a job still running past it was abandoned and is claimed again. */
  jobLockMs: number;
  /** How often a worker looks for due jobs when nothing woke it (the fallback of instantResults). */
  jobPollMs: number;
  /** How long a job waits out a dependency's outage (retried with backoff, no attempt spent) before it fails. */
  jobRetryHorizonMs: number;
  /** Slots of each job queue in this worker process. */
  queueConcurrency: Record<QueueName, number>;
  /**
   * Workers wake when a job is enqueued (LISTEN/NOTIFY) and a draft's page hears each file's result as it is known
   * (GET /api/draftSubmissions/:id/events). Off: workers poll, the events route answers 503 and the page polls.
   */
  instantResults: boolean;
  /** Each photo uploaded to a draft, added on resubmit or for a catalogued product is read for product facts (text queue). */
  readPhotoText: boolean;
  /** How long a done job stays in the jobs table before the hourly purge deletes it (failed ones stay). */
  jobRetentionMs: number;
  /** Bearer token for GET /metrics; undefined: no /metrics. */
  metricsToken: string | undefined;
  /** Files in an S3-compatible bucket when set; on local disk under dataDir/files otherwise. */
  s3: S3Settings | undefined;
  /** Bulk ingestion sources: LOCAL folders under root, S3 prefixes under s3Prefix; scanned every scanMs. */
  ingestion: { root: string; s3Prefix: string; scanMs: number; settleMs: number };
  /** Hard limits of one media process (thumbnails, barcode reading, PDF parsing): see media/media-pool.ts. */
  media: { memoryMb: number; cpuMs: number; wallMs: number };
  /** What one company's stored files may add up to, in GB. */
  companyStorageQuotaGb: number;
  /** requestMs: the whole request, headers and body, must arrive within it; idleMs: a connection silent this long is closed. */
  timeouts: { requestMs: number; idleMs: number };
  graphql: { ratePerUserPerMinute: number; introspection: boolean };
  /** How long a webhook delivery and its attempts stay in the log before the hourly purge deletes them. */
  webhookRetentionDays: number;
  /** How long a row of the audit trail is kept before the hourly purge deletes it; 0 keeps it for ever. */
  auditRetentionMonths: number;
  /** Webhooks may target http:// and private, loopback or reserved addresses (development and tests only). */
  /**
   * How long a review decision can be undone: its e-mail and events for receivers wait this long (0: no undo, they
   * leave at once; a partner can turn it off for its items).
   */
  decisionUndoSeconds: number;
  webhookAllowPrivate: boolean;
  /** Deliveries go to loopback addresses only, whatever the URL (the test runs: no test may reach off the machine). */
  webhookLoopbackOnly: boolean;
};

export class ConfigError extends Error {
  constructor(public problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parse and check the environment; throws ConfigError listing every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const embedded = !e.DATABASE_URL;
  const dataDir = path.resolve(e.DATA_DIR);

  let sessionSecret = e.SESSION_SECRET;
  if (!sessionSecret) {
    // Only the embedded single-machine mode may invent a secret, kept beside its data.
    if (embedded) sessionSecret = readOrCreateSecret(dataDir);
    else problems.push('SESSION_SECRET: required when DATABASE_URL is set (at least 32 characters)');
  }
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID) problems.push('OIDC_CLIENT_ID: required when OIDC_ISSUER is set');
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID))
    problems.push('S3_BUCKET: required when other S3_ settings are set');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  if (problems.length) throw new ConfigError(problems);

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseQueryTimeoutMs: Math.round(e.DATABASE_QUERY_TIMEOUT_SECONDS * 1000),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    sessionSecret: sessionSecret!,
    sessionSecretPrevious: e.SESSION_SECRET_PREVIOUS,
    demoData: e.DEMO_DATA ? e.DEMO_DATA === 'on' : embedded,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    oidc: e.OIDC_ISSUER
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID!,
          clientSecret: e.OIDC_CLIENT_SECRET,
          name: e.OIDC_NAME,
          scopesClaim: e.OIDC_SCOPES_CLAIM,
          companyId: e.OIDC_COMPANY_ID,
        }
      : undefined,
    trustProxy: e.TRUST_PROXY === 'on',
    role: e.ROLE,
    workerPort: e.WORKER_PORT,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    loginFailuresPerAccount: e.LOGIN_FAILURES_PER_ACCOUNT,
    apiTokenRatePerMinute: e.API_TOKEN_RATE_LIMIT_PER_MINUTE,
    sessionCacheMs: e.SESSION_CACHE_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    jobLockMs: e.JOB_LOCK_SECONDS * 1000,
    jobRetentionMs: e.JOB_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    jobPollMs: Math.round(e.JOB_POLL_SECONDS * 1000),
    jobRetryHorizonMs: e.JOB_RETRY_HORIZON_HOURS * 3_600_000,
    queueConcurrency: Object.fromEntries(
      QUEUES.map((q) => [
        q,
        ((e as Record<string, unknown>)[`WORKER_CONCURRENCY_${q.toUpperCase()}`] as number | undefined) ??
          e.WORKER_CONCURRENCY ??
          DEFAULT_QUEUE_CONCURRENCY[q],
      ]),
    ) as Record<QueueName, number>,
    instantResults: e.INSTANT_RESULTS === 'on',
    readPhotoText: e.READ_PHOTO_TEXT === 'on',
    metricsToken: e.METRICS_TOKEN,
    storageProbe: { downAfter: e.STORAGE_PROBE_DOWN_AFTER, upAfter: e.STORAGE_PROBE_UP_AFTER },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'on',
        }
      : undefined,
    ingestion: {
      root: path.resolve(e.INGESTION_ROOT ?? path.join(dataDir, 'ingestion')),
      s3Prefix: e.INGESTION_S3_PREFIX,
      scanMs: e.INGESTION_SCAN_SECONDS * 1000,
      // A file younger than this may still be being written: the next scan takes it.
      settleMs: e.INGESTION_SETTLE_SECONDS * 1000,
    },
    media: { memoryMb: e.MEDIA_MEMORY_MB, cpuMs: e.MEDIA_CPU_SECONDS * 1000, wallMs: e.MEDIA_TIMEOUT_SECONDS * 1000 },
    companyStorageQuotaGb: e.COMPANY_STORAGE_QUOTA_GB,
    timeouts: { requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000, idleMs: e.CONNECTION_IDLE_TIMEOUT_SECONDS * 1000 },
    graphql: { ratePerUserPerMinute: e.GRAPHQL_RATE_LIMIT_PER_MINUTE, introspection: e.GRAPHQL_INTROSPECTION === 'on' },
    webhookRetentionDays: e.WEBHOOK_RETENTION_DAYS,
    auditRetentionMonths: e.AUDIT_RETENTION_MONTHS,
    decisionUndoSeconds: e.DECISION_UNDO_SECONDS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'on',
    webhookLoopbackOnly: e.WEBHOOK_LOOPBACK_ONLY === 'on',
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
