import { z } from 'zod';
import { intField } from './example-fields.ts';
import { EXAMPLE } from './api-examples.ts';
import {
  JOB_STATES,
  JOBS_DEPTH_MSG,
  JOBS_ERROR_FILTER_MAX,
  JOBS_LIST_DEPTH,
  JOBS_MAX_PAGE_SIZE,
  JOBS_PAGE_SIZE,
  JOBS_TYPE_MAX,
} from './jobs-console.ts';

// Apart from jobs-console.ts, whose states, limits and messages the console page shows without any schema.

/** A text filter: trimmed, and left out when empty. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/**
 * The list's filters, as query parameters: the server's check. The page reads its address with
 * `jobsViewFromAddress` (jobs-console.ts), to the same result.
 */
export const jobsListQuerySchema = z
  .object({
    type: optionalText(JOBS_TYPE_MAX),
    state: z.enum(JOB_STATES).default('failed'),
    page: z.coerce.number().int().min(1).max(JOBS_LIST_DEPTH).default(1),
    pageSize: z.coerce.number().int().min(1).max(JOBS_MAX_PAGE_SIZE).default(JOBS_PAGE_SIZE),
  })
  .refine((q) => (q.page - 1) * q.pageSize < JOBS_LIST_DEPTH, { message: JOBS_DEPTH_MSG, path: ['page'] });
export type JobsListQuery = z.infer<typeof jobsListQuerySchema>;

/**
 * Every failed job that matches: of a type, whose last error contains a text, failed since a time (the console's
 * "Retry all" and "Discard all", after an outage). At least one filter would be wise, but none means every failed job.
 */
export const failedJobsFilterSchema = z.object({
  type: optionalText(JOBS_TYPE_MAX),
  error: optionalText(JOBS_ERROR_FILTER_MAX),
  since: z.iso.datetime({ offset: true }).optional(),
});
export type FailedJobsFilter = z.infer<typeof failedJobsFilterSchema>;

/** How far a long job has come, as the console shows it (a job that reports progress: the readiness recompute). */
export const jobProgressSchema = z.object({ done: z.number().int().min(0), total: z.number().int().min(0) });
export type JobProgress = z.infer<typeof jobProgressSchema>;

/** The stored progress of a job as the console's shape, or null (none recorded, or not of this shape). */
export function jobProgressOf(stored: unknown): JobProgress | null {
  const parsed = jobProgressSchema.safeParse(stored);
  return parsed.success ? { done: parsed.data.done, total: parsed.data.total } : null;
}

/** A job as the console shows it: its payload only as a summary of ids and statuses. */
export const consoleJobSchema = z
  .object({
    id: z.number().int(),
    type: z.string(),
    state: z.enum(JOB_STATES),
    attempts: z.number().int(),
    maxAttempts: z.number().int(),
    lastError: z.string().nullable(),
    payloadSummary: z.string(),
    progress: jobProgressSchema.nullable().describe('How far it has come; null for jobs that do not say'),
    requestId: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    runAt: z.iso.datetime({ offset: true }),
    finishedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({
    id: 'ConsoleJob',
    examples: [
      {
        id: 4471,
        type: 'drafts.processFile',
        state: 'failed',
        attempts: 3,
        maxAttempts: 3,
        lastError: 'Could not read the image: the HEIF file is truncated.',
        payloadSummary: `draftId: ${EXAMPLE.draftId}, fileName: ${EXAMPLE.fileName}`,
        progress: null,
        requestId: 'req-7f3a91c2',
        createdAt: EXAMPLE.earlier,
        runAt: EXAMPLE.at,
        finishedAt: EXAMPLE.at,
      },
    ],
  });
export type ConsoleJob = z.infer<typeof consoleJobSchema>;

/** The console's page: counts per type and state, the known types, one page of jobs, and whether the user may act. */
export const jobsOverviewSchema = z.object({
  types: z.array(z.string()).meta({ examples: [['drafts.processFile', 'webhooks.deliver']] }),
  counts: z.array(
    z
      .object({
        type: z.string(),
        state: z.enum(JOB_STATES),
        count: z.number().int(),
        oldestDueSeconds: z.number().nullable(),
      })
      .meta({ examples: [{ type: 'drafts.processFile', state: 'failed', count: 2, oldestDueSeconds: null }] }),
  ),
  jobs: z.array(consoleJobSchema),
  feedLag: z
    .object({
      seconds: z.number().describe('How long the transaction holding the change feed back has been open (0: none)'),
      xids: z.number().int().describe('Transaction ids handed out since the one holding the feed back'),
    })
    .describe("How far the change feed trails the database's transactions")
    .meta({ examples: [{ seconds: 0.4, xids: 3 }] }),
  total: intField(2),
  page: intField(1),
  pageSize: intField(50),
  can: z.object({ act: z.boolean() }),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;
