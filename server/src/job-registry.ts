import type { AppContext } from './context.ts';
import { processDraftFile } from './modules/drafts/jobs.ts';
import { readDraftFileFacts } from './modules/drafts/fact-reading-job.ts';
import { processIngestionFile } from './modules/bulk-ingestion/pipeline.ts';
import { automatedChecks } from './modules/submissions/checks-job.ts';
import { readSubmissionFileFacts } from './modules/submissions/fact-reading-job.ts';
import { recountSubmissionCounts } from './modules/submissions/counts-job.ts';
import { recomputeReadinessOfPartnerJob, rejudgeSameUpcOfJob } from './modules/readiness/jobs.ts';
import { sendStatusMail } from './modules/submissions/notifications.ts';
import { sendDigestMail } from './modules/submissions/digest.ts';
import type { SomeJobDefinition } from './jobs/queue.ts';
import { createSheetDrafts } from './modules/sheet-import/create-drafts.ts';
import { sendPasswordResetMail } from './modules/auth/password-reset.ts';
import { sendInvitationMail } from './modules/people/service.ts';
import { deliverWebhook, publishHeldEvent } from './modules/webhooks/jobs.ts';

/** Every job of the portal; the runner refuses to start with a name registered twice. */
export function allJobs(ctx: AppContext): SomeJobDefinition[] {
  return [
    processDraftFile(ctx),
    readDraftFileFacts(ctx),
    automatedChecks(ctx),
    readSubmissionFileFacts(ctx),
    sendStatusMail(ctx),
    processIngestionFile(ctx),
    sendPasswordResetMail(ctx),
    sendInvitationMail(ctx),
    sendDigestMail(ctx),
    deliverWebhook(ctx),
    publishHeldEvent(ctx),
    recountSubmissionCounts(ctx),
    recomputeReadinessOfPartnerJob(ctx),
    rejudgeSameUpcOfJob(ctx),
    createSheetDrafts(ctx),
  ];
}
