import { Text } from '@mantine/core';
import type { JobsOverview } from '@portal/domain';

/**
 * How far the integration API's change feed trails: its events wait for the oldest transaction still open in this
 * database. A lag that grows for minutes points at a transaction left open (idle in transaction).
 */
export function FeedLag({ lag }: { lag: JobsOverview['feedLag'] }) {
  return (
    <Text size="sm" role="status" aria-label="Change feed lag">
      {lag.xids === 0
        ? 'Change feed: up to date.'
        : `Change feed: waiting for a transaction open ${Math.round(lag.seconds)} s (${lag.xids} transaction ids behind).`}
    </Text>
  );
}
