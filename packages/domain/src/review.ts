import { z } from 'zod';
import { SEARCH_MAX_LENGTH, SEARCH_MSG } from './search.ts';
import { intField, nullableIntField, nullableTextField, textField } from './example-fields.ts';
import { EXAMPLE } from './api-examples.ts';
import { PHOTO_ISSUE_CODES } from './photo-checks.ts';
import { photoIssueCodeSchema } from './photo-checks-schema.ts';
import { ITEM_STATUSES, REJECTION_REASON_MAX, type ItemStatus } from './statuses.ts';
import { readinessFilterSchema, storedReadinessSchema } from './readiness-stored.ts';
import { reviewCommentsSchema } from './review-comments-schema.ts';
import { REVIEW_COMMENT_MSG } from './review-comments.ts';
import { reviewAssigneeFilter, reviewAssigneeSchema, REVIEW_AGE_MAX_HOURS } from './review-triage.ts';
import { reasonCodeSchema, reviewPendingDecision } from './review-approval-schema.ts';

/**
 * The reviewer's workspace (/review): a queue of submissions with filters kept in the URL, an item view driven from
 * the keyboard, soft claims between reviewers, bulk decisions and stock rejection reasons per partner.
 */

export const REVIEW_PAGE_SIZES = [10, 25, 50, 100] as const;
export const REVIEW_DEFAULT_PAGE_SIZE = 25;
/** A soft claim lapses after this long without activity in the claimant's workspace. */
export const REVIEW_CLAIM_MINUTES = 5;
/** The workspace tells the server it is still there this often while the reviewer is active. */
export const REVIEW_CLAIM_HEARTBEAT_SECONDS = 60;
/** Most items one bulk decision takes (the largest page). */
export const REVIEW_BULK_MAX = 100;
export const REVIEW_STOCK_REASONS_MAX = 50;

/** The statuses the queue filters by; staff decide SUBMITTED and AUTO_REJECTED items. */
export const REVIEW_STATUSES = ['SUBMITTED', 'AUTO_REJECTED', 'ACCEPTED', 'ADMIN_REJECTED', 'CATALOGUED'] as const;
export const REVIEW_DEFAULT_STATUS = 'SUBMITTED' as const;
/** Statuses whose item a reviewer may still accept or reject. */
export const isDecidable = (status: string) => status === 'SUBMITTED' || status === 'AUTO_REJECTED';
/**
 * A submission is a duplicate when another submission of the same EAN-13 for the same partner is pending, accepted
 * or catalogued (whatever its company). It is a flag for the reviewer; it never blocks.
 */
export const DUPLICATE_STATUSES: readonly ItemStatus[] = ['SUBMITTED', 'ACCEPTED', 'CATALOGUED'];

/** The queue's orders: by submission, or the items past their partner's SLA first (each part oldest first). */
export const REVIEW_SORTS = ['oldest', 'newest', 'overSla'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  oldest: 'Oldest submitted first',
  newest: 'Newest submitted first',
  overSla: 'Over SLA first, then oldest',
};

const flag = z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean());
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v): unknown[] => (typeof v === 'string' ? (v ? v.split(',') : []) : Array.isArray(v) ? (v as unknown[]) : []),
    z.array(item),
  );
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD.');

/**
 * The queue's filters, sort and page as the URL carries them (the web page's search parameters and the REST
 * query string are the same). A new filter is one field here and one predicate in the server's queue-filters.ts.
 */
