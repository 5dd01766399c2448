import { sql } from 'drizzle-orm';
import type {
  CarriedFactSources,
  FactReading,
  FactSources,
  PhotoRole,
  ProductFacts,
  ReviewCommentTarget,
} from '@portal/domain';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/**
 * The version of a row the integration API serves (a draft, a submission, their files): every insert and update takes
 * a new number from one sequence, by its default and a trigger, and an update of a draft or a submission also sets
 * its `updated_at` from the database's clock (migration 0040_row_versions).
 */
const rowVersion = () =>
  bigint('version', { mode: 'number' })
    .notNull()
    .default(sql`nextval('row_version_seq')`);

/** Suppliers and brands, partner retailers, and the provider's own staff. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['supplier', 'partner', 'staff'] })
      .notNull()
      .default('supplier'),
    createdAt: createdAt(),
  },
  // The review queue's company search: names starting with what the reviewer typed, case-insensitive.
  (t) => [index('companies_kind_lower_name_idx').on(t.kind, sql`lower(${t.name}) text_pattern_ops`)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** argon2id; null for users who only sign in through OpenID Connect. */
    passwordHash: text('password_hash'),
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    oidcSubject: text('oidc_subject'),
    tcAcceptanceDate: timestamp('tc_acceptance_date', { withTimezone: true }),
    /** Set when the account is disabled: no sign-in, no session, no API token works for it. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** How the user hears of decisions: each at once, or one digest an hour or a day (MAIL_DIGEST_FREQUENCIES). */
    mailDigest: text('mail_digest', { enum: ['immediate', 'hourly', 'daily'] })
      .notNull()
      .default('immediate'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_subject_idx').on(t.oidcSubject),
    index('users_company_idx').on(t.companyId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    data: jsonb('data').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Only a hash of each token is kept, so a database leak does not leak working links. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Invitations to set a first password: only the SHA-256 of the link's secret is kept; a link works once and until it
 * expires. Accepting spends every open invitation of the user.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_invitations_user_idx').on(t.userId)],
);

/** Decisions waiting for a user's next digest mail (users who chose hourly or daily); deleted once it is sent. */
export const mailDigestItems = pgTable(
  'mail_digest_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    submissionId: uuid('submission_id').notNull(),
    status: text('status').notNull(),
    /** The product as the mail names it: "Name (UPC …)". */
    product: text('product').notNull(),
    reason: text('reason'),
    /** What to fix: the reviewer's comments, each as a line. */
    comments: text('comments')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    link: text('link').notNull(),
    createdAt: createdAt(),
  },
  // One line per item and outcome: a second decision of the same kind in the window replaces the first.
  (t) => [uniqueIndex('mail_digest_items_user_item_idx').on(t.userId, t.submissionId, t.status)],
);

/** API tokens (issue 21): only the SHA-256 of the secret is kept; revoked ones stay listed until they expire. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_idx').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId),
    index('api_tokens_company_idx').on(t.companyId),
  ],
);

/** Failed sign-ins per account, so the limit holds across app instances. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_at_idx').on(t.email, t.at)],
);

/**
 * What every instance sharing this database must agree on, recorded by the first one that started: a fingerprint
 * (never the value) of each such setting. `name`: 'session_secret' (an HMAC of a fixed label keyed by SESSION_SECRET).
 */
export const deploymentFingerprints = pgTable('deployment_fingerprints', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Request counters of the rate limits (sign-in, password reset, API tokens, GraphQL), shared by every instance on
 * the database: one row per key and fixed window, counted up by an atomic upsert (lib/rate-limit-store.ts), deleted
 * by the hourly purge once `expires_at` has passed.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    /** The window's start in milliseconds since the epoch, on the database's clock (the same for every instance). */
    windowStartMs: bigint('window_start_ms', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStartMs] }), index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});

/**
 * The one stored file every instance must see (see storage/shared-storage.ts): its key, recorded by the first
 * instance to start. An instance whose storage lacks it has storage of its own, not the shared one.
 */
