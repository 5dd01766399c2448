-- A delivery attempt claims its delivery (an automatic retry and a Redeliver never send at once), and old
-- deliveries are purged by age.
ALTER TABLE "webhook_deliveries" ADD COLUMN "attempt_claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created_idx" ON "webhook_deliveries" USING btree ("created_at");