export const reviewQueueQuery = z.object({
  status: z.enum(REVIEW_STATUSES).default(REVIEW_DEFAULT_STATUS),
  partner: z.coerce.number().int().min(0).optional().describe('Partner company id; 0: items sent to no partner'),
  company: z.coerce.number().int().positive().optional().describe("The submitting company's id"),
  photo: listOf(photoIssueCodeSchema).describe('Photo-check codes, comma-separated: items with a file failing each'),
  duplicates: flag.optional().describe('Only items flagged as duplicates'),
  notReady: flag.optional().describe("Only items not ready for their partner (a blocking rule of the partner's fails)"),
  rule: readinessFilterSchema.shape.failsRule.describe(
    'Only items failing this readiness rule (its code, e.g. R-IMG-MIN-2)',
  ),
  from: isoDay.optional().describe('Submitted on or after this day (UTC)'),
  to: isoDay.optional().describe('Submitted on or before this day (UTC)'),
  q: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, { error: SEARCH_MSG.tooLong })
    .optional()
    .transform((t) => t || undefined)
    .describe("Only items the search box's search finds: a name or brand (typos forgiven), or a UPC in any form"),
  mismatch: flag.optional().describe('Only items whose photos show codes and none of them the typed UPC'),
  olderThan: z.coerce
    .number()
    .int()
    .min(1)
    .max(REVIEW_AGE_MAX_HOURS)
    .optional()
    .describe('Only items submitted at least this many hours ago'),
  assignee: reviewAssigneeFilter.optional(),
  overSla: flag.optional().describe("Only items waiting longer than their partner's review SLA"),
  approval: flag.optional().describe('Only items whose decision waits for a second approval'),
  sort: z
    .enum(REVIEW_SORTS)
    .default('oldest')
    .describe(
      "`oldest` or `newest` submitted first; `overSla`: the items past their partner's review SLA first, then the " +
        'rest, each part oldest first',
    ),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (REVIEW_PAGE_SIZES as readonly number[]).includes(n), 'Page size 10, 25, 50 or 100.')
    .default(REVIEW_DEFAULT_PAGE_SIZE),
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuery>;
/** The REST query: the URL's, and a boundary cursor of a page already shown (the page is read from there). */
export const reviewQueryWithBoundary = reviewQueueQuery.extend({
  boundary: z.string().max(512).optional().describe('startCursor or endCursor of a page already shown'),
});
export type ReviewQueueFilters = Omit<ReviewQueueQuery, 'page' | 'size'>;

/** The query back as URL search parameters, defaults left out (so the address stays short and stable). */
export function reviewQueueSearch(q: Partial<ReviewQueueQuery>): string {
  const p = new URLSearchParams();
  if (q.status && q.status !== REVIEW_DEFAULT_STATUS) p.set('status', q.status);
  if (q.partner !== undefined) p.set('partner', String(q.partner));
  if (q.company !== undefined) p.set('company', String(q.company));
  if (q.photo?.length) p.set('photo', [...q.photo].sort().join(','));
  if (q.duplicates) p.set('duplicates', 'true');
  if (q.notReady) p.set('notReady', 'true');
  if (q.rule) p.set('rule', q.rule);
  if (q.from) p.set('from', q.from);
  if (q.to) p.set('to', q.to);
  if (q.q) p.set('q', q.q);
  if (q.mismatch) p.set('mismatch', 'true');
  if (q.olderThan) p.set('olderThan', String(q.olderThan));
  if (q.assignee) p.set('assignee', q.assignee);
  if (q.overSla) p.set('overSla', 'true');
  if (q.approval) p.set('approval', 'true');
  if (q.sort && q.sort !== 'oldest') p.set('sort', q.sort);
  if (q.page && q.page !== 1) p.set('page', String(q.page));
  if (q.size && q.size !== REVIEW_DEFAULT_PAGE_SIZE) p.set('size', String(q.size));
  return p.toString();
}

/** Reads URL search parameters into a query; anything unreadable falls back to its default. */
export function parseReviewQueueSearch(search: string | URLSearchParams): ReviewQueueQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw = Object.fromEntries(params.entries());
  const parsed = reviewQueueQuery.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Drop the fields that fail, keep the rest.
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return reviewQueueQuery.parse(Object.fromEntries(Object.entries(raw).filter(([k]) => !bad.has(k))));
}

export const REVIEW_PHOTO_CODES = PHOTO_ISSUE_CODES;

