import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Progress, Stack, Text } from '@mantine/core';
import type { SheetDryRun, SheetImport } from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { createSheetDrafts, readSheetImport } from './sheet-import-api.ts';

/** How often the page asks how far the drafts have come while the job runs. */
const POLL_MS = 1000;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const summary = (r: SheetImport) =>
  [
    `${plural(r.created, 'draft')} created`,
    `${plural(r.updated, 'draft')} updated`,
    `${r.unchanged} unchanged`,
    `${plural(r.photosAttached, 'photo')} attached`,
    ...(r.kept ? [`${plural(r.kept, 'draft')} kept values typed in the portal`] : []),
    ...(r.skipped ? [`${plural(r.skipped, 'row')} left out`] : []),
  ].join(', ') + '.';

/**
 * "Create drafts" after the dry run: the rows that are not blocked become drafts (or update the drafts of the same
 * UPC) in the background; the page shows how far the job has come, and where to find the drafts once it is done.
 * The job goes on after a restart of the server, so polling simply reads its progress again.
 */
export function SheetCreateDrafts({ file, run }: { file: File; run: SheetDryRun }) {
  const [job, setJob] = useState<SheetImport | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const creatable = run.totals.rows - run.totals.blocked;
  const running = job !== null && (job.status === 'queued' || job.status === 'running');

  useEffect(() => {
    if (!job || !running) return;
    const timer = setTimeout(() => {
      readSheetImport(job.id).then(setJob, () => undefined);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job, running]);

  const start = async () => {
    setSending(true);
    try {
      const outcome = await createSheetDrafts(file, {
        sheet: run.sheet,
        mapping: run.mapping.map(({ column, target }) => ({ column, target })),
      });
      if (outcome.kind === 'started') {
        setJob(outcome.run);
        setRefused(null);
      } else setRefused(outcome.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text>
        {creatable === 0
          ? 'Every row is blocked: fix the sheet and choose it again.'
          : `${plural(creatable, 'row')} can become drafts; blocked rows are left out. A draft of a UPC you already have is updated, and your uploaded photos are attached by their file names or barcodes.`}
      </Text>
      <Button onClick={() => void start()} loading={sending} disabled={creatable === 0 || running} w="fit-content">
        Create drafts
      </Button>
      {refused && (
        <Alert color="red" title="No drafts were created">
          {refused}
        </Alert>
      )}
      {job && (
        <Stack gap={4}>
          <Progress
            value={job.total ? (job.done * 100) / job.total : 0}
            aria-label="Drafts created so far"
            animated={running}
          />
          <Text aria-live="polite">
            {job.status === 'done'
              ? `Done: ${summary(job)}`
              : job.status === 'failed'
                ? `The drafts could not all be created: ${job.error ?? 'please try again.'}`
                : `Creating drafts: ${job.done} of ${job.total}.`}
          </Text>
          {job.status === 'done' && (
            <Anchor component={AppLink} to="/activity/drafts">
              See your drafts
            </Anchor>
          )}
        </Stack>
      )}
    </Stack>
  );
}
