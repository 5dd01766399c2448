-- Photos added on resubmit or for a catalogued product are read for product facts as a draft's are: the readings,
-- whether the file is read (null: not read, such as files that come from a draft, which were read there) and the
-- fields whose reading the supplier dismissed. A rejected version keeps the facts it had, for the resubmission's diff.
ALTER TABLE "submission_files" ADD COLUMN "fact_readings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_files" ADD COLUMN "fact_reading_status" text;--> statement-breakpoint
ALTER TABLE "submission_files" ADD COLUMN "dismissed_facts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_versions" ADD COLUMN "facts" jsonb;--> statement-breakpoint
ALTER TABLE "submission_versions" ADD COLUMN "facts_kept" boolean DEFAULT false NOT NULL;
