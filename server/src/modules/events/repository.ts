import { lt, sql } from 'drizzle-orm';
import type { V1FeedEvent } from '@portal/domain';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { feedEvents } from '../../db/schema.ts';
import type { FeedPosition } from './cursor.ts';
import { feedHorizon, snapshotXmax } from './queries/horizon.ts';

export async function insertFeedEvent(tx: Tx, companyId: number, type: V1FeedEvent['type'], data: object) {
  const [row] = await tx
    .insert(feedEvents)
    .values({ companyId, type, data })
    .returning({ id: feedEvents.id, txid: feedEvents.txid, createdAt: feedEvents.createdAt });
  return row;
}

/**
 * Up to `limit` events of the company after a position and below the feed's horizon, oldest first, each row with the
 * horizon and the snapshot's `xmax` (one row with null event columns when there is none: both are always answered).
 * One statement, so one snapshot for the events, the horizon and `xmax`.
 *
 * The output columns are named apart from the table's: an ORDER BY naming an output column sorts by it, and these
 * are text (ordering `txid::text as txid` by `txid` put transaction 1000 before 999).
 */
export function feedRowsAfter(db: Tx, companyId: number, after: FeedPosition | null, limit: number) {
  return queryRows<{
    event_id: string | null;
    event_txid: string | null;
    event_type: string;
    event_data: unknown;
    event_created_at: string;
    horizon: string;
    xmax: string;
  }>(
    db,
    sql`with h as (select ${feedHorizon} as horizon, ${snapshotXmax} as xmax)
      select e.id::text as event_id, e.txid::text as event_txid, e.type as event_type, e.data as event_data,
          e.created_at as event_created_at, h.horizon::text as horizon, h.xmax::text as xmax
        from h left join lateral (
          select f.id, f.txid, f.type, f.data, f.created_at from feed_events f
            where f.company_id = ${companyId}
              ${after ? sql`and (f.txid, f.id) > (${after.txid}::bigint, ${after.id}::bigint)` : sql``}
              and f.txid < h.horizon
            order by f.txid, f.id
            limit ${limit}
        ) e on true
        order by e.txid, e.id`,
  );
}

/** Deletes the events created before `before`; returns how many went. */
export async function deleteFeedEventsBefore(db: Db, before: Date): Promise<number> {
  const purged = await db.delete(feedEvents).where(lt(feedEvents.createdAt, before)).returning({ id: feedEvents.id });
  return purged.length;
}
