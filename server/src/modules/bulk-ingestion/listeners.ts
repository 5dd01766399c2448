import { and, eq } from 'drizzle-orm';
import { bulkIngestionFiles } from '../../db/schema.ts';
import type { submissionEvents } from '../submissions/events.ts';

/** Bulk ingestion follows its submissions: the files of an imported item follow it into the catalogue (part 2 section 4). */
export function subscribeBulkIngestion(events: typeof submissionEvents) {
  events.on('submissionStatusChanged', async ({ submission, to }, tx) => {
    if (to !== 'CATALOGUED') return;
    await tx
      .update(bulkIngestionFiles)
      .set({ status: 'CATALOGUED', updatedAt: new Date() })
      .where(and(eq(bulkIngestionFiles.submissionId, submission.id), eq(bulkIngestionFiles.status, 'SUBMITTED')));
  });
}
