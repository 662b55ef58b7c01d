CREATE TABLE "competitor_review_counts" (
	"competitor_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"rating" double precision,
	"review_count" integer NOT NULL,
	CONSTRAINT "competitor_review_counts_competitor_id_day_pk" PRIMARY KEY("competitor_id","day")
);
--> statement-breakpoint
CREATE TABLE "competitor_sightings" (
	"competitor_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"search_key" text NOT NULL,
	"kind" text NOT NULL,
	"scan_id" uuid,
	"keyword_id" uuid,
	"keyword_key" text NOT NULL,
	"day" date,
	"ranks" integer[] NOT NULL,
	"above_you" integer NOT NULL,
	"provider" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "competitor_sightings_competitor_id_search_key_pk" PRIMARY KEY("competitor_id","search_key")
);
--> statement-breakpoint
CREATE TABLE "competitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"location_id" text,
	"scope" text NOT NULL,
	"place_key" text NOT NULL,
	"place_id" text,
	"name" text NOT NULL,
	"other_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rating" double precision,
	"review_count" integer,
	"website" text,
	"sample" boolean NOT NULL,
	"source" text NOT NULL,
	"followed" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "competitors_scope_check" CHECK ("competitors"."scope" = coalesce("competitors"."location_id", 'main')),
	CONSTRAINT "competitors_follow_check" CHECK (NOT ("competitors"."followed" AND "competitors"."hidden"))
);
--> statement-breakpoint
ALTER TABLE "competitor_review_counts" ADD CONSTRAINT "competitor_review_counts_competitor_id_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_review_counts" ADD CONSTRAINT "competitor_review_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_sightings" ADD CONSTRAINT "competitor_sightings_competitor_id_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_sightings" ADD CONSTRAINT "competitor_sightings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_sightings" ADD CONSTRAINT "competitor_sightings_scan_id_geo_grid_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."geo_grid_scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_sightings" ADD CONSTRAINT "competitor_sightings_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitors" ADD CONSTRAINT "competitors_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitors" ADD CONSTRAINT "competitors_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competitor_sightings_scope_seen_idx" ON "competitor_sightings" USING btree ("business_id","scope","seen_at");--> statement-breakpoint
CREATE INDEX "competitor_sightings_keyword_day_idx" ON "competitor_sightings" USING btree ("keyword_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "competitors_business_scope_place_idx" ON "competitors" USING btree ("business_id","scope","place_key");