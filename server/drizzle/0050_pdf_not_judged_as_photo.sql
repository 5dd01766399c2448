-- PDFs (spec sheets, label artwork) are not judged as photos: files checked before keep only the checks of the code
-- read from them, and no perceptual hash (their fingerprints go with it, by the fingerprint triggers).
UPDATE "draft_files" SET "perceptual_hash" = NULL, "quality_issues" = COALESCE(
  (SELECT jsonb_agg(i) FROM jsonb_array_elements("quality_issues") AS i
    WHERE i->>'code' NOT IN ('LOW_RESOLUTION', 'BLURRY', 'TOO_DARK', 'OVEREXPOSED', 'DUPLICATE')),
  '[]'::jsonb)
WHERE "kind" = 'pdf';--> statement-breakpoint
UPDATE "submission_files" SET "perceptual_hash" = NULL, "quality_issues" = COALESCE(
  (SELECT jsonb_agg(i) FROM jsonb_array_elements("quality_issues") AS i
    WHERE i->>'code' NOT IN ('LOW_RESOLUTION', 'BLURRY', 'TOO_DARK', 'OVEREXPOSED', 'DUPLICATE')),
  '[]'::jsonb)
WHERE "kind" = 'pdf';
