DROP INDEX IF EXISTS "webhook_deliveries_message_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_message_idx" ON "webhook_deliveries" USING btree ("endpoint_id","message_id");
