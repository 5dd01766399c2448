import { MultiSelect, NumberInput, Select, TextInput } from '@mantine/core';
import {
  FIELD_FORMAT_PRESETS,
  LABEL_CHECK_LABELS,
  LABEL_CHECKS,
  PHOTO_ISSUE_CODES,
  PHOTO_ISSUE_LABELS,
  PHOTO_ROLE_LABELS,
  PHOTO_ROLES,
  RULE_FIELDS,
  RULE_FILE_TYPE_LABELS,
  RULE_FILE_TYPES,
} from '@portal/domain';
import { numberOrEmpty, type RuleRow } from './readiness-rule-rows.ts';

/** A whole number field of a rule (images, lengths, pixels): empty while typed. */
function Count({
  label,
  value,
  onChange,
  w = 100,
}: {
  label: string;
  value: number | '';
  onChange: (v: number | '') => void;
  w?: number;
}) {
  return (
    <NumberInput
      label={label}
      value={value}
      onChange={(v) => onChange(numberOrEmpty(v))}
      allowDecimal={false}
      allowNegative={false}
      w={w}
    />
  );
}

/** The fields of a rule's own kind: which field, how many, which check, which pattern or file type. */
export function RuleKindFields({ row, onChange }: { row: RuleRow; onChange: (change: Partial<RuleRow>) => void }) {
  const preset = FIELD_FORMAT_PRESETS.find((p) => p.pattern === row.pattern)?.pattern ?? null;
  return (
    <>
      {(row.kind === 'field-present' || row.kind === 'field-pattern') && (
        <Select
          label="Field"
          data={[...RULE_FIELDS]}
          value={row.field || null}
          onChange={(field) => onChange({ field: field ?? '' })}
          searchable
          w={200}
        />
      )}
      {row.kind === 'min-images' && <Count label="Images" value={row.min} onChange={(min) => onChange({ min })} />}
      {row.kind === 'name-length' && (
        <>
          <Count label="Least characters" value={row.min} onChange={(min) => onChange({ min })} w={140} />
          <Count label="Most characters" value={row.max} onChange={(max) => onChange({ max })} w={140} />
        </>
      )}
      {row.kind === 'field-pattern' && (
        <>
          <Select
            label="Format"
            data={FIELD_FORMAT_PRESETS.map((p) => ({ value: p.pattern, label: p.label }))}
            value={preset}
            onChange={(pattern) => pattern && onChange({ pattern })}
            placeholder="Your own pattern"
            w={220}
          />
          <TextInput
            label="Pattern"
            description="A regular expression the whole value matches"
            value={row.pattern}
            onChange={(e) => onChange({ pattern: e.currentTarget.value })}
            w={260}
          />
        </>
      )}
      {row.kind === 'file-type' && (
        <>
          <Select
            label="File type"
            data={RULE_FILE_TYPES.map((t) => ({ value: t, label: RULE_FILE_TYPE_LABELS[t] }))}
            value={row.fileType}
            onChange={(fileType) => fileType && onChange({ fileType: fileType })}
            allowDeselect={false}
            w={180}
          />
          <Count label="At least" value={row.min} onChange={(min) => onChange({ min })} />
        </>
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
      {row.kind === 'label-arithmetic' && (
        <Select
          label="Label check"
          data={LABEL_CHECKS.map((c) => ({ value: c, label: LABEL_CHECK_LABELS[c] }))}
          value={row.check || null}
          onChange={(check) => onChange({ check: check ?? '' })}
          w={260}
        />
      )}
      {row.kind === 'photo-roles' && (
        <MultiSelect
          label="Photos that show"
          description="Each on at least one photo of the product"
          data={PHOTO_ROLES.map((r) => ({ value: r, label: PHOTO_ROLE_LABELS[r] }))}
          value={row.roles}
          onChange={(roles) => onChange({ roles })}
          w={320}
        />
      )}
      {row.kind === 'photo-check' && row.check === 'LOW_RESOLUTION' && (
        <Count
          label="Least pixels on the longest side"
          value={row.minLongSidePx}
          onChange={(minLongSidePx) => onChange({ minLongSidePx })}
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
    </>
  );
}
