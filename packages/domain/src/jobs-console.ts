import type { JobProgress } from './jobs-console-schema.ts';

/** The jobs console (issue 19): background jobs by type and state, failed ones retried or discarded by staff. */

export const JOB_STATES = ['queued', 'running', 'failed', 'done'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Done jobs are counted (and listed) over this window only: the table keeps them for days, the view is "now". */
export const JOBS_DONE_WINDOW_MS = 60 * 60 * 1000;
export const JOBS_PAGE_SIZE = 20;
export const JOBS_MAX_PAGE_SIZE = 100;
/** How often the open console asks again (paused while the tab is hidden). */
export const JOBS_REFRESH_MS = 5000;

/**
 * Jobs listed at most this deep (pages are read by their place from the top): a backlog of a million files is
 * handled with "Retry all matching" or by waiting, not by paging to its end.
 */
export const JOBS_LIST_DEPTH = 10_000;
export const JOBS_TYPE_MAX = 100;
export const JOBS_ERROR_FILTER_MAX = 200;
export const JOBS_DEPTH_MSG = `Only the first ${JOBS_LIST_DEPTH.toLocaleString('en')} jobs are listed; filter by type to see others.`;

/** What the console's address asks for: a type, a state and a page. */
export interface JobsView {
  type: string | undefined;
  state: JobState;
  page: number;
}

/**
 * The console's filters read from its address without zod (the page shows before the schemas chunk arrives), to the
 * same result as `jobsListQuerySchema` (jobs-console-schema.ts; the test compares them): null when it would refuse.
 */
export function jobsViewFromAddress(params: Readonly<Record<string, string | undefined>>): JobsView | null {
  const type = params.type?.trim();
  if (type !== undefined && type.length > JOBS_TYPE_MAX) return null;
  const state = params.state ?? 'failed';
  if (!(JOB_STATES as readonly string[]).includes(state)) return null;
  const whole = (text: string | undefined, fallback: number, max: number) => {
    if (text === undefined) return fallback;
    const n = Number(text); // as z.coerce.number(): '' is 0, ' 2 ' is 2
    return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
  };
  const page = whole(params.page, 1, JOBS_LIST_DEPTH);
  const pageSize = whole(params.pageSize, JOBS_PAGE_SIZE, JOBS_MAX_PAGE_SIZE);
  if (page === null || pageSize === null || (page - 1) * pageSize >= JOBS_LIST_DEPTH) return null;
  return { type: type || undefined, state: state as JobState, page };
}

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
  /** `left`: matching failed jobs not queued again, because the same work (same dedupe key) is queued or running. */
  bulkRetried: (n: number, left: number) =>
    (n === 1 ? '1 failed job is queued again.' : `${n} failed jobs are queued again.`) +
    (left === 0
      ? ''
      : ` ${left === 1 ? '1 stays' : `${left} stay`} failed: the same work is queued or running already.`),
  bulkDiscarded: (n: number) => (n === 1 ? '1 failed job was discarded.' : `${n} failed jobs were discarded.`),
  confirmBulkRetry: (which: string) => `Queue ${which} again, with fresh attempts?`,
  confirmBulkDiscard: (which: string) =>
    `Discard ${which}? Their work will not be done, and the rows and their errors are deleted.`,
  /** The failed jobs a bulk action takes, in words. */
  matchingFailed: (type?: string, error?: string) =>
    `every failed job${type ? ` of ${type}` : ''}${error ? ` whose last error contains "${error}"` : ''}`,
} as const;

/** "1,500 of 100,000 (1%)". */
export const jobProgressLabel = (p: JobProgress) =>
  `${p.done.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')} (${p.total ? Math.floor((p.done * 100) / p.total) : 100}%)`;