const itemStatus = z.enum(ITEM_STATUSES);
/** The partner a submission goes to (none: null), as every review answer names it. */
const partnerFields = {
  partnerCompanyId: nullableIntField(EXAMPLE.partnerCompanyId),
  partnerName: nullableTextField('Harvest Market'),
};

export const reviewClaimSchema = z
  .object({ userId: z.number().int(), name: z.string(), mine: z.boolean() })
  .meta({ examples: [{ userId: 3, name: EXAMPLE.reviewer, mine: true }] });
export type ReviewClaim = z.infer<typeof reviewClaimSchema>;

export const reviewQueueItem = z.object({
  id: z.uuid().meta({ examples: [EXAMPLE.submissionId] }),
  companyId: intField(EXAMPLE.companyId),
  companyName: textField('Green Valley Foods'),
  submitter: textField('Sam Supplier'),
  ...partnerFields,
  upc: textField(EXAMPLE.upc),
  ean13Upc: textField(EXAMPLE.ean13Upc),
  productName: nullableTextField(EXAMPLE.productName),
  fileCount: intField(2),
  submittedAt: textField(EXAMPLE.earlier),
  itemStatus: itemStatus,
  partnerStatusLabel: z.enum(['Incomplete', 'Complete', 'N/A']),
  photoIssues: z.array(photoIssueCodeSchema),
  duplicate: z.boolean(),
  /** Readiness for its partner as last judged (null: no partner's rules). */
  readiness: storedReadinessSchema.nullable(),
  claim: reviewClaimSchema.nullable(),
  /** Every code read from the item's files (as read): beside the typed UPC when they differ. */
  detectedUpcs: z.array(z.string()).meta({ examples: [[EXAMPLE.ean13Upc]] }),
  /** The photos show codes and none of them is the typed UPC (in any form). */
  upcMismatch: z.boolean(),
  /** The reviewer the item is assigned to (null: no one). */
  assignee: reviewAssigneeSchema.nullable(),
  /** The partner's review SLA in hours (null: none), and whether the item has waited longer. */
  slaHours: z
    .number()
    .int()
    .nullable()
    .meta({ examples: [48] }),
  overSla: z.boolean(),
  /** A decision on it waiting for a second reviewer (null: none). */
  pendingDecision: reviewPendingDecision.nullable(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItem>;

export const reviewQueuePage = z.object({
  items: z.array(reviewQueueItem),
  total: intField(37),
  page: intField(1),
  size: intField(25),
});
export type ReviewQueuePage = z.infer<typeof reviewQueuePage>;

const named = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ examples: [{ id: EXAMPLE.partnerCompanyId, name: 'Harvest Market' }] });
export const reviewQueueOptions = z.object({ partners: z.array(named) });
export type ReviewQueueOptions = z.infer<typeof reviewQueueOptions>;

/** Most companies one search of the queue's company filter answers. */
export const REVIEW_COMPANY_SEARCH_LIMIT = 20;
/** The queue's company filter searches supplier companies by name as the reviewer types (or names one by id). */
export const reviewCompanySearchQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .default('')
    .describe('The start of a company name, or a part of it (2 letters or more)'),
  id: z.coerce.number().int().positive().max(2_147_483_647).optional().describe('One company, by id'),
});
export const reviewCompanySearchAnswer = z.object({ companies: z.array(named) });
export type ReviewCompanySearchAnswer = z.infer<typeof reviewCompanySearchAnswer>;

/** Where an item sits in a filtered queue: the items before and after it (J skips those others have claimed). */
export const reviewNeighbours = z.object({ previous: z.uuid().nullable(), next: z.uuid().nullable() });
export type ReviewNeighbours = z.infer<typeof reviewNeighbours>;

