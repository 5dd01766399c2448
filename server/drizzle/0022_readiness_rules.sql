CREATE TABLE "partner_rule_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_company_id" integer NOT NULL,
	"version" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"saved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draft_files" ADD COLUMN "long_side_px" integer;--> statement-breakpoint
ALTER TABLE "partner_configurations" ADD COLUMN "min_image_long_side_px" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_files" ADD COLUMN "long_side_px" integer;--> statement-breakpoint
ALTER TABLE "partner_rule_sets" ADD CONSTRAINT "partner_rule_sets_partner_company_id_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_rule_sets" ADD CONSTRAINT "partner_rule_sets_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_rule_sets_version_idx" ON "partner_rule_sets" USING btree ("partner_company_id","version");