CREATE TABLE "draft_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"kind" text NOT NULL,
	"size" integer NOT NULL,
	"position" integer NOT NULL,
	"upc" text,
	"product_name" text,
	"shipping_profile_id" integer,
	"is_marketing_image" boolean DEFAULT false NOT NULL,
	"detected_upcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"detection_status" text DEFAULT 'pending' NOT NULL,
	"thumbnail_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draft_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"partner_company_id" integer,
	"is_imported" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"partner_company_id" integer,
	"upc" text NOT NULL,
	"ean13_upc" text NOT NULL,
	"product_name" text,
	"item_status" text NOT NULL,
	"is_imported" boolean DEFAULT false NOT NULL,
	"shipping_profile_id" integer,
	"detected_upcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"kind" text NOT NULL,
	"size" integer NOT NULL,
	"position" integer NOT NULL,
	"is_marketing_image" boolean DEFAULT false NOT NULL,
	"detected_upcs" text[] DEFAULT '{}'::text[] NOT NULL,
	"thumbnail_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draft_files" ADD CONSTRAINT "draft_files_draft_id_draft_submissions_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."draft_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_submissions" ADD CONSTRAINT "draft_submissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_submissions" ADD CONSTRAINT "draft_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_submissions" ADD CONSTRAINT "draft_submissions_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD CONSTRAINT "product_submissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD CONSTRAINT "product_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD CONSTRAINT "product_submissions_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_submission_id_product_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."product_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draft_files_draft_idx" ON "draft_files" USING btree ("draft_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "draft_files_name_idx" ON "draft_files" USING btree ("draft_id",lower("file_name"));--> statement-breakpoint
CREATE INDEX "draft_submissions_company_idx" ON "draft_submissions" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "product_submissions_company_status_idx" ON "product_submissions" USING btree ("company_id","item_status","updated_at");--> statement-breakpoint
CREATE INDEX "product_submissions_status_idx" ON "product_submissions" USING btree ("item_status","updated_at");--> statement-breakpoint
CREATE INDEX "product_submissions_ean13_idx" ON "product_submissions" USING btree ("ean13_upc");--> statement-breakpoint
CREATE INDEX "submission_files_submission_idx" ON "submission_files" USING btree ("submission_id","position");