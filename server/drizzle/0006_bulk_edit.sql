CREATE TABLE "attributes" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_accounts" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"market_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_attributes" (
	"submission_id" uuid NOT NULL,
	"attribute_id" integer NOT NULL,
	CONSTRAINT "submission_attributes_submission_id_attribute_id_pk" PRIMARY KEY("submission_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "submission_market_accounts" (
	"submission_id" uuid NOT NULL,
	"market_account_id" integer NOT NULL,
	CONSTRAINT "submission_market_accounts_submission_id_market_account_id_pk" PRIMARY KEY("submission_id","market_account_id")
);
--> statement-breakpoint
CREATE TABLE "suggested_classes" (
	"name" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units_of_measure" (
	"name" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "suggested_class" text;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "height" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "width" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "depth" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "size" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "uom" text;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "fob_cost" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "msrp" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "edlp" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "delivered_cost" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "wholesale_cost" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "free_fill" boolean;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "in_store_demo" boolean;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "fair_share_merchandising_support" boolean;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "paid_ads" boolean;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "off_invoice" boolean;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "tpr" boolean;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "partner_statuses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "partner_status_label" text DEFAULT 'N/A' NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_attributes" ADD CONSTRAINT "submission_attributes_submission_id_product_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."product_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_attributes" ADD CONSTRAINT "submission_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_market_accounts" ADD CONSTRAINT "submission_market_accounts_submission_id_product_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."product_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_market_accounts" ADD CONSTRAINT "submission_market_accounts_market_account_id_market_accounts_id_fk" FOREIGN KEY ("market_account_id") REFERENCES "public"."market_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_accounts_name_idx" ON "market_accounts" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "product_submissions" ADD CONSTRAINT "product_submissions_suggested_class_suggested_classes_name_fk" FOREIGN KEY ("suggested_class") REFERENCES "public"."suggested_classes"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD CONSTRAINT "product_submissions_uom_units_of_measure_name_fk" FOREIGN KEY ("uom") REFERENCES "public"."units_of_measure"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_submissions_company_partner_status_idx" ON "product_submissions" USING btree ("company_id","partner_company_id","item_status","updated_at");--> statement-breakpoint
CREATE INDEX "product_submissions_partner_status_idx" ON "product_submissions" USING btree ("partner_company_id","item_status","updated_at");