import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/client.ts';

/** Rows deleted per statement: a large backlog goes in short transactions, never one long lock. */
const PURGE_BATCH = 5_000;

/**
 * Deletes the audit rows written more than `months` months ago (none when `months` is 0: kept for ever), oldest
 * first by the index on `at`. Returns how many went.
 */
export async function purgeOldAuditRows(db: Tx, months: number, now = new Date()): Promise<number> {
  if (months === 0) return 0;
  const before = new Date(now);
  before.setUTCMonth(before.getUTCMonth() - months);
  let purged = 0;
  for (;;) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`delete from audit_log where id in (
            select id from audit_log where at < ${before.toISOString()}::timestamptz order by at limit ${PURGE_BATCH}
          ) returning id`,
    );
    purged += rows.length;
    if (rows.length < PURGE_BATCH) return purged;
  }
}
