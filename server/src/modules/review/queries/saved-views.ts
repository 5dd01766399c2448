import { sql } from 'drizzle-orm';
import { parseReviewQueueSearch, REVIEW_VIEWS_MAX, type ReviewSavedView } from '@portal/domain';
import { queryRows, type Tx } from '../../../db/client.ts';
import { queueCount } from './queue.ts';
import { withSearch } from './queue-filters.ts';

/** Saved views (review_saved_views): every read and write is bound to its owner, the viewer. */

export type ViewRow = { id: number; name: string; filters: string };

const ownViews = (db: Tx, viewer: number) =>
  queryRows<ViewRow>(
    db,
    sql`select id, name, filters from review_saved_views where user_id = ${viewer} order by lower(name), id`,
  );

/**
 * The viewer's views, each with how many items it holds now: the views in one read, then every count in one
 * statement (each view's the queue's own total of its filters: queueCount), whatever their number.
 */
export async function viewsWithCounts(db: Tx, viewer: number, now: Date = new Date()): Promise<ReviewSavedView[]> {
  return withCounts(db, viewer, await ownViews(db, viewer), now);
}

/** These views of the viewer's with their counts at `now`, in one statement. */
export async function withCounts(
  db: Tx,
  viewer: number,
  views: readonly ViewRow[],
  now: Date = new Date(),
): Promise<ReviewSavedView[]> {
  if (!views.length) return [];
  const filters = await Promise.all(views.map((v) => withSearch(db, parseReviewQueueSearch(v.filters))));
  const counts = await queryRows<{ id: number; n: number }>(
    db,
    sql.join(
      views.map((v, i) => sql`(select ${v.id}::int as id, ${queueCount(filters[i], viewer, now)} as n)`),
      sql` union all `,
    ),
  );
  const byId = new Map(counts.map((c) => [Number(c.id), Number(c.n)]));
  return views.map((v) => ({ id: Number(v.id), name: v.name, filters: v.filters, count: byId.get(Number(v.id)) ?? 0 }));
}

/** Adds a view unless the viewer already keeps the most they may (null then). */
export async function insertView(tx: Tx, viewer: number, name: string, filters: string): Promise<ViewRow | null> {
  const [row] = await queryRows<ViewRow>(
    tx,
    sql`insert into review_saved_views (user_id, name, filters)
      select ${viewer}, ${name}, ${filters}
      where (select count(*) from review_saved_views where user_id = ${viewer}) < ${REVIEW_VIEWS_MAX}
      returning id, name, filters`,
  );
  return row ?? null;
}

/** Renames the viewer's view (null: no such view of theirs). */
export async function renameView(tx: Tx, viewer: number, id: number, name: string): Promise<ViewRow | null> {
  const [row] = await queryRows<ViewRow>(
    tx,
    sql`update review_saved_views set name = ${name} where id = ${id} and user_id = ${viewer}
      returning id, name, filters`,
  );
  return row ?? null;
}

/** Deletes the viewer's view; false when they have none of that id. */
export async function deleteView(tx: Tx, viewer: number, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`delete from review_saved_views where id = ${id} and user_id = ${viewer} returning id`,
  );
  return rows.length > 0;
}
