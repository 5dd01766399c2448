-- Maintained submission counts (per company, partner, status), filled from the rows there are; list indexes end in
-- (sort column, id) for keyset pages.
CREATE TABLE "submission_counts" (
	"company_id" integer NOT NULL,
	"partner_key" integer NOT NULL,
	"item_status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "submission_counts_company_id_partner_key_item_status_pk" PRIMARY KEY("company_id","partner_key","item_status")
);
--> statement-breakpoint
DROP INDEX "draft_submissions_company_idx";--> statement-breakpoint
DROP INDEX "product_submissions_company_status_idx";--> statement-breakpoint
DROP INDEX "product_submissions_company_partner_status_idx";--> statement-breakpoint
DROP INDEX "product_submissions_partner_status_idx";--> statement-breakpoint
DROP INDEX "product_submissions_status_idx";--> statement-breakpoint
ALTER TABLE "submission_counts" ADD CONSTRAINT "submission_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_counts_status_idx" ON "submission_counts" USING btree ("item_status","partner_key");--> statement-breakpoint
CREATE INDEX "product_submissions_company_status_created_idx" ON "product_submissions" USING btree ("company_id","item_status","created_at","id");--> statement-breakpoint
CREATE INDEX "product_submissions_status_created_idx" ON "product_submissions" USING btree ("item_status","created_at","id");--> statement-breakpoint
CREATE INDEX "draft_submissions_company_idx" ON "draft_submissions" USING btree ("company_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "product_submissions_company_status_idx" ON "product_submissions" USING btree ("company_id","item_status","updated_at","id");--> statement-breakpoint
CREATE INDEX "product_submissions_company_partner_status_idx" ON "product_submissions" USING btree ("company_id","partner_company_id","item_status","updated_at","id");--> statement-breakpoint
CREATE INDEX "product_submissions_partner_status_idx" ON "product_submissions" USING btree ("partner_company_id","item_status","updated_at","id");--> statement-breakpoint
CREATE INDEX "product_submissions_status_idx" ON "product_submissions" USING btree ("item_status","updated_at","id");--> statement-breakpoint
INSERT INTO "submission_counts" ("company_id", "partner_key", "item_status", "n")
  SELECT "company_id", coalesce("partner_company_id", 0), "item_status", count(*)::int
  FROM "product_submissions" GROUP BY 1, 2, 3;
