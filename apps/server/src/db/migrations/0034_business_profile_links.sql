CREATE TABLE "business_profile_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"location_key" text NOT NULL,
	"location_id" text,
	"google_location" text NOT NULL,
	"account" text NOT NULL,
	"place_id" text,
	"title" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"linked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_profile_links" ADD CONSTRAINT "business_profile_links_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profile_links" ADD CONSTRAINT "business_profile_links_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_profile_links_location_key" ON "business_profile_links" USING btree ("business_id","location_key");--> statement-breakpoint
CREATE UNIQUE INDEX "business_profile_links_google_location_key" ON "business_profile_links" USING btree ("business_id","google_location");