import { z } from 'zod';
import { storedReadinessSchema } from './readiness-stored.ts';
import { ITEM_STATUSES, REVIEW_DECISION_STATUSES, type ItemStatus } from './statuses.ts';
import { photoIssueCodeSchema } from './photo-checks-schema.ts';
import { RULE_SEVERITIES } from './readiness-messages.ts';
import { detectedFromSchema } from './detected-codes.ts';
import { REVIEW_COMMENT_TARGETS } from './review-comments.ts';
import { TOKEN_AREAS } from './api-tokens.ts';

/**
 * The integration API (`/api/v1`): its query and answer schemas, shared by the server (validation and the OpenAPI
 * document) and any TypeScript client.
 */

/** The most items one page of a v1 list holds; more is refused (400), never cut silently. */
export const V1_PAGE_MAX = 100;
export const V1_PAGE_DEFAULT = 25;

/** A submission's statuses, drafts (IN_PROGRESS) aside: they are not submissions yet. */
export const SUBMISSION_STATUSES = ITEM_STATUSES.filter(
  (s): s is Exclude<ItemStatus, 'IN_PROGRESS'> => s !== 'IN_PROGRESS',
);

export const V1_MSG = {
  limitRange: `limit must be a whole number from 1 to ${V1_PAGE_MAX}.`,
  statusUnknown: `status must be one or more of ${SUBMISSION_STATUSES.join(', ')}, separated by commas.`,
  updatedSince: 'updated_since must be a date and time with its offset, e.g. 2026-11-26T09:00:00Z.',
} as const;

/** An opaque cursor, as given in `next_cursor`. */
export const v1Cursor = z
  .string()
  .min(1)
  .max(512)
  .regex(/^[A-Za-z0-9_-]+$/)
  .describe('The next_cursor of the page before; opaque');

export const v1SubmissionListQuery = z.object({
  limit: z.coerce
    .number({ error: V1_MSG.limitRange })
    .int({ error: V1_MSG.limitRange })
    .min(1, { error: V1_MSG.limitRange })
    .max(V1_PAGE_MAX, { error: V1_MSG.limitRange })
    .default(V1_PAGE_DEFAULT)
    .describe(`Items per page, 1 to ${V1_PAGE_MAX} (default ${V1_PAGE_DEFAULT}); more is a 400`),
  cursor: v1Cursor.optional(),
  status: z
    .string()
    .max(200)
    .transform((text, ctx) => {
      const statuses = [...new Set(text.split(',').map((s) => s.trim()))];
      if (statuses.some((s) => !(SUBMISSION_STATUSES as string[]).includes(s))) {
        ctx.addIssue({ code: 'custom', message: V1_MSG.statusUnknown });
        return z.NEVER;
      }
      return statuses as (typeof SUBMISSION_STATUSES)[number][];
    })
    .optional()
    .describe('Only these statuses, comma-separated (default: every status)'),
  partner: z.coerce.number().int().positive().optional().describe('Only submissions sent to this partner company'),
  updated_since: z.iso
    .datetime({ offset: true, error: V1_MSG.updatedSince })
    .optional()
    .describe('Only submissions changed at or after this time'),
  sort: z
    .enum(['updated_at', 'created_at'])
    .default('updated_at')
    .describe('Newest first by this time; the id breaks ties'),
});
export type V1SubmissionListQuery = z.infer<typeof v1SubmissionListQuery>;

export const v1SubmissionSummary = z
  .object({
    id: z.uuid(),
    upc: z.string().meta({ example: '036000291452' }),
    ean13_upc: z.string().meta({ example: '0036000291452' }),
    product_name: z.string().nullable(),
    status: z.enum(SUBMISSION_STATUSES),
    company_id: z.number().int(),
    partner_company_id: z.number().int().nullable(),
    partner_status: z.enum(['Incomplete', 'Complete', 'N/A']),
    readiness: storedReadinessSchema
      .nullable()
      .describe("Readiness for its partner by the partner's rules; null without a partner with a configuration"),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'SubmissionSummary' });
export type V1SubmissionSummary = z.infer<typeof v1SubmissionSummary>;

export const v1SubmissionPage = z
  .object({
    items: z.array(v1SubmissionSummary),
    next_cursor: v1Cursor.nullable().describe('Give it as `cursor` for the next page; null on the last page'),
  })
  .meta({ id: 'SubmissionPage' });
