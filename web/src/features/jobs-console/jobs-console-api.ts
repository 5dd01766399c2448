import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  JOBS_REFRESH_MS,
  jobsViewFromAddress,
  type ConsoleJob,
  type FailedJobsFilter,
  type JobsOverview,
  type JobsView,
} from '@portal/domain';
import { apiFetch } from '../../api/api-fetch.ts';

/** A job and the console's page as the server answers them (the domain's schemas, which the API documents). */
export type { ConsoleJob, JobsOverview } from '@portal/domain';

export type JobsFilter = JobsView;

/**
 * The filters an address asks for, read without zod (the page does not wait for the schemas chunk): failed jobs,
 * page 1, for an address the server would refuse.
 */
export const jobsFilterFrom = (params: URLSearchParams): JobsFilter =>
  jobsViewFromAddress(Object.fromEntries(params)) ?? { type: undefined, state: 'failed', page: 1 };

export const jobsKeys = {
  all: ['jobs-console'] as const,
  overview: (filter: JobsFilter) => ['jobs-console', filter] as const,
};

const search = (filter: JobsFilter) => {
  const params = new URLSearchParams({ state: filter.state, page: String(filter.page) });
  if (filter.type) params.set('type', filter.type);
  return params.toString();
};

/** Where the counts and one page of jobs are read, under the API's base. */
export const jobsOverviewPath = (filter: JobsFilter) => `/admin/jobs?${search(filter)}`;

/** The counts and one page of jobs (also read ahead by the route's loader, router.tsx). */
export const fetchJobsOverview = (filter: JobsFilter, signal?: AbortSignal) =>
  apiFetch<JobsOverview>(jobsOverviewPath(filter), { signal });

/**
 * The console's data, asked again every few seconds while the page is open. TanStack Query pauses the interval
 * while the tab is hidden (refetchIntervalInBackground is off) and asks at once when it is shown again.
 */
export function useJobsOverview(filter: JobsFilter) {
  return useQuery({
    queryKey: jobsKeys.overview(filter),
    queryFn: ({ signal }) => fetchJobsOverview(filter, signal),
    refetchInterval: JOBS_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  });
}

/** Retry or discard one failed job; the list is asked again either way (a 409 means it changed meanwhile). */
export function useJobAction(action: 'retry' | 'discard') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<ConsoleJob>(`/admin/jobs/${id}/${action}`, {
        method: 'POST',
        json: {},
        notify: { 404: null, 409: null },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsKeys.all }),
  });
}

/** Retry or discard every failed job of a type whose last error contains a text (after an outage). */
export function useBulkJobAction(action: 'retry' | 'discard') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filter: FailedJobsFilter) =>
      apiFetch<{ count: number; left: number; message: string }>(`/admin/jobs/${action}-failed`, {
        method: 'POST',
        json: filter,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobsKeys.all }),
  });
}
