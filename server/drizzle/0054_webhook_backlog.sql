-- The metrics scrape counts the deliveries still to be sent, per endpoint and company: a small partial index on the
-- pending ones keeps that read off the whole delivery log.
CREATE INDEX IF NOT EXISTS "webhook_deliveries_pending_idx" ON "webhook_deliveries" ("endpoint_id") WHERE "status" = 'PENDING';
