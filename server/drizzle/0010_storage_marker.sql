CREATE TABLE "storage_marker" (
	"id" integer PRIMARY KEY NOT NULL,
	"marker_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
