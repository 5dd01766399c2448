import { z } from 'zod';
import { SCOPES } from './scopes.ts';
import { intField, nullableIntField, nullableTextField, textField } from './example-fields.ts';
import { storedReadinessSchema } from './readiness-stored.ts';
import { ITEM_STATUSES, REVIEW_DECISION_STATUSES, type ItemStatus } from './statuses.ts';
import { photoIssueCodeSchema } from './photo-checks-schema.ts';
import { RULE_SEVERITIES } from './readiness-messages.ts';
import { detectedFromSchema } from './detected-codes.ts';
import { REVIEW_COMMENT_TARGETS } from './review-comments.ts';
import { TOKEN_AREAS } from './api-tokens.ts';
import { EXAMPLE } from './api-examples.ts';
import { SUPPORT_TICKET_MAX_ID, SUPPORT_TICKET_MAX_URL } from './support-ticket.ts';
import { EMPTY_PRODUCT_FACTS, productFactsSchema } from './product-facts.ts';
import { factReadingSchema, factSourcesSchema } from './product-facts-suggestions.ts';
import { carriedFactSourcesSchema } from './product-facts-carried.ts';
import { LABEL_CHECKS } from './label-arithmetic.ts';
import { photoRoleSchema, photoRolesSchema } from './photo-roles-schema.ts';
import { SEARCH_KINDS, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX } from './search.ts';
import { searchQuerySchema } from './search-schema.ts';

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
  /** Deciding on a submission over v1: a staff route, named with the scope it needs. */
  decidingIsStaffOnly: (byToken: boolean) =>
    `Deciding on a submission is for partner staff who review: it needs the ${SCOPES.writeAllProductSubmissions} scope, which ${byToken ? 'this API token does not carry (its user may not hold it either)' : 'your account does not hold'}.`,
  partnerNotAnId: 'partner_company_id must be the id of a partner company, a whole number such as 30443.',
  partnerUnknown: (id: number) =>
    `Company ${id} is not a partner you can submit to: give the id of a partner company that has a partner configuration (its co-branded page is /{id}), or leave partner_company_id out.`,
  /** A stored value Submit will refuse, said in the answer of the change that stored it. */
  submitWillRefuse: (problem: string) => `${problem} Saved as entered; Submit will refuse it until it is corrected.`,
} as const;

/** An opaque cursor, as given in `next_cursor`. */
export const v1Cursor = z
  .string()
  .min(1)
  .max(512)
  .regex(/^[A-Za-z0-9_-]+$/)
  .describe('The next_cursor of the page before; opaque')
  .meta({ examples: [EXAMPLE.cursor] });

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
    .describe(
      'Only submissions changed at or after this time (`updated_at`, set by the database at every change of what ' +
        'this API shows of them). A convenience: a change committed while you read can carry an earlier time, and ' +
        'deletions are not listed; to stay in sync, follow the change feed (`GET /api/v1/events`).',
    ),
  sort: z
    .enum(['updated_at', 'created_at'])
    .default('updated_at')
    .describe('Newest first by this time; the id breaks ties'),
});
export type V1SubmissionListQuery = z.infer<typeof v1SubmissionListQuery>;

/** A time as the v1 answers give it: ISO 8601 with its offset. */
const iso = () => z.iso.datetime({ offset: true }).meta({ examples: [EXAMPLE.at] });

