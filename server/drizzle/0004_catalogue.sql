CREATE TABLE "catalogued_products" (
	"ean13_upc" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"brand" text NOT NULL,
	"department" text,
	"category" text,
	"subcategory" text,
	"item_size" text,
	"units_of_measure" text,
	"pack_count" integer,
	"is_delisted" boolean DEFAULT false NOT NULL,
	"delisted_at" timestamp with time zone,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_shipping_profiles" (
	"company_id" integer NOT NULL,
	"ean13_upc" text NOT NULL,
	"shipping_profile_id" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_shipping_profiles_company_id_ean13_upc_pk" PRIMARY KEY("company_id","ean13_upc")
);
--> statement-breakpoint
ALTER TABLE "catalogued_products" ADD CONSTRAINT "catalogued_products_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_shipping_profiles" ADD CONSTRAINT "product_shipping_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_shipping_profiles" ADD CONSTRAINT "product_shipping_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogued_products_ean13_prefix_idx" ON "catalogued_products" USING btree ("ean13_upc" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "catalogued_products_updated_idx" ON "catalogued_products" USING btree ("updated_at","ean13_upc");--> statement-breakpoint
CREATE INDEX "catalogued_products_brand_idx" ON "catalogued_products" USING btree (lower("brand"),"ean13_upc");--> statement-breakpoint
CREATE INDEX "catalogued_products_description_idx" ON "catalogued_products" USING btree (lower("description"),"ean13_upc");--> statement-breakpoint
CREATE INDEX "product_submissions_company_ean13_idx" ON "product_submissions" USING btree ("company_id","ean13_upc");