-- Jobs fenced by their claim's token, fair between companies, and waiting out a dependency's outage without spending
-- the attempts meant for bad content.
ALTER TABLE "jobs" ADD COLUMN "lock_token" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "transient_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "transient_since" timestamp with time zone;