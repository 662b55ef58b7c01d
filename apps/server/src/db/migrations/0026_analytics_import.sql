CREATE TABLE "analytics_breakdowns" (
	"business_id" uuid NOT NULL,
	"period" text NOT NULL,
	"dimension" text NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "analytics_breakdowns_business_id_period_dimension_position_pk" PRIMARY KEY("business_id","period","dimension","position")
);
--> statement-breakpoint
CREATE TABLE "analytics_imports" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"property" text NOT NULL,
	"property_name" text NOT NULL,
	"picked_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"last_attempt_at" timestamp with time zone,
	"imported_at" timestamp with time zone,
	"grouped_other" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_totals" (
	"business_id" uuid NOT NULL,
	"period" text NOT NULL,
	"active_users" integer NOT NULL,
	"new_users" integer NOT NULL,
	"returning_users" integer NOT NULL,
	"sessions" integer NOT NULL,
	"page_views" integer NOT NULL,
	CONSTRAINT "analytics_totals_business_id_period_pk" PRIMARY KEY("business_id","period")
);
--> statement-breakpoint
ALTER TABLE "analytics_breakdowns" ADD CONSTRAINT "analytics_breakdowns_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_breakdowns" ADD CONSTRAINT "analytics_breakdowns_import_fk" FOREIGN KEY ("business_id") REFERENCES "public"."analytics_imports"("business_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_imports" ADD CONSTRAINT "analytics_imports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_imports" ADD CONSTRAINT "analytics_imports_connection_fk" FOREIGN KEY ("business_id") REFERENCES "public"."google_connections"("business_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_totals" ADD CONSTRAINT "analytics_totals_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_totals" ADD CONSTRAINT "analytics_totals_import_fk" FOREIGN KEY ("business_id") REFERENCES "public"."analytics_imports"("business_id") ON DELETE cascade ON UPDATE no action;