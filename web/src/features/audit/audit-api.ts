import { AUDIT_PAGE_SIZE, type AuditOptions, type AuditPage, type AuditRowView } from '@portal/domain';
import { API_BASE, apiFetch } from '../../api/api-fetch.ts';

export type AuditRow = AuditRowView;

/** A page of the trail and the filters' choices as the server answers them (the domain's schemas). */
export type { AuditOptions, AuditPage } from '@portal/domain';

/** The page's filters as the URL keeps them: dates as YYYY-MM-DD in the user's time zone. */
export interface AuditFilters {
  action: string;
  actorId: string;
  companyId: string;
  targetId: string;
  from: string;
  to: string;
}

export const FILTER_KEYS = [
  'action',
  'actorId',
  'companyId',
  'targetId',
  'from',
  'to',
] as const satisfies readonly (keyof AuditFilters)[];

/** A local calendar day's first (or last) millisecond as an instant, which the server filters by. */
function dayBound(day: string, end: boolean): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (end) d.setHours(23, 59, 59, 999);
  return d.toISOString();
}

/** The query string of the list and of the CSV export: the same filters for both. */
/** Where a page is read from: after the last row of the page before it, or before the first row of the one after. */
export interface AuditAnchor {
  after?: string | null;
  before?: string | null;
}

export function auditQuery(f: AuditFilters, paging?: { page: number; pageSize: number } & AuditAnchor): string {
  const q = new URLSearchParams();
  if (f.action) q.set('action', f.action);
  if (f.actorId) q.set('actorId', f.actorId);
  if (f.companyId) q.set('companyId', f.companyId);
  if (f.targetId.trim()) q.set('targetId', f.targetId.trim());
  const from = dayBound(f.from, false);
  const to = dayBound(f.to, true);
  if (from) q.set('from', from);
  if (to) q.set('to', to);
  if (paging) {
    q.set('page', String(paging.page));
    q.set('pageSize', String(paging.pageSize));
    if (paging.after) q.set('after', paging.after);
    else if (paging.before) q.set('before', paging.before);
  }
  return q.toString();
}

export const auditKeys = {
  all: ['audit'] as const,
  options: ['audit', 'options'] as const,
  page: (query: string) => ['audit', 'page', query] as const,
};

/** Where a page of the audit is read, and its filters' options, under the API's base. */
export const auditPagePath = (query: string) => `/audit?${query}`;
export const AUDIT_OPTIONS_PATH = '/audit/options';

export const fetchAuditPage = (query: string) => apiFetch<AuditPage>(auditPagePath(query));

/** The filters and page as the address gives them, and the query of that page. */
export function auditPageFrom(params: URLSearchParams) {
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as unknown as AuditFilters;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = auditQuery(filters, {
    page,
    pageSize: AUDIT_PAGE_SIZE,
    after: params.get('after'),
    before: params.get('before'),
  });
  return { filters, page, query };
}

export const fetchAuditOptions = () => apiFetch<AuditOptions>(AUDIT_OPTIONS_PATH);
export const auditCsvUrl = (f: AuditFilters) => `${API_BASE}/audit.csv?${auditQuery(f)}`;
