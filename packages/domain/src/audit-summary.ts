import { PARTNER_FIELD_LABELS, PARTNER_FIELD_SECTIONS, type PartnerField } from './partner-fields.ts';
import { PHOTO_ISSUE_LABELS, type PhotoIssueCode } from './photo-checks.ts';

/** A before or after summary: the fields that changed, as plain values. */
export type AuditSummary = Record<string, unknown>;

/** How the settings screen names the partner settings a summary may hold. */
const SETTING_LABELS: Record<string, string> = {
  primaryColor: 'Primary colour',
  secondaryColor: 'Button colour',
  landingPageEnabled: 'Landing page',
  logo: 'Logo',
  blockingPhotoChecks: 'Photo checks that block Submit',
  minImageLongSidePx: 'Low resolution below (pixels on the longest side)',
  reviewSlaHours: 'Review SLA (hours)',
  secondApproval: 'Second approval',
  decisionUndo: 'Undo window for review decisions',
  assignee: 'Assigned to',
};

const SECTION_FLAG_LABELS: Record<string, string> = Object.fromEntries(
  Object.values(PARTNER_FIELD_SECTIONS).flatMap((s): [string, string][] =>
    s.flag ? [[s.flag, `Show ${s.title} fields`]] : [],
  ),
);

const none = '(none)';

function plainValue(value: unknown, aSwitch: boolean): string {
  if (value === null || value === undefined || value === '') return none;
  if (typeof value === 'boolean') return aSwitch ? (value ? 'on' : 'off') : value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map((v) => plainValue(v, false)).join(', ') || none;
  // A record inside a list: its fields in words too.
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${k} ${plainValue(v, false)}`)
      .join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A field rule's flags as the settings screen's switches name them: "MSRP required: off". */
function fieldRuleLines(rules: unknown): string[] {
  if (!rules || typeof rules !== 'object') return [`Field rules: ${plainValue(rules, false)}`];
  return Object.entries(rules).flatMap(([field, flags]) => {
    const name = PARTNER_FIELD_LABELS[field as PartnerField] ?? SECTION_FLAG_LABELS[field] ?? field;
    if (!flags || typeof flags !== 'object') return [`${name}: ${plainValue(flags, true)}`];
    return Object.entries(flags as Record<string, unknown>).map(([flag, on]) =>
      // A section flag has only `visible`, and its switch already says "Show".
      SECTION_FLAG_LABELS[field] ? `${name}: ${plainValue(on, true)}` : `${name} ${flag}: ${plainValue(on, true)}`,
    );
  });
}

/** Any other nested value, path by path, so no summary is ever shown as raw JSON. */
function nestedLines(path: string, value: unknown): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).flatMap(([k, v]) => nestedLines(`${path} ${k}`, v));
  return [`${path}: ${plainValue(value, false)}`];
}

/** One line per changed setting or field, in words: "Primary colour: #123456", "MSRP required: off". */
export function auditSummaryLines(summary: AuditSummary | null | undefined): string[] {
  if (!summary) return [];
  return Object.entries(summary).flatMap(([key, value]) => {
    if (key === 'fieldRules') return fieldRuleLines(value);
    if (key === 'blockingPhotoChecks' && Array.isArray(value))
      return [
        `${SETTING_LABELS[key]}: ${value.map((c) => PHOTO_ISSUE_LABELS[c as PhotoIssueCode] ?? String(c)).join(', ') || none}`,
      ];
    const name = SETTING_LABELS[key] ?? key;
    return nestedLines(name, key === 'landingPageEnabled' ? plainValue(value, true) : value);
  });
}

/** One summary as one line: "status: SUBMITTED; reason: Blurry" (the CSV). */
export const describeAuditSummary = (summary: AuditSummary | null | undefined): string =>
  auditSummaryLines(summary).join('; ');
