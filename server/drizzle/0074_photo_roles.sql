-- What each photo shows (front, back, side, nutrition panel, ingredients, barcode face), as the supplier chose it;
-- null: no choice made, the portal's proposal from what the photo pipeline read stands. A submission's files keep the
-- roles their draft's photos had at Submit.
ALTER TABLE "draft_files" ADD COLUMN "photo_roles" text[];--> statement-breakpoint
ALTER TABLE "submission_files" ADD COLUMN "photo_roles" text[];
