DROP INDEX "webhook_deliveries_endpoint_idx";--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_page_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at","id");