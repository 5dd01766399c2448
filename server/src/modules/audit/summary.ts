import type { AuditSummary } from '@portal/domain';

/** A value as the trail compares and keeps it: lists of records by their ids, numbers written as text as numbers. */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value))
    return value.map((v) => (v && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : plain(v)));
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return value;
}

/**
 * The before and after summaries of a change: only the fields whose value differs, so the row reads as the change.
 * Both are empty when nothing changed (the caller then writes no row).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: AuditSummary; after: AuditSummary } {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(plain(before[k])) !== JSON.stringify(plain(after[k])),
  );
  return {
    before: Object.fromEntries(keys.map((k) => [k, plain(before[k])])),
    after: Object.fromEntries(keys.map((k) => [k, plain(after[k])])),
  };
}

/** Bookkeeping columns that say nothing about what changed (who and when are the audit row's own). */
const BOOKKEEPING = new Set(['id', 'companyId', 'creatorId', 'userId', 'updatedBy', 'createdAt', 'updatedAt']);

/** A stored row as a summary: its own values, without bookkeeping columns nor storage keys (`...Key`). */
export const rowSummary = (row: Record<string, unknown>): AuditSummary =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !BOOKKEEPING.has(k) && !/Key$/.test(k)));
