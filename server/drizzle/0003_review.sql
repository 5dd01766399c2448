CREATE TABLE "submission_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "human_review_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "zendesk_ticket_id" text;--> statement-breakpoint
ALTER TABLE "product_submissions" ADD COLUMN "zendesk_ticket_url" text;--> statement-breakpoint
ALTER TABLE "submission_files" ADD COLUMN "detection_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_history" ADD CONSTRAINT "submission_history_submission_id_product_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."product_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_history" ADD CONSTRAINT "submission_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_history_submission_idx" ON "submission_history" USING btree ("submission_id","at");