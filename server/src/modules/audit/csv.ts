import { describeAuditSummary } from '@portal/domain';
import type { AuditRow } from './service.ts';

export const AUDIT_CSV_HEADER = [
  'when',
  'actor',
  'actor e-mail',
  'action',
  'action name',
  'target type',
  'target id',
  'target',
  'company',
  'before',
  'after',
];

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A cell that a
 * spreadsheet would read as a formula (starting with = + - @, or a tab or carriage return before one) is prefixed
 * with an apostrophe, so opening the export runs nothing a product name or a rejection reason carried in.
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : `${value as string | number | boolean}`;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

export const auditCsvLine = (r: AuditRow) =>
  csvLine([
    r.at.toISOString(),
    r.actor.name,
    r.actor.email,
    r.action,
    r.actionLabel,
    r.target.type,
    r.target.id,
    r.target.label,
    r.target.companyName,
    describeAuditSummary(r.before),
    describeAuditSummary(r.after),
  ]);

/** The whole export as a stream of text: the header, then a line per row as the rows arrive. */
export async function* auditCsv(rows: AsyncIterable<AuditRow>): AsyncGenerator<string> {
  yield csvLine(AUDIT_CSV_HEADER);
  for await (const r of rows) yield auditCsvLine(r);
}
