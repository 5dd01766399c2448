import type { Actor, ItemStatus, ReviewCommentParsed, StoredReadiness } from '@portal/domain';
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
    /** A reviewer's comments on fields and files that came with it (a rejection in the review workspace). */
    comments: readonly ReviewCommentParsed[];
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
}

export const submissionEvents = new TypedEvents<SubmissionEvents>();