export type V1SubmissionPage = z.infer<typeof v1SubmissionPage>;

const iso = () => z.iso.datetime({ offset: true });

/** A photo check a file failed, with the one-line fix the supplier reads. */
export const v1PhotoCheck = z
  .object({ code: photoIssueCodeSchema, message: z.string() })
  .meta({ id: 'PhotoCheck', example: { code: 'BLURRY', message: 'The photo is blurred: take it again.' } });

/** One readiness rule judged on one product. */
export const v1RuleResult = z
  .object({
    code: z.string(),
    kind: z.string(),
    severity: z.enum(RULE_SEVERITIES),
    weight: z.number(),
    passed: z.boolean(),
    message: z.string(),
    fix: z.string(),
    file_names: z.array(z.string()).describe('The files that fail it (photo checks)'),
  })
  .meta({ id: 'RuleResult' });

/** A product of a draft (its files of one UPC) judged against the partner's readiness rules. */
export const v1ProductReadiness = z
  .object({
    upc: z.string(),
    file_names: z.array(z.string()),
    percent: z.number().int().min(0).max(100),
    ready: z.boolean().describe('No blocking rule fails: Submit is accepted'),
    rules_version: z.number().int(),
    failing: z.array(v1RuleResult),
  })
  .meta({ id: 'ProductReadiness' });

export const DETECTION_STATUSES = ['pending', 'done', 'failed'] as const;

export const v1DraftFile = z
  .object({
    file_name: z.string(),
    kind: z.enum(['pdf', 'jpeg', 'png', 'gif', 'tiff']),
    size: z.number().int(),
    upc: z.string().nullable().describe('The UPC entered for this file (null: the detected one is used)'),
    product_name: z.string().nullable(),
    detected_upc: z.string().nullable().describe('Used as the UPC when none is entered'),
    detected_upcs: z.array(z.string()).describe('Every code read from the file'),
    detected_from: detectedFromSchema.nullable(),
    detection_status: z.enum(DETECTION_STATUSES).describe('pending while the barcodes and photo checks are read'),
    shipping_profile_id: z.number().int().nullable(),
    is_marketing_image: z.boolean(),
    photo_checks: z.array(v1PhotoCheck).describe('Photo checks the file failed ([] while pending)'),
    long_side_px: z.number().int().nullable(),
    image_url: z.string().describe('The file (a PDF as its first page), on this server'),
    thumbnail_url: z.string(),
  })
  .meta({ id: 'DraftFile' });

export const v1Draft = z
  .object({
    id: z.uuid(),
    partner_company_id: z.number().int().nullable(),
    created_by: z.object({ user_id: z.number().int(), email: z.string() }),
    updated_at: iso(),
    files: z.array(v1DraftFile),
    readiness: z
      .array(v1ProductReadiness)
      .describe("Each product (files grouped by UPC) against the partner's rules; [] without a partner"),
    can: z.object({ edit: z.boolean(), delete: z.boolean() }),
  })
  .meta({ id: 'Draft' });
export type V1Draft = z.infer<typeof v1Draft>;

/** What PATCH of a draft file changes; a field left out keeps its value, null clears it. */
export const v1DraftFileUpdate = z
  .object({
    upc: z.string().max(100).nullable().optional(),
    product_name: z.string().max(500).nullable().optional(),
    shipping_profile_id: z.number().int().positive().nullable().optional(),
    is_marketing_image: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'DraftFileUpdate', example: { upc: '036000291452', product_name: 'Sparkling water 1 l' } });

export const v1SubmitResult = z
  .object({ submissions: z.array(v1SubmissionSummary).describe('One per distinct UPC of the draft') })
  .meta({ id: 'SubmitResult' });

const v1Region = z
  .object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() })
  .describe("A rectangle on the image, fractions (0 to 1) of the image's width and height from its top left");
export const v1ReviewComment = z
  .object({
    target: z.enum(REVIEW_COMMENT_TARGETS).describe('What the comment is about'),
    file_name: z.string().nullable().describe('For file and region: the file'),
    region: v1Region.nullable(),
    text: z.string(),
    by: z.string(),
    at: iso(),
  })
  .meta({ id: 'ReviewComment' });
export type V1ReviewComment = z.infer<typeof v1ReviewComment>;

