import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Suppliers and brands, partner retailers, and the provider's own staff. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['supplier', 'partner', 'staff'] }).notNull().default('supplier'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** argon2id; null for users who only sign in through OpenID Connect. */
    passwordHash: text('password_hash'),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    oidcSubject: text('oidc_subject'),
    tcAcceptanceDate: timestamp('tc_acceptance_date', { withTimezone: true }),
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
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
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

export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
});

export const partnerConfigurations = pgTable(
  'partner_configurations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    primaryColor: text('primary_color').notNull().default('#1f5f8b'),
    secondaryColor: text('secondary_color'),
    landingPageEnabled: boolean('landing_page_enabled').notNull().default(true),
    partnerLogoFileName: text('partner_logo_file_name'),
    partnerLogoKey: text('partner_logo_key'),
    /** Visible/required flags by field name; an absent flag means true (part 2 section 3). */
    fieldRules: jsonb('field_rules').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('partner_configurations_company_idx').on(t.companyId)],
);

/** Companies granted bulk ingestion; their users see 'Imports' (part 2 section 2.8). */
export const bulkIngestionOrganizations = pgTable(
  'bulk_ingestion_organizations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull().references(() => companies.id),
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
    organizationId: integer('organization_id').notNull().references(() => bulkIngestionOrganizations.id),
    companyId: integer('company_id').notNull().references(() => companies.id),
    /** LOCAL or S3 for a folder scan, UPLOAD for files sent from the import page. */
    source: text('source', { enum: ['LOCAL', 'S3', 'UPLOAD'] }).notNull(),
    /** Null for a folder scan. */
    submittedByUserId: integer('submitted_by_user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bulk_ingestion_jobs_company_idx').on(t.companyId, t.createdAt)],
);

export const bulkIngestionFiles = pgTable(
  'bulk_ingestion_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: integer('job_id').notNull().references(() => bulkIngestionJobs.id, { onDelete: 'cascade' }),
    /** The name in the source folder or upload: a label, never a path we open. */
    filename: text('filename').notNull(),
    /**
     * While set, the file still sits in the source under this key (scanned, not yet moved into storage): a scan
     * skips keys that are pending here, so a crash between the scan and the move never makes a second row.
     */
    sourceKey: text('source_key'),
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
    index('bulk_ingestion_files_pending_idx').on(t.sourceKey).where(sql`${t.sourceKey} is not null`),
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
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** A running job whose lock has passed belongs to a worker that died: it is claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    dedupeKey: text('dedupe_key'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_dedupe_idx').on(t.dedupeKey),
  ],
);

/** A draft (InProgress) holds uploaded files until its UPCs are entered and it is submitted. */
export const draftSubmissions = pgTable(
  'draft_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    userId: integer('user_id').notNull().references(() => users.id),
    /** The partner of the co-branded portal the user came through, if any. */
    partnerCompanyId: integer('partner_company_id').references(() => companies.id),
    isImported: boolean('is_imported').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('draft_submissions_company_idx').on(t.companyId, t.updatedAt)],
);

export const draftFiles = pgTable(
  'draft_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    draftId: uuid('draft_id').notNull().references(() => draftSubmissions.id, { onDelete: 'cascade' }),
    /** The user's file name: for display only, never a path. */
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    kind: text('kind', { enum: ['pdf', 'jpeg', 'png', 'gif', 'tiff'] }).notNull(),
    size: integer('size').notNull(),
    position: integer('position').notNull(),
    upc: text('upc'),
    productName: text('product_name'),
    shippingProfileId: integer('shipping_profile_id'),
    isMarketingImage: boolean('is_marketing_image').notNull().default(false),
    /** Every code read from the file; detectedUpc is the first of them. */
    detectedUpcs: text('detected_upcs').array().notNull().default(sql`'{}'::text[]`),
    detectionStatus: text('detection_status', { enum: ['pending', 'done', 'failed'] }).notNull().default('pending'),
    thumbnailKey: text('thumbnail_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('draft_files_draft_idx').on(t.draftId, t.position),
    uniqueIndex('draft_files_name_idx').on(t.draftId, sql`lower(${t.fileName})`),
  ],
);

export const productSubmissions = pgTable(
  'product_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id').notNull().references(() => companies.id),
    userId: integer('user_id').notNull().references(() => users.id),
    partnerCompanyId: integer('partner_company_id').references(() => companies.id),
    upc: text('upc').notNull(),
    ean13Upc: text('ean13_upc').notNull(),
    productName: text('product_name'),
    itemStatus: text('item_status').notNull(),
    isImported: boolean('is_imported').notNull().default(false),
    shippingProfileId: integer('shipping_profile_id'),
    detectedUpcs: text('detected_upcs').array().notNull().default(sql`'{}'::text[]`),
    /** The reason of the latest rejection (automatic or by staff). */
    rejectionReason: text('rejection_reason'),
    /** An appeal of an automatic rejection sends the item to staff only: the automated checks do not run again. */
    humanReviewOnly: boolean('human_review_only').notNull().default(false),
    zendeskTicketId: text('zendesk_ticket_id'),
    zendeskTicketUrl: text('zendesk_ticket_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('product_submissions_company_status_idx').on(t.companyId, t.itemStatus, t.updatedAt),
    index('product_submissions_status_idx').on(t.itemStatus, t.updatedAt),
    index('product_submissions_ean13_idx').on(t.ean13Upc),
    // Catalogue visibility: does this company have a submission of this EAN-13?
    index('product_submissions_company_ean13_idx').on(t.companyId, t.ean13Upc),
  ],
);

export const submissionFiles = pgTable(
  'submission_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id').notNull().references(() => productSubmissions.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    kind: text('kind', { enum: ['pdf', 'jpeg', 'png', 'gif', 'tiff'] }).notNull(),
    size: integer('size').notNull(),
    position: integer('position').notNull(),
    isMarketingImage: boolean('is_marketing_image').notNull().default(false),
    detectedUpcs: text('detected_upcs').array().notNull().default(sql`'{}'::text[]`),
    detectionStatus: text('detection_status', { enum: ['pending', 'done', 'failed'] }).notNull().default('pending'),
    thumbnailKey: text('thumbnail_key'),
    createdAt: createdAt(),
  },
  (t) => [index('submission_files_submission_idx').on(t.submissionId, t.position)],
);

/** Every status change of a submission: who, when, from, to, why. */
export const submissionHistory = pgTable(
  'submission_history',
  {
    id: serial('id').primaryKey(),
    submissionId: uuid('submission_id').notNull().references(() => productSubmissions.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for the automated checks. */
    userId: integer('user_id').references(() => users.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
  },
  (t) => [index('submission_history_submission_idx').on(t.submissionId, t.at)],
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
  ],
);

/**
 * Which of its shipping profiles a company applies to a catalogued product. The shipping profiles table comes with a
 * later issue, which adds the foreign key and the check that the profile belongs to the company.
 */
export const productShippingProfiles = pgTable(
  'product_shipping_profiles',
  {
    companyId: integer('company_id').notNull().references(() => companies.id),
    ean13Upc: text('ean13_upc').notNull(),
    shippingProfileId: integer('shipping_profile_id').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.ean13Upc] })],
);
