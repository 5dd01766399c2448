import { Button, Group, NumberInput, Paper, Select, TextInput } from '@mantine/core';
import {
  PHOTO_ISSUE_CODES,
  PHOTO_ISSUE_LABELS,
  READINESS_EDITOR_MSG,
  READINESS_MSG,
  RULE_FIELDS,
  RULE_KIND_LABELS,
  RULE_SEVERITIES,
  type RuleKind,
} from '@portal/domain';
import { numberOrEmpty, type RuleRow } from './readiness-rule-rows.ts';

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
          onChange={(kind) => kind && onChange({ kind: kind as RuleKind })}
          allowDeselect={false}
          w={330}
        />
        {row.kind === 'field-present' && (
          <Select
            label="Field"
            data={[...RULE_FIELDS]}
            value={row.field || null}
            onChange={(field) => onChange({ field: field ?? '' })}
            searchable
            w={200}
          />
        )}
        {row.kind === 'min-images' && (
          <NumberInput
            label="Images"
            value={row.min}
            onChange={(v) => onChange({ min: numberOrEmpty(v) })}
            allowDecimal={false}
            allowNegative={false}
            w={100}
          />
        )}
        {row.kind === 'photo-check' && (
          <Select
            label="Photo check"
            data={PHOTO_ISSUE_CODES.map((c) => ({ value: c, label: PHOTO_ISSUE_LABELS[c] }))}
            value={row.check || null}
            onChange={(check) => onChange({ check: check ?? '' })}
            w={220}
          />
        )}
        {row.kind === 'photo-check' && row.check === 'LOW_RESOLUTION' && (
          <NumberInput
            label="Least pixels on the longest side"
            value={row.minLongSidePx}
            onChange={(v) => onChange({ minLongSidePx: numberOrEmpty(v) })}
            allowDecimal={false}
            allowNegative={false}
            w={240}
          />
        )}
        {row.kind === 'upc-prefix' && (
          <TextInput
            label="Prefixes"
            description="EAN-13 digits, separated by commas"
            value={row.prefixes}
            onChange={(e) => onChange({ prefixes: e.currentTarget.value })}
            w={220}
          />
        )}
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
