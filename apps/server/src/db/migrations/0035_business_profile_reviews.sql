CREATE TABLE "business_profile_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"location_key" text NOT NULL,
	"name" text NOT NULL,
	"reviewer_name" text NOT NULL,
	"reviewer_anonymous" boolean DEFAULT false NOT NULL,
	"reviewer_photo_url" text,
	"rating" smallint,
	"comment" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone NOT NULL,
	"update_time" timestamp with time zone NOT NULL,
	"reply_comment" text,
	"reply_update_time" timestamp with time zone,
	"sample" boolean DEFAULT false NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "business_profile_reviews_rating_check" CHECK ("business_profile_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "business_profile_links" ADD COLUMN "reviews_imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_profile_links" ADD COLUMN "reviews_full_import_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_profile_links" ADD COLUMN "reviews_attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_profile_links" ADD COLUMN "reviews_import_status" text;--> statement-breakpoint
ALTER TABLE "business_profile_links" ADD COLUMN "reviews_import_reason" text;--> statement-breakpoint
ALTER TABLE "business_profile_reviews" ADD CONSTRAINT "business_profile_reviews_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profile_reviews" ADD CONSTRAINT "business_profile_reviews_link_id_business_profile_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."business_profile_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_profile_reviews_name_key" ON "business_profile_reviews" USING btree ("business_id","name");--> statement-breakpoint
CREATE INDEX "business_profile_reviews_created_idx" ON "business_profile_reviews" USING btree ("business_id","location_key","create_time");--> statement-breakpoint
CREATE INDEX "business_profile_reviews_rating_idx" ON "business_profile_reviews" USING btree ("business_id","location_key","rating");