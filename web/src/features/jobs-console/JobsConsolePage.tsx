import { useState } from 'react';
import {
  Alert,
  Button,
  Code,
  Group,
  Loader,
  Modal,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  JOB_STATES,
  jobProgressLabel,
  JOBS_LIST_DEPTH,
  JOBS_MSG,
  JOBS_REFRESH_MS,
  plural,
  type JobState,
} from '@portal/domain';
import { isApiError } from '../../api/api-error.ts';
import { formatDateTime } from '../../ui/dates.ts';
import { stackedTable } from '../../ui/stacked-table.ts';
import { Page } from '../../ui/Page.tsx';
import { toast } from '../../ui/toast.ts';
import { BulkFailedActions } from './BulkFailedActions.tsx';
import { FeedLag } from './FeedLag.tsx';
import {
  jobsFilterFrom,
  useJobAction,
  useJobsOverview,
  type ConsoleJob,
  type JobsFilter,
  type JobsOverview,
} from './jobs-console-api.ts';
import { useAddressParams } from '../../ui/use-address-params.ts';

export const STATE_LABELS: Record<JobState, string> = {
  queued: 'Queued',
  running: 'Running',
  failed: 'Failed',
  done: 'Done (last hour)',
};

/** The filters live in the address, so a filtered view can be shared and survives a reload. */
function useFilter(): [JobsFilter, (next: Partial<JobsFilter>) => void] {
  const [params, setParams] = useAddressParams();
  const filter = jobsFilterFrom(params);
  const update = (next: Partial<JobsFilter>) => {
    setParams(
      (current) => {
        const merged = { ...jobsFilterFrom(current), page: 1, ...next };
        const search = new URLSearchParams({ state: merged.state });
        if (merged.type) search.set('type', merged.type);
        if (merged.page > 1) search.set('page', String(merged.page));
        return search;
      },
      { replace: true },
    );
  };
  return [filter, update];
}

/** /admin/jobs: background jobs by type and state, failed ones retried or discarded (issue 19). */
export function JobsConsolePage() {
  const [filter, setFilter] = useFilter();
  const overview = useJobsOverview(filter);
  const [toDiscard, setToDiscard] = useState<ConsoleJob | null>(null);
  const retry = useJobAction('retry');
  const discard = useJobAction('discard');

  const failure = (error: unknown) => {
    if (isApiError(error) && (error.status === 409 || error.status === 404)) toast.error(error.message);
  };
  const onRetry = (job: ConsoleJob) =>
    retry.mutate(job.id, { onSuccess: () => toast.success(JOBS_MSG.retried(job.id)), onError: failure });
  const onDiscard = (job: ConsoleJob) =>
    discard.mutate(job.id, {
      onSuccess: () => toast.success(JOBS_MSG.discarded(job.id)),
      onError: failure,
      onSettled: () => setToDiscard(null),
    });

  return (
    <Page heading="Background jobs">
      <Text c="dimmed" size="sm">
        Refreshed every {JOBS_REFRESH_MS / 1000} seconds while this page is open
        {overview.dataUpdatedAt ? ` (last ${new Date(overview.dataUpdatedAt).toLocaleTimeString()})` : ''}.
      </Text>
      {overview.isPending ? (
        <Loader aria-label="Loading jobs" />
      ) : overview.isError ? (
        <Alert color="red" role="alert">
          The jobs could not be loaded.
        </Alert>
      ) : (
        <>
          <CountsTable data={overview.data} onPick={(type, state) => setFilter({ type, state })} />
          <FeedLag lag={overview.data.feedLag} />
          {!overview.data.can.act && <Alert color="gray">{JOBS_MSG.readOnly}</Alert>}
          <Group align="end" gap="sm">
            <Select
              label="Type"
              data={[{ value: '', label: 'All types' }, ...overview.data.types.map((t) => ({ value: t, label: t }))]}
              value={filter.type ?? ''}
              onChange={(value) => setFilter({ type: value || undefined })}
              allowDeselect={false}
              w={280}
            />
            <Select
              label="State"
              data={JOB_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }))}
              value={filter.state}
              onChange={(value) => value && setFilter({ state: value })}
              allowDeselect={false}
              w={200}
            />
          </Group>
          {overview.data.can.act && filter.state === 'failed' && overview.data.total > 0 && (
            <BulkFailedActions type={filter.type} />
          )}
          <JobsTable
            data={overview.data}
            busyId={retry.isPending ? retry.variables : discard.isPending ? discard.variables : undefined}
            onRetry={onRetry}
            onDiscard={setToDiscard}
          />
          <Paging data={overview.data} onPage={(page) => setFilter({ ...filter, page })} />
        </>
      )}
      <Modal
        opened={toDiscard !== null}
        onClose={() => !discard.isPending && setToDiscard(null)}
        title="Discard job"
        centered
      >
        <Stack gap="md">
          {toDiscard && <Text>{JOBS_MSG.confirmDiscard(toDiscard.id, toDiscard.type)}</Text>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToDiscard(null)} disabled={discard.isPending}>
              Cancel
            </Button>
            <Button color="red.9" onClick={() => toDiscard && onDiscard(toDiscard)} loading={discard.isPending}>
              Discard
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Page>
  );
}

