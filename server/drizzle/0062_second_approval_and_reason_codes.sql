-- Work shared between reviewers: reason codes for reporting (on stock reasons, stored with each rejection and
-- comment), and an optional second approval per partner: a decision that needs one waits in review_pending_decisions
-- (the item stays SUBMITTED, the supplier hears nothing) until another reviewer approves it or sends it back.
ALTER TABLE "review_stock_reasons" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "submission_history" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "submission_comments" ADD COLUMN "reason_code" text;--> statement-breakpoint
CREATE INDEX "submission_history_reason_code_idx" ON "submission_history" ("at") WHERE "reason_code" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_configurations" ADD COLUMN "second_approval" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_configurations" ADD CONSTRAINT "partner_configurations_second_approval_check"
  CHECK ("second_approval" IN ('off', 'reject', 'accept', 'both'));--> statement-breakpoint
CREATE TABLE "review_pending_decisions" (
  "submission_id" uuid PRIMARY KEY NOT NULL REFERENCES "product_submissions"("id") ON DELETE CASCADE,
  "decision" text NOT NULL CHECK ("decision" IN ('accept', 'reject')),
  "reason" text,
  "reason_code" text,
  "comments" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "proposed_by" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "proposed_at" timestamp with time zone DEFAULT now() NOT NULL
);
