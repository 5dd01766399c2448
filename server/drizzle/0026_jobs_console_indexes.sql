-- The jobs console lists a state (and a type) newest first by index.
CREATE INDEX "jobs_state_idx" ON "jobs" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "jobs_state_type_idx" ON "jobs" USING btree ("status","name","id");