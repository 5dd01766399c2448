import { z } from 'zod';

/** The jobs console (issue 19): background jobs by type and state, failed ones retried or discarded by staff. */

export const JOB_STATES = ['queued', 'running', 'failed', 'done'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Done jobs are counted (and listed) over this window only: the table keeps them for days, the view is "now". */
export const JOBS_DONE_WINDOW_MS = 60 * 60 * 1000;
export const JOBS_PAGE_SIZE = 20;
export const JOBS_MAX_PAGE_SIZE = 100;
/** How often the open console asks again (paused while the tab is hidden). */
export const JOBS_REFRESH_MS = 5000;

/** A text filter: trimmed, and left out when empty. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/** The list's filters, as query parameters: one schema for the server's check and the web's links. */
/**
 * Jobs listed at most this deep (pages are read by their place from the top): a backlog of a million files is
 * handled with "Retry all matching" or by waiting, not by paging to its end.
 */
export const JOBS_LIST_DEPTH = 10_000;

export const jobsListQuerySchema = z
  .object({
    type: optionalText(100),
    state: z.enum(JOB_STATES).default('failed'),
    page: z.coerce.number().int().min(1).max(JOBS_LIST_DEPTH).default(1),
    pageSize: z.coerce.number().int().min(1).max(JOBS_MAX_PAGE_SIZE).default(JOBS_PAGE_SIZE),
  })
  .refine((q) => (q.page - 1) * q.pageSize < JOBS_LIST_DEPTH, {
    message: `Only the first ${JOBS_LIST_DEPTH.toLocaleString('en')} jobs are listed; filter by type to see others.`,
    path: ['page'],
  });
export type JobsListQuery = z.infer<typeof jobsListQuerySchema>;

/**
 * Every failed job that matches: of a type, whose last error contains a text, failed since a time (the console's
 * "Retry all" and "Discard all", after an outage). At least one filter would be wise, but none means every failed job.
 */
export const failedJobsFilterSchema = z.object({
  type: optionalText(100),
  error: optionalText(200),
  since: z.iso.datetime({ offset: true }).optional(),
});
export type FailedJobsFilter = z.infer<typeof failedJobsFilterSchema>;

export const JOBS_MSG = {
  notFailed:
    'Only a failed job can be retried or discarded. This one has changed meanwhile: the list is up to date now.',
  duplicateQueued: 'The same work is already queued or running, so this failed job was not queued again.',
  retried: (id: number) => `Job ${id} is queued again.`,
  discarded: (id: number) => `Job ${id} was discarded.`,
  confirmDiscard: (id: number, type: string) =>
    `Discard failed job ${id} (${type})? Its work will not be done, and the row and its error are deleted.`,
  readOnly: 'You can look at the jobs but not retry or discard them: that needs the write:jobs scope.',
  noJobs: 'No jobs match these filters.',
  bulkRetried: (n: number) => (n === 1 ? '1 failed job is queued again.' : `${n} failed jobs are queued again.`),
  bulkDiscarded: (n: number) => (n === 1 ? '1 failed job was discarded.' : `${n} failed jobs were discarded.`),
  confirmBulkRetry: (which: string) => `Queue ${which} again, with fresh attempts?`,
  confirmBulkDiscard: (which: string) =>
    `Discard ${which}? Their work will not be done, and the rows and their errors are deleted.`,
  /** The failed jobs a bulk action takes, in words. */
  matchingFailed: (type?: string, error?: string) =>
    `every failed job${type ? ` of ${type}` : ''}${error ? ` whose last error contains "${error}"` : ''}`,
} as const;
