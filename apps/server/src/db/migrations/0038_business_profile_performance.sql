CREATE TABLE "business_profile_daily_metrics" (
	"business_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"location_key" text NOT NULL,
	"day" date NOT NULL,
	"desktop_maps" integer NOT NULL,
	"desktop_search" integer NOT NULL,
	"mobile_maps" integer NOT NULL,
	"mobile_search" integer NOT NULL,
	"calls" integer NOT NULL,
	"directions" integer NOT NULL,
	"website_clicks" integer NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "business_profile_daily_metrics_business_id_link_id_day_pk" PRIMARY KEY("business_id","link_id","day")
);
--> statement-breakpoint
CREATE TABLE "business_profile_performance_imports" (
	"link_id" uuid PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"google_location" text NOT NULL,
	"first_day" date,
	"last_day" date,
	"imported_at" timestamp with time zone,
	"terms_start_month" text,
	"terms_end_month" text,
	"terms_imported_at" timestamp with time zone,
	"attempted_at" timestamp with time zone,
	"status" text,
	"reason" text,
	"sample" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_profile_search_terms" (
	"business_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"keyword" text NOT NULL,
	"impressions" integer,
	"below" integer,
	"sample" boolean DEFAULT false NOT NULL,
	CONSTRAINT "business_profile_search_terms_business_id_link_id_keyword_pk" PRIMARY KEY("business_id","link_id","keyword")
);
--> statement-breakpoint
ALTER TABLE "business_profile_daily_metrics" ADD CONSTRAINT "business_profile_daily_metrics_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profile_daily_metrics" ADD CONSTRAINT "business_profile_daily_metrics_link_id_business_profile_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."business_profile_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profile_performance_imports" ADD CONSTRAINT "business_profile_performance_imports_link_id_business_profile_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."business_profile_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profile_performance_imports" ADD CONSTRAINT "business_profile_performance_imports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profile_search_terms" ADD CONSTRAINT "business_profile_search_terms_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profile_search_terms" ADD CONSTRAINT "business_profile_search_terms_link_id_business_profile_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."business_profile_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_profile_daily_metrics_place_idx" ON "business_profile_daily_metrics" USING btree ("business_id","location_key","day");