export const storageMarker = pgTable('storage_marker', {
  id: integer('id').primaryKey(),
  markerKey: text('marker_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
});

export const partnerConfigurations = pgTable(
  'partner_configurations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    primaryColor: text('primary_color').notNull().default('#1f5f8b'),
    secondaryColor: text('secondary_color'),
    landingPageEnabled: boolean('landing_page_enabled').notNull().default(true),
    partnerLogoFileName: text('partner_logo_file_name'),
    partnerLogoKey: text('partner_logo_key'),
    /** Visible/required flags by field name; an absent flag means true (part 2 section 3). */
    fieldRules: jsonb('field_rules')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Photo checks (issue 20) that stop Submit for this partner's intake; the others stay warnings. */
    blockingPhotoChecks: text('blocking_photo_checks')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** LOW_RESOLUTION: the least pixels on an image's longest side (docs/decisions/photo-checks-and-barcodes.md). */
    minImageLongSidePx: integer('min_image_long_side_px').notNull().default(1000),
    /** Review decisions can be undone for a short window, their e-mail and events held until it ends (off: at once). */
    decisionUndo: boolean('decision_undo').notNull().default(true),
    /** Hours an item may wait for review before it is "over SLA" (null: no SLA). */
    reviewSlaHours: integer('review_sla_hours'),
    /** Which review decisions wait for a second reviewer's approval before the supplier hears (off: none). */
    secondApproval: text('second_approval', { enum: ['off', 'reject', 'accept', 'both'] })
      .notNull()
      .default('off'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('partner_configurations_company_idx').on(t.companyId)],
);

/**
 * Every version of a partner's readiness rules: its own rules (the settings imply the others), who saved it, when.
 * A settings save that changes an implied rule also writes a version, so a result's version names what judged it.
 */
export const partnerRuleSets = pgTable(
  'partner_rule_sets',
  {
    id: serial('id').primaryKey(),
    partnerCompanyId: integer('partner_company_id')
      .notNull()
      .references(() => companies.id),
    version: integer('version').notNull(),
    rules: jsonb('rules').notNull(),
    savedBy: integer('saved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('partner_rule_sets_version_idx').on(t.partnerCompanyId, t.version)],
);

/** Companies granted bulk ingestion; their users see 'Imports' (part 2 section 2.8). */
export const bulkIngestionOrganizations = pgTable(
  'bulk_ingestion_organizations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    folderName: text('folder_name').notNull(),
    imageSource: text('image_source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bulk_ingestion_org_company_idx').on(t.companyId),
    // Two organizations on one source folder would take each other's files.
    uniqueIndex('bulk_ingestion_org_source_idx').on(t.imageSource, t.folderName),
  ],
);

/**
 * One batch of files: a scan of an organization's source folder that found new files, or one upload from the import
 * page. Its counts are never stored: they are computed from its file rows, so concurrent workers cannot skew them.
 */
export const bulkIngestionJobs = pgTable(
  'bulk_ingestion_jobs',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => bulkIngestionOrganizations.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** LOCAL or S3 for a folder scan, UPLOAD for files sent from the import page. */
    source: text('source', { enum: ['LOCAL', 'S3', 'UPLOAD'] }).notNull(),
    /** Null for a folder scan. */
    submittedByUserId: integer('submitted_by_user_id').references(() => users.id),
    /** When every file had been read (none RECEIVED or UNIDENTIFIED): set once, so 'job completed' is told once. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bulk_ingestion_jobs_company_idx').on(t.companyId, t.createdAt)],
);

export const bulkIngestionFiles = pgTable(
  'bulk_ingestion_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: integer('job_id')
      .notNull()
      .references(() => bulkIngestionJobs.id, { onDelete: 'cascade' }),
    /** The name in the source folder or upload: a label, never a path we open. */
    filename: text('filename').notNull(),
    /**
     * The file's key in the source it was scanned from (null for uploads). Until `sourceLeftAt` is set it still sits
     * there: a scan skips keys that are pending here, so a crash between the scan and the move never makes a second row.
     */
    sourceKey: text('source_key'),
    /**
     * When the file was moved out of its source into storage, by the database's clock: a scan whose listing began
     * before this moment may have listed it still there, and skips it.
     */
    sourceLeftAt: timestamp('source_left_at', { withTimezone: true }),
    storageKey: text('storage_key').notNull(),
    size: integer('size'),
    kind: text('kind', { enum: ['pdf', 'jpeg', 'png', 'gif', 'tiff'] }),
    status: text('status', {
      enum: ['RECEIVED', 'UNIDENTIFIED', 'NEEDS_MAPPING', 'IDENTIFIED', 'IGNORED', 'SUBMITTED', 'CATALOGUED'],
    })
      .notNull()
      .default('RECEIVED'),
    reason: text('reason'),
    /** The UPC given by a mapping file (or by a GS1 file name). */
    upc: text('upc'),
    /** The code read from the image. */
    detectedEan13Upc: text('detected_ean13_upc'),
    /** The code the file is filed under: detected or mapped. */
    ean13Upc: text('ean13_upc'),
    submissionId: uuid('submission_id').references(() => productSubmissions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Polling: the files of a job updated since a time, read from the index only up to the newest rows.
    index('bulk_ingestion_files_job_updated_idx').on(t.jobId, t.updatedAt),
    uniqueIndex('bulk_ingestion_files_job_name_idx').on(t.jobId, t.filename),
    index('bulk_ingestion_files_pending_idx')
      .on(t.sourceKey)
      .where(sql`${t.sourceKey} is not null`),
    index('bulk_ingestion_files_submission_idx').on(t.submissionId),
  ],
);

/** The background job queue: claimed with FOR UPDATE SKIP LOCKED, so any number of workers can share it. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** A running job whose lock has passed belongs to a worker that died: it is claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The claim's fence: a worker writes the job's outcome only while the job still holds the token it claimed. */
    lockToken: uuid('lock_token'),
    /** Whose work it is: claims are fair between companies (null: nobody's, e.g. a password-reset mail). */
    companyId: integer('company_id'),
    /** Runs failed because a dependency was away (they spend no attempt), and since when: the retry horizon. */
    transientFailures: integer('transient_failures').notNull().default(0),
    transientSince: timestamp('transient_since', { withTimezone: true }),
    dedupeKey: text('dedupe_key'),
    /** Queued jobs with one key are one job (later enqueues join it); the claim frees the key for new work. */
    coalesceKey: text('coalesce_key'),
    /** Claims that ended with the worker gone (its claim expired, or the embedded database restarted under it). */
    stalls: integer('stalls').notNull().default(0),
    lastError: text('last_error'),
    /** The x-request-id of the request (or of the job) that enqueued it: one id follows the work through the logs. */
    requestId: text('request_id'),
    /**
     * How far a long job has come ({ done, total, after }), written by the job under its claim's fence with each
     * batch it commits: shown in the jobs console, and where a run that took the job over goes on from.
     */
    progress: jsonb('progress'),
    /** Held work (a review decision's e-mail and events): the decision's undo cancels every job under its key. */
    holdKey: text('hold_key'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_hold_key_idx')
      .on(t.holdKey)
      .where(sql`${t.holdKey} IS NOT NULL`),
    index('jobs_claim_idx').on(t.status, t.runAt),
    // The jobs console's list, newest first, of a state and of a state and type.
    index('jobs_state_idx').on(t.status, t.id),
    index('jobs_state_type_idx').on(t.status, t.name, t.id),
    // A key is unique only among jobs still to do: once done or failed, the same key enqueues new work.
    uniqueIndex('jobs_dedupe_idx')
      .on(t.dedupeKey)
      .where(sql`${t.status} in ('queued', 'running')`),
    uniqueIndex('jobs_coalesce_idx')
      .on(t.coalesceKey)
      .where(sql`${t.status} = 'queued'`),
    // The claim skips through the companies with queued work of a type, then reads each one's oldest jobs.
    index('jobs_line_idx')
      .on(t.name, t.companyId, t.runAt, t.id)
      .where(sql`${t.status} = 'queued'`),
  ],
);

/** A draft (InProgress) holds uploaded files until its UPCs are entered and it is submitted. */
export const draftSubmissions = pgTable(
  'draft_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The partner of the co-branded portal the user came through, if any. */
    partnerCompanyId: integer('partner_company_id').references(() => companies.id),
    isImported: boolean('is_imported').notNull().default(false),
    /** A draft made from a sheet row (modules/sheet-import): the product as the row gave it, photos or not. */
    sheetUpc: text('sheet_upc'),
    sheetProductName: text('sheet_product_name'),
    sheetProduct: jsonb('sheet_product').$type<Record<string, unknown>>(),
    /** The hash of the row's content (and the photos it named): the same row imported again changes nothing. */
    sheetContentHash: text('sheet_content_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: rowVersion(),
  },
  (t) => [
    index('draft_submissions_company_idx').on(t.companyId, t.updatedAt, t.id),
    index('draft_submissions_sheet_upc_idx')
      .on(t.companyId, t.sheetUpc)
      .where(sql`${t.sheetUpc} IS NOT NULL`),
  ],
);

/**
 * The photo checks of an image file (issue 20), set by its media job: the issues found ([] when none or not yet
 * checked: see detectionStatus) and the perceptual hash that finds the same picture among the company's files.
 */
const photoCheckColumns = () => ({
  qualityIssues: jsonb('quality_issues')
    .notNull()
    .default(sql`'[]'::jsonb`),
  perceptualHash: text('perceptual_hash'),
  /** Pixels on the longest side of the source (null: a PDF page, or not read yet): judged against a partner's line. */
  longSidePx: integer('long_side_px'),
  /**
   * Where the detected code is on the image, as fractions of its width and height ({x, y, w, h}, and `corners`: the
   * code's four corners at its own angle, when known); null when no code was read or it was read before regions were
   * kept. Files read before corners were kept have none.
   */
  barcodeRegion: jsonb('barcode_region').$type<{
    x: number;
    y: number;
    w: number;
    h: number;
    corners?: { x: number; y: number }[];
  }>(),
});

export const draftFiles = pgTable(
  'draft_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    draftId: uuid('draft_id')
      .notNull()
      .references(() => draftSubmissions.id, { onDelete: 'cascade' }),
    /** The user's file name: for display only, never a path. */
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    kind: text('kind', { enum: ['pdf', 'jpeg', 'png', 'gif', 'tiff'] }).notNull(),
    size: integer('size').notNull(),
    position: integer('position').notNull(),
    upc: text('upc'),
    productName: text('product_name'),
    shippingProfileId: integer('shipping_profile_id').references(() => shippingProfiles.id, { onDelete: 'set null' }),
    isMarketingImage: boolean('is_marketing_image').notNull().default(false),
    /** Every code read from the file; detectedUpc is the first of them. */
    detectedUpcs: text('detected_upcs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** How detectedUpcs were read: 'bars', or 'digits' (OCR of the printed digits); null while none were. */
    detectedFrom: text('detected_from', { enum: ['bars', 'digits'] }),
    detectionStatus: text('detection_status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    thumbnailKey: text('thumbnail_key'),
    ...photoCheckColumns(),
    /** The product facts typed or accepted by the supplier (null: none yet). */
    facts: jsonb('facts').$type<ProductFacts>(),
    /** Where each filled fact came from: typed, read from the photo and accepted, or corrected from a reading. */
    factSources: jsonb('fact_sources')
      .$type<FactSources>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** What the text-reading job read from the photo, each value with its confidence and region. */
    factReadings: jsonb('fact_readings')
      .$type<FactReading[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    factReadingStatus: text('fact_reading_status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    /** Fields whose reading the supplier dismissed: never suggested again for this file. */
    dismissedFacts: text('dismissed_facts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The roles the supplier chose for the photo; null: none chosen, the proposal stands (domain photoRoles). */
    photoRoles: text('photo_roles').array().$type<PhotoRole[]>(),
    createdAt: createdAt(),
    version: rowVersion(),
  },
  (t) => [
    index('draft_files_draft_idx').on(t.draftId, t.position),
    uniqueIndex('draft_files_name_idx').on(t.draftId, sql`lower(${t.fileName})`),
  ],
);

/** Reference data of the bulk edit (part 2 section 3), loaded from server/src/db/seed-data at every start. */
export const suggestedClasses = pgTable('suggested_classes', {
  name: text('name').primaryKey(),
  position: integer('position').notNull(),
});

export const unitsOfMeasure = pgTable('units_of_measure', {
  name: text('name').primaryKey(),
  position: integer('position').notNull(),
});

export const marketAccounts = pgTable(
  'market_accounts',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    marketId: integer('market_id').notNull(),
  },
  (t) => [index('market_accounts_name_idx').on(sql`lower(${t.name})`)],
);

export const attributes = pgTable('attributes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const productSubmissions = pgTable(
  'product_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    partnerCompanyId: integer('partner_company_id').references(() => companies.id),
    upc: text('upc').notNull(),
    ean13Upc: text('ean13_upc').notNull(),
    productName: text('product_name'),
    itemStatus: text('item_status').notNull(),
    isImported: boolean('is_imported').notNull().default(false),
    shippingProfileId: integer('shipping_profile_id').references(() => shippingProfiles.id, { onDelete: 'set null' }),
    detectedUpcs: text('detected_upcs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The reason of the latest rejection (automatic or by staff). */
    rejectionReason: text('rejection_reason'),
    /** An appeal of an automatic rejection sends the item to staff only: the automated checks do not run again. */
    humanReviewOnly: boolean('human_review_only').notNull().default(false),
    zendeskTicketId: text('zendesk_ticket_id'),
    zendeskTicketUrl: text('zendesk_ticket_url'),
    /** The product's facts as submitted (from the draft, resubmit or images upload); null: none given. */
    facts: jsonb('facts').$type<ProductFacts>(),
    /** Where each value came from, naming the file whose photo region it was read from. */
    factSources: jsonb('fact_sources')
      .$type<CarriedFactSources>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    // Bulk edit fields (part 2 section 3). Market accounts and attributes are the two join tables below.
    /** The brand chosen in the bulk edit (the row's companyName). */
    brand: text('brand'),
    suggestedClass: text('suggested_class').references(() => suggestedClasses.name),
    height: numeric('height', { precision: 10, scale: 3, mode: 'number' }),
    width: numeric('width', { precision: 10, scale: 3, mode: 'number' }),
    depth: numeric('depth', { precision: 10, scale: 3, mode: 'number' }),
    size: numeric('size', { precision: 10, scale: 3, mode: 'number' }),
    uom: text('uom').references(() => unitsOfMeasure.name),
    fobCost: numeric('fob_cost', { precision: 5, scale: 2, mode: 'number' }),
    msrp: numeric('msrp', { precision: 5, scale: 2, mode: 'number' }),
    edlp: numeric('edlp', { precision: 5, scale: 2, mode: 'number' }),
    deliveredCost: numeric('delivered_cost', { precision: 5, scale: 2, mode: 'number' }),
    wholesaleCost: numeric('wholesale_cost', { precision: 5, scale: 2, mode: 'number' }),
    freeFill: boolean('free_fill'),
    inStoreDemo: boolean('in_store_demo'),
    fairShareMerchandisingSupport: boolean('fair_share_merchandising_support'),
    paidAds: boolean('paid_ads'),
    offInvoice: boolean('off_invoice'),
    tpr: boolean('tpr'),
    /**
     * The bulk-edit fields (their columns' names: brand, width, msrp...) whose value the supplier's sheet gave when its
     * draft was submitted (modules/sheet-import); a field leaves the list when someone edits it in the bulk edit.
     */
    sheetFields: text('sheet_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The partner statuses against the partner's field rules (type, message), kept current by the server. */
    partnerStatuses: jsonb('partner_statuses')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Their summary for the activity column: Incomplete, Complete or N/A. */
    partnerStatusLabel: text('partner_status_label', { enum: ['Incomplete', 'Complete', 'N/A'] })
      .notNull()
      .default('N/A'),
    /**
     * Readiness for its partner, judged by the partner's rules and kept current by the lifecycle and by the recompute
     * after a rule change (null: no partner with a configuration, or not judged yet). The failing rules as the
     * domain's StoredFailingRule list; their codes again as an array for the "fails rule X" filter's index.
     */
    readinessPercent: smallint('readiness_percent'),
    readinessReady: boolean('readiness_ready'),
    readinessVersion: integer('readiness_version'),
    readinessFailing: jsonb('readiness_failing')
      .notNull()
      .default(sql`'[]'::jsonb`),
    readinessFailingCodes: text('readiness_failing_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The draft it was submitted from (the draft row is gone then): a retried submit answers with its submissions. */
    draftId: uuid('draft_id'),
    /** When it last became SUBMITTED (created, resubmitted, appealed): the review queue's order. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: rowVersion(),
  },
  // Every list index ends in (sort column, id): keyset pages read from a row's (updated_at, id), one status at a time
  // (docs/decisions/database.md, "Each list reads one index range per status").
  (t) => [
    index('product_submissions_company_status_idx').on(t.companyId, t.itemStatus, t.updatedAt, t.id),
    // The activity list filtered by partner (the partner drop-down), for a company and for staff.
    index('product_submissions_company_partner_status_idx').on(
      t.companyId,
      t.partnerCompanyId,
      t.itemStatus,
      t.updatedAt,
      t.id,
    ),
    index('product_submissions_partner_status_idx').on(t.partnerCompanyId, t.itemStatus, t.updatedAt, t.id),
    index('product_submissions_status_idx').on(t.itemStatus, t.updatedAt, t.id),
    // The integration API's list sorted by creation (GET /api/v1/submissions?sort=created_at), a company's and staff's.
    index('product_submissions_company_status_created_idx').on(t.companyId, t.itemStatus, t.createdAt, t.id),
    index('product_submissions_status_created_idx').on(t.itemStatus, t.createdAt, t.id),
    index('product_submissions_ean13_idx').on(t.ean13Upc),
    // The review queue, oldest submitted first: every partner's, and one partner's (modules/review/queries/queue.ts).
    index('product_submissions_status_submitted_idx').on(t.itemStatus, t.submittedAt, t.id),
    index('product_submissions_partner_status_submitted_idx').on(t.partnerCompanyId, t.itemStatus, t.submittedAt, t.id),
    // Catalogue visibility: does this company have a submission of this EAN-13?
    index('product_submissions_company_ean13_idx').on(t.companyId, t.ean13Upc),
    // Readiness filters (docs/decisions/readiness.md): "not ready" reads a partial index in the lists' own
    // order (staff's and one partner's); "fails rule X" reads the failing codes by a GIN index.
    index('product_submissions_not_ready_idx')
      .on(t.itemStatus, t.updatedAt, t.id)
      .where(sql`${t.readinessReady} = false`),
    index('product_submissions_partner_not_ready_idx')
      .on(t.partnerCompanyId, t.itemStatus, t.updatedAt, t.id)
      .where(sql`${t.readinessReady} = false`),
    index('product_submissions_failing_codes_idx').using('gin', t.readinessFailingCodes),
    index('product_submissions_draft_idx')
      .on(t.draftId)
      .where(sql`${t.draftId} is not null`),
  ],
);

/**
 * How many submissions each company has per partner (0: none) and status, kept exact by the submissions lifecycle in
 * the transaction of every change; the activity tabs' totals read it instead of counting rows. A maintenance job
 * recounts it and reports any drift (modules/submissions/counts.ts).
 */
export const submissionCounts = pgTable(
  'submission_counts',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The submission's partner company, 0 when it has none (a key without nulls). */
    partnerKey: integer('partner_key').notNull(),
    itemStatus: text('item_status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.partnerKey, t.itemStatus] })],
);

/**
 * Staff-wide submission counts: per status and partner (0: none), the sum over every company, split over
 * TOTAL_STRIPES rows by company_id % TOTAL_STRIPES so lifecycle changes of different companies rarely wait on one
 * row (modules/submissions/counts.ts).
 */
export const submissionStatusTotals = pgTable(
  'submission_status_totals',
  {
    itemStatus: text('item_status').notNull(),
    /** The submissions' partner company, 0 when they have none. */
    partnerKey: integer('partner_key').notNull(),
    stripe: integer('stripe').notNull(),
    n: integer('n').notNull(),
  },
  // Status first: a staff total of a status (any partner) is one range of the key.
  (t) => [primaryKey({ columns: [t.itemStatus, t.partnerKey, t.stripe] })],
);

export const submissionFiles = pgTable(
  'submission_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => productSubmissions.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    kind: text('kind', { enum: ['pdf', 'jpeg', 'png', 'gif', 'tiff'] }).notNull(),
    size: integer('size').notNull(),
    position: integer('position').notNull(),
    isMarketingImage: boolean('is_marketing_image').notNull().default(false),
    detectedUpcs: text('detected_upcs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** How detectedUpcs were read: 'bars', or 'digits' (OCR of the printed digits); null while none were. */
    detectedFrom: text('detected_from', { enum: ['bars', 'digits'] }),
    detectionStatus: text('detection_status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    thumbnailKey: text('thumbnail_key'),
    ...photoCheckColumns(),
    /** What the text-reading job read from a photo added on resubmit or for a catalogued product (migration 0072). */
    factReadings: jsonb('fact_readings')
      .$type<FactReading[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Null: the file is not read (one from a draft was read there); else as a draft file's. */
    factReadingStatus: text('fact_reading_status', { enum: ['pending', 'done', 'failed'] }),
    /** Fields whose reading the supplier dismissed: never suggested again for this file. */
    dismissedFacts: text('dismissed_facts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The roles of the photo: its draft photo's at Submit; null for a file added after, proposed from its readings. */
    photoRoles: text('photo_roles').array().$type<PhotoRole[]>(),
    createdAt: createdAt(),
    version: rowVersion(),
  },
  (t) => [index('submission_files_submission_idx').on(t.submissionId, t.position)],
);

/** Bits of hex digits FROM (1-based) to FROM + DIGITS - 1 of a 64-bit hash (16 hex digits) as an integer. */
const bandOf = (hash: ReturnType<typeof sql>, from: number, digits: number) =>
  sql`('x' || substr(${hash}, ${sql.raw(String(from))}, ${sql.raw(String(digits))}))::bit(${sql.raw(String(digits * 4))})::integer`;
const wholeHash = sql`split_part(hash, '-', 1)`;
// Hashes written before the centre was hashed have none: their whole stands in, as in pictureDistance.
const centreHash = sql`coalesce(nullif(split_part(hash, '-', 2), ''), split_part(hash, '-', 1))`;
/** A 64-bit hash (16 hex digits) as a signed bigint, for `bit_count(a # b)`. */
const bitsOf = (hash: ReturnType<typeof sql>) => sql`('x' || ${hash})::bit(64)::bigint`;

/**
 * Every picture hash of a company's files (drafts and submissions), cut into three bands of 20, 20 and 24 bits so that
 * "a picture within SAME_PICTURE_BITS" is an index lookup, not a scan of the company's files: two hashes at most 8
 * bits apart differ by at most 2 bits in one of their three bands (media/picture-bands.ts). Kept by triggers on
 * draft_files and submission_files (migration picture_fingerprints), so no writer of a hash can forget it; a file
 * deleted takes its row with it.
 */
export const pictureFingerprints = pgTable(
  'picture_fingerprints',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    draftFileId: uuid('draft_file_id').references(() => draftFiles.id, { onDelete: 'cascade' }),
    submissionFileId: uuid('submission_file_id').references(() => submissionFiles.id, { onDelete: 'cascade' }),
    /** The file's perceptual hash, 'whole-centre'. */
    hash: text('hash').notNull(),
    whole0: integer('whole0').generatedAlwaysAs(bandOf(wholeHash, 1, 5)),
    whole1: integer('whole1').generatedAlwaysAs(bandOf(wholeHash, 6, 5)),
    whole2: integer('whole2').generatedAlwaysAs(bandOf(wholeHash, 11, 6)),
    centre0: integer('centre0').generatedAlwaysAs(bandOf(centreHash, 1, 5)),
    centre1: integer('centre1').generatedAlwaysAs(bandOf(centreHash, 6, 5)),
    centre2: integer('centre2').generatedAlwaysAs(bandOf(centreHash, 11, 6)),
    wholeBits: bigint('whole_bits', { mode: 'bigint' }).generatedAlwaysAs(bitsOf(wholeHash)),
    centreBits: bigint('centre_bits', { mode: 'bigint' }).generatedAlwaysAs(bitsOf(centreHash)),
  },
  // Each band's index carries both hashes and the row's id: a lookup measures the distance inside the index and
  // reads only the rows within SAME_PICTURE_BITS, not the one in a million per band value met by chance, which at a
  // company of 200,000 files were hundreds of rows read from all over the table for every check.
  (t) => [
    uniqueIndex('picture_fingerprints_draft_file_idx').on(t.draftFileId),
    uniqueIndex('picture_fingerprints_submission_file_idx').on(t.submissionFileId),
    index('picture_fingerprints_whole0_idx').on(t.companyId, t.whole0, t.wholeBits, t.centreBits, t.id),
    index('picture_fingerprints_whole1_idx').on(t.companyId, t.whole1, t.wholeBits, t.centreBits, t.id),
    index('picture_fingerprints_whole2_idx').on(t.companyId, t.whole2, t.wholeBits, t.centreBits, t.id),
    index('picture_fingerprints_centre0_idx').on(t.companyId, t.centre0, t.wholeBits, t.centreBits, t.id),
    index('picture_fingerprints_centre1_idx').on(t.companyId, t.centre1, t.wholeBits, t.centreBits, t.id),
    index('picture_fingerprints_centre2_idx').on(t.companyId, t.centre2, t.wholeBits, t.centreBits, t.id),
  ],
);

/** Every status change of a submission: who, when, from, to, why. */
export const submissionHistory = pgTable(
  'submission_history',
  {
    id: serial('id').primaryKey(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => productSubmissions.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for the automated checks. */
    userId: integer('user_id').references(() => users.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    /** A held review decision's key (its e-mail and events wait out the undo window under it); null otherwise. */
    holdKey: text('hold_key'),
    /** A rejection's reason code (from the stock reason picked), for reporting; null otherwise. */
    reasonCode: text('reason_code'),
  },
  (t) => [
    index('submission_history_submission_idx').on(t.submissionId, t.at),
    index('submission_history_reason_code_idx')
      .on(t.at)
      .where(sql`${t.reasonCode} IS NOT NULL`),
  ],
);

/**
 * A reviewer's comments on a rejection, each on one thing the supplier can fix: the UPC, the product name, a file,
 * or a region of a file's image (fractions of its size). Written with the rejection's history row (the lifecycle);
 * the file is named, not referenced: a resubmission replaces the files, the history keeps what was said of them.
 */
export const submissionComments = pgTable(
  'submission_comments',
  {
    id: serial('id').primaryKey(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => productSubmissions.id, { onDelete: 'cascade' }),
    historyId: integer('history_id')
      .notNull()
      .references(() => submissionHistory.id, { onDelete: 'cascade' }),
    /** REVIEW_COMMENT_TARGETS: the UPC, the product name, a file, a region, or another attribute of the proposal. */
    target: text('target').$type<ReviewCommentTarget>().notNull(),
    fileName: text('file_name'),
    region: jsonb('region').$type<{ x: number; y: number; w: number; h: number }>(),
    text: text('text').notNull(),
    /** The comment's reason code, for reporting (null: none). */
    reasonCode: text('reason_code'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('submission_comments_history_idx').on(t.submissionId, t.historyId, t.id)],
);

/**
 * The catalogue: one row per EAN-13 with the certified values recorded by cataloguing staff (form or CSV import).
 * Visibility comes from the submissions: a company sees a product when it has a submission of that EAN-13.
 */
export const cataloguedProducts = pgTable(
  'catalogued_products',
  {
    ean13Upc: text('ean13_upc').primaryKey(),
    description: text('description').notNull(),
    brand: text('brand').notNull(),
    department: text('department'),
    category: text('category'),
    subcategory: text('subcategory'),
    itemSize: text('item_size'),
    unitsOfMeasure: text('units_of_measure'),
    packCount: integer('pack_count'),
    /** The product facts staff certified when cataloguing (from the submission, null: none). */
    facts: jsonb('facts').$type<ProductFacts>(),
    isDelisted: boolean('is_delisted').notNull().default(false),
    delistedAt: timestamp('delisted_at', { withTimezone: true }),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The prefix filter (LIKE 'prefix%') needs pattern ops whatever the database collation.
    index('catalogued_products_ean13_prefix_idx').using('btree', t.ean13Upc.op('text_pattern_ops')),
    index('catalogued_products_updated_idx').on(t.updatedAt, t.ean13Upc),
    index('catalogued_products_brand_idx').on(sql`lower(${t.brand})`, t.ean13Upc),
    index('catalogued_products_description_idx').on(sql`lower(${t.description})`, t.ean13Upc),
    // The list's keyset pages by size and by unit of measure (an empty one sorts as '').
    index('catalogued_products_item_size_idx').on(sql`coalesce(${t.itemSize}, '')`, t.ean13Upc),
    index('catalogued_products_units_idx').on(sql`coalesce(${t.unitsOfMeasure}, '')`, t.ean13Upc),
  ],
);

/**
 * A company's catalogue (modules/catalogue/queries/membership.ts): one row per catalogued product the company has a submission
 * of (n: how many), with copies of the product's sort keys as the list sorts them (lowered, an empty one as '') and
 * whether it is listed (not delisted), so that a company's page is a range of its own rows in the index of the sort.
 * Kept by the submissions lifecycle (a submission created, deleted or given another EAN-13) and by the catalogue (a
 * product created, edited or delisted), both through the owner's refresh.
 */
export const companyCatalogue = pgTable(
  'company_catalogue',
  {
    companyId: integer('company_id').notNull(),
    ean13Upc: text('ean13_upc').notNull(),
    n: integer('n').notNull(),
    listed: boolean('listed').notNull(),
    brand: text('brand').notNull(),
    description: text('description').notNull(),
    itemSize: text('item_size').notNull(),
    unitsOfMeasure: text('units_of_measure').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.ean13Upc] }),
    // The refresh of a product's rows, in every company that has it.
    index('company_catalogue_ean13_idx').on(t.ean13Upc),
    // The list's sorts over the listed rows of a company; the UPC prefix filter (LIKE 'prefix%') as a range.
    index('company_catalogue_prefix_idx')
      .using('btree', t.companyId, t.ean13Upc.op('text_pattern_ops'))
      .where(sql`listed`),
    index('company_catalogue_updated_idx')
      .on(t.companyId, t.updatedAt, t.ean13Upc)
      .where(sql`listed`),
    index('company_catalogue_brand_idx')
      .on(t.companyId, t.brand, t.ean13Upc)
      .where(sql`listed`),
    index('company_catalogue_description_idx')
      .on(t.companyId, t.description, t.ean13Upc)
      .where(sql`listed`),
    index('company_catalogue_item_size_idx')
      .on(t.companyId, t.itemSize, t.ean13Upc)
      .where(sql`listed`),
    index('company_catalogue_units_idx')
      .on(t.companyId, t.unitsOfMeasure, t.ean13Upc)
      .where(sql`listed`),
  ],
);

/** How many listed products each company's catalogue has (the list's count without a filter), kept with its rows. */
export const companyCatalogueCounts = pgTable('company_catalogue_counts', {
  companyId: integer('company_id').primaryKey(),
  n: integer('n').notNull(),
});

/** A measure of a shipping profile: up to 3 decimals, read back as a number. */
const measureValue = (name: string) => numeric(name, { precision: 12, scale: 3, mode: 'number' });

/** A company's shipping (logistics) profiles (part 2 section 3); names are unique per company, trimmed, any case. */
export const shippingProfiles = pgTable(
  'shipping_profiles',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    creatorId: integer('creator_id').references(() => users.id),
    name: text('name').notNull(),
    caseCount: integer('case_count').notNull(),
    grossWeightValue: measureValue('gross_weight_value'),
    grossWeightUnit: text('gross_weight_unit'),
    netWeightValue: measureValue('net_weight_value'),
    netWeightUnit: text('net_weight_unit'),
    caseLengthValue: measureValue('case_length_value'),
    caseLengthUnit: text('case_length_unit'),
    caseWidthValue: measureValue('case_width_value'),
    caseWidthUnit: text('case_width_unit'),
    caseHeightValue: measureValue('case_height_value'),
    caseHeightUnit: text('case_height_unit'),
    palletTiers: integer('pallet_tiers'),
    palletLayers: integer('pallet_layers'),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('shipping_profiles_company_name_idx').on(t.companyId, sql`lower(${t.name})`)],
);

/**
 * Which of its shipping profiles a company applies to a product (an EAN-13 it submitted): the catalogued product's
 * selector and the profile's assignments both write here.
 */
export const productShippingProfiles = pgTable(
  'product_shipping_profiles',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    ean13Upc: text('ean13_upc').notNull(),
    shippingProfileId: integer('shipping_profile_id')
      .notNull()
      .references(() => shippingProfiles.id, { onDelete: 'cascade' }),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.ean13Upc] }),
    index('product_shipping_profiles_profile_idx').on(t.shippingProfileId),
  ],
);

/** Where a submitted product is currently sold (the bulk edit's market accounts). */
export const submissionMarketAccounts = pgTable(
  'submission_market_accounts',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => productSubmissions.id, { onDelete: 'cascade' }),
    marketAccountId: integer('market_account_id')
      .notNull()
      .references(() => marketAccounts.id),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.marketAccountId] })],
);

/** The (dietary) attributes of a submitted product. */
export const submissionAttributes = pgTable(
  'submission_attributes',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => productSubmissions.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.attributeId] })],
);