export const reviewRelatedSubmission = z.object({
  id: z.uuid().meta({ examples: ['5e9d1a7c-2f48-4b36-a0c1-8d7e6f5a4b32'] }),
  upc: textField(EXAMPLE.upc),
  productName: nullableTextField(EXAMPLE.productName),
  itemStatus: itemStatus.meta({ examples: ['ACCEPTED'] }),
  companyName: textField('Green Valley Foods'),
  partnerCompanyId: nullableIntField(EXAMPLE.partnerCompanyId),
  submittedAt: textField(EXAMPLE.earlier),
  /** Pending, accepted or catalogued for the same partner: what makes this item a duplicate. */
  duplicate: z.boolean(),
});
export type ReviewRelatedSubmission = z.infer<typeof reviewRelatedSubmission>;

export const reviewStockReason = z
  .object({
    id: z.number().int(),
    partnerCompanyId: z.number().int().nullable(),
    text: z.string(),
    /** Its reason code for reporting (null: none), stored with each rejection that picks it. */
    code: z.string().nullable(),
  })
  .meta({
    examples: [
      {
        id: 5,
        partnerCompanyId: EXAMPLE.partnerCompanyId,
        text: 'The barcode is not readable on the photo.',
        code: 'BARCODE_UNREADABLE',
      },
    ],
  });
export type ReviewStockReason = z.infer<typeof reviewStockReason>;

/** The review view's extras beside the submission's detail (GraphQL getProductSubmission). */
export const reviewItemContext = z.object({
  id: z.uuid().meta({ examples: [EXAMPLE.submissionId] }),
  itemStatus: itemStatus.meta({ examples: ['SUBMITTED'] }),
  decidable: z.boolean(),
  ...partnerFields,
  duplicate: z.boolean(),
  sameUpc: z.array(reviewRelatedSubmission),
  claim: reviewClaimSchema.nullable(),
  neighbours: reviewNeighbours,
  stockReasons: z.array(reviewStockReason),
  /** A decision on it waiting for a second reviewer (null: none). */
  pendingDecision: reviewPendingDecision.nullable(),
});
export type ReviewItemContext = z.infer<typeof reviewItemContext>;

export const WORKSPACE_MSG = {
  beingReviewedBy: (name: string) => `Being reviewed by ${name}`,
  alreadyDecided: 'Already decided by someone else',
  /** A bulk decision's item that met an outage of the database: it may or may not have been decided. */
  itemUnavailable:
    'The database did not answer for this item. Please try it again: if it was decided after all, it will show as already decided by you.',
  /** Items of a bulk decision left untried after the database failed several items in a row. */
  itemNotTried: 'Not tried: the database was not answering. Please try it again.',
  /** An item that met an error no one expected (logged for the team). */
  itemError: 'This item met an unexpected error and was not changed. Please try it again or open it on its own.',
  reasonRequired: 'Please pick or type a reason for the rejection.',
  stockReasonRequired: 'Please type the reason.',
  stockReasonTooLong: `Please keep the reason to ${REJECTION_REASON_MAX} characters or fewer.`,
  tooManyStockReasons: `A partner keeps at most ${REVIEW_STOCK_REASONS_MAX} stock reasons.`,
} as const;

/**
 * The reason of a rejection given with comments and no reason of its own: the comments, beside the fields and photos
 * they are about, say what to fix (the reject dialog's Enter, and the API when `reason` is left out).
 */
export const commentsAsReason = (count: number) =>
  count === 1
    ? 'See the comment beside the field or photo it is about.'
    : `See the ${count} comments beside the fields and photos they are about.`;

/** Whether a rejection's reason is only the pointer to its comments (commentsAsReason), whatever their count then. */
const pointsToComments = (reason: string) =>
  reason === commentsAsReason(1) || /^See the \d+ comments beside the fields and photos they are about\.$/.test(reason);

/**
 * What a rejection notice adds about the reviewer's comments beside its reason: nothing without comments, or when the
 * reason already points to them (the supplier would read the same thing twice).
 */
export function rejectionCommentsNote(reason: string | null | undefined, count: number): string | null {
  if (count === 0 || (reason && pointsToComments(reason))) return null;
  return count === 1
    ? 'The reviewer left a comment beside what to fix, below.'
    : `The reviewer left ${count} comments beside what to fix, below.`;
}

