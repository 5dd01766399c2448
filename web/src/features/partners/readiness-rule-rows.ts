import type { PhotoRole, ReadinessRule, RuleAppliesAt, RuleFileType, RuleKind } from '@portal/domain';
import type { ReadinessRuleFieldsFragment } from '../../api/gql/graphql.ts';

/** One rule as the editor holds it: every kind's fields, as typed. */
export interface RuleRow {
  key: number;
  code: string;
  kind: RuleKind;
  severity: ReadinessRule['severity'];
  weight: number | '';
  message: string;
  fix: string;
  field: string;
  min: number | '';
  check: string;
  minLongSidePx: number | '';
  prefixes: string;
  /** '' : by the field (a bulk-edit field after submit, the rest at submit). */
  appliesAt: RuleAppliesAt | '';
  max: number | '';
  pattern: string;
  fileType: RuleFileType;
  roles: PhotoRole[];
}

let nextKey = 1;
export const rowOf = (r: ReadinessRuleFieldsFragment): RuleRow => ({
  key: nextKey++,
  code: r.code,
  kind: r.kind as RuleKind,
  severity: r.severity,
  weight: r.weight,
  message: r.message,
  fix: r.fix,
  field: r.field ?? '',
  min: r.min ?? '',
  check: r.check ?? '',
  minLongSidePx: r.minLongSidePx ?? '',
  prefixes: (r.prefixes ?? []).join(', '),
  appliesAt: (r.appliesAt as RuleAppliesAt | null) ?? '',
  max: r.max ?? '',
  pattern: r.pattern ?? '',
  fileType: (r.fileType as RuleFileType | null) ?? 'pdf',
  roles: (r.roles ?? []) as PhotoRole[],
});
export const newRow = (): RuleRow => ({
  key: nextKey++,
  code: '',
  kind: 'min-images',
  severity: 'blocking',
  weight: 1,
  message: '',
  fix: '',
  field: '',
  min: 2,
  check: '',
  minLongSidePx: '',
  prefixes: '',
  appliesAt: '',
  max: '',
  pattern: '',
  fileType: 'pdf',
  roles: [],
});

/** A row as the rule schema reads it: only its kind's own fields. */
export function ruleOf(row: RuleRow): Record<string, unknown> {
  const base = {
    code: row.code.trim(),
    kind: row.kind,
    severity: row.severity,
    weight: row.weight === '' ? 0 : row.weight,
    message: row.message,
    fix: row.fix,
    ...(row.appliesAt && { appliesAt: row.appliesAt }),
  };
  const optional = (key: string, value: number | '') => (value === '' ? {} : { [key]: value });
  switch (row.kind) {
    case 'field-present':
      return { ...base, field: row.field };
    case 'name-length':
      return { ...base, ...optional('min', row.min), ...optional('max', row.max) };
    case 'field-pattern':
      return { ...base, field: row.field, pattern: row.pattern };
    case 'file-type':
      return { ...base, fileType: row.fileType, ...optional('min', row.min) };
    case 'min-images':
      return { ...base, min: row.min === '' ? 0 : row.min };
    case 'photo-check':
      return {
        ...base,
        check: row.check,
        ...(row.check === 'LOW_RESOLUTION' && row.minLongSidePx !== '' && { minLongSidePx: row.minLongSidePx }),
      };
    case 'label-arithmetic':
      return { ...base, check: row.check };
    case 'photo-roles':
      return { ...base, roles: row.roles };
    case 'upc-prefix':
      return {
        ...base,
        prefixes: row.prefixes
          .split(/[\s,]+/)
          .map((p) => p.trim())
          .filter(Boolean),
      };
    default:
      return base;
  }
}

export const numberOrEmpty = (value: string | number) =>
  typeof value === 'number' ? value : value === '' ? '' : Number(value);

/** The first thing wrong with the rules as typed (naming the rule when the message does not), or null. */
export function rulesProblem(
  rows: readonly RuleRow[],
  parsed:
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
): string | null {
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const index = typeof issue.path[0] === 'number' ? issue.path[0] : null;
  const code = index !== null ? rows[index]?.code : '';
  return code && !issue.message.startsWith(code) ? `${code}: ${issue.message}` : issue.message;
}
