-- Unlogged: counters are cheap to lose (a crash or a failover starts the windows again) and written at every
-- rate-limited request, so they skip the write-ahead log.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start_ms" bigint NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_ms_pk" PRIMARY KEY("key","window_start_ms")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expires_idx" ON "rate_limit_counters" USING btree ("expires_at");