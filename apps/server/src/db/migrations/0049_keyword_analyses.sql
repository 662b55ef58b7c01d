CREATE TABLE "keyword_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"location_id" text,
	"keyword_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"result" jsonb,
	"failure" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "keyword_analyses_status_check" CHECK ((status = 'pending' and result is null and failure is null)
        or (status = 'done' and result is not null and failure is null)
        or (status = 'failed' and result is null and failure is not null))
);
--> statement-breakpoint
ALTER TABLE "keyword_analyses" ADD CONSTRAINT "keyword_analyses_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_analyses" ADD CONSTRAINT "keyword_analyses_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword_analyses" ADD CONSTRAINT "keyword_analyses_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "keyword_analyses_business_id_idx" ON "keyword_analyses" USING btree ("business_id","created_at");