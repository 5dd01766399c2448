import { lt, sql } from 'drizzle-orm';
import { FEED_RETENTION_DAYS, type V1FeedEvent } from '@portal/domain';
import type { Db, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { feedEvents } from '../../db/schema.ts';
import { invalidCursor } from '../../lib/keyset.ts';

/**
 * The change feed (GET /api/v1/events): every event of a company, written in the transaction of the change, so it
 * exists exactly when the change does (the webhooks' deliveries are made in the same transaction from the same event).
 */
export async function recordFeedEvent(tx: Tx, companyId: number, type: V1FeedEvent['type'], data: object) {
  await tx.insert(feedEvents).values({ companyId, type, data });
}

/** A position in the feed: the writing transaction's id and the event's id, opaque to clients. */
const encode = (txid: string, id: string | number) => Buffer.from(`f:${txid}.${id}`).toString('base64url');
function decode(cursor: string): { txid: string; id: string } {
  const m = /^f:(\d{1,20})\.(\d{1,20})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw invalidCursor();
  return { txid: m[1], id: m[2] };
}

/**
 * The events after a position, oldest first. Only events of transactions older than every transaction still running
 * are read (`txid < xmin` of this snapshot): an event whose transaction commits later has a txid at least that xmin,
 * so it sorts after every cursor handed out now. In order, none missed, none twice (docs/decisions/api.md).
 */
export async function feedPage(db: Tx, companyId: number, q: { after?: string; limit: number }) {
  const after = q.after ? decode(q.after) : null;
  const rows = await queryRows<{ id: string; txid: string; type: string; data: unknown; created_at: string }>(
    db,
    sql`select id::text as id, txid::text as txid, type, data, created_at from feed_events
      where company_id = ${companyId}
        ${after ? sql`and (txid, id) > (${after.txid}::bigint, ${after.id}::bigint)` : sql``}
        and txid < (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint
      order by txid, id limit ${q.limit + 1}`,
  );
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(
      (r) =>
        ({
          id: encode(r.txid, r.id),
          type: r.type,
          created_at: new Date(r.created_at).toISOString(),
          data: r.data,
        }) as V1FeedEvent,
    ),
    next_cursor: last ? encode(last.txid, last.id) : (q.after ?? null),
    has_more: rows.length > q.limit,
  };
}

/** The hourly purge: events past the feed's 30 days. */
export async function purgeFeedEvents(db: Db, now = new Date()): Promise<number> {
  const purged = await db
    .delete(feedEvents)
    .where(lt(feedEvents.createdAt, new Date(now.getTime() - FEED_RETENTION_DAYS * 86_400_000)))
    .returning({ id: feedEvents.id });
  return purged.length;
}
