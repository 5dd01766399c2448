import {
  parseViewFilters,
  VIEW_MSG,
  type ReviewSavedView,
  type ReviewSavedViewBody,
  type ReviewSavedViewRename,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../users/repository.ts';
import { reviewPolicy } from './policy.ts';
import { deleteView, insertView, renameView, viewsWithCounts, withCounts } from './queries/saved-views.ts';

/**
 * A reviewer's saved views of the queue. Every one is read and changed only by its owner: another user's view is
 * "not found" (its existence is not told). Not audited: a view changes what one reviewer looks at, no one's data.
 */
export async function listViews(ctx: AppContext, user: UserRow): Promise<ReviewSavedView[]> {
  authorize(reviewPolicy.savedViews(user));
  return viewsWithCounts(ctx.db, user.id);
}

export async function saveView(ctx: AppContext, user: UserRow, body: ReviewSavedViewBody): Promise<ReviewSavedView> {
  authorize(reviewPolicy.savedViews(user));
  const filters = parseViewFilters(body.filters);
  if (filters === null) throw badRequest(VIEW_MSG.badFilters, { filters: VIEW_MSG.badFilters });
  const row = await unique(body.name, () => insertView(ctx.db, user.id, body.name, filters));
  if (!row) throw conflict(VIEW_MSG.tooMany);
  const [view] = await withCounts(ctx.db, user.id, [row]);
  return view;
}

export async function renameSavedView(
  ctx: AppContext,
  user: UserRow,
  id: number,
  body: ReviewSavedViewRename,
): Promise<ReviewSavedView> {
  authorize(reviewPolicy.savedViews(user));
  const row = await unique(body.name, () => renameView(ctx.db, user.id, id, body.name));
  if (!row) throw notFound(VIEW_MSG.notFound);
  const [view] = await withCounts(ctx.db, user.id, [row]);
  return view;
}

export async function deleteSavedView(ctx: AppContext, user: UserRow, id: number): Promise<void> {
  authorize(reviewPolicy.savedViews(user));
  if (!(await deleteView(ctx.db, user.id, id))) throw notFound(VIEW_MSG.notFound);
}

/** The write, with a name the reviewer already uses (any case) answered as a 409 that says so. */
async function unique<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(VIEW_MSG.nameTaken(name));
    throw err;
  }
}
