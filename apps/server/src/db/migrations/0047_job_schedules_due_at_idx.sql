DROP INDEX "job_schedules_due_idx";--> statement-breakpoint
CREATE INDEX "job_schedules_due_at_idx" ON "job_schedules" USING btree ("due_at") WHERE frequency <> 'off';