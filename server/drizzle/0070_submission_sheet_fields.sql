-- The bulk-edit fields of a submission whose value the supplier's sheet gave at Submit, until someone edits them.
ALTER TABLE "product_submissions" ADD COLUMN "sheet_fields" text[] DEFAULT '{}'::text[] NOT NULL;
