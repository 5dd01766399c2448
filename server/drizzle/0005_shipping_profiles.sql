CREATE TABLE "shipping_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"creator_id" integer,
	"name" text NOT NULL,
	"case_count" integer NOT NULL,
	"gross_weight_value" numeric(12, 3),
	"gross_weight_unit" text,
	"net_weight_value" numeric(12, 3),
	"net_weight_unit" text,
	"case_length_value" numeric(12, 3),
	"case_length_unit" text,
	"case_width_value" numeric(12, 3),
	"case_width_unit" text,
	"case_height_value" numeric(12, 3),
	"case_height_unit" text,
	"pallet_tiers" integer,
	"pallet_layers" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipping_profiles" ADD CONSTRAINT "shipping_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_profiles" ADD CONSTRAINT "shipping_profiles_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_profiles" ADD CONSTRAINT "shipping_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_profiles_company_name_idx" ON "shipping_profiles" USING btree ("company_id",lower("name"));--> statement-breakpoint
ALTER TABLE "draft_files" ADD CONSTRAINT "draft_files_shipping_profile_id_shipping_profiles_id_fk" FOREIGN KEY ("shipping_profile_id") REFERENCES "public"."shipping_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_shipping_profiles" ADD CONSTRAINT "product_shipping_profiles_shipping_profile_id_shipping_profiles_id_fk" FOREIGN KEY ("shipping_profile_id") REFERENCES "public"."shipping_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD CONSTRAINT "product_submissions_shipping_profile_id_shipping_profiles_id_fk" FOREIGN KEY ("shipping_profile_id") REFERENCES "public"."shipping_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_shipping_profiles_profile_idx" ON "product_shipping_profiles" USING btree ("shipping_profile_id");