-- Product facts of a draft file (serving, nutrients, net content, ingredients, allergens): what the supplier typed or
-- accepted, where each value came from, what was read from the photo as suggestions, and the suggestions dismissed.
ALTER TABLE "draft_files" ADD COLUMN "facts" jsonb;--> statement-breakpoint
ALTER TABLE "draft_files" ADD COLUMN "fact_sources" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "draft_files" ADD COLUMN "fact_readings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "draft_files" ADD COLUMN "fact_reading_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "draft_files" ADD COLUMN "dismissed_facts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Files uploaded before photos were read are not waiting for a reading.
UPDATE "draft_files" SET "fact_reading_status" = 'done';--> statement-breakpoint
-- The facts read from a photo reach the open page as its barcodes do: the trigger also fires when they are stored.
DROP TRIGGER draft_files_changed ON draft_files;--> statement-breakpoint
CREATE TRIGGER draft_files_changed AFTER UPDATE ON draft_files FOR EACH ROW
  WHEN (OLD.detection_status IS DISTINCT FROM NEW.detection_status OR OLD.thumbnail_key IS DISTINCT FROM NEW.thumbnail_key
    OR OLD.fact_reading_status IS DISTINCT FROM NEW.fact_reading_status)
  EXECUTE FUNCTION notify_draft_file_changed();
