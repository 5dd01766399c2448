ALTER TABLE "draft_files" ADD COLUMN "detected_from" text;--> statement-breakpoint
ALTER TABLE "submission_files" ADD COLUMN "detected_from" text;--> statement-breakpoint
-- Every code read before this migration came from the bars: printed digits were not read yet.
UPDATE "draft_files" SET "detected_from" = 'bars' WHERE cardinality("detected_upcs") > 0;--> statement-breakpoint
UPDATE "submission_files" SET "detected_from" = 'bars' WHERE cardinality("detected_upcs") > 0;
