-- Reviewing at volume: a code read from a photo in its EAN-13 form (as the domain's toEan13 makes it), so the queue
-- can ask "the photos show codes and none of them is the typed UPC" in one predicate; assignments of items to
-- reviewers; a review SLA per partner.
CREATE OR REPLACE FUNCTION public.ean13_of(code text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT CASE
      WHEN d ~ '^0\d{7}$' THEN '0' || substr(d, 1, 1) || CASE
          WHEN substr(d, 7, 1) <= '2' THEN substr(d, 2, 2) || substr(d, 7, 1) || '0000' || substr(d, 4, 3)
          WHEN substr(d, 7, 1) = '3' THEN substr(d, 2, 3) || '00000' || substr(d, 5, 2)
          WHEN substr(d, 7, 1) = '4' THEN substr(d, 2, 4) || '00000' || substr(d, 6, 1)
          ELSE substr(d, 2, 5) || '0000' || substr(d, 7, 1)
        END || substr(d, 8, 1)
      WHEN length(d) = 8 THEN lpad(d, 13, '0')
      WHEN length(d) = 12 THEN '0' || d
      WHEN length(d) = 13 THEN d
      WHEN length(d) = 14 AND left(d, 1) = '0' THEN substr(d, 2)
      WHEN length(d) = 14 THEN d
      ELSE NULL
    END
    FROM (SELECT left(regexp_replace(code, '\D', '', 'g'), 14) AS d) AS digits
  $$;--> statement-breakpoint
CREATE TABLE "review_assignments" (
  "submission_id" uuid PRIMARY KEY NOT NULL REFERENCES "product_submissions"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "assigned_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "review_assignments_user_idx" ON "review_assignments" ("user_id");--> statement-breakpoint
ALTER TABLE "partner_configurations" ADD COLUMN "review_sla_hours" integer;
