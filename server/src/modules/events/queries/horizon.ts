import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/client.ts';

/**
 * Transaction ids of transactions running in OTHER databases of the server (and prepared ones of other databases):
 * they cannot write this database's events, so they must not hold its feed back. An id this cannot place (a session
 * already gone, a role not allowed to see it) stays counted as ours: never skipped, at worst late.
 */
const otherDatabasesXids = sql`
  select a.backend_xid from pg_stat_activity a
    where a.backend_xid is not null
      and a.datid is not null
      and a.datid <> (select d.oid from pg_database d where d.datname = current_database())
  union all
  select p.transaction from pg_prepared_xacts p where p.database <> current_database()`;

/** The current statement's snapshot's `xmax`: every transaction below it had an id when the snapshot was taken. */
export const snapshotXmax = sql`(pg_snapshot_xmax(pg_current_snapshot())::text)::bigint`;

/**
 * The feed's horizon, for the current statement's snapshot: the lowest transaction id that may still write events of
 * this database. Every transaction below it has finished (committed or not); every one that can write later has an id
 * at least this: one running now that is not in the snapshot's in-progress list has an id at least its xmax, and one
 * not started yet gets a higher id still. So events below the horizon are final, and a position at the horizon sorts
 * before every event to come (docs/decisions/api.md, "The change feed reads events in commit order without gaps").
 */
export const feedHorizon = sql`least(
    ${snapshotXmax},
    (select min((x::text)::bigint) from pg_snapshot_xip(pg_current_snapshot()) as x
      where x::xid not in (${otherDatabasesXids})))`;

export interface FeedLag {
  /** How long the transaction at the horizon has been running, in seconds (0: nothing holds the feed back). */
  seconds: number;
  /** Transaction ids handed out since the horizon: how far the feed trails the server's transaction counter. */
  xids: number;
}

/**
 * How far the feed trails: the transaction holding it back (the one at the horizon, in this database) and its age.
 * Its start time is only visible to the portal's own role and superusers; a session of another role counts 0 s, but
 * its distance still shows.
 */
export async function feedLag(db: Tx): Promise<FeedLag> {
  const [row] = await queryRows<{ seconds: number | null; xids: string }>(
    db,
    sql`with h as (
          select ${feedHorizon} as horizon, ${snapshotXmax} as next_xid)
        select h.next_xid - h.horizon as xids,
          (select extract(epoch from now() - coalesce(
              (select a.xact_start from pg_stat_activity a
                where a.backend_xid is not null and (a.backend_xid::text)::bigint = h.horizon % 4294967296
                  and a.datname = current_database()),
              (select p.prepared from pg_prepared_xacts p
                where (p.transaction::text)::bigint = h.horizon % 4294967296
                  and p.database = current_database()),
              now()))::float8) as seconds
        from h`,
  );
  return { seconds: Math.max(0, Number(row?.seconds ?? 0)), xids: Math.max(0, Number(row?.xids ?? 0)) };
}
