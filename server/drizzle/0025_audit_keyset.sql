-- Audit pages read by keyset: each filter's index ends in the id, the order of the list.
DROP INDEX "audit_log_action_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_company_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_target_idx";--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","id");