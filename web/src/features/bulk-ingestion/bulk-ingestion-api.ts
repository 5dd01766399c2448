import { useQuery } from '@tanstack/react-query';
import {
  JOB_SOURCE_LABEL,
  POLL_START_MS,
  type IngestionFileView,
  type IngestionJobView,
  type MappingRow,
} from '@portal/domain';
import { apiFetch, SERVER_MESSAGE } from '../../api/api-fetch.ts';
import { gql } from '../../api/graphql.ts';
import { uploadFiles, type UploadProgress } from '../../api/upload-files.ts';
import {
  BulkIngestionOrganizationsQuery,
  CreateBulkIngestionOrganizationMutation,
  SearchCompaniesByNameQuery,
} from './bulk-ingestion-operations.ts';

export type IngestionJob = IngestionJobView;

/** A job's file as the server answers it (the domain's schema, which the API document shows). */
export type IngestionFile = IngestionFileView;

export const ingestionKeys = {
  all: ['bulk-ingestion'] as const,
  jobs: ['bulk-ingestion', 'jobs'] as const,
  organizations: ['bulk-ingestion', 'organizations'] as const,
};

export const fetchJobs = () => apiFetch<IngestionJob[]>('/bulkIngestion/jobs');
/** A missing job is said on the page itself: no generic message for 404. */
export const fetchJobFiles = (jobId: string) =>
  apiFetch<IngestionFile[]>(`/bulkIngestion/jobs/${encodeURIComponent(jobId)}/files`, { notify: { 404: null } });
/** Polling errors are not handled (part 2 section 8): no message, the next tick tries again. */
export const fetchFilesUpdatedSince = (jobId: string, since: string) =>
  apiFetch<IngestionFile[]>(
    `/bulkIngestion/jobs/${encodeURIComponent(jobId)}/files/ifAnyUpdatedSince/${encodeURIComponent(since)}`,
    { notify: false },
  );
export const putMapping = (jobId: string, rows: MappingRow[]) =>
  apiFetch<IngestionFile[]>(`/bulkIngestion/jobs/${encodeURIComponent(jobId)}/files`, {
    method: 'PUT',
    json: rows,
    notify: false,
  });
/** A file set aside because the server was busy, read again (the server's message is shown if it refuses). */
export const retryIngestionFile = (jobId: string, fileId: string) =>
  apiFetch<IngestionFile>(
    `/bulkIngestion/jobs/${encodeURIComponent(jobId)}/files/${encodeURIComponent(fileId)}/retry`,
    { method: 'POST', json: {}, notify: { 409: SERVER_MESSAGE } },
  );
export const uploadIngestionFiles = (files: File[], onProgress: (p: UploadProgress) => void) =>
  uploadFiles<IngestionJob>('/bulkIngestion/jobs', files, { onProgress });

/** While any job still has files being read the list follows them as the job page does; otherwise now and then. */
export const JOBS_SETTLING_POLL_MS = POLL_START_MS;
export const JOBS_IDLE_POLL_MS = 10_000;
export const jobsPollInterval = (jobs: readonly IngestionJob[] | undefined) =>
  jobs?.some((j) => j.receivedCount > 0) ? JOBS_SETTLING_POLL_MS : JOBS_IDLE_POLL_MS;

export function useIngestionJobs() {
  return useQuery({
    queryKey: ingestionKeys.jobs,
    queryFn: fetchJobs,
    refetchInterval: (query) => jobsPollInterval(query.state.data),
  });
}

export const fetchOrganizations = async () => (await gql(BulkIngestionOrganizationsQuery)).bulkIngestionOrganizations;
export const createOrganization = async (input: { companyId: number; folderName: string; imageSource: string }) =>
  (await gql(CreateBulkIngestionOrganizationMutation, { input }, { notify: false })).createBulkIngestionOrganization;
export const searchCompanies = async (name: string) =>
  (await gql(SearchCompaniesByNameQuery, { name })).searchCompaniesByName;

/** Submitted By: first and last name, else the email; a job no person sent names its source (a folder drop). */
export function submittedBy(
  job: Pick<IngestionJob, 'submittedByFirstName' | 'submittedByLastName' | 'submittedByEmail' | 'source'>,
) {
  const name = [job.submittedByFirstName, job.submittedByLastName].filter(Boolean).join(' ').trim();
  return name || job.submittedByEmail || JOB_SOURCE_LABEL[job.source] || job.source;
}

/** Saves a text as a file the browser downloads. */
export function downloadText(fileName: string, text: string, type = 'text/csv') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
