-- API tokens are scoped per area: brand profiles, shipping profiles and bulk ingestion have their own read and write
-- scopes now. A token made before could read (and with write:productsubmissions change) them; it keeps that.
UPDATE "api_tokens"
SET "scopes" = "scopes" || ARRAY['read:brandprofiles', 'read:shippingprofiles', 'read:bulkingestion']
WHERE 'read:productsubmissions' = ANY ("scopes") OR 'write:productsubmissions' = ANY ("scopes");
--> statement-breakpoint
UPDATE "api_tokens"
SET "scopes" = "scopes" || ARRAY['write:brandprofiles', 'write:shippingprofiles', 'write:bulkingestion']
WHERE 'write:productsubmissions' = ANY ("scopes");
