-- Bulk ingestion: a scanned file keeps its source key after the move, and says when it left the source (by the
-- database's clock), so a scan that lists outside any transaction skips a file moved since its listing began.
ALTER TABLE "bulk_ingestion_files" ADD COLUMN "source_left_at" timestamp with time zone;--> statement-breakpoint
-- Row versions of what the integration API serves: drafts and submissions, and their files. Every insert and every
-- update takes a new number from one sequence, so the version of a representation is the greatest of its row's and
-- its files' (an ETag), and grows with any write to any of them without a write to one locking the other. An update
-- of a draft or a submission also sets `updated_at` from the database's clock, strictly later than before.
CREATE SEQUENCE "row_version_seq";--> statement-breakpoint
ALTER TABLE "draft_submissions" ADD COLUMN "version" bigint DEFAULT nextval('row_version_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "version" bigint DEFAULT nextval('row_version_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "draft_files" ADD COLUMN "version" bigint DEFAULT nextval('row_version_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_files" ADD COLUMN "version" bigint DEFAULT nextval('row_version_seq') NOT NULL;--> statement-breakpoint
CREATE FUNCTION "next_row_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."version" := nextval('row_version_seq');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION "next_row_version_and_time"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."version" := nextval('row_version_seq');
  NEW."updated_at" := greatest(clock_timestamp(), OLD."updated_at" + interval '1 microsecond');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "draft_submissions_version" BEFORE UPDATE ON "draft_submissions"
  FOR EACH ROW EXECUTE FUNCTION "next_row_version_and_time"();--> statement-breakpoint
CREATE TRIGGER "product_submissions_version" BEFORE UPDATE ON "product_submissions"
  FOR EACH ROW EXECUTE FUNCTION "next_row_version_and_time"();--> statement-breakpoint
CREATE TRIGGER "draft_files_version" BEFORE UPDATE ON "draft_files"
  FOR EACH ROW EXECUTE FUNCTION "next_row_version"();--> statement-breakpoint
CREATE TRIGGER "submission_files_version" BEFORE UPDATE ON "submission_files"
  FOR EACH ROW EXECUTE FUNCTION "next_row_version"();
