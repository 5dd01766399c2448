DROP INDEX "picture_fingerprints_whole0_idx";--> statement-breakpoint
DROP INDEX "picture_fingerprints_whole1_idx";--> statement-breakpoint
DROP INDEX "picture_fingerprints_whole2_idx";--> statement-breakpoint
DROP INDEX "picture_fingerprints_centre0_idx";--> statement-breakpoint
DROP INDEX "picture_fingerprints_centre1_idx";--> statement-breakpoint
DROP INDEX "picture_fingerprints_centre2_idx";--> statement-breakpoint
ALTER TABLE "picture_fingerprints" ADD COLUMN "whole_bits" bigint GENERATED ALWAYS AS (('x' || split_part(hash, '-', 1))::bit(64)::bigint) STORED;--> statement-breakpoint
ALTER TABLE "picture_fingerprints" ADD COLUMN "centre_bits" bigint GENERATED ALWAYS AS (('x' || coalesce(nullif(split_part(hash, '-', 2), ''), split_part(hash, '-', 1)))::bit(64)::bigint) STORED;--> statement-breakpoint
CREATE INDEX "picture_fingerprints_whole0_idx" ON "picture_fingerprints" USING btree ("company_id","whole0","whole_bits","centre_bits","id");--> statement-breakpoint
CREATE INDEX "picture_fingerprints_whole1_idx" ON "picture_fingerprints" USING btree ("company_id","whole1","whole_bits","centre_bits","id");--> statement-breakpoint
CREATE INDEX "picture_fingerprints_whole2_idx" ON "picture_fingerprints" USING btree ("company_id","whole2","whole_bits","centre_bits","id");--> statement-breakpoint
CREATE INDEX "picture_fingerprints_centre0_idx" ON "picture_fingerprints" USING btree ("company_id","centre0","whole_bits","centre_bits","id");--> statement-breakpoint
CREATE INDEX "picture_fingerprints_centre1_idx" ON "picture_fingerprints" USING btree ("company_id","centre1","whole_bits","centre_bits","id");--> statement-breakpoint
CREATE INDEX "picture_fingerprints_centre2_idx" ON "picture_fingerprints" USING btree ("company_id","centre2","whole_bits","centre_bits","id");