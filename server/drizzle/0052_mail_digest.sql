-- Suppliers choose how they hear of decisions: each at once (as before), or one digest an hour or a day.
ALTER TABLE "users" ADD COLUMN "mail_digest" text DEFAULT 'immediate' NOT NULL;--> statement-breakpoint
-- A decision waiting for a user's next digest: what to say about it, written when the decision's mail would have gone.
CREATE TABLE "mail_digest_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"submission_id" uuid NOT NULL,
	"status" text NOT NULL,
	"product" text NOT NULL,
	"reason" text,
	"comments" text[] DEFAULT '{}'::text[] NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "mail_digest_items" ADD CONSTRAINT "mail_digest_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_digest_items_user_item_idx" ON "mail_digest_items" USING btree ("user_id","submission_id","status");
