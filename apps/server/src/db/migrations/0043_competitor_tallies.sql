CREATE TABLE "competitor_day_tallies" (
	"competitor_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"day" date NOT NULL,
	"at_rank" integer[] NOT NULL,
	"above_you" integer NOT NULL,
	"seen" integer NOT NULL,
	CONSTRAINT "competitor_day_tallies_competitor_id_day_pk" PRIMARY KEY("competitor_id","day")
);
--> statement-breakpoint
CREATE TABLE "map_searches" (
	"business_id" uuid NOT NULL,
	"location_id" text,
	"scope" text NOT NULL,
	"search_key" text NOT NULL,
	"kind" text NOT NULL,
	"scan_id" uuid,
	"keyword_id" uuid,
	"day" date NOT NULL,
	"answered" integer NOT NULL,
	"at_rank" integer[] NOT NULL,
	CONSTRAINT "map_searches_business_id_search_key_pk" PRIMARY KEY("business_id","search_key")
);
--> statement-breakpoint
ALTER TABLE "competitor_day_tallies" ADD CONSTRAINT "competitor_day_tallies_competitor_id_competitors_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_day_tallies" ADD CONSTRAINT "competitor_day_tallies_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_searches" ADD CONSTRAINT "map_searches_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_searches" ADD CONSTRAINT "map_searches_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_searches" ADD CONSTRAINT "map_searches_scan_id_geo_grid_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."geo_grid_scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_searches" ADD CONSTRAINT "map_searches_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competitor_day_tallies_scope_day_idx" ON "competitor_day_tallies" USING btree ("business_id","scope","day");--> statement-breakpoint
CREATE INDEX "map_searches_scope_day_idx" ON "map_searches" USING btree ("business_id","scope","day");