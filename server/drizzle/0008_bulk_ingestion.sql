CREATE TABLE "bulk_ingestion_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" integer NOT NULL,
	"filename" text NOT NULL,
	"source_key" text,
	"storage_key" text NOT NULL,
	"size" integer,
	"kind" text,
	"status" text DEFAULT 'RECEIVED' NOT NULL,
	"reason" text,
	"upc" text,
	"detected_ean13_upc" text,
	"ean13_upc" text,
	"submission_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_ingestion_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"source" text NOT NULL,
	"submitted_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_ingestion_files" ADD CONSTRAINT "bulk_ingestion_files_job_id_bulk_ingestion_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_ingestion_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_ingestion_files" ADD CONSTRAINT "bulk_ingestion_files_submission_id_product_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."product_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_ingestion_jobs" ADD CONSTRAINT "bulk_ingestion_jobs_organization_id_bulk_ingestion_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."bulk_ingestion_organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_ingestion_jobs" ADD CONSTRAINT "bulk_ingestion_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_ingestion_jobs" ADD CONSTRAINT "bulk_ingestion_jobs_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_ingestion_files_job_updated_idx" ON "bulk_ingestion_files" USING btree ("job_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_ingestion_files_job_name_idx" ON "bulk_ingestion_files" USING btree ("job_id","filename");--> statement-breakpoint
CREATE INDEX "bulk_ingestion_files_pending_idx" ON "bulk_ingestion_files" USING btree ("source_key") WHERE "bulk_ingestion_files"."source_key" is not null;--> statement-breakpoint
CREATE INDEX "bulk_ingestion_files_submission_idx" ON "bulk_ingestion_files" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "bulk_ingestion_jobs_company_idx" ON "bulk_ingestion_jobs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_ingestion_org_source_idx" ON "bulk_ingestion_organizations" USING btree ("image_source","folder_name");