-- A claim finds the companies with queued work of a job type by skipping through this index (one probe per
-- company), then each one's oldest due jobs: its cost follows the companies waiting, not the jobs.
CREATE INDEX "jobs_line_idx" ON "jobs" USING btree ("name","company_id","run_at","id") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
-- Claims of a job that ended with its worker gone (the claim expired, or the embedded database restarted).
ALTER TABLE "jobs" ADD COLUMN "stalls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Queued jobs with one coalescing key are one job; once a worker takes it, the key is free for new work.
ALTER TABLE "jobs" ADD COLUMN "coalesce_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_coalesce_idx" ON "jobs" USING btree ("coalesce_key") WHERE "jobs"."status" = 'queued';
