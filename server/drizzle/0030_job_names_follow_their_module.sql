-- Job names follow the module that does the work: the status e-mail is the submissions' work, and the partner-status
-- recompute the bulk edit once queued is now the submissions' readiness recompute (same payload). The handlers also
-- run rows under the old names, which an instance of the earlier version may still enqueue during a rolling deploy.
UPDATE "jobs" SET "name" = 'submissions.statusMail' WHERE "name" = 'notifications.statusMail';--> statement-breakpoint
UPDATE "jobs" SET "name" = 'submissions.recomputeReadiness' WHERE "name" = 'bulkEdit.recomputePartnerStatuses';
