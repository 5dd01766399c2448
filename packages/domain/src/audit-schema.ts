import { z } from 'zod';
import { intField } from './example-fields.ts';
import { EXAMPLE } from './api-examples.ts';
import {
  AUDIT_ACTIONS,
  AUDIT_COUNT_LIMIT,
  AUDIT_MAX_PAGE_SIZE,
  AUDIT_MSG,
  AUDIT_PAGE_SIZE,
  AUDIT_TARGET_TYPES,
  type AuditRowView,
} from './audit.ts';

// Apart from audit.ts, whose labels and messages the audit page shows without any schema.

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalId = z.preprocess(
  blankToUndefined,
  z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
);
const optionalInstant = (message: string) =>
  z.preprocess(blankToUndefined, z.iso.datetime({ offset: true, message }).optional());

/**
 * The filters of the audit page, of its JSON list and of its CSV export (query-string values, so numbers come as
 * text). `from` and `to` are instants (the page sends the start of the first day and the end of the last one, in
 * the user's time zone); both inclusive.
 */
export const auditFilterSchema = z
  .object({
    action: z.preprocess(blankToUndefined, z.enum(AUDIT_ACTIONS, { message: AUDIT_MSG.unknownAction }).optional()),
    actorId: optionalId,
    companyId: optionalId,
    targetType: z.preprocess(blankToUndefined, z.enum(AUDIT_TARGET_TYPES).optional()),
    targetId: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    from: optionalInstant(AUDIT_MSG.badFrom),
    to: optionalInstant(AUDIT_MSG.badTo),
  })
  .refine((f) => !f.from || !f.to || Date.parse(f.from) <= Date.parse(f.to), {
    message: AUDIT_MSG.fromAfterTo,
    path: ['to'],
  });

export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditPageQuerySchema = z.intersection(
  auditFilterSchema,
  z.object({
    page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(AUDIT_COUNT_LIMIT).default(1)),
    pageSize: z.preprocess(
      blankToUndefined,
      z.coerce.number().int().min(1).max(AUDIT_MAX_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
    ),
    /** The page is the one after the page whose last row this is (read from there, not counted from the top). */
    after: optionalId,
    /** The page is the one before the page whose first row this is. */
    before: optionalId,
  }),
);
export type AuditPageQuery = z.infer<typeof auditPageQuerySchema>;

const auditSummarySchema = z.record(z.string(), z.unknown()).nullable();

/** One row of the trail as the list answers it. */
export const auditRowSchema = z
  .object({
    id: z.number().int(),
    at: z.iso.datetime({ offset: true }),
    actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
    action: z.string(),
    actionLabel: z.string(),
    target: z.object({
      type: z.string(),
      id: z.string(),
      companyId: z.number().int().nullable(),
      companyName: z.string().nullable(),
      label: z.string().nullable(),
    }),
    before: auditSummarySchema.describe('What the change replaced (the fields it changed)'),
    after: auditSummarySchema.describe('What the change made'),
  })
  .meta({
    id: 'AuditRow',
    examples: [
      {
        id: 9120,
        at: EXAMPLE.at,
        actor: { id: 3, name: EXAMPLE.reviewer, email: 'admin@example.com' },
        action: 'submission.rejected',
        actionLabel: 'Submission rejected',
        target: {
          type: 'submission',
          id: EXAMPLE.submissionId,
          companyId: EXAMPLE.companyId,
          companyName: 'Green Valley Foods',
          label: `${EXAMPLE.productName} (${EXAMPLE.upc})`,
        },
        before: { status: 'SUBMITTED' },
        after: { status: 'ADMIN_REJECTED', reason: 'The barcode on the front photo is cut off.' },
      },
    ],
  }) satisfies z.ZodType<AuditRowView>;

/** One page of the trail, newest first, with how many rows match (counted up to a limit; `more` past it). */
export const auditPageSchema = z.object({
  items: z.array(auditRowSchema),
  total: intField(212),
  more: z.boolean().meta({ examples: [false] }),
  page: intField(1),
  pageSize: intField(50),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The filters' choices: every action, the staff who acted, the companies acted on. */
export const auditOptionsSchema = z.object({
  actions: z
    .array(z.object({ value: z.string(), label: z.string() }))
    .meta({ examples: [[{ value: 'submission.rejected', label: 'Submission rejected' }]] }),
  actors: z
    .array(z.object({ id: z.number().int(), name: z.string(), email: z.string() }))
    .meta({ examples: [[{ id: 3, name: EXAMPLE.reviewer, email: 'admin@example.com' }]] }),
  companies: z
    .array(z.object({ id: z.number().int(), name: z.string() }))
    .meta({ examples: [[{ id: EXAMPLE.companyId, name: 'Green Valley Foods' }]] }),
});
export type AuditOptions = z.infer<typeof auditOptionsSchema>;
