-- A submitted draft's submissions name it: a retried submit of the draft answers with them.
ALTER TABLE "product_submissions" ADD COLUMN "draft_id" uuid;--> statement-breakpoint
CREATE INDEX "product_submissions_draft_idx" ON "product_submissions" USING btree ("draft_id") WHERE "product_submissions"."draft_id" is not null;--> statement-breakpoint
-- Stock reasons: a text twice for one partner (two staff adding it at once) keeps its oldest row; the others go.
DELETE FROM "review_stock_reasons" "later" USING "review_stock_reasons" "kept" WHERE coalesce("later"."partner_company_id", -1) = coalesce("kept"."partner_company_id", -1) AND "later"."text" = "kept"."text" AND "later"."id" > "kept"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "review_stock_reasons_text_idx" ON "review_stock_reasons" USING btree (coalesce("partner_company_id", -1),"text");
