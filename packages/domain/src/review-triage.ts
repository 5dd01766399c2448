import { z } from 'zod';
import { EXAMPLE } from './api-examples.ts';

/**
 * Reviewing at volume: who an item is assigned to, how long it has waited and whether it is past its partner's
 * review SLA. The queue filters by all three (review.ts reviewQueueQuery); assignment is its own request.
 */

/** The age filter's longest choice: a year of hours. */
export const REVIEW_AGE_MAX_HOURS = 8760;
/** The age filter's choices (hours in the queue, at least). */
export const REVIEW_AGE_CHOICES = [
  { hours: 4, label: 'Over 4 hours' },
  { hours: 24, label: 'Over 1 day' },
  { hours: 72, label: 'Over 3 days' },
  { hours: 168, label: 'Over 1 week' },
] as const;
/** A partner's review SLA: at least an hour, at most 90 days. */
export const REVIEW_SLA_MAX_HOURS = 2160;

/** "Assigned to": `me`, `none` (no one) or a reviewer's user id. */
export const reviewAssigneeFilter = z
  .string()
  .regex(/^(me|none|[1-9]\d{0,8})$/, 'me, none or a user id.')
  .describe('Only items assigned to `me`, to no one (`none`) or to this user id');

export const reviewAssigneeSchema = z
  .object({ userId: z.number().int(), name: z.string(), mine: z.boolean() })
  .meta({ examples: [{ userId: 3, name: EXAMPLE.reviewer, mine: false }] });
export type ReviewAssignee = z.infer<typeof reviewAssigneeSchema>;

/**
 * Assign items: to the caller (`me`), to a reviewer (`userId`), to no one (`none`), or spread over every reviewer
 * round-robin (`round_robin`: each item to the reviewer with the fewest open assignments, ties by id).
 */
export const reviewAssignBody = z
  .object({
    ids: z.array(z.uuid()).min(1).max(100),
    to: z.union([z.enum(['me', 'none', 'round_robin']), z.object({ userId: z.number().int().positive() })]),
  })
  .meta({ examples: [{ ids: [EXAMPLE.submissionId], to: 'me' }] });
export type ReviewAssignBody = z.infer<typeof reviewAssignBody>;

export const reviewAssignResult = z
  .object({ assigned: z.array(z.object({ id: z.uuid(), assignee: reviewAssigneeSchema.nullable() })) })
  .meta({
    examples: [
      { assigned: [{ id: EXAMPLE.submissionId, assignee: { userId: 3, name: EXAMPLE.reviewer, mine: true } }] },
    ],
  });
export type ReviewAssignResult = z.infer<typeof reviewAssignResult>;

/** The reviewers an item can be assigned to: staff with review rights, with their open assignments. */
export const reviewReviewer = z
  .object({ id: z.number().int(), name: z.string(), open: z.number().int() })
  .meta({ examples: [{ id: 3, name: EXAMPLE.reviewer, open: 4 }] });
export const reviewReviewers = z
  .object({ reviewers: z.array(reviewReviewer) })
  .meta({ examples: [{ reviewers: [{ id: 3, name: EXAMPLE.reviewer, open: 4 }] }] });
export type ReviewReviewer = z.infer<typeof reviewReviewer>;

export const ASSIGN_MSG = {
  notAReviewer: 'Items can only be assigned to staff with review rights.',
  noReviewers: 'No reviewer to assign to.',
} as const;

/** Whole hours an item has waited since `submittedAt`, at `now`. */
export const hoursInQueue = (submittedAt: string, now: number) =>
  Math.max(0, Math.floor((now - Date.parse(submittedAt)) / 3_600_000));

/** An age as a reviewer reads it at a glance: "45 min", "5 h", "3 d". */
export function ageLabel(submittedAt: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(submittedAt)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / 1440)} d`;
}

/** The review queue's keys (the ? key lists them). */
export const REVIEW_QUEUE_SHORTCUTS: readonly { key: string; action: string }[] = [
  { key: 'J / K', action: 'Next / previous item in the list' },
  { key: 'X', action: 'Select or clear the item' },
  { key: 'Shift+X', action: 'Select or clear every item from the last one you selected to this one' },
  { key: 'Enter / O', action: 'Open the item' },
  { key: '/', action: 'Search (UPC in any form, product name, company)' },
  { key: 'Z', action: 'Undo the last decision (while its Undo shows, 10 seconds)' },
  { key: '?', action: 'Show these shortcuts' },
];

/** Longest internal note. */
export const REVIEW_NOTE_MAX = 2000;
export const NOTE_MSG = {
  required: 'Please write the note.',
  tooLong: `Please keep the note to ${REVIEW_NOTE_MAX} characters or fewer.`,
} as const;

/** A staff-only internal note on an item: for reviewers, never shown to the supplier. */
export const reviewNoteBody = z
  .object({ text: z.string().trim().min(1, NOTE_MSG.required).max(REVIEW_NOTE_MAX, NOTE_MSG.tooLong) })
  .meta({ examples: [{ text: 'Asked the partner whether the 6-pack needs its own UPC.' }] });
export type ReviewNoteBody = z.infer<typeof reviewNoteBody>;

const NOTE_EXAMPLE = {
  id: 1,
  author: EXAMPLE.reviewer,
  text: 'Asked the partner whether the 6-pack needs its own UPC.',
  at: EXAMPLE.earlier,
};
export const reviewNote = z
  .object({
    id: z.number().int(),
    author: z.string().nullable().describe('Who wrote it (null: an account since removed)'),
    text: z.string(),
    at: z.string().describe('When it was written (ISO 8601)'),
  })
  .meta({ examples: [NOTE_EXAMPLE] });
export type ReviewNote = z.infer<typeof reviewNote>;
export const reviewNotes = z.object({ notes: z.array(reviewNote) }).meta({ examples: [{ notes: [NOTE_EXAMPLE] }] });
