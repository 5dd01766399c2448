import { z } from 'zod';
import { storedReadinessSchema } from './readiness-stored.ts';
import { ITEM_STATUSES, type ItemStatus } from './statuses.ts';

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
