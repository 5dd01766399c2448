import { TypedEvents } from '../../lib/typed-events.ts';

/**
 * What other modules may learn about bulk ingestion (webhooks, issue 21). modules/bulk-ingestion/ is the only
 * writer of its jobs and files; it emits these in the transaction of the change. Subscribe in server/src/listeners.ts.
 */
export interface IngestionEvents {
  /** Every file of the job has been read: none is RECEIVED or UNIDENTIFIED any more. Told once per job. */
  jobCompleted: {
    job: { id: number; companyId: number; source: string; createdAt: Date };
    counts: { total: number; identified: number; submitted: number; needsMapping: number; ignored: number };
  };
  /** No code could be read from a file, nor taken from its name: a person must give its UPC (a mapping file). */
  fileNeedsMapping: { file: { id: string; jobId: number; filename: string }; companyId: number };
}

export const ingestionEvents = new TypedEvents<IngestionEvents>();
