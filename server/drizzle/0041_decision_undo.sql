-- A review decision's e-mail and events for receivers wait out the undo window as held jobs: the hold key names the
-- decision, so that its undo cancels them (every one still waiting, or none).
ALTER TABLE "jobs" ADD COLUMN "hold_key" text;--> statement-breakpoint
CREATE INDEX "jobs_hold_key_idx" ON "jobs" USING btree ("hold_key") WHERE "jobs"."hold_key" IS NOT NULL;--> statement-breakpoint
-- The history row of a held decision carries its key: the undo checks the decision is still the item's last change.
ALTER TABLE "submission_history" ADD COLUMN "hold_key" text;--> statement-breakpoint
-- A partner may turn the undo window off: its decisions' e-mails and events then leave at once.
ALTER TABLE "partner_configurations" ADD COLUMN "decision_undo" boolean DEFAULT true NOT NULL;
