-- Staff-only internal notes on a submission: written and read in the review workspace, never shown to its supplier.
CREATE TABLE "review_notes" (
  "id" serial PRIMARY KEY NOT NULL,
  "submission_id" uuid NOT NULL REFERENCES "product_submissions"("id") ON DELETE CASCADE,
  "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "text" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "review_notes_submission_idx" ON "review_notes" ("submission_id", "id");