/** Reference data (part 2 section 3, lookups), loaded from server/src/db/seed-data at start. */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('states_country_code_idx').on(t.countryCode, t.code)],
);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    countryCode: text('country_code').notNull(),
    stateCode: text('state_code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('cities_state_name_idx').on(t.countryCode, t.stateCode, t.name)],
);

export const distributionMethods = pgTable('distribution_methods', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** A company's public brand profile (part 2 sections 2.6 and 3); one per company. */
export const brandProfiles = pgTable(
  'brand_profiles',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id),
    isPublished: boolean('is_published').notNull().default(true),
    brandLogoFilename: text('brand_logo_filename'),
    brandLogoKey: text('brand_logo_key'),
    productOneSheetFilename: text('product_one_sheet_filename'),
    productOneSheetKey: text('product_one_sheet_key'),
    salesDeckFilename: text('sales_deck_filename'),
    salesDeckKey: text('sales_deck_key'),
    marketingVideoUrl: text('marketing_video_url'),
    brandWebsiteUrl: text('brand_website_url'),
    brandCountryCode: text('brand_country_code'),
    brandStateCode: text('brand_state_code'),
    brandCityName: text('brand_city_name'),
    yearFounded: integer('year_founded'),
    brandStory: text('brand_story'),
    facebookUrl: text('facebook_url'),
    instagramUrl: text('instagram_url'),
    twitterUrl: text('twitter_url'),
    samplesOffered: boolean('samples_offered'),
    primaryInvestor: text('primary_investor'),
    secondaryInvestor: text('secondary_investor'),
    raisingInvestment: text('raising_investment'),
    primaryDistributionMethod: text('primary_distribution_method'),
    secondaryDistributionMethod: text('secondary_distribution_method'),
    distributionRange: text('distribution_range', { enum: ['states', 'national', 'international'] }),
    distributionRangeStates: jsonb('distribution_range_states')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** { Email, Name, Phone, Title } */
    salesContact: jsonb('sales_contact'),
    /** { Company, Email, Name, Phone, Title } */
    primaryBroker: jsonb('primary_broker'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('brand_profiles_company_idx').on(t.companyId)],
);