export const v1SubmissionSummary = z
  .object({
    id: z.uuid().meta({ examples: [EXAMPLE.submissionId] }),
    upc: textField(EXAMPLE.upc),
    ean13_upc: textField(EXAMPLE.ean13Upc),
    product_name: nullableTextField(EXAMPLE.productName),
    status: z.enum(SUBMISSION_STATUSES).meta({ examples: ['ADMIN_REJECTED'] }),
    company_id: intField(EXAMPLE.companyId),
    partner_company_id: nullableIntField(EXAMPLE.partnerCompanyId),
    partner_status: z.enum(['Incomplete', 'Complete', 'N/A']),
    readiness: storedReadinessSchema
      .nullable()
      .describe("Readiness for its partner by the partner's rules; null without a partner with a configuration"),
    created_at: iso().meta({ examples: [EXAMPLE.earlier] }),
    updated_at: iso(),
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

/** A photo check a file failed, with the one-line fix the supplier reads. */
export const v1PhotoCheck = z
  .object({ code: photoIssueCodeSchema, message: z.string() })
  .meta({ id: 'PhotoCheck', example: { code: 'BLURRY', message: 'The photo is blurred: take it again.' } });

/** A failing rule, as both readiness examples show it. */
const ruleResultExample = {
  code: 'R-IMG-MIN-2',
  kind: 'min-images',
  severity: 'blocking',
  weight: 3,
  passed: false,
  message: 'At least 2 images are needed.',
  fix: 'Add a photo of the back of the pack.',
  file_names: [],
};

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
  .meta({
    id: 'RuleResult',
    examples: [ruleResultExample],
  });

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
  .meta({
    id: 'ProductReadiness',
    examples: [
      {
        upc: EXAMPLE.upc,
        file_names: [EXAMPLE.fileName],
        percent: 75,
        ready: false,
        rules_version: 3,
        failing: [ruleResultExample],
      },
    ],
  });

export const DETECTION_STATUSES = ['pending', 'done', 'failed'] as const;

const EXAMPLE_FACT_REGION = { x: 0.11, y: 0.33, width: 0.59, height: 0.08 };
const EXAMPLE_FACTS = {
  ...EMPTY_PRODUCT_FACTS,
  servingSize: { printed: '2/3 cup (55g)', quantity: 55, unit: 'GRM' },
  calories: 230,
  nutrients: { totalFat: { amount: 8, unit: 'GRM', dailyValuePercent: 10 } },
};

export const v1DraftFile = z
  .object({
    file_name: textField(EXAMPLE.fileName),
    kind: z.enum(['pdf', 'jpeg', 'png', 'gif', 'tiff']).meta({ examples: ['jpeg'] }),
    size: intField(1843302),
    upc: z
      .string()
      .nullable()
      .describe('The UPC entered for this file (null: the detected one is used)')
      .meta({ examples: [EXAMPLE.upc] }),
    product_name: nullableTextField(EXAMPLE.productName),
    detected_upc: z
      .string()
      .nullable()
      .describe(
        'Used as the UPC when none is entered. Always its EAN-13 form: 13 digits, a UPC-A with a leading 0 ' +
          '(036000291452 reads as 0036000291452); `upc` takes either form',
      )
      .meta({ examples: [EXAMPLE.ean13Upc] }),
    detected_upcs: z
      .array(z.string())
      .describe('Every code read from the file, each as its EAN-13 (13 digits; a GTIN-14 stays 14)')
      .meta({ examples: [[EXAMPLE.ean13Upc]] }),
    detected_from: detectedFromSchema.nullable().meta({ examples: ['bars'] }),
    detection_status: z
      .enum(DETECTION_STATUSES)
      .describe('pending while the barcodes and photo checks are read')
      .meta({ examples: ['done'] }),
    shipping_profile_id: nullableIntField(7),
    is_marketing_image: z.boolean(),
    photo_checks: z.array(v1PhotoCheck).describe('Photo checks the file failed ([] while pending)'),
    long_side_px: nullableIntField(3024),
    image_url: z
      .string()
      .describe('The file (a PDF as its first page), on this server')
      .meta({ examples: [`/api${EXAMPLE.draftImageUrl}`] }),
    thumbnail_url: textField(`/api${EXAMPLE.draftThumbnailUrl}`),
  })
  .meta({ id: 'DraftFile' });

/** A value a draft holds that Submit will refuse: the change was saved (a draft may be incomplete), and said so. */
export const v1DraftWarning = z
  .object({
    file_name: z.string(),
    field: z.enum(['upc']),
    code: z.enum(['UPC_INVALID']),
    message: z.string(),
  })
  .meta({
    id: 'DraftWarning',
    examples: [
      {
        file_name: EXAMPLE.fileName,
        field: 'upc',
        code: 'UPC_INVALID',
        message:
          'The check digit is wrong: for 03600029145 it should be 2. Saved as entered; Submit will refuse it until it is corrected.',
      },
    ],
  });

export const v1Draft = z
  .object({
    id: z.uuid().meta({ examples: [EXAMPLE.draftId] }),
    partner_company_id: nullableIntField(EXAMPLE.partnerCompanyId),
    created_by: z.object({
      user_id: intField(EXAMPLE.userId),
      email: textField(EXAMPLE.email),
    }),
    updated_at: iso(),
    files: z.array(v1DraftFile),
    readiness: z
      .array(v1ProductReadiness)
      .describe("Each product (files grouped by UPC) against the partner's rules; [] without a partner"),
    warnings: z
      .array(v1DraftWarning)
      .describe('Values saved as entered that Submit will refuse (a UPC with a wrong check digit...); [] when none'),
    can: z.object({ edit: z.boolean(), delete: z.boolean() }),
  })
  .meta({ id: 'Draft' });
export type V1Draft = z.infer<typeof v1Draft>;

/** What PATCH of a draft file changes; a field left out keeps its value, null clears it. */
export const v1DraftFileUpdate = z
  .object({
    upc: z
      .string()
      .max(100)
      .nullable()
      .optional()
      .describe(
        'UPC-A (12 digits), EAN-13 (13), EAN-8 or GTIN-14, as printed or as `detected_upc` gives it: a UPC-A and ' +
          'its EAN-13 are the same product',
      ),
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
/** A reviewer's reason code (one of the partner's stock reasons' codes), told for reporting. */
const v1ReasonCode = z
  .string()
  .nullable()
  .meta({ examples: ['BARCODE_UNREADABLE'] });
export const v1ReviewComment = z
  .object({
    target: z.enum(REVIEW_COMMENT_TARGETS).describe('What the comment is about'),
    file_name: z.string().nullable().describe('For file, region and a fact marked on a photo: the file'),
    region: v1Region.nullable(),
    text: z.string(),
    reason_code: v1ReasonCode.describe("The comment's reason code for reporting (null when the reviewer gave none)"),
    by: z.string(),
    at: iso(),
  })
  .meta({
    id: 'ReviewComment',
    examples: [
      {
        target: 'region',
        file_name: EXAMPLE.fileName,
        region: { x: 0.12, y: 0.55, w: 0.3, h: 0.2 },
        text: 'The barcode is cut off at the edge.',
        reason_code: 'BARCODE_UNREADABLE',
        by: EXAMPLE.reviewer,
        at: EXAMPLE.at,
      },
    ],
  });
export type V1ReviewComment = z.infer<typeof v1ReviewComment>;

export const v1HistoryEntry = z
  .object({
    at: iso(),
    from_status: z
      .enum(ITEM_STATUSES)
      .nullable()
      .meta({ examples: ['SUBMITTED'] }),
    to_status: z.enum(ITEM_STATUSES).meta({ examples: ['ADMIN_REJECTED'] }),
    reason: z
      .string()
      .nullable()
      .describe("The reviewer's or the checks' comment")
      .meta({ examples: ['The barcode on the front photo is cut off.'] }),
    reason_code: v1ReasonCode.describe(
      "A rejection's reason code for reporting (null without one, and on other changes)",
    ),
    by: textField(EXAMPLE.reviewer),
    comments: z.array(v1ReviewComment).describe("The reviewer's comments on fields and files with this change"),
  })
  .meta({ id: 'StatusChange' });

export const v1SubmissionFile = z
  .object({
    file_name: textField(EXAMPLE.fileName),
    kind: z.enum(['pdf', 'jpeg', 'png', 'gif', 'tiff']).meta({ examples: ['jpeg'] }),
    is_marketing_image: z.boolean(),
    detected_upcs: z
      .array(z.string())
      .describe('Every code read from the file, each as its EAN-13 (13 digits; a GTIN-14 stays 14)')
      .meta({ examples: [[EXAMPLE.ean13Upc]] }),
    detected_from: detectedFromSchema.nullable().meta({ examples: ['bars'] }),
    barcode_region: z
      .object({
        x: z.number(),
        y: z.number(),
        w: z.number(),
        h: z.number(),
        corners: z
          .array(z.object({ x: z.number(), y: z.number() }))
          .optional()
          .describe(
            "The code's four corners at its own angle, in order around it (absent when read before they were kept)",
          ),
      })
      .nullable()
      .describe(
        'Where the detected code is on the image: fractions (0 to 1) of its width and height from its top left',
      ),
    photo_checks: z.array(v1PhotoCheck),
    photo_roles: z
      .array(photoRoleSchema)
      .describe(
        "What the photo shows (front, back, side, nutrition-panel, ingredients, barcode): the draft photo's roles at " +
          'Submit, else proposed from what the photo was read to show; [] for a PDF',
      )
      .meta({ examples: [['front']] }),
    download_url: z
      .string()
      .describe('The file (a PDF as its first page), on this server, with the same credentials')
      .meta({ examples: [EXAMPLE.imageUrl] }),
    thumbnail_url: textField(EXAMPLE.thumbnailUrl),
  })
  .meta({ id: 'SubmissionFile' });

const v1ProductFacts = productFactsSchema
  .nullable()
  .describe(
    "The product's facts as submitted: serving, nutrients per basis, net content, ingredients, allergens (null: none)",
  )
  .meta({ examples: [EXAMPLE_FACTS] });
const v1FactSources = carriedFactSourcesSchema
  .describe(
    'Where each filled fact came from: read from a photo (photo), corrected from a reading (corrected) or typed; ' +
      'region and fileName name the part of the photo it was read from',
  )
  .meta({
    examples: [
      {
        calories: { source: 'photo', region: EXAMPLE_FACT_REGION, fileName: EXAMPLE.fileName },
        totalFat: { source: 'typed', region: null, fileName: null },
      },
    ],
  });
export const v1LabelDisagreement = z
  .object({
    check: z.enum(LABEL_CHECKS),
    message: z.string().describe('Which numbers disagree, and by how much'),
  })
  .meta({
    id: 'LabelDisagreement',
    examples: [
      {
        check: 'calories',
        message: 'Calories 300 disagree with 4 × 37 g carbohydrate + 4 × 3 g protein + 9 × 8 g fat = 232.',
      },
    ],
  });

export const v1PartnerStatus = z
  .object({ type: z.enum(['Pass', 'Info', 'Warn', 'Fail']), message: z.string() })
  .meta({ id: 'PartnerStatus', examples: [{ type: 'Warn', message: 'Brand is missing.' }] });

export const v1Submission = v1SubmissionSummary
  .extend({
    status_display_name: textField('Rejected'),
    partner_statuses: z.array(v1PartnerStatus),
    rejection: z
      .object({
        message: textField('The barcode on the front photo is cut off.'),
        by_staff: z.boolean(),
        reason_code: v1ReasonCode.describe("The reviewer's reason code for reporting (null when none was given)"),
      })
      .nullable()
      .describe('Why it was rejected (null unless rejected)'),
    review_comments: z
      .array(v1ReviewComment)
      .describe(
        'The comments of the rejection it is in, on the UPC, the product name, files or regions (empty unless rejected)',
      ),
    history: z.array(v1HistoryEntry).describe('Every status change, oldest first, with its comment'),
    files: z.array(v1SubmissionFile),
    facts: v1ProductFacts,
    fact_sources: v1FactSources,
    label_disagreements: z
      .array(v1LabelDisagreement)
      .describe("The label's own arithmetic on the facts: each check whose numbers disagree ([] when none)"),
    can: z.object({ review: z.boolean(), resubmit: z.boolean(), appeal: z.boolean(), delete: z.boolean() }),
    support_ticket: z
      .object({ id: textField('ZD-48213'), url: nullableTextField('https://support.example/tickets/48213') })
      .nullable()
      .describe('Staff only: the support ticket opened about the item (null when there is none)'),
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

export const v1SupportTicketInput = z
  .object({
    ticket_id: z
      .string()
      .max(SUPPORT_TICKET_MAX_ID)
      .nullable()
      .describe(
        'The ticket id in your support system (letters, digits and - _ # . /); null or empty removes the ticket',
      ),
    ticket_url: z.string().max(SUPPORT_TICKET_MAX_URL).nullable().optional().describe("The ticket's https:// address"),
  })
  .strict()
  .meta({
    id: 'SupportTicketInput',
    example: { ticket_id: 'ZD-48213', ticket_url: 'https://support.example/tickets/48213' },
  });

export const v1CataloguedProduct = z
  .object({
    ean13_upc: textField(EXAMPLE.ean13Upc),
    brand: textField(EXAMPLE.brand),
    description: textField(EXAMPLE.productName),
    department: nullableTextField('Grocery'),
    category: nullableTextField('Beverages'),
    subcategory: nullableTextField('Sparkling water'),
    item_size: nullableTextField('1'),
    units_of_measure: nullableTextField('l'),
    pack_count: nullableIntField(6),
    is_delisted: z.boolean().meta({ examples: [false] }),
    image_urls: z.array(z.string()).meta({ examples: [[EXAMPLE.imageUrl]] }),
    facts: productFactsSchema
      .nullable()
      .describe('The product facts certified when the product was catalogued (null: none)')
      .meta({ examples: [EXAMPLE_FACTS] }),
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
    id: intField(42),
    name: textField('ERP sync'),
    scopes: z
      .array(z.string())
      .describe('What the token was given')
      .meta({ examples: [['read:productsubmissions', 'write:productsubmissions']] }),
    effective_scopes: z
      .array(z.string())
      .describe('Of those, what its owner still holds: what it may do now')
      .meta({ examples: [['read:productsubmissions', 'write:productsubmissions']] }),
    can_write: z.boolean().describe('It may change products, drafts and reviews'),
    areas: z
      .array(
        z.object({
          area: z.enum(TOKEN_AREAS),
          label: textField('Submissions and drafts'),
          access: z.enum(['none', 'read', 'write']).meta({ examples: ['write'] }),
        }),
      )
      .describe('What the token may do in each area of the API (a route of an area it does not cover answers 403)'),
    owner: z.object({
      user_id: intField(EXAMPLE.userId),
      email: textField(EXAMPLE.email),
      company_id: intField(EXAMPLE.companyId),
    }),
    expires_at: iso().meta({ examples: ['2027-11-26T09:30:00.000Z'] }),
    created_at: iso(),
  })
  .meta({ id: 'TokenInfo' });

/** How long the change feed keeps an event: long enough to backfill after a long outage of a receiver. */
export const FEED_RETENTION_DAYS = 30;

const submissionEventData = z.object({
  submissionId: z.uuid().meta({ examples: [EXAMPLE.submissionId] }),
  companyId: intField(EXAMPLE.companyId),
  partnerCompanyId: nullableIntField(EXAMPLE.partnerCompanyId),
  upc: textField(EXAMPLE.upc),
  ean13Upc: textField(EXAMPLE.ean13Upc),
  productName: nullableTextField(EXAMPLE.productName),
  status: z.enum(ITEM_STATUSES),
  readiness: storedReadinessSchema
    .nullable()
    .optional()
    .describe("Readiness for its partner (null: no partner's rules)"),
  facts: productFactsSchema
    .nullable()
    .optional()
    .describe("The product's facts as submitted (null: none)")
    .meta({ examples: [EXAMPLE_FACTS] }),
  factSources: carriedFactSourcesSchema
    .optional()
    .describe('Where each filled fact came from: photo, corrected or typed, with the region and file of a reading'),
});
/** A reason code in an event's data, camelCase as the rest of it. */
const feedReasonCode = z
  .string()
  .nullable()
  .optional()
  .meta({ examples: ['BARCODE_UNREADABLE'] });
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
        reasonCode: feedReasonCode.describe(
          "A rejection's reason code for reporting, one of the partner's stock reasons' codes (null without one and " +
            'on every other change; absent from events recorded before codes were published)',
        ),
        comments: z
          .array(
            z.object({
              target: z.enum(REVIEW_COMMENT_TARGETS),
              fileName: z.string().nullable(),
              region: v1Region.nullable(),
              text: z.string(),
              reasonCode: feedReasonCode.describe(
                "The comment's reason code for reporting (null without one; absent from events recorded before codes " +
                  'were published)',
              ),
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
  after: v1Cursor
    .optional()
    .describe(
      'The next_cursor of the page before (or the id of the last event you have); none: from the oldest kept. A ' +
        'cursor not made by this feed is 400 INVALID_CURSOR',
    ),
  limit: v1SubmissionListQuery.shape.limit,
});

export const v1FeedPage = z
  .object({
    items: z.array(v1FeedEvent),
    next_cursor: v1Cursor.describe(
      'Ask with ?after= this next: the last event of this page, or, when nothing more is waiting, where the feed ' +
        'stands (past every event read, before every event to come). Keep it even when `items` is empty.',
    ),
    has_more: z.boolean().describe('More events are waiting: ask again at once'),
  })
  .meta({ id: 'FeedPage' });

/** A draft as the web app's REST routes answer it (POST /api/draftSubmissions and its files): camelCase, as GraphQL. */
export const draftViewSchema = z
  .object({
    id: z.uuid().meta({ examples: [EXAMPLE.draftId] }),
    userId: intField(EXAMPLE.userId),
    isImported: z.boolean().meta({ examples: [false] }),
    partnerCompanyId: nullableIntField(EXAMPLE.partnerCompanyId),
    creatorFirstName: textField(EXAMPLE.firstName),
    creatorLastName: textField(EXAMPLE.lastName),
    creatorEmail: textField(EXAMPLE.email),
    updatedDate: iso(),
    can: z.object({ edit: z.boolean(), delete: z.boolean() }),
    files: z.array(
      z.object({
        fileName: textField(EXAMPLE.fileName),
        kind: textField('jpeg'),
        size: intField(1843302),
        upc: nullableTextField(EXAMPLE.upc),
        productName: nullableTextField(EXAMPLE.productName),
        detectedUpc: nullableTextField(EXAMPLE.upc),
        detectedUpcs: z.array(z.string()).meta({ examples: [[EXAMPLE.upc]] }),
        detectedFrom: detectedFromSchema.nullable().meta({ examples: ['bars'] }),
        detectionStatus: z.enum(DETECTION_STATUSES).meta({ examples: ['done'] }),
        shippingProfileId: nullableIntField(7),
        isMarketingImage: z.boolean(),
        imageUrl: textField(EXAMPLE.draftImageUrl),
        thumbnailUrl: textField(EXAMPLE.draftThumbnailUrl),
        thumbnailReady: z.boolean(),
        qualityIssues: z.array(v1PhotoCheck),
        longSidePx: nullableIntField(3024),
        facts: productFactsSchema
          .nullable()
          .describe('The product facts typed or accepted by the supplier; null when none')
          .meta({ examples: [EXAMPLE_FACTS] }),
        factSources: factSourcesSchema
          .describe('Where each filled fact came from: typed, read from the photo (photo) or corrected from a reading')
          .meta({ examples: [{ calories: { source: 'photo', region: EXAMPLE_FACT_REGION } }] }),
        factReadingStatus: z.enum(DETECTION_STATUSES).meta({ examples: ['done'] }),
        factSuggestions: z
          .array(factReadingSchema)
          .describe(
            'Facts read from the photo that wait for the supplier: not dismissed, for fields still empty; each with ' +
              'its confidence (0 to 1) and region (fractions of the upright image)',
          )
          .meta({ examples: [[{ field: 'calories', value: 230, confidence: 0.98, region: EXAMPLE_FACT_REGION }]] }),
        photoRoles: z
          .array(photoRoleSchema)
          .describe(
            "What the photo shows: the supplier's choice, else the portal's proposal from what the photo was read to " +
              'show (a PDF page or marketing image: none)',
          )
          .meta({ examples: [['back', 'nutrition-panel']] }),
        photoRolesChosen: z.boolean().describe('The supplier chose the roles (else they are proposed)'),
      }),
    ),
  })
  .meta({ id: 'DraftView' });

/** PUT /api/draftSubmissions/{id}/roles/{fileName}: the roles a photo shows, or null to take the proposal again. */
export const photoRolesChoiceSchema = z
  .object({
    roles: photoRolesSchema
      .nullable()
      .describe("The photo's roles as the supplier sees them; [] for none; null takes the portal's proposal again")
      .meta({ examples: [['front']] }),
  })
  .strict();

/** A submission's facts with what the photos added on resubmit or for a catalogued product offer (GET and PUT). */
export const submissionFactsViewSchema = z
  .object({
    fileName: nullableTextField('panel.jpg').describe(
      'The photo whose readings are offered; null when no photo of the submission is read for facts',
    ),
    imageUrl: nullableTextField(`/api/productSubmissions/${EXAMPLE.submissionId}/image/panel.jpg`),
    facts: productFactsSchema
      .nullable()
      .describe("The submission's product facts; null when none")
      .meta({ examples: [EXAMPLE_FACTS] }),
    factSources: carriedFactSourcesSchema
      .describe('Where each value came from, naming the file whose photo a value was read from')
      .meta({ examples: [{ calories: { source: 'photo', region: EXAMPLE_FACT_REGION, fileName: 'panel.jpg' } }] }),
    factReadingStatus: z
      .enum(['none', 'pending', 'done', 'failed'])
      .describe('none: no photo is read (only photos added on resubmit or for a catalogued product are)')
      .meta({ examples: ['done'] }),
    factSuggestions: z
      .array(factReadingSchema)
      .describe(
        'Facts read from the photo that wait for the supplier: not dismissed, for fields still empty, while the ' +
          'item waits for review',
      )
      .meta({ examples: [[{ field: 'calories', value: 230, confidence: 0.98, region: EXAMPLE_FACT_REGION }]] }),
    canDecide: z.boolean().describe('Whether the user may accept, correct or dismiss them now'),
  })
  .meta({ id: 'SubmissionFactsView' });

export const v1SearchQuery = z.object({
  q: searchQuerySchema.shape.q.describe(
    'What to find: a product name or brand (typos and missing accents are forgiven), or a UPC in any form (UPC-A, ' +
      'EAN-13, GTIN-14, without its leading zeros) or its first digits',
  ),
  limit: searchQuerySchema.shape.limit.describe(
    `Hits of each kind at most, 1 to ${SEARCH_LIMIT_MAX} (default ${SEARCH_LIMIT_DEFAULT})`,
  ),
});

const v1Reference = z.object({ id: intField(EXAMPLE.partnerCompanyId), name: textField('Fresh Market Grocers') });

export const v1SearchHit = z
  .object({
    kind: z.enum(SEARCH_KINDS).meta({ examples: ['submission'] }),
    id: textField(EXAMPLE.submissionId).describe(
      'The EAN-13 of a product, the id of a submission, of a company or of a user',
    ),
    title: textField('Organic Chocolate Chip Cookies').describe(
      "The product's description, the submission's product name, the company's or the user's name",
    ),
    detail: nullableTextField('Green Valley').describe(
      'The brand of a product or submission, the kind of a company, the e-mail of a submitter',
    ),
    upc: nullableTextField(EXAMPLE.ean13Upc).describe('The EAN-13 of a product or submission'),
    status: nullableTextField('SUBMITTED').describe("A submission's status; a product's CATALOGUED or DELISTED"),
    partner: v1Reference.nullable().describe('The partner a submission was sent to'),
    company: v1Reference
      .extend({ id: intField(EXAMPLE.companyId), name: textField('Green Valley Foods') })
      .nullable()
      .describe('The company of a submission or a submitter'),
    score: z
      .number()
      .min(0)
      .max(1)
      .meta({ examples: [0.83] })
      .describe('How well it answers the query: the order within its kind'),
  })
  .meta({ id: 'SearchHit' });

export const v1SearchResults = z
  .object({
    query: textField('choclate chp cookie'),
    products: z.array(v1SearchHit).describe('Catalogued products, best first'),
    submissions: z.array(v1SearchHit).describe('Product submissions, best first'),
    companies: z.array(v1SearchHit).describe('Companies by name: staff only (empty for a supplier)'),
    submitters: z.array(v1SearchHit).describe('Submitters by name or e-mail: staff only (empty for a supplier)'),
  })
  .meta({
    id: 'SearchResults',
    examples: [
      {
        query: 'choclate chp cookie',
        products: [
          {
            kind: 'product',
            id: EXAMPLE.ean13Upc,
            title: 'Organic Chocolate Chip Cookies',
            detail: 'Green Valley',
            upc: EXAMPLE.ean13Upc,
            status: 'CATALOGUED',
            partner: null,
            company: null,
            score: 0.6,
          },
        ],
        submissions: [
          {
            kind: 'submission',
            id: EXAMPLE.submissionId,
            title: 'Organic Chocolate Chip Cookies',
            detail: 'Green Valley',
            upc: EXAMPLE.ean13Upc,
            status: 'SUBMITTED',
            partner: { id: EXAMPLE.partnerCompanyId, name: 'Fresh Market Grocers' },
            company: { id: EXAMPLE.companyId, name: 'Green Valley Foods' },
            score: 0.6,
          },
        ],
        companies: [],
        submitters: [],
      },
    ],
  });
