import { isFullAdmin, isPartnerConfigAdmin, mayViewImportJobs } from '@portal/domain';
import type { UserDetails } from '../../session/user.ts';
import type { AuditRow } from './audit-api.ts';

/**
 * Where an audit row's target opens (relative to the partner root), or null when it has no page or the reader
 * may not open it: a deleted submission, an import, a partner configuration for someone without Settings.
 */
export function auditTargetLink(
  row: Pick<AuditRow, 'action' | 'target'>,
  user: Pick<UserDetails, 'scopes' | 'hasBulkIngestionAccess'>,
): string | null {
  const { type, id } = row.target;
  const path = encodeURIComponent(id);
  switch (type) {
    case 'submission':
      return row.action === 'submission.deleted' ? null : `/productSubmissions/${path}`;
    case 'product':
      return `/cataloguedProducts/${path}`;
    case 'partner_configuration':
      return isPartnerConfigAdmin(user) ? `/settings/${path}` : null;
    case 'bulk_ingestion_organization':
      return isFullAdmin(user) ? '/access' : null;
    case 'bulk_ingestion_job':
      return mayViewImportJobs(user) ? `/import-jobs/${path}` : null;
    default:
      return null;
  }
}