export const reviewDecisionBody = z
  .object({
    ids: z.array(z.uuid()).min(1).max(REVIEW_BULK_MAX),
    decision: z.enum(['accept', 'reject']),
    reason: z.string().max(REJECTION_REASON_MAX, WORKSPACE_MSG.stockReasonTooLong).optional(),
    /** A rejection's reason code (the picked stock reason's), stored with it for reporting. */
    reasonCode: reasonCodeSchema.optional(),
    comments: reviewCommentsSchema.optional(),
  })
  .refine((b) => b.decision === 'accept' || !!b.reason?.trim() || !!b.comments?.length, {
    message: WORKSPACE_MSG.reasonRequired,
    path: ['reason'],
  })
  .refine((b) => b.decision === 'reject' || !b.reasonCode, {
    message: 'A reason code goes with a rejection.',
    path: ['reasonCode'],
  })
  .refine((b) => !b.comments?.length || (b.decision === 'reject' && b.ids.length === 1), {
    message: REVIEW_COMMENT_MSG.onlyWhenRejecting,
    path: ['comments'],
  })
  .meta({
    examples: [
      {
        ids: [EXAMPLE.submissionId],
        decision: 'reject',
        reason: 'The barcode on the front photo is cut off.',
        reasonCode: 'BARCODE_UNREADABLE',
        comments: [{ target: 'upc', text: 'The UPC does not match the barcode on the pack.' }],
      },
    ],
  });
export type ReviewDecisionBody = z.infer<typeof reviewDecisionBody>;

/**
 * One item's outcome in a bulk decision: `accepted` or `rejected` (this request decided it), `already_decided`
 * (someone decided it first, or it no longer waits for review: left as it is; `decidedBy` is "you" when that was the
 * caller), `awaiting_approval` (the partner wants a second reviewer: the decision waits, nothing changed yet),
 * `not_found` (gone), or `failed` (it met an error and was not changed: `message` says which; try it again).
 */
export const REVIEW_DECISION_OUTCOMES = [
  'accepted',
  'rejected',
  'awaiting_approval',
  'already_decided',
  'not_found',
  'failed',
] as const;
export type ReviewDecisionOutcomeKind = (typeof REVIEW_DECISION_OUTCOMES)[number];
export const reviewDecisionOutcome = z.object({
  id: textField(EXAMPLE.submissionId),
  outcome: z.enum(REVIEW_DECISION_OUTCOMES),
  itemStatus: itemStatus.nullable().meta({ examples: ['ADMIN_REJECTED'] }),
  /** Who decided it, for `already_decided`: "you" when it was the caller, a name otherwise, null for the system. */
  decidedBy: z.string().nullable(),
  decidedByYou: z.boolean(),
  /** Why it failed, for `failed`. */
  message: z.string().nullable(),
  /**
   * For `accepted` and `rejected` when the decision can be undone (the partner has the undo window on): the key to
   * undo it with, and for how many seconds from now its e-mail and events wait. Absent: they leave at once.
   */
  undo: z.object({ key: z.uuid(), seconds: z.number().nonnegative() }).nullable().optional(),
});
export type ReviewDecisionOutcome = z.infer<typeof reviewDecisionOutcome>;
export const reviewDecisionResult = z.object({ results: z.array(reviewDecisionOutcome) });

/** What a bulk decision did, in one line: "38 accepted, 1 already decided by you, 1 failed." */
export function reviewDecisionSummary(results: readonly ReviewDecisionOutcome[]): string {
  const count = (pick: (r: ReviewDecisionOutcome) => boolean) => results.filter(pick).length;
  const parts: [number, string][] = [
    [count((r) => r.outcome === 'accepted'), 'accepted'],
    [count((r) => r.outcome === 'rejected'), 'rejected'],
    [count((r) => r.outcome === 'awaiting_approval'), 'waiting for a second approval'],
    [count((r) => r.outcome === 'already_decided' && r.decidedByYou), 'already decided by you'],
    [count((r) => r.outcome === 'already_decided' && !r.decidedByYou), 'already decided by someone else'],
    [count((r) => r.outcome === 'not_found'), 'no longer there'],
    [count((r) => r.outcome === 'failed'), 'failed'],
  ];
  const said = parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  return said.length ? `${said.join(', ')}.` : 'Nothing was decided.';
}
export type ReviewDecisionResult = z.infer<typeof reviewDecisionResult>;