export const v1HistoryEntry = z
  .object({
    at: iso(),
    from_status: z.enum(ITEM_STATUSES).nullable(),
    to_status: z.enum(ITEM_STATUSES),
    reason: z.string().nullable().describe("The reviewer's or the checks' comment"),
    by: z.string(),
    comments: z.array(v1ReviewComment).describe("The reviewer's comments on fields and files with this change"),
  })
  .meta({ id: 'StatusChange' });

export const v1SubmissionFile = z
  .object({
    file_name: z.string(),
    kind: z.enum(['pdf', 'jpeg', 'png', 'gif', 'tiff']),
    is_marketing_image: z.boolean(),
    detected_upcs: z.array(z.string()),
    detected_from: detectedFromSchema.nullable(),
    barcode_region: z
      .object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() })
      .nullable()
      .describe(
        'Where the detected code is on the image: fractions (0 to 1) of its width and height from its top left',
      ),
    photo_checks: z.array(v1PhotoCheck),
    download_url: z.string().describe('The file (a PDF as its first page), on this server, with the same credentials'),
    thumbnail_url: z.string(),
  })
  .meta({ id: 'SubmissionFile' });

export const v1PartnerStatus = z
  .object({ type: z.enum(['Pass', 'Info', 'Warn', 'Fail']), message: z.string() })
  .meta({ id: 'PartnerStatus' });

export const v1Submission = v1SubmissionSummary
  .extend({
    status_display_name: z.string(),
    partner_statuses: z.array(v1PartnerStatus),
    rejection: z
      .object({ message: z.string(), by_staff: z.boolean() })
      .nullable()
      .describe('Why it was rejected (null unless rejected)'),
    review_comments: z
      .array(v1ReviewComment)
      .describe(
        'The comments of the rejection it is in, on the UPC, the product name, files or regions (empty unless rejected)',
      ),
    history: z.array(v1HistoryEntry).describe('Every status change, oldest first, with its comment'),
    files: z.array(v1SubmissionFile),
    can: z.object({ review: z.boolean(), resubmit: z.boolean(), appeal: z.boolean(), delete: z.boolean() }),
  })
  .meta({ id: 'Submission' });
export type V1Submission = z.infer<typeof v1Submission>;

export const v1Decision = z
  .object({
    status: z.enum(REVIEW_DECISION_STATUSES),
    reason: z.string().max(2000).nullable().optional().describe('Required to reject'),
  })
  .strict()
  .meta({ id: 'Decision', example: { status: 'ADMIN_REJECTED', reason: 'The front of the pack is missing.' } });

export const v1CataloguedProduct = z
  .object({
    ean13_upc: z.string(),
    brand: z.string(),
    description: z.string(),
    department: z.string().nullable(),
    category: z.string().nullable(),
    subcategory: z.string().nullable(),
    item_size: z.string().nullable(),
    units_of_measure: z.string().nullable(),
    pack_count: z.number().int().nullable(),
    is_delisted: z.boolean(),
    image_urls: z.array(z.string()),
    updated_at: iso(),
  })
  .meta({ id: 'CataloguedProduct' });

export const v1CatalogueListQuery = z.object({
  limit: v1SubmissionListQuery.shape.limit,
  cursor: v1Cursor.optional(),
});

export const v1CataloguePage = z
  .object({ items: z.array(v1CataloguedProduct), next_cursor: v1Cursor.nullable() })
  .meta({ id: 'CataloguePage' });

export const v1TokenInfo = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scopes: z.array(z.string()).describe('What the token was given'),
    effective_scopes: z.array(z.string()).describe('Of those, what its owner still holds: what it may do now'),
    can_write: z.boolean().describe('It may change products, drafts and reviews'),
    areas: z
      .array(
        z.object({
          area: z.enum(TOKEN_AREAS),
          label: z.string(),
          access: z.enum(['none', 'read', 'write']),
        }),
      )
      .describe('What the token may do in each area of the API (a route of an area it does not cover answers 403)'),
    owner: z.object({ user_id: z.number().int(), email: z.string(), company_id: z.number().int() }),
    expires_at: iso(),
    created_at: iso(),
  })
  .meta({ id: 'TokenInfo' });

/** How long the change feed keeps an event: long enough to backfill after a long outage of a receiver. */
export const FEED_RETENTION_DAYS = 30;

