import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bulkIngestionFiles } from '../../db/schema.ts';

/** Every status a bulk-ingestion file can have, so a metric lists each one even at zero. */
export const INGESTION_FILE_STATUSES = bulkIngestionFiles.status.enumValues;

/** How many ingestion files are in each status (the metrics scrape). */
export async function ingestionFileCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: bulkIngestionFiles.status, count: count() })
    .from(bulkIngestionFiles)
    .groupBy(bulkIngestionFiles.status);
  return new Map(rows.map((r) => [r.status, Number(r.count)]));
}
