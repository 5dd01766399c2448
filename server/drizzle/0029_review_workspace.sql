CREATE TABLE "review_claims" (
	"submission_id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_stock_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_company_id" integer,
	"text" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "submitted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing submissions: when they last became SUBMITTED, as their history says (else when they were created).
UPDATE "product_submissions" s SET "submitted_at" = coalesce((SELECT max(h."at") FROM "submission_history" h WHERE h."submission_id" = s."id" AND h."to_status" = 'SUBMITTED'), s."created_at");--> statement-breakpoint
ALTER TABLE "review_claims" ADD CONSTRAINT "review_claims_submission_id_product_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."product_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_claims" ADD CONSTRAINT "review_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_stock_reasons" ADD CONSTRAINT "review_stock_reasons_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_stock_reasons" ADD CONSTRAINT "review_stock_reasons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_claims_user_idx" ON "review_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "review_stock_reasons_partner_idx" ON "review_stock_reasons" USING btree ("partner_company_id","id");--> statement-breakpoint
CREATE INDEX "product_submissions_status_submitted_idx" ON "product_submissions" USING btree ("item_status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "product_submissions_partner_status_submitted_idx" ON "product_submissions" USING btree ("partner_company_id","item_status","submitted_at","id");