import type { StoredFailingRule, StoredReadiness, V1SubmissionSummary } from '@portal/domain';
import type { SubmissionRow } from './repository.ts';

/*
 * How a submission row is shown wherever it is answered. The lists, the detail and the three API surfaces live in
 * submission-views/, above the features; these few are the core's, because the features that answer a submission
 * they made or list (drafts' submit, the catalogue's images, the webhooks' payloads) show it the same way.
 */

/** Where a submission's file (its rendition for a PDF or TIFF) is served. */
export const imagePath = (id: string, fileName: string, kind: string) => {
  const suffix = kind === 'pdf' ? '.jpg' : kind === 'tiff' ? '.png' : '';
  return `/api/productSubmissions/${id}/image/${encodeURIComponent(fileName + suffix)}`;
};

/** The readiness stored on a row, or null (no partner rules, or not judged yet). */
export function storedReadiness(row: SubmissionRow): StoredReadiness | null {
  if (row.readinessReady === null || row.readinessPercent === null) return null;
  return {
    percent: row.readinessPercent,
    ready: row.readinessReady,
    version: row.readinessVersion ?? 0,
    failing: Array.isArray(row.readinessFailing) ? (row.readinessFailing as StoredFailingRule[]) : [],
  };
}

/** The stored readiness of a row read by raw SQL (snake_case columns), or null. */
export function readinessOfColumns(r: Record<string, unknown>): StoredReadiness | null {
  if (r.readiness_ready == null || r.readiness_percent == null) return null;
  const failing: unknown =
    typeof r.readiness_failing === 'string' ? JSON.parse(r.readiness_failing) : r.readiness_failing;
  return {
    percent: Number(r.readiness_percent),
    ready: r.readiness_ready === true || r.readiness_ready === 't',
    version: Number(r.readiness_version ?? 0),
    failing: Array.isArray(failing) ? (failing as StoredFailingRule[]) : [],
  };
}

/** A submission as the integration API lists it. */
export const v1SummaryOf = (s: SubmissionRow): V1SubmissionSummary => ({
  id: s.id,
  upc: s.upc,
  ean13_upc: s.ean13Upc,
  product_name: s.productName,
  status: s.itemStatus as V1SubmissionSummary['status'],
  company_id: s.companyId,
  partner_company_id: s.partnerCompanyId,
  partner_status: s.partnerStatusLabel,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
  readiness: storedReadiness(s),
});
