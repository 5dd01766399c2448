-- Product facts past the draft: a submission carries its product's facts and where each value came from (the sources
-- name the file whose photo region a value was read from); a catalogued product keeps the facts staff certified.
ALTER TABLE "product_submissions" ADD COLUMN "facts" jsonb;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "fact_sources" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogued_products" ADD COLUMN "facts" jsonb;
