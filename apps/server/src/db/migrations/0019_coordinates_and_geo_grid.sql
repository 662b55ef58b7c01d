CREATE TABLE "geo_grid_points" (
	"scan_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"col" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"status" text NOT NULL,
	"position" integer,
	"reason" text,
	"places" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "geo_grid_points_scan_id_row_col_pk" PRIMARY KEY("scan_id","row","col")
);
--> statement-breakpoint
CREATE TABLE "geo_grid_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"location_id" text,
	"keyword_id" uuid,
	"keyword" text NOT NULL,
	"keyword_key" text NOT NULL,
	"grid_size" integer NOT NULL,
	"spacing_km" double precision NOT NULL,
	"center_lat" double precision NOT NULL,
	"center_lng" double precision NOT NULL,
	"zoom" integer NOT NULL,
	"status" text NOT NULL,
	"simulated" boolean NOT NULL,
	"source_label" text NOT NULL,
	"scheduled" boolean DEFAULT false NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "place_id" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "place_id" text;--> statement-breakpoint
ALTER TABLE "geo_grid_points" ADD CONSTRAINT "geo_grid_points_scan_id_geo_grid_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."geo_grid_scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_grid_points" ADD CONSTRAINT "geo_grid_points_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_grid_scans" ADD CONSTRAINT "geo_grid_scans_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_grid_scans" ADD CONSTRAINT "geo_grid_scans_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geo_grid_scans" ADD CONSTRAINT "geo_grid_scans_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "geo_grid_scans_business_created_idx" ON "geo_grid_scans" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "geo_grid_scans_business_keyword_idx" ON "geo_grid_scans" USING btree ("business_id","keyword_key");