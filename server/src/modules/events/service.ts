import { FEED_RETENTION_DAYS, type V1FeedEvent } from '@portal/domain';
import type { Db, Tx } from '../../db/client.ts';
import { invalidCursor } from '../../lib/keyset.ts';
import { decodeFeedCursor, encodeFeedCursor, isAfter, type FeedPosition } from './cursor.ts';
import { deleteFeedEventsBefore, feedRowsAfter, insertFeedEvent } from './repository.ts';

/** One change as the feed and the webhooks tell it: the same id (`webhook-id`) and the same time in both. */
export interface RecordedEvent {
  /** The feed event's id: its cursor, and the `webhook-id` of its deliveries. */
  id: string;
  createdAt: Date;
}

/**
 * The change feed (GET /api/v1/events): every event of a company, written in the transaction of the change, so it
 * exists exactly when the change does (the webhooks' deliveries are made in the same transaction from the same event,
 * carrying its id and time).
 */
export async function recordFeedEvent(
  tx: Tx,
  companyId: number,
  type: V1FeedEvent['type'],
  data: object,
): Promise<RecordedEvent> {
  const row = await insertFeedEvent(tx, companyId, type, data);
  return { id: encodeFeedCursor({ txid: String(row.txid), id: String(row.id) }), createdAt: row.createdAt };
}

/**
 * The events after a position, oldest first, in the order of (writing transaction's id, event's id) as numbers. Only
 * events below the feed's horizon are read, in the same statement (one snapshot): every transaction that may still
 * write an event of this database has an id at least the horizon, so an event committed later sorts after every
 * cursor handed out now. In order, none missed, none twice (docs/decisions/api.md).
 */
export async function feedPage(db: Tx, companyId: number, q: { after?: string; limit: number }) {
  const after = q.after ? decodeFeedCursor(q.after) : null;
  const rows = await feedRowsAfter(db, companyId, after, q.limit + 1);
  const horizon: FeedPosition = { txid: rows[0].horizon, id: '0' };
  // Positions handed out never pass a horizon, and no horizon passes its snapshot's xmax, which only grows: a cursor
  // past this one was never handed out (forged, or of another server).
  if (after && isAfter(after, { txid: rows[0].xmax, id: '0' })) throw invalidCursor();
  // This read's horizon may be lower than the one the cursor was handed out at (a horizon is read late, never early):
  // the reader keeps its cursor, and reads on from it once the horizon has passed it again.
  const standing = after && isAfter(after, horizon) ? after : horizon;
  const events = rows.filter((r) => r.event_id !== null);
  const page = events.slice(0, q.limit);
  const hasMore = events.length > q.limit;
  const last = page[page.length - 1];
  return {
    items: page.map(
      (r) =>
        ({
          id: encodeFeedCursor({ txid: r.event_txid!, id: r.event_id! }),
          type: r.event_type,
          created_at: new Date(r.event_created_at).toISOString(),
          data: r.event_data,
        }) as V1FeedEvent,
    ),
    // All of the company's events below the horizon have been read: the next page starts at the horizon itself, so
    // a reader that found nothing still moves on, and never reads what came before this page again.
    next_cursor: hasMore
      ? encodeFeedCursor({ txid: last.event_txid!, id: last.event_id! })
      : encodeFeedCursor(standing),
    has_more: hasMore,
  };
}

/** The hourly purge: events past the feed's 30 days. */
export async function purgeFeedEvents(db: Db, now = new Date()): Promise<number> {
  return deleteFeedEventsBefore(db, new Date(now.getTime() - FEED_RETENTION_DAYS * 86_400_000));
}
