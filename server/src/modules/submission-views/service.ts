import { ACTIVITY_PAGE_SIZE, ACTIVITY_TABS, isItemStatus, listSearchText, type ActivityTab } from '@portal/domain';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { submissionPolicy } from '../submissions/policy.ts';
import type { UserRow } from '../users/repository.ts';
import { activityPage } from './queries/activity-list.ts';

/** The activity list a user sees: a tab's (or the given) statuses, drafts among them for IN_PROGRESS. */
export async function activity(
  ctx: AppContext,
  user: UserRow,
  q: {
    tab?: ActivityTab;
    statuses?: string[];
    page?: number;
    pageSize?: number;
    partnerCompanyId?: number | null;
    photoIssues?: boolean;
    /** The search box's search as a filter (listSearchText: trimmed, empty is none). */
    search?: string | null;
    /** A boundary cursor of a page already shown (activity-list.ts). */
    boundary?: string | null;
  },
) {
  // Each status once: the statement's shape depends on how many there are (repository.ts).
  const statuses = q.tab ? [...ACTIVITY_TABS[q.tab]] : [...new Set(q.statuses ?? [])];
  for (const s of statuses) if (!isItemStatus(s)) throw badRequest(`Unknown status ${s}.`);
  const pageSize = Math.min(Math.max(q.pageSize ?? ACTIVITY_PAGE_SIZE, 1), 100);
  const page = Math.max(q.page ?? 1, 1);
  const { rows, ...result } = await activityPage(ctx.db, {
    statuses: statuses.filter((s) => s !== 'IN_PROGRESS'),
    includeDrafts: statuses.includes('IN_PROGRESS'),
    companyId: submissionPolicy.seesEveryCompany(user) ? null : user.companyId,
    partnerCompanyId: q.partnerCompanyId ?? null,
    photoIssues: q.photoIssues ?? false,
    search: listSearchText(q.search),
    page,
    pageSize,
    boundary: q.boundary ?? null,
  });
  return { items: rows, ...result, page, pageSize };
}
