-- One search box across products, submissions, companies and submitters: typo-tolerant (trigram word similarity) and
-- accent-insensitive (unaccent). Both extensions ship with PostgreSQL 15 and are trusted (a database owner may create
-- them); the embedded database loads them at open (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;--> statement-breakpoint
-- unaccent() is STABLE (its dictionary could change), so it cannot be indexed: this wrapper names the dictionary and
-- is declared IMMUTABLE. Being declared stricter than its body, it is never inlined, so a query's search_text(...)
-- matches the index expression as written. Lowered, accents dropped: what every search compares.
CREATE OR REPLACE FUNCTION public.search_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
-- A submission by its product name and brand.
CREATE INDEX "product_submissions_search_idx" ON "product_submissions"
  USING gin (public.search_text(coalesce("product_name", '') || ' ' || coalesce("brand", '')) gin_trgm_ops);--> statement-breakpoint
-- A submission by a UPC prefix (LIKE 'prefix%' needs pattern ops whatever the database collation).
CREATE INDEX "product_submissions_ean13_prefix_idx" ON "product_submissions" USING btree ("ean13_upc" text_pattern_ops);--> statement-breakpoint
-- A catalogued product by its description and brand (also the catalogue list's filter).
CREATE INDEX "catalogued_products_search_idx" ON "catalogued_products"
  USING gin (public.search_text("description" || ' ' || "brand") gin_trgm_ops);--> statement-breakpoint
-- Staff find companies by name and submitters by name or e-mail.
CREATE INDEX "companies_search_idx" ON "companies" USING gin (public.search_text("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users"
  USING gin (public.search_text("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);
