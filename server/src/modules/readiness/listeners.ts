import type { submissionEvents } from '../submissions/events.ts';
import { rejudgeLater } from './job-types.ts';
import { othersWithSameUpc, recomputeReadiness } from './store.ts';

/**
 * Stored readiness follows the submission lifecycle, in the transaction of each change: the submissions whose facts
 * changed are judged again at once; the others of a partner with a UPC that changed hands are judged after the
 * commit (judged inside the change, their row locks taken after the change's own made two concurrent changes of one
 * UPC wait on each other).
 */
export function subscribeReadiness(events: typeof submissionEvents) {
  events.on('readinessInputsChanged', async ({ submissionIds }, tx) => {
    await recomputeReadiness(tx, submissionIds);
  });
  events.on('upcsChanged', async ({ submissions, companyId }, tx) => {
    await rejudgeLater(tx, await othersWithSameUpc(tx, submissions), companyId);
  });
}
