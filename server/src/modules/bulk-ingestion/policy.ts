import { isFullAdmin, isReadOnlyAdmin } from '@portal/domain';
import type { Actor } from '../../lib/authorize.ts';

type User = Pick<Actor, 'scopes'>;
/** The bulk ingestion organization of the user's company: its access (part 2 section 3); null without one. */
type Organization = { companyId: number } | null;

/**
 * Who may use bulk ingestion and manage access to it (part 2 sections 3 and 5). A company without an
 * organization has no access (403); a job of another company answers "not found".
 */
export const bulkIngestionPolicy = {
  /**
   * The jobs page: users of a company with access (its jobs), and full administrators (every company's jobs, unless
   * their own company has access: then its jobs, as for any of its users).
   */
  use: (user: User, org: Organization) => org !== null || isFullAdmin(user),
  /** A job: its company's users (with access), and full administrators. */
  viewJob: (user: User, org: Organization, job: { companyId: number }) =>
    isFullAdmin(user) || (org !== null && job.companyId === org.companyId),
  /** Map files to UPCs in a job they see: anyone but a read-only administrator. */
  mapFiles: (user: User) => !isReadOnlyAdmin(user),
  /** Drop files for a new job: users of a company with access (administrators act through the company's own). */
  upload: (_user: User, org: Organization) => org !== null,
  /** The access page (which companies may ingest, from where): full administrators. */
  manageAccess: (user: User) => isFullAdmin(user),
};
