import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { JOBS_MSG } from '@portal/domain';
import { toast } from '../../ui/toast.ts';
import { useBulkJobAction } from './jobs-console-api.ts';

/**
 * After an outage: every failed job of the chosen type (or of every type) whose last error contains a text, queued
 * again or discarded in one confirmed action, instead of one click per job.
 */
export function BulkFailedActions({ type }: { type: string | undefined }) {
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState<'retry' | 'discard' | null>(null);
  const retry = useBulkJobAction('retry');
  const discard = useBulkJobAction('discard');
  const which = JOBS_MSG.matchingFailed(type, error.trim() || undefined);
  const busy = retry.isPending || discard.isPending;
  const run = (action: 'retry' | 'discard') =>
    (action === 'retry' ? retry : discard).mutate(
      { type, error: error.trim() || undefined },
      {
        // Some matching jobs left failed (their work is queued already) is said as a warning, not a plain success.
        onSuccess: ({ message, left }) =>
          action === 'retry' && left > 0 ? toast.warning(message) : toast.success(message),
        onSettled: () => setConfirming(null),
      },
    );

  return (
    <>
      <Group align="end" gap="sm">
        <TextInput
          label="Last error contains"
          description="For the actions on every matching failed job"
          value={error}
          onChange={(e) => setError(e.currentTarget.value)}
          maxLength={200}
          w={280}
        />
        <Button variant="light" onClick={() => setConfirming('retry')}>
          Retry all matching
        </Button>
        <Button variant="light" color="red.9" onClick={() => setConfirming('discard')}>
          Discard all matching
        </Button>
      </Group>
      <Modal
        opened={confirming !== null}
        onClose={() => !busy && setConfirming(null)}
        title={confirming === 'retry' ? 'Retry failed jobs' : 'Discard failed jobs'}
        centered
      >
        <Stack gap="md">
          <Text>{confirming === 'retry' ? JOBS_MSG.confirmBulkRetry(which) : JOBS_MSG.confirmBulkDiscard(which)}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={busy}>
              Cancel
            </Button>
            <Button
              color={confirming === 'retry' ? undefined : 'red.9'}
              onClick={() => confirming && run(confirming)}
              loading={busy}
            >
              {confirming === 'retry' ? 'Retry all' : 'Discard all'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
