ALTER TABLE "jobs" ADD COLUMN "progress" jsonb;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "readiness_percent" smallint;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "readiness_ready" boolean;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "readiness_version" integer;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "readiness_failing" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "readiness_failing_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "product_submissions_not_ready_idx" ON "product_submissions" USING btree ("item_status","updated_at","id") WHERE "product_submissions"."readiness_ready" = false;--> statement-breakpoint
CREATE INDEX "product_submissions_partner_not_ready_idx" ON "product_submissions" USING btree ("partner_company_id","item_status","updated_at","id") WHERE "product_submissions"."readiness_ready" = false;--> statement-breakpoint
CREATE INDEX "product_submissions_failing_codes_idx" ON "product_submissions" USING gin ("readiness_failing_codes");