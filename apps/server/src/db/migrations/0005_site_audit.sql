CREATE TABLE "site_audit_issues" (
	"run_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"check_id" text NOT NULL,
	"severity" text NOT NULL,
	"category" text NOT NULL,
	"page_count" integer NOT NULL,
	"pages" jsonb NOT NULL,
	CONSTRAINT "site_audit_issues_pkey" PRIMARY KEY("run_id","check_id")
);
--> statement-breakpoint
CREATE TABLE "site_audit_pages" (
	"run_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"final_url" text NOT NULL,
	"depth" integer NOT NULL,
	"status" integer,
	"outcome" text NOT NULL,
	"title" text,
	CONSTRAINT "site_audit_pages_pkey" PRIMARY KEY("run_id","position")
);
--> statement-breakpoint
CREATE TABLE "site_audit_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"status" text NOT NULL,
	"start_urls" jsonb NOT NULL,
	"budget" integer NOT NULL,
	"pages_crawled" integer DEFAULT 0 NOT NULL,
	"end_reason" text,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "site_audit_issues" ADD CONSTRAINT "site_audit_issues_run_id_site_audit_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."site_audit_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_audit_issues" ADD CONSTRAINT "site_audit_issues_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_audit_pages" ADD CONSTRAINT "site_audit_pages_run_id_site_audit_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."site_audit_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_audit_pages" ADD CONSTRAINT "site_audit_pages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_audit_runs" ADD CONSTRAINT "site_audit_runs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_audit_runs_business_started_idx" ON "site_audit_runs" USING btree ("business_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_audit_runs_one_running_idx" ON "site_audit_runs" USING btree ("business_id") WHERE "site_audit_runs"."status" = 'running';