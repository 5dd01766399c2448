CREATE TABLE "submission_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" uuid NOT NULL,
	"history_id" integer NOT NULL,
	"target" text NOT NULL,
	"file_name" text,
	"region" jsonb,
	"text" text NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draft_files" ADD COLUMN "barcode_region" jsonb;--> statement-breakpoint
ALTER TABLE "submission_files" ADD COLUMN "barcode_region" jsonb;--> statement-breakpoint
ALTER TABLE "submission_comments" ADD CONSTRAINT "submission_comments_submission_id_product_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."product_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_comments" ADD CONSTRAINT "submission_comments_history_id_submission_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."submission_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_comments" ADD CONSTRAINT "submission_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_comments_history_idx" ON "submission_comments" USING btree ("submission_id","history_id","id");--> statement-breakpoint
CREATE INDEX "companies_kind_lower_name_idx" ON "companies" USING btree ("kind",lower("name") text_pattern_ops);