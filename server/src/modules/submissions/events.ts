import type { Actor, ItemStatus, ReviewCommentParsed, StoredReadiness } from '@portal/domain';
import type { JobHold } from '../../jobs/queue.ts';
import { TypedEvents } from '../../lib/typed-events.ts';
import type { SubmissionFileRow, SubmissionRow } from './repository.ts';

/** Who made a change: the user (null for the automated checks) and in which role. */
export interface ChangedBy {
  actor: Actor;
  userId: number | null;
}

/**
 * What other modules may learn about submissions. modules/submissions/ is the only writer of submissions, their
 * files and history; it emits these in the transaction of the change (see TypedEvents), after its own side
 * effects. Subscribe in server/src/listeners.ts.
 */
export interface SubmissionEvents {
  /** A new submission, SUBMITTED, with its files (draft submit, images for a catalogued product, bulk ingestion). */
  submissionCreated: {
    submission: SubmissionRow;
    files: SubmissionFileRow[];
    by: ChangedBy;
    /** What it was before (a draft: IN_PROGRESS), null when it is new (bulk ingestion, images for a product). */
    from: ItemStatus | null;
  };
  /** A status change (review, appeal, automated checks, cataloguing, delisting, resubmission). */
  submissionStatusChanged: {
    submission: SubmissionRow;
    from: ItemStatus;
    to: ItemStatus;
    by: ChangedBy;
    reason: string | null;
    /** A rejection's reason code for reporting (one of the stock reasons' codes); null without one. */
    reasonCode: string | null;
    /** A reviewer's comments on fields and files that came with it (a rejection in the review workspace). */
    comments: readonly ReviewCommentParsed[];
    /**
     * A review decision that can be undone for a while: what it tells outside (e-mail, webhooks, the change feed) is
     * held that long under the key, as jobs (enqueue's `hold`), which its undo cancels. Null: told at once.
     */
    hold: JobHold | null;
    /** The undo of a held decision (revertDecision): no one outside heard of the decision, so no one hears of this. */
    undoes: boolean;
  };
  /** Files added (bulk ingestion joins a waiting submission) or all of them replaced (resubmission). */
  submissionFilesChanged: { submission: SubmissionRow; files: SubmissionFileRow[]; replaced: SubmissionFileRow[] };
  /** Details changed: the product name, bulk-edit values, the shipping profile. */
  submissionUpdated: { submissionIds: string[]; fields: string[] };
  /**
   * Submissions whose readiness moved (became ready or not ready, or changed score) when their partner's rules
   * changed, one event per batch of the recompute (a rule change may move thousands): not emitted for a submission's
   * own changes (their events say those).
   */
  submissionsReadinessChanged: {
    changes: { submission: SubmissionRow; before: StoredReadiness | null; after: StoredReadiness | null }[];
  };
  /** Deleted, with the files it had (their blobs are removed after the commit). */
  submissionDeleted: { submission: SubmissionRow; files: SubmissionFileRow[] };

  // Steps of a change that feature modules take in its transaction, at the point the lifecycle emits them (their
  // row locks are taken there, in the order the lifecycle's comments give), before the change's events above.

  /**
   * A submission became one of its company's product's (made, or resubmitted, perhaps under another UPC): it and the
   * product agree on the shipping profile (shipping-profiles/listeners.ts), before its readiness is judged.
   */
  submissionJoinedProduct: { submission: SubmissionRow; userId: number | null };
  /**
   * What the readiness rules read of these submissions changed (made, files, details, shipping profile, photo
   * checks): judged again and stored now (readiness/listeners.ts), so the events that follow carry it.
   */
  readinessInputsChanged: { submissionIds: readonly string[] };
  /**
   * Submissions made, given another UPC or deleted: the others of their partners with the same EAN-13 may repeat a
   * UPC now, or no longer (the duplicate-upc rule), and are judged again after the commit (readiness/listeners.ts).
   */
  upcsChanged: {
    submissions: readonly Pick<SubmissionRow, 'id' | 'partnerCompanyId' | 'ean13Upc'>[];
    companyId: number | null;
  };
  /**
   * The products (a company's EAN-13s) whose submissions were made, deleted or moved to another EAN-13 or status:
   * emitted by counts.ts after every count row, so the company catalogue (catalogue/listeners.ts) takes its locks
   * after them, as the one lock order wants. May be empty.
   */
  companyProductsChanged: { products: { companyId: number; ean13Upc: string }[] };
}

export const submissionEvents = new TypedEvents<SubmissionEvents>();
