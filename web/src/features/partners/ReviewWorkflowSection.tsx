import { NumberInput, Select, Switch, Text, Title } from '@mantine/core';
import {
  REVIEW_SLA_MAX_HOURS,
  SECOND_APPROVAL_LABELS,
  SECOND_APPROVAL_MODES,
  type SecondApprovalMode,
} from '@portal/domain';

export const SLA_MSG = `Whole hours from 1 to ${REVIEW_SLA_MAX_HOURS}, or empty for no SLA.`;

/** The SLA field's value is one the server takes: empty (no SLA) or whole hours in range. */
export const isValidSla = (value: number | '') =>
  value === '' || (Number.isInteger(value) && value >= 1 && value <= REVIEW_SLA_MAX_HOURS);

export interface ReviewWorkflowValues {
  /** Hours ('' while empty: no SLA). */
  reviewSlaHours: number | '';
  decisionUndo: boolean;
  secondApproval: SecondApprovalMode;
}

/**
 * Customize New Item Intake: how this partner's items are reviewed. The review SLA (the queue marks and filters items
 * waiting longer), the undo window of decisions, and the second approval: which decisions wait for another reviewer
 * before the supplier hears of them.
 */
export function ReviewWorkflowSection({
  values,
  onChange,
}: {
  values: ReviewWorkflowValues;
  onChange: (patch: Partial<ReviewWorkflowValues>) => void;
}) {
  const headingId = 'section-review-workflow';
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb={4}>
        Review
      </Title>
      <Text size="sm" mb="xs">
        How staff review this partner&apos;s items.
      </Text>
      <NumberInput
        label="Review SLA (hours)"
        description="Items waiting longer are marked over SLA in the review queue; empty: no SLA"
        value={values.reviewSlaHours}
        onChange={(v) => onChange({ reviewSlaHours: typeof v === 'number' ? v : v === '' ? '' : Number(v) })}
        min={1}
        max={REVIEW_SLA_MAX_HOURS}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        error={isValidSla(values.reviewSlaHours) ? undefined : SLA_MSG}
        w={320}
        maw="100%"
      />
      <Select
        mt="sm"
        label="Second approval"
        description="Decisions that wait for a different reviewer's approval before the supplier is told"
        data={SECOND_APPROVAL_MODES.map((m) => ({ value: m, label: SECOND_APPROVAL_LABELS[m] }))}
        value={values.secondApproval}
        allowDeselect={false}
        onChange={(v) => v && onChange({ secondApproval: v })}
        w={320}
        maw="100%"
      />
      <Switch
        mt="sm"
        label="Review decisions can be undone for 10 seconds (the supplier is told after it)"
        checked={values.decisionUndo}
        onChange={(e) => onChange({ decisionUndo: e.currentTarget.checked })}
      />
    </section>
  );
}