/**
 * The audit trail (issue 19): one row per staff action on someone else's data, written in the transaction of the
 * change by modules/audit (recordAudit). Rows are never updated. `company_id` is the company whose data it is (the
 * submission's, the partner's), when there is one.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** The clock at the insert, not the transaction's start: rows in id order are in time order. */
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    actorUserId: integer('actor_user_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    companyId: integer('company_id').references(() => companies.id),
    /** A short name of the target as it was (the product name, the company name), for the list and the CSV. */
    targetLabel: text('target_label'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    // A date range is looked up by `at`, then read as an id range; every filter's index ends in the id, the list's
    // order, so a filtered page is a range of one index however long the trail (modules/audit/repository.ts).
    index('audit_log_at_idx').on(t.at),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_actor_idx').on(t.actorUserId, t.id),
    index('audit_log_company_idx').on(t.companyId, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id),
  ],
);

/**
 * A company's webhook endpoint (issue 21): where to send which events. The secret signs the deliveries (Standard
 * Webhooks), so it is kept as is and never shown after it is made; after a rotation the previous one signs alongside
 * it until previousSecretExpiresAt.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    active: boolean('active').notNull().default(true),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId)],
);

/** One event for one endpoint: the message (its id and body are the same on every attempt) and where it stands. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /**
     * The webhook-id header, the receiver's key to ignore a message it already has: the change feed event's id for an
     * event (the same in GET /api/v1/events), msg_<random> for a test event.
     */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact JSON body sent (signed as text, so it is stored as text). */
    body: text('body').notNull(),
    status: text('status', { enum: ['PENDING', 'SUCCEEDED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /**
     * Set while an attempt is being sent (until when it may take): an attempt starts only by setting it where it is
     * unset or past, so an automatic retry and a Redeliver never send at the same time.
     */
    attemptClaimedUntil: timestamp('attempt_claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The delivery log's pages, newest first, each read from a delivery's (created, id).
    index('webhook_deliveries_endpoint_page_idx').on(t.endpointId, t.createdAt, t.id),
    // The retention purge finds old deliveries by their age alone.
    index('webhook_deliveries_created_idx').on(t.createdAt),
    // One change's deliveries to several endpoints share its feed event's id (the webhook-id): unique per endpoint.
    uniqueIndex('webhook_deliveries_endpoint_message_idx').on(t.endpointId, t.messageId),
    // The metrics' backlog per endpoint and company reads the pending deliveries only.
    index('webhook_deliveries_pending_idx')
      .on(t.endpointId)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

/** Every attempt to send a delivery: what the receiver answered (or the error), how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    /** The first 1 KB of the answer's body. */
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [uniqueIndex('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);

/**
 * Idempotency keys of the integration API (lib/idempotency.ts): the first answer to a POST with an
 * `Idempotency-Key`, per user and key, kept 24 hours so a retry gets the same answer (the same ids).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key: `user:<id>` (two users may pick the same key). */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the method, the address and the body (files by their content): another body is a 422. */
    fingerprint: text('fingerprint').notNull(),
    /** running while the first request works; done once its answer is stored. */
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    status: integer('status'),
    body: jsonb('body'),
    /** Headers of the answer a replay repeats (ETag, Location). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * The change feed (GET /api/v1/events): every event of a company, the webhook catalogue's and submission.created,
 * written in the transaction of the change (modules/events/). Read in the order of `txid, id`: `txid` is the writing
 * transaction's id, and a reader takes only events of transactions older than every one still running, so an event
 * committed later can never land before a cursor already handed out (docs/decisions/api.md, "The change feed").
 */
export const feedEvents = pgTable(
  'feed_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txid: bigint('txid', { mode: 'bigint' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    companyId: integer('company_id').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feed_events_company_order_idx').on(t.companyId, t.txid, t.id),
    index('feed_events_created_idx').on(t.createdAt),
  ],
);

/**
 * The review workspace's soft claims: an item open in a reviewer's workspace, until 5 minutes pass without activity
 * (REVIEW_CLAIM_MINUTES). Others see "Being reviewed by NAME" and J skips it; nothing is refused because of it.
 */
export const reviewClaims = pgTable(
  'review_claims',
  {
    submissionId: uuid('submission_id')
      .primaryKey()
      .references(() => productSubmissions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_claims_user_idx').on(t.userId)],
);

/**
 * Which reviewer an item is assigned to (one at most): work shared out by hand or round-robin. Unlike a claim it
 * does not lapse; a decision leaves it in place (the queue shows pending items only).
 */
export const reviewAssignments = pgTable(
  'review_assignments',
  {
    submissionId: uuid('submission_id')
      .primaryKey()
      .references(() => productSubmissions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_assignments_user_idx').on(t.userId)],
);

/** Staff-only internal notes on a submission (review workspace): never part of what its supplier reads. */
export const reviewNotes = pgTable(
  'review_notes',
  {
    id: serial('id').primaryKey(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => productSubmissions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('review_notes_submission_idx').on(t.submissionId, t.id)],
);

/** A reviewer's saved view of the review queue: its filters as the queue's address carries them (no page, size). */
export const reviewSavedViews = pgTable(
  'review_saved_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: text('filters').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('review_saved_views_user_name_idx').on(t.userId, sql`lower(${t.name})`)],
);

/**
 * The version of a submission a rejection saw: its fields as the review page shows them and its files (name, kind,
 * size, picture hash, codes read; not their bytes), kept by the review module when an item is rejected, so that a
 * resubmission is compared with what was rejected (GET /api/review/items/{id}/compare).
 */
export const submissionVersions = pgTable(
  'submission_versions',
  {
    id: serial('id').primaryKey(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => productSubmissions.id, { onDelete: 'cascade' }),
    historyId: integer('history_id')
      .notNull()
      .references(() => submissionHistory.id, { onDelete: 'cascade' }),
    fieldValues: jsonb('field_values').notNull(),
    files: jsonb('files').notNull(),
    /** The product facts the rejected version had (migration 0072); factsKept false: kept before facts were. */
    facts: jsonb('facts').$type<ProductFacts>(),
    factsKept: boolean('facts_kept').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('submission_versions_history_idx').on(t.historyId),
    index('submission_versions_submission_idx').on(t.submissionId, t.historyId),
  ],
);

/**
 * A review decision waiting for a second reviewer (the partner's settings want one for it): the item stays SUBMITTED
 * and nothing leaves until another reviewer approves it (then the lifecycle makes the change) or sends it back.
 */
export const reviewPendingDecisions = pgTable('review_pending_decisions', {
  submissionId: uuid('submission_id')
    .primaryKey()
    .references(() => productSubmissions.id, { onDelete: 'cascade' }),
  decision: text('decision', { enum: ['accept', 'reject'] }).notNull(),
  reason: text('reason'),
  reasonCode: text('reason_code'),
  comments: jsonb('comments')
    .$type<unknown[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  proposedBy: integer('proposed_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Rejection reasons staff keep per partner (null: for items sent to no partner), offered by the reject picker. */
export const reviewStockReasons = pgTable(
  'review_stock_reasons',
  {
    id: serial('id').primaryKey(),
    partnerCompanyId: integer('partner_company_id').references(() => companies.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** A short code for reporting (e.g. BARCODE_UNREADABLE), stored with each decision that uses the reason. */
    code: text('code'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('review_stock_reasons_partner_idx').on(t.partnerCompanyId, t.id),
    // One text once per partner, and once among every partner's (no partner): two staff adding it at once included.
    uniqueIndex('review_stock_reasons_text_idx').on(sql`coalesce(${t.partnerCompanyId}, -1)`, t.text),
  ],
);

/**
 * The column mapping a company confirmed for a sheet, by the sheet's headers (domain headersSignature): offered again
 * for the next sheet with the same headers (docs/decisions/intake.md).
 */
export const sheetMappings = pgTable(
  'sheet_mappings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    signature: text('signature').notNull(),
    /** The target of each column, in the sheet's order. */
    targets: jsonb('targets').$type<string[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.signature] })],
);

/**
 * "Create drafts" after a sheet's dry run: the rows to make drafts of (blocked rows left out), and how far the job has
 * come; the job goes on from `done` after a restart (docs/decisions/intake.md).
 */
export const sheetImports = pgTable(
  'sheet_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    partnerCompanyId: integer('partner_company_id').references(() => companies.id),
    /** The sheet's name as sent: a label only. */
    fileName: text('file_name').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    products: jsonb('products').$type<unknown[]>().notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    photosAttached: integer('photos_attached').notNull().default(0),
    /** Drafts that kept a name or fact the supplier changed in the portal since the last import (migration 0068). */
    kept: integer('kept').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('sheet_imports_company_idx').on(t.companyId, t.createdAt)],
);
