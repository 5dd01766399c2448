ALTER TABLE "draft_files" ADD COLUMN "quality_issues" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "draft_files" ADD COLUMN "perceptual_hash" text;--> statement-breakpoint
ALTER TABLE "partner_configurations" ADD COLUMN "blocking_photo_checks" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_files" ADD COLUMN "quality_issues" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_files" ADD COLUMN "perceptual_hash" text;