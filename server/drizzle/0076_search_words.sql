-- The search box at tens of millions of submissions. A trigram index answers a typo by rechecking every text that
-- shares enough trigrams with the query, and names drawn from a catalogue's words share them by the million. Instead,
-- each word of the query is matched to the words the catalogue holds (search_words, with its own trigram index: a
-- few thousand to a few hundred thousand words, whatever the rows), and the rows holding one of each word's matches
-- are read from a word index (tsvector GIN), which intersects lists of rows instead of rechecking texts.
CREATE TABLE IF NOT EXISTS "search_words" ("word" text PRIMARY KEY);--> statement-breakpoint
-- GiST, not GIN: a query word's nearest words by trigram distance (KNN), whatever their similarity, and its words
-- within the word-similarity threshold, from one index.
CREATE INDEX IF NOT EXISTS "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- The words of a searched text, as the word indexes below hold them.
CREATE OR REPLACE FUNCTION public.search_vector(text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT to_tsvector('simple'::regconfig, public.search_text($1)) $$;--> statement-breakpoint
-- Kept by the database itself, so that no writer of submissions or catalogued products can forget it. A word is never
-- taken out: one no row holds any more only matches nothing. A new word is inserted under a try-lock of one of 256
-- buckets of words (advisory space 727320, db/lock-order.ts): a word of a bucket another transaction holds is left,
-- so a writer never waits for another's commit here, and a transaction holds at most 256 such locks however many new
-- words it writes. A word left waits for the next row that holds it.
CREATE OR REPLACE FUNCTION public.keep_search_words(text) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.search_words (word)
  SELECT w FROM unnest(tsvector_to_array(public.search_vector($1))) AS w
  WHERE CASE WHEN EXISTS (SELECT 1 FROM public.search_words d WHERE d.word = w) THEN false
    ELSE pg_try_advisory_xact_lock(727320, hashtext(w) & 255) END
  ON CONFLICT DO NOTHING;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.keep_submission_search_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.keep_search_words(coalesce(NEW.product_name, '') || ' ' || coalesce(NEW.brand, ''));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.keep_product_search_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.keep_search_words(NEW.description || ' ' || NEW.brand);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_submissions_search_words" AFTER INSERT OR UPDATE OF "product_name", "brand"
  ON "product_submissions" FOR EACH ROW EXECUTE FUNCTION public.keep_submission_search_words();--> statement-breakpoint
CREATE TRIGGER "catalogued_products_search_words" AFTER INSERT OR UPDATE OF "description", "brand"
  ON "catalogued_products" FOR EACH ROW EXECUTE FUNCTION public.keep_product_search_words();--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT unnest(tsvector_to_array(public.search_vector(coalesce("product_name", '') || ' ' || coalesce("brand", ''))))
  FROM "product_submissions"
  UNION
  SELECT unnest(tsvector_to_array(public.search_vector("description" || ' ' || "brand"))) FROM "catalogued_products"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_submissions_words_idx" ON "product_submissions"
  USING gin (public.search_vector(coalesce("product_name", '') || ' ' || coalesce("brand", '')));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "catalogued_products_words_idx" ON "catalogued_products"
  USING gin (public.search_vector("description" || ' ' || "brand"));
