import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/client.ts';

/** Rows deleted per statement: a large backlog goes in short transactions, never one long lock. */
const PURGE_BATCH = 5_000;

/**
 * Deletes the deliveries created more than `days` days ago, whatever became of them, with their attempts (which
 * go with them: ON DELETE CASCADE). The log answers "what happened to this event" for a while; kept for ever it
 * grows with every event of every company. Returns how many deliveries went.
 */
export async function purgeOldWebhookDeliveries(db: Tx, days: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  let purged = 0;
  for (;;) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`delete from webhook_deliveries where id in (
            select id from webhook_deliveries where created_at < ${before.toISOString()}::timestamptz limit ${PURGE_BATCH}
          ) returning id`,
    );
    purged += rows.length;
    if (rows.length < PURGE_BATCH) return purged;
  }
}
