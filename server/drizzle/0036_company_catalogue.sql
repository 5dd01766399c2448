-- Each company's catalogue (modules/catalogue/membership.ts): a row per catalogued product the company has a
-- submission of, with copies of the product's sort keys, and the count of its listed rows; filled from the submissions
-- and products there are, before the indexes are built (one sort each rather than a row at a time).
CREATE TABLE "company_catalogue" (
	"company_id" integer NOT NULL,
	"ean13_upc" text NOT NULL,
	"n" integer NOT NULL,
	"listed" boolean NOT NULL,
	"brand" text NOT NULL,
	"description" text NOT NULL,
	"item_size" text NOT NULL,
	"units_of_measure" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "company_catalogue_company_id_ean13_upc_pk" PRIMARY KEY("company_id","ean13_upc")
);
--> statement-breakpoint
CREATE TABLE "company_catalogue_counts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "company_catalogue" ("company_id", "ean13_upc", "n", "listed", "brand", "description", "item_size",
    "units_of_measure", "updated_at")
  SELECT s."company_id", s."ean13_upc", count(*)::int, NOT p."is_delisted", lower(p."brand"), lower(p."description"),
    coalesce(p."item_size", ''), coalesce(p."units_of_measure", ''), p."updated_at"
  FROM "product_submissions" s JOIN "catalogued_products" p ON p."ean13_upc" = s."ean13_upc"
  GROUP BY s."company_id", s."ean13_upc", p."ean13_upc";--> statement-breakpoint
INSERT INTO "company_catalogue_counts" ("company_id", "n")
  SELECT "company_id", count(*)::int FROM "company_catalogue" WHERE "listed" GROUP BY 1;--> statement-breakpoint
CREATE INDEX "company_catalogue_ean13_idx" ON "company_catalogue" USING btree ("ean13_upc");--> statement-breakpoint
CREATE INDEX "company_catalogue_prefix_idx" ON "company_catalogue" USING btree ("company_id","ean13_upc" text_pattern_ops) WHERE listed;--> statement-breakpoint
CREATE INDEX "company_catalogue_updated_idx" ON "company_catalogue" USING btree ("company_id","updated_at","ean13_upc") WHERE listed;--> statement-breakpoint
CREATE INDEX "company_catalogue_brand_idx" ON "company_catalogue" USING btree ("company_id","brand","ean13_upc") WHERE listed;--> statement-breakpoint
CREATE INDEX "company_catalogue_description_idx" ON "company_catalogue" USING btree ("company_id","description","ean13_upc") WHERE listed;--> statement-breakpoint
CREATE INDEX "company_catalogue_item_size_idx" ON "company_catalogue" USING btree ("company_id","item_size","ean13_upc") WHERE listed;--> statement-breakpoint
CREATE INDEX "company_catalogue_units_idx" ON "company_catalogue" USING btree ("company_id","units_of_measure","ean13_upc") WHERE listed;