-- Saved views of the review queue: a reviewer's own named filters (the queue's address without page and size).
-- Names are unique per reviewer whatever their case.
CREATE TABLE "review_saved_views" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "filters" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "review_saved_views_user_name_idx" ON "review_saved_views" ("user_id", lower("name"));
