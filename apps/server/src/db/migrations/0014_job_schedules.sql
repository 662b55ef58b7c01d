CREATE TABLE "job_schedules" (
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"frequency" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_outcome" text,
	CONSTRAINT "job_schedules_business_id_kind_pk" PRIMARY KEY("business_id","kind")
);
--> statement-breakpoint
ALTER TABLE "job_schedules" ADD CONSTRAINT "job_schedules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_schedules_due_idx" ON "job_schedules" USING btree ("kind","due_at");