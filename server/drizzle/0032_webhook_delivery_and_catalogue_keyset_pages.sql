DROP INDEX "webhook_deliveries_endpoint_idx";--> statement-breakpoint
CREATE INDEX "catalogued_products_item_size_idx" ON "catalogued_products" USING btree (coalesce("item_size", ''),"ean13_upc");--> statement-breakpoint
CREATE INDEX "catalogued_products_units_idx" ON "catalogued_products" USING btree (coalesce("units_of_measure", ''),"ean13_upc");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_page_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at","id");