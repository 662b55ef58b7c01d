CREATE TABLE "search_console_imports" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"site_url" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"imported_at" timestamp with time zone,
	"first_day" date,
	"last_day" date
);
--> statement-breakpoint
CREATE TABLE "search_console_rows" (
	"business_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"clicks" integer NOT NULL,
	"impressions" integer NOT NULL,
	"ctr" double precision NOT NULL,
	"position" double precision NOT NULL,
	CONSTRAINT "search_console_rows_business_id_dimension_day_key_pk" PRIMARY KEY("business_id","dimension","day","key")
);
--> statement-breakpoint
ALTER TABLE "search_console_imports" ADD CONSTRAINT "search_console_imports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_console_rows" ADD CONSTRAINT "search_console_rows_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_console_rows_key_idx" ON "search_console_rows" USING btree ("business_id","dimension","key");