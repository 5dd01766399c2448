import { Button, Group, NumberInput, Paper, Select, TextInput } from '@mantine/core';
import {
  READINESS_EDITOR_MSG,
  READINESS_MSG,
  RULE_APPLIES_AT,
  RULE_APPLIES_AT_LABELS,
  RULE_KIND_LABELS,
  RULE_SEVERITIES,
  type RuleKind,
} from '@portal/domain';
import { numberOrEmpty, type RuleRow } from './readiness-rule-rows.ts';
import { RuleKindFields } from './RuleKindFields.tsx';

/** One of the partner's own readiness rules, editable: its kind's own fields beside those every rule has. */
export function ReadinessRuleFieldset({
  row,
  index,
  onChange,
  onRemove,
}: {
  row: RuleRow;
  index: number;
  onChange: (change: Partial<RuleRow>) => void;
  onRemove: () => void;
}) {
  return (
    <Paper withBorder p="sm" component="fieldset" aria-label={`Rule ${index + 1}${row.code ? ` ${row.code}` : ''}`}>
      <Group align="end" gap="sm" wrap="wrap">
        <TextInput
          label="Code"
          description="e.g. R-IMG-MIN-2"
          value={row.code}
          onChange={(e) => onChange({ code: e.currentTarget.value.toUpperCase() })}
          w={170}
        />
        <Select
          label="Kind"
          data={Object.entries(RULE_KIND_LABELS).map(([value, label]) => ({ value, label }))}
          value={row.kind}
          onChange={(kind) => kind && onChange({ kind: kind as RuleKind, min: kind === 'min-images' ? 2 : '' })}
          allowDeselect={false}
          w={330}
        />
        <RuleKindFields row={row} onChange={onChange} />
        <Select
          label="Severity"
          data={RULE_SEVERITIES.map((s) => ({ value: s, label: READINESS_MSG.severityLabel[s] }))}
          value={row.severity}
          onChange={(severity) => severity && onChange({ severity })}
          allowDeselect={false}
          w={150}
        />
        <NumberInput
          label="Weight"
          value={row.weight}
          onChange={(v) => onChange({ weight: numberOrEmpty(v) })}
          allowDecimal={false}
          allowNegative={false}
          w={90}
        />
        <Select
          label="Applies"
          data={RULE_APPLIES_AT.map((a) => ({ value: a, label: RULE_APPLIES_AT_LABELS[a] }))}
          value={row.appliesAt || null}
          onChange={(appliesAt) => onChange({ appliesAt: appliesAt ?? '' })}
          clearable
          placeholder="By the field"
          w={250}
        />
      </Group>
      <Group align="end" gap="sm" mt="xs" wrap="wrap">
        <TextInput
          label="Message"
          value={row.message}
          onChange={(e) => onChange({ message: e.currentTarget.value })}
          w={360}
          maw="100%"
        />
        <TextInput
          label="How to fix"
          value={row.fix}
          onChange={(e) => onChange({ fix: e.currentTarget.value })}
          w={420}
          maw="100%"
        />
        <Button variant="subtle" color="red" onClick={onRemove} aria-label={READINESS_EDITOR_MSG.remove(row.code)}>
          Remove
        </Button>
      </Group>
    </Paper>
  );
}
