CREATE TABLE "brand_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"brand_logo_filename" text,
	"brand_logo_key" text,
	"product_one_sheet_filename" text,
	"product_one_sheet_key" text,
	"sales_deck_filename" text,
	"sales_deck_key" text,
	"marketing_video_url" text,
	"brand_website_url" text,
	"brand_country_code" text,
	"brand_state_code" text,
	"brand_city_name" text,
	"year_founded" integer,
	"brand_story" text,
	"facebook_url" text,
	"instagram_url" text,
	"twitter_url" text,
	"samples_offered" boolean,
	"primary_investor" text,
	"secondary_investor" text,
	"raising_investment" text,
	"primary_distribution_method" text,
	"secondary_distribution_method" text,
	"distribution_range" text,
	"distribution_range_states" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sales_contact" jsonb,
	"primary_broker" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"state_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "distribution_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "distribution_methods_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_profiles" ADD CONSTRAINT "brand_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_profiles" ADD CONSTRAINT "brand_profiles_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brand_profiles_company_idx" ON "brand_profiles" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cities_state_name_idx" ON "cities" USING btree ("country_code","state_code","name");--> statement-breakpoint
CREATE UNIQUE INDEX "states_country_code_idx" ON "states" USING btree ("country_code","code");