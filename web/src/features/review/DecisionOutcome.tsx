import { Alert, List, Text } from '@mantine/core';
import { displayUpc, reviewDecisionSummary, statusDisplayName, type ReviewDecisionOutcome } from '@portal/domain';

export interface DecisionOutcomeState {
  results: ReviewDecisionOutcome[];
  /** The items' UPCs as they were listed when decided (decided items leave the queue at the refresh). */
  upcOf: ReadonlyMap<string, string>;
}

/**
 * What a bulk decision did, item by item: one summary line ("38 accepted, 1 already decided by you, 1 failed."), then
 * each item that did not go through named with why. The page keeps it in a status region, so a screen reader reads
 * it when it comes; the failed items stay selected there for a retry.
 */
export function DecisionOutcome({ outcome, onClose }: { outcome: DecisionOutcomeState; onClose: () => void }) {
  const name = (id: string) => displayUpc(outcome.upcOf.get(id) ?? id);
  const failed = outcome.results.filter((r) => r.outcome === 'failed');
  const elsewhere = outcome.results.filter((r) => r.outcome === 'already_decided' || r.outcome === 'not_found');
  return (
    <Alert
      color={failed.length ? 'red' : elsewhere.length ? 'yellow' : 'green'}
      withCloseButton
      closeButtonLabel="Close the result"
      onClose={onClose}
      role="group"
      aria-label="Result of the decision"
    >
      <Text size="sm" fw={600}>
        {reviewDecisionSummary(outcome.results)}
      </Text>
      {failed.length > 0 && (
        <>
          <Text size="sm" mt="xs">
            Not decided, still selected to try again:
          </Text>
          <List size="sm" aria-label="Items that failed">
            {failed.map((r) => (
              <List.Item key={r.id}>
                {name(r.id)}: {r.message}
              </List.Item>
            ))}
          </List>
        </>
      )}
      {elsewhere.length > 0 && (
        <>
          <Text size="sm" mt="xs">
            Left as they were:
          </Text>
          <List size="sm" aria-label="Items decided before">
            {elsewhere.map((r) => (
              <List.Item key={r.id}>
                {name(r.id)}
                {r.outcome === 'not_found'
                  ? ': no longer there'
                  : `: ${r.itemStatus ? statusDisplayName(r.itemStatus) : 'decided'}${r.decidedBy ? ` by ${r.decidedBy}` : ''}`}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}
