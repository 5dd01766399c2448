import { useQuery, type QueryClient } from '@tanstack/react-query';
import { GraphQLRequestError, gql } from '../../api/graphql.ts';
import type { SubmissionDetailFieldsFragment } from '../../api/gql/graphql.ts';
import { apiFetch } from '../../api/api-fetch.ts';
import { pollInterval } from '../../api/polling.ts';
import { SubmissionDetailQuery } from './submission-operations.ts';

export type Submission = SubmissionDetailFieldsFragment;
export type SubmissionFile = Submission['files'][number];

/** Query keys of the submissions area: the activity pages and each submission's detail. */
export const submissionKeys = {
  all: ['submissions'] as const,
  activity: () => ['submissions', 'activity'] as const,
  activityPage: (tab: string, page: number) => ['submissions', 'activity', tab, page] as const,
  detail: (id: string) => ['submissions', 'detail', id] as const,
};

export const fetchSubmission = async (id: string): Promise<Submission> =>
  (await gql(SubmissionDetailQuery, { id })).getProductSubmission;

/** The automated checks still read a file (one added or ingested after submit): its code and checks are to come. */
export const checksRunning = (submission: Pick<Submission, 'files'> | undefined) =>
  !!submission?.files.some((f) => f.detectionStatus === 'pending');

/** When to ask for a submission's detail again: while its checks run (api/polling.ts). */
export const submissionPollInterval = (submission: Pick<Submission, 'files'> | undefined, updates: number) =>
  pollInterval(checksRunning(submission), updates);

/** A submission's detail, asked for again while its checks run, so that what they find shows without a reload. */
export function useSubmission(id: string) {
  return useQuery({
    queryKey: submissionKeys.detail(id),
    queryFn: () => fetchSubmission(id),
    refetchInterval: (query) => submissionPollInterval(query.state.data, query.state.dataUpdateCount),
  });
}

/** A changed submission: its detail shows the server's answer, and every activity page asks again. */
export function submissionChanged(queryClient: QueryClient, submission: Submission) {
  queryClient.setQueryData(submissionKeys.detail(submission.id), submission);
  void queryClient.invalidateQueries({ queryKey: submissionKeys.activity() });
}

/** A GraphQL NOT_FOUND: the id is unknown or belongs to another company (the server says the same for both). */
export const isNotFound = (error: unknown) => error instanceof GraphQLRequestError && error.code === 'NOT_FOUND';

/**
 * POST /api/productSubmissions/resubmit: multipart id, upc, the new files and any other field (the product facts when
 * changed). Part 1 section 8: a failure shows no message (the caller puts a field message under its field); a 401
 * still ends the session.
 */
export function resubmitSubmission(
  id: string,
  upc: string,
  files: readonly File[],
  fields: Readonly<Record<string, string>> = {},
) {
  const form = new FormData();
  form.append('id', id);
  form.append('upc', upc);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', file, file.name);
  return apiFetch<{ id: string; itemStatus: string }>('/productSubmissions/resubmit', {
    method: 'POST',
    form,
    notify: false,
  });
}