/** Why an undo is refused (409), and what an undone decision is called. */
export const UNDO_MSG = {
  tooLate:
    'Too late to undo: the undo window has passed and the supplier has been told. Open the item to decide again.',
  changed: 'This decision cannot be undone: the item has changed since.',
  notYours: 'Only the reviewer who made a decision can undo it.',
} as const;

/** Undo decisions just made (each item with its decision's key, from the decision's answer). */
export const reviewUndoBody = z
  .object({
    decisions: z
      .array(z.object({ id: z.uuid(), key: z.uuid() }))
      .min(1)
      .max(REVIEW_BULK_MAX),
  })
  .meta({ examples: [{ decisions: [{ id: EXAMPLE.submissionId, key: '5d0c6d55-3a8e-4f53-9d7a-2f2c3c0b9e11' }] }] });
export type ReviewUndoBody = z.infer<typeof reviewUndoBody>;

/** One item's undo: `undone` (back to where it was), or refused with why (`message`): nothing changed then. */
export const reviewUndoOutcome = z.object({
  id: textField(EXAMPLE.submissionId),
  outcome: z.enum(['undone', 'refused', 'not_found', 'failed']),
  itemStatus: itemStatus.nullable().meta({ examples: ['SUBMITTED'] }),
  message: z.string().nullable(),
});
export type ReviewUndoOutcome = z.infer<typeof reviewUndoOutcome>;
export const reviewUndoResult = z.object({ results: z.array(reviewUndoOutcome) });
export type ReviewUndoResult = z.infer<typeof reviewUndoResult>;

export const reviewStockReasonBody = z
  .object({
    partnerCompanyId: z.number().int().positive().nullable(),
    text: z
      .string()
      .trim()
      .min(1, WORKSPACE_MSG.stockReasonRequired)
      .max(REJECTION_REASON_MAX, WORKSPACE_MSG.stockReasonTooLong),
    code: reasonCodeSchema.nullable().optional().describe('Its reason code for reporting'),
  })
  .meta({
    examples: [
      {
        partnerCompanyId: EXAMPLE.partnerCompanyId,
        text: 'The barcode is not readable on the photo.',
        code: 'BARCODE_UNREADABLE',
      },
    ],
  });
export type ReviewStockReasonBody = z.infer<typeof reviewStockReasonBody>;

/** The shortcuts the workspace answers, as `?` lists them. */
export const REVIEW_SHORTCUTS: readonly { key: string; action: string }[] = [
  { key: 'A', action: 'Accept this item' },
  { key: 'R', action: 'Reject this item (pick a reason, Enter confirms)' },
  { key: 'J', action: 'Next item in the queue (skips items others are reviewing)' },
  { key: 'K', action: 'Previous item in the queue' },
  { key: 'C', action: 'Write a comment for the supplier on a field, the file or a region (sent with a rejection)' },
  {
    key: 'M',
    action:
      'Mark a region of the image for a comment: it starts in the middle; arrows move it, Shift+arrows size it, C writes the comment',
  },
  { key: 'Z', action: 'Undo the last decision (while its Undo shows, 10 seconds)' },
  {
    key: '+ / -',
    action: 'Zoom the image in / out (the wheel zooms about the pointer); once zoomed, the arrows move the image',
  },
  { key: '0', action: 'Fit the image' },
  { key: 'T', action: 'Turn the image 90°' },
  { key: '[ / ]', action: 'Previous / next file' },
  { key: '?', action: 'Show these shortcuts' },
];
