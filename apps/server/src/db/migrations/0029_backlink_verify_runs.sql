CREATE TABLE "backlink_verify_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"location_id" text,
	"status" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"checked" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"broken" integer DEFAULT 0 NOT NULL,
	"unverifiable" integer DEFAULT 0 NOT NULL,
	"unreachable" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "backlink_verify_runs" ADD CONSTRAINT "backlink_verify_runs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backlink_verify_runs" ADD CONSTRAINT "backlink_verify_runs_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backlink_verify_runs_business_started_idx" ON "backlink_verify_runs" USING btree ("business_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "backlink_verify_runs_one_active_idx" ON "backlink_verify_runs" USING btree ("business_id") WHERE "backlink_verify_runs"."status" in ('queued', 'running');