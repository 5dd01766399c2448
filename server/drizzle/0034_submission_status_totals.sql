-- Staff-wide submission counts per status and partner, striped over 16 rows by company_id % 16 (TOTAL_STRIPES in
-- modules/submissions/counts.ts), filled from the maintained company counts there are. The staff totals read this
-- table now, so the index for summing company counts by status goes.
CREATE TABLE "submission_status_totals" (
	"item_status" text NOT NULL,
	"partner_key" integer NOT NULL,
	"stripe" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "submission_status_totals_item_status_partner_key_stripe_pk" PRIMARY KEY("item_status","partner_key","stripe")
);
--> statement-breakpoint
DROP INDEX "submission_counts_status_idx";--> statement-breakpoint
INSERT INTO "submission_status_totals" ("item_status", "partner_key", "stripe", "n")
  SELECT "item_status", "partner_key", "company_id" % 16, sum("n")::int
  FROM "submission_counts" GROUP BY 1, 2, 3;
