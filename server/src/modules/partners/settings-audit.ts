import {
  hasRequiredFlag,
  hasVisibleFlag,
  isFieldRequired,
  isFieldVisible,
  isSectionVisible,
  PARTNER_FIELDS,
  SECTION_FLAGS,
  type AuditSummary,
  type FieldRules,
} from '@portal/domain';
import type { partnerConfigurations } from '../../db/schema.ts';
import { changedFields } from '../audit/summary.ts';

type Row = typeof partnerConfigurations.$inferSelect;

/** The settings an administrator sets outside the field rules, as the audit trail compares them. */
const plainSettings = (row: Row) => ({
  primaryColor: row.primaryColor,
  secondaryColor: row.secondaryColor,
  landingPageEnabled: row.landingPageEnabled,
  // The order the switches were turned on in says nothing.
  blockingPhotoChecks: [...row.blockingPhotoChecks].sort(),
  minImageLongSidePx: row.minImageLongSidePx,
  decisionUndo: row.decisionUndo,
  reviewSlaHours: row.reviewSlaHours,
  secondApproval: row.secondApproval,
});

/** Every flag of the field rules as it takes effect (absent means true), so `{}` and explicit defaults compare equal. */
function effectiveFlags(stored: unknown): Record<string, Record<string, boolean>> {
  const rules = (stored ?? {}) as FieldRules;
  const flags: Record<string, Record<string, boolean>> = {};
  for (const field of PARTNER_FIELDS) {
    flags[field] = {};
    if (hasVisibleFlag(field)) flags[field].visible = isFieldVisible(rules, field);
    if (hasRequiredFlag(field)) flags[field].required = isFieldRequired(rules, field);
  }
  for (const flag of SECTION_FLAGS) flags[flag] = { visible: isSectionVisible(rules, flag) };
  return flags;
}

/** Only the field-rule flags that differ, per field: `{ msrp: { required: true } }` before, `{ ... false }` after. */
function changedRules(before: unknown, after: unknown) {
  const [was, now] = [effectiveFlags(before), effectiveFlags(after)];
  const change = { before: {} as AuditSummary, after: {} as AuditSummary };
  for (const [field, flags] of Object.entries(now)) {
    const differing = Object.keys(flags).filter((flag) => flags[flag] !== was[field][flag]);
    if (!differing.length) continue;
    change.before[field] = Object.fromEntries(differing.map((flag) => [flag, was[field][flag]]));
    change.after[field] = Object.fromEntries(differing.map((flag) => [flag, flags[flag]]));
  }
  return change;
}

/**
 * What a save of a partner configuration changed, for the audit trail: every setting whose value differs (colours,
 * landing page, blocking photo checks) and, under `fieldRules`, only the field flags that changed. Both are empty
 * when the save changed nothing.
 */
export function configurationChange(before: Row, after: Row): { before: AuditSummary; after: AuditSummary } {
  const change = changedFields(plainSettings(before), plainSettings(after));
  const rules = changedRules(before.fieldRules, after.fieldRules);
  if (Object.keys(rules.after).length) {
    change.before.fieldRules = rules.before;
    change.after.fieldRules = rules.after;
  }
  return change;
}

/** A new configuration's settings (its field rules are the defaults, so they are not listed). */
export const initialSettings = (row: Row): AuditSummary => plainSettings(row);
