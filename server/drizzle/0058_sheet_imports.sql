-- "Create drafts" after a sheet's dry run: the rows to make drafts of, and how far the background job has come (it goes
-- on from `done` after a restart).
CREATE TABLE "sheet_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"partner_company_id" integer REFERENCES "companies"("id"),
	"file_name" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"products" jsonb NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"photos_attached" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sheet_imports_company_idx" ON "sheet_imports" ("company_id","created_at");
--> statement-breakpoint
-- A draft made from a sheet row: the product as the row gave it (a draft needs no photo yet), and the hash of that
-- content, so the same row imported again changes nothing.
ALTER TABLE "draft_submissions" ADD COLUMN "sheet_upc" text;
--> statement-breakpoint
ALTER TABLE "draft_submissions" ADD COLUMN "sheet_product_name" text;
--> statement-breakpoint
ALTER TABLE "draft_submissions" ADD COLUMN "sheet_product" jsonb;
--> statement-breakpoint
ALTER TABLE "draft_submissions" ADD COLUMN "sheet_content_hash" text;
--> statement-breakpoint
CREATE INDEX "draft_submissions_sheet_upc_idx" ON "draft_submissions" ("company_id","sheet_upc") WHERE "sheet_upc" IS NOT NULL;
