import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { INGESTION_RETRY_MSG, isRetryableFile } from '@portal/domain';
import { toast } from '../../ui/toast.ts';
import { retryIngestionFile, type IngestionFile } from './bulk-ingestion-api.ts';

/**
 * A file's reason, with a Retry for a file set aside because the server was busy (its bytes are kept): the file is read
 * again from the start, and its new status comes in with the page's polling.
 */
export function ReasonCell({
  file,
  jobId,
  onRetried,
}: {
  file: IngestionFile;
  jobId: string;
  onRetried: (updated: IngestionFile[]) => void;
}) {
  const [busy, setBusy] = useState(false);
  if (!isRetryableFile(file)) return <>{file.reason ?? ''}</>;
  const retry = async () => {
    setBusy(true);
    try {
      const updated = await retryIngestionFile(jobId, file.id);
      toast.success(INGESTION_RETRY_MSG.retried(file.filename));
      onRetried([updated]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm">{file.reason}</Text>
      <Button
        size="compact-sm"
        variant="default"
        loading={busy}
        aria-label={`${INGESTION_RETRY_MSG.retry} ${file.filename}`}
        onClick={() => void retry()}
      >
        {INGESTION_RETRY_MSG.retry}
      </Button>
    </Group>
  );
}