const submissionEventData = z.object({
  submissionId: z.uuid(),
  companyId: z.number().int(),
  partnerCompanyId: z.number().int().nullable(),
  upc: z.string(),
  ean13Upc: z.string(),
  productName: z.string().nullable(),
  status: z.enum(ITEM_STATUSES),
  readiness: storedReadinessSchema
    .nullable()
    .optional()
    .describe("Readiness for its partner (null: no partner's rules)"),
});
const feedEventBase = { id: v1Cursor.describe('The event, as a cursor: ask for ?after= it'), created_at: iso() };

/**
 * One event of the change feed: what a webhook of the same type carries in `data` (Standard Webhooks envelope), and
 * submission.created.
 */
export const v1FeedEvent = z
  .discriminatedUnion('type', [
    z.object({ ...feedEventBase, type: z.literal('submission.created'), data: submissionEventData }),
    z.object({
      ...feedEventBase,
      type: z.literal('submission.status_changed'),
      data: submissionEventData.extend({
        from: z.enum(ITEM_STATUSES).nullable().describe('null: a new submission (an import)'),
        to: z.enum(ITEM_STATUSES),
        reason: z.string().nullable(),
        comments: z
          .array(
            z.object({
              target: z.enum(REVIEW_COMMENT_TARGETS),
              fileName: z.string().nullable(),
              region: v1Region.nullable(),
              text: z.string(),
            }),
          )
          .optional()
          .describe("A reviewer's comments on fields and files with a rejection"),
      }),
    }),
    z.object({ ...feedEventBase, type: z.literal('submission.catalogued'), data: submissionEventData }),
    z.object({
      ...feedEventBase,
      type: z.literal('submission.readiness_changed'),
      data: submissionEventData.extend({ previousReadiness: storedReadinessSchema.nullable() }),
    }),
    z.object({
      ...feedEventBase,
      type: z.literal('ingestion.job_completed'),
      data: z.object({
        jobId: z.number().int(),
        companyId: z.number().int(),
        source: z.string(),
        counts: z.record(z.string(), z.number()),
      }),
    }),
    z.object({
      ...feedEventBase,
      type: z.literal('ingestion.file_needs_mapping'),
      data: z.object({
        jobId: z.number().int(),
        fileId: z.string(),
        companyId: z.number().int(),
        filename: z.string(),
      }),
    }),
  ])
  .meta({ id: 'FeedEvent' });
export type V1FeedEvent = z.infer<typeof v1FeedEvent>;

export const v1FeedQuery = z.object({
  after: v1Cursor.optional().describe('The id of the last event you have (or next_cursor); none: from the oldest kept'),
  limit: v1SubmissionListQuery.shape.limit,
});

export const v1FeedPage = z
  .object({
    items: z.array(v1FeedEvent),
    next_cursor: v1Cursor.nullable().describe('Ask with ?after= this next (null: nothing yet, keep your cursor)'),
    has_more: z.boolean().describe('More events are waiting: ask again at once'),
  })
  .meta({ id: 'FeedPage' });

/** A draft as the web app's REST routes answer it (POST /api/draftSubmissions and its files): camelCase, as GraphQL. */
export const draftViewSchema = z
  .object({
    id: z.uuid(),
    userId: z.number().int(),
    isImported: z.boolean(),
    partnerCompanyId: z.number().int().nullable(),
    creatorFirstName: z.string(),
    creatorLastName: z.string(),
    creatorEmail: z.string(),
    updatedDate: iso(),
    can: z.object({ edit: z.boolean(), delete: z.boolean() }),
    files: z.array(
      z.object({
        fileName: z.string(),
        kind: z.string(),
        size: z.number().int(),
        upc: z.string().nullable(),
        productName: z.string().nullable(),
        detectedUpc: z.string().nullable(),
        detectedUpcs: z.array(z.string()),
        detectedFrom: detectedFromSchema.nullable(),
        detectionStatus: z.enum(DETECTION_STATUSES),
        shippingProfileId: z.number().int().nullable(),
        isMarketingImage: z.boolean(),
        imageUrl: z.string(),
        thumbnailUrl: z.string(),
        thumbnailReady: z.boolean(),
        qualityIssues: z.array(v1PhotoCheck),
        longSidePx: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: 'DraftView' });
