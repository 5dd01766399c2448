-- The version of a submission each rejection saw (its fields as shown and its files, without their bytes): a
-- resubmission replaces the files and may follow other edits, and the reviewer compares it with what was rejected.
CREATE TABLE "submission_versions" (
  "id" serial PRIMARY KEY NOT NULL,
  "submission_id" uuid NOT NULL REFERENCES "product_submissions"("id") ON DELETE CASCADE,
  "history_id" integer NOT NULL REFERENCES "submission_history"("id") ON DELETE CASCADE,
  "field_values" jsonb NOT NULL,
  "files" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "submission_versions_history_idx" ON "submission_versions" ("history_id");--> statement-breakpoint
CREATE INDEX "submission_versions_submission_idx" ON "submission_versions" ("submission_id", "history_id");
