import type { submissionEvents } from '../submissions/events.ts';
import { markCatalogued } from './repository.ts';

/** Bulk ingestion follows its submissions: the files of an imported item follow it into the catalogue (part 2 section 4). */
export function subscribeBulkIngestion(events: typeof submissionEvents) {
  events.on('submissionStatusChanged', async ({ submission, to }, tx) => {
    if (to !== 'CATALOGUED') return;
    await markCatalogued(tx, submission.id);
  });
}
