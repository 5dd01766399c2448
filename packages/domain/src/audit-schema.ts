import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  AUDIT_COUNT_LIMIT,
  AUDIT_MAX_PAGE_SIZE,
  AUDIT_MSG,
  AUDIT_PAGE_SIZE,
  AUDIT_TARGET_TYPES,
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
