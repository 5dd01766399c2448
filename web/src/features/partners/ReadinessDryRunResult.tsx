import { Alert, Button, Group, Text } from '@mantine/core';
import { READINESS_DRY_RUN_MSG, type ReadinessDryRun } from '@portal/domain';

/** What saving the rules would change, per rule: submissions failing it and moved by it, open drafts it refuses. */
export function ReadinessDryRunResult({ result }: { result: ReadinessDryRun }) {
  return (
    <Alert color="blue" role="status" aria-label="What saving would change">
      <Text size="sm">{READINESS_DRY_RUN_MSG.summary(result)}</Text>
      <Text size="sm">{READINESS_DRY_RUN_MSG.drafts(result)}</Text>
      {result.rules.map((r) => (
        <Text size="sm" key={r.code}>
          {READINESS_DRY_RUN_MSG.rule(r)}
        </Text>
      ))}
    </Alert>
  );
}

/**
 * Asked before a version whose new blocking rules at submit would stop suppliers: which rules, and how many open
 * drafts Submit would refuse at once.
 */
export function StopSuppliersConfirm({
  codes,
  drafts,
  onConfirm,
  onCancel,
}: {
  codes: readonly string[];
  drafts: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Alert color="orange" role="alertdialog" aria-label="Confirm the new version" aria-live="assertive">
      <Text size="sm">{READINESS_DRY_RUN_MSG.confirmStop(codes, drafts)}</Text>
      <Group mt="xs">
        <Button color="orange" onClick={onConfirm}>
          {READINESS_DRY_RUN_MSG.confirm}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {READINESS_DRY_RUN_MSG.cancel}
        </Button>
      </Group>
    </Alert>
  );
}
