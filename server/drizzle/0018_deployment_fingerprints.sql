CREATE TABLE "deployment_fingerprints" (
	"name" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