/** One row per type: how many jobs in each state; a count opens that type and state below. */
function CountsTable({ data, onPick }: { data: JobsOverview; onPick: (type: string, state: JobState) => void }) {
  const count = (type: string, state: JobState) => data.counts.find((c) => c.type === type && c.state === state);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label="Jobs by type and state">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Type</Table.Th>
            {JOB_STATES.map((s) => (
              <Table.Th scope="col" key={s} ta="right">
                {STATE_LABELS[s]}
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="right">
              Oldest waiting
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.types.map((type) => {
            const waited = count(type, 'queued')?.oldestDueSeconds;
            return (
              <Table.Tr key={type}>
                <Table.Th scope="row" fw={400}>
                  {type}
                </Table.Th>
                {JOB_STATES.map((state) => {
                  const n = count(type, state)?.count ?? 0;
                  return (
                    <Table.Td key={state} ta="right">
                      {n === 0 ? (
                        '0'
                      ) : (
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          onClick={() => onPick(type, state)}
                          aria-label={`${n} ${STATE_LABELS[state].toLowerCase()} ${type} jobs`}
                        >
                          {n}
                        </Button>
                      )}
                    </Table.Td>
                  );
                })}
                <Table.Td ta="right">{waited == null ? '–' : `${Math.round(waited)} s`}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function JobsTable(props: {
  data: JobsOverview;
  busyId: number | undefined;
  onRetry: (job: ConsoleJob) => void;
  onDiscard: (job: ConsoleJob) => void;
}) {
  const { data, busyId, onRetry, onDiscard } = props;
  const actions = data.can.act;
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Jobs
      </Title>
      {data.jobs.length === 0 ? (
        <Text>{JOBS_MSG.noJobs}</Text>
      ) : (
        <Table.ScrollContainer minWidth={900} className={stackedTable.container}>
          <Table striped aria-label="Jobs" className={stackedTable.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Id</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Attempts</Table.Th>
                <Table.Th scope="col">Progress</Table.Th>
                <Table.Th scope="col">Last error</Table.Th>
                <Table.Th scope="col">Payload</Table.Th>
                <Table.Th scope="col">Request id</Table.Th>
                <Table.Th scope="col">Created</Table.Th>
                {actions && <Table.Th scope="col">Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.jobs.map((job) => (
                <Table.Tr key={job.id}>
                  <Table.Td data-label="Id">{job.id}</Table.Td>
                  <Table.Td data-label="Type">{job.type}</Table.Td>
                  <Table.Td data-label="Attempts">
                    {job.attempts} of {job.maxAttempts}
                  </Table.Td>
                  <Table.Td data-label="Progress">{job.progress ? jobProgressLabel(job.progress) : '–'}</Table.Td>
                  <Table.Td data-label="Last error" maw={360} style={{ overflowWrap: 'anywhere' }}>
                    {job.lastError ?? '–'}
                  </Table.Td>
                  <Table.Td data-label="Payload" style={{ overflowWrap: 'anywhere' }}>
                    <Code>{job.payloadSummary || '–'}</Code>
                  </Table.Td>
                  <Table.Td data-label="Request id" style={{ overflowWrap: 'anywhere' }}>
                    {job.requestId ?? '–'}
                  </Table.Td>
                  <Table.Td data-label="Created">{formatDateTime(job.createdAt)}</Table.Td>
                  {actions && (
                    <Table.Td data-label="Actions">
                      {job.state === 'failed' && (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            onClick={() => onRetry(job)}
                            loading={busyId === job.id}
                            aria-label={`Retry job ${job.id}`}
                          >
                            Retry
                          </Button>
                          <Button
                            size="xs"
                            variant="outline"
                            color="red.9"
                            onClick={() => onDiscard(job)}
                            disabled={busyId === job.id}
                            aria-label={`Discard job ${job.id}`}
                          >
                            Discard
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function Paging({ data, onPage }: { data: JobsOverview; onPage: (page: number) => void }) {
  const listed = Math.min(data.total, JOBS_LIST_DEPTH);
  const pages = Math.max(1, Math.ceil(listed / data.pageSize));
  return (
    <Group justify="space-between" component="nav" aria-label="Pages of the jobs">
      <Text size="sm">
        {plural(data.total, 'job')}
        {data.total > listed && `, the newest ${listed.toLocaleString('en')} listed`}, page {Math.min(data.page, pages)}{' '}
        of {pages}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(data.page, pages)}
          onChange={onPage}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}`, 'aria-current': p === data.page ? 'page' : undefined })}
          getControlProps={(control) => ({
            'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[
              control
            ],
          })}
        />
      )}
    </Group>
  );
}
