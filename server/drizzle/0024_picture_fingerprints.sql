-- Picture hashes cut into bands, indexed per company: the duplicate check looks a picture up instead of reading
-- every hash of the company.
CREATE TABLE "picture_fingerprints" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "picture_fingerprints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"draft_file_id" uuid,
	"submission_file_id" uuid,
	"hash" text NOT NULL,
	"whole0" integer GENERATED ALWAYS AS (('x' || substr(split_part(hash, '-', 1), 1, 5))::bit(20)::integer) STORED,
	"whole1" integer GENERATED ALWAYS AS (('x' || substr(split_part(hash, '-', 1), 6, 5))::bit(20)::integer) STORED,
	"whole2" integer GENERATED ALWAYS AS (('x' || substr(split_part(hash, '-', 1), 11, 6))::bit(24)::integer) STORED,
	"centre0" integer GENERATED ALWAYS AS (('x' || substr(coalesce(nullif(split_part(hash, '-', 2), ''), split_part(hash, '-', 1)), 1, 5))::bit(20)::integer) STORED,
	"centre1" integer GENERATED ALWAYS AS (('x' || substr(coalesce(nullif(split_part(hash, '-', 2), ''), split_part(hash, '-', 1)), 6, 5))::bit(20)::integer) STORED,
	"centre2" integer GENERATED ALWAYS AS (('x' || substr(coalesce(nullif(split_part(hash, '-', 2), ''), split_part(hash, '-', 1)), 11, 6))::bit(24)::integer) STORED
);
--> statement-breakpoint
ALTER TABLE "picture_fingerprints" ADD CONSTRAINT "picture_fingerprints_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_fingerprints" ADD CONSTRAINT "picture_fingerprints_draft_file_id_draft_files_id_fk" FOREIGN KEY ("draft_file_id") REFERENCES "public"."draft_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_fingerprints" ADD CONSTRAINT "picture_fingerprints_submission_file_id_submission_files_id_fk" FOREIGN KEY ("submission_file_id") REFERENCES "public"."submission_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "picture_fingerprints_draft_file_idx" ON "picture_fingerprints" USING btree ("draft_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "picture_fingerprints_submission_file_idx" ON "picture_fingerprints" USING btree ("submission_file_id");--> statement-breakpoint
CREATE INDEX "picture_fingerprints_whole0_idx" ON "picture_fingerprints" USING btree ("company_id","whole0");--> statement-breakpoint
CREATE INDEX "picture_fingerprints_whole1_idx" ON "picture_fingerprints" USING btree ("company_id","whole1");--> statement-breakpoint
CREATE INDEX "picture_fingerprints_whole2_idx" ON "picture_fingerprints" USING btree ("company_id","whole2");--> statement-breakpoint
CREATE INDEX "picture_fingerprints_centre0_idx" ON "picture_fingerprints" USING btree ("company_id","centre0");--> statement-breakpoint
CREATE INDEX "picture_fingerprints_centre1_idx" ON "picture_fingerprints" USING btree ("company_id","centre1");--> statement-breakpoint
CREATE INDEX "picture_fingerprints_centre2_idx" ON "picture_fingerprints" USING btree ("company_id","centre2");--> statement-breakpoint
-- Every file's hash is fingerprinted where it is written, whichever code writes it: a file's row is replaced when its
-- hash is set or changed, and goes with the file (the foreign keys cascade).
CREATE FUNCTION fingerprint_draft_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM picture_fingerprints WHERE draft_file_id = NEW.id;
  IF NEW.perceptual_hash IS NOT NULL THEN
    INSERT INTO picture_fingerprints (company_id, draft_file_id, hash)
      SELECT d.company_id, NEW.id, NEW.perceptual_hash FROM draft_submissions d WHERE d.id = NEW.draft_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER draft_files_fingerprint_on_insert AFTER INSERT ON draft_files FOR EACH ROW
  WHEN (NEW.perceptual_hash IS NOT NULL) EXECUTE FUNCTION fingerprint_draft_file();
--> statement-breakpoint
CREATE TRIGGER draft_files_fingerprint_on_update AFTER UPDATE OF perceptual_hash ON draft_files FOR EACH ROW
  WHEN (NEW.perceptual_hash IS DISTINCT FROM OLD.perceptual_hash) EXECUTE FUNCTION fingerprint_draft_file();
--> statement-breakpoint
CREATE FUNCTION fingerprint_submission_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM picture_fingerprints WHERE submission_file_id = NEW.id;
  IF NEW.perceptual_hash IS NOT NULL THEN
    INSERT INTO picture_fingerprints (company_id, submission_file_id, hash)
      SELECT s.company_id, NEW.id, NEW.perceptual_hash FROM product_submissions s WHERE s.id = NEW.submission_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER submission_files_fingerprint_on_insert AFTER INSERT ON submission_files FOR EACH ROW
  WHEN (NEW.perceptual_hash IS NOT NULL) EXECUTE FUNCTION fingerprint_submission_file();
--> statement-breakpoint
CREATE TRIGGER submission_files_fingerprint_on_update AFTER UPDATE OF perceptual_hash ON submission_files FOR EACH ROW
  WHEN (NEW.perceptual_hash IS DISTINCT FROM OLD.perceptual_hash) EXECUTE FUNCTION fingerprint_submission_file();
--> statement-breakpoint
INSERT INTO picture_fingerprints (company_id, draft_file_id, hash)
  SELECT d.company_id, f.id, f.perceptual_hash FROM draft_files f JOIN draft_submissions d ON d.id = f.draft_id
  WHERE f.perceptual_hash IS NOT NULL;
--> statement-breakpoint
INSERT INTO picture_fingerprints (company_id, submission_file_id, hash)
  SELECT s.company_id, f.id, f.perceptual_hash FROM submission_files f JOIN product_submissions s ON s.id = f.submission_id
  WHERE f.perceptual_hash IS NOT NULL;
