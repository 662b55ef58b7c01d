CREATE TABLE "business_profile_post_edits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"google_location" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_profile_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"location_key" text NOT NULL,
	"topic_type" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"cta_type" text,
	"cta_url" text,
	"event_title" text,
	"event_start" text,
	"event_end" text,
	"offer_coupon" text,
	"offer_url" text,
	"offer_terms" text,
	"image_url" text,
	"status" text NOT NULL,
	"publish_at" timestamp with time zone,
	"publish_at_local" text,
	"repeat" text DEFAULT 'none' NOT NULL,
	"repeat_until" text,
	"claimed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"google_name" text,
	"search_url" text,
	"published_at" timestamp with time zone,
	"reason" text,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "business_profile_posts_status_check" CHECK ("business_profile_posts"."status" in ('draft', 'scheduled', 'publishing', 'live', 'rejected', 'failed')),
	CONSTRAINT "business_profile_posts_repeat_check" CHECK ("business_profile_posts"."repeat" in ('none', 'weekly', 'monthly'))
);
--> statement-breakpoint
ALTER TABLE "business_profile_post_edits" ADD CONSTRAINT "business_profile_post_edits_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profile_posts" ADD CONSTRAINT "business_profile_posts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profile_posts" ADD CONSTRAINT "business_profile_posts_link_id_business_profile_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."business_profile_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_profile_post_edits_idx" ON "business_profile_post_edits" USING btree ("business_id","google_location","at");--> statement-breakpoint
CREATE INDEX "business_profile_posts_place_idx" ON "business_profile_posts" USING btree ("business_id","location_key","created_at");--> statement-breakpoint
CREATE INDEX "business_profile_posts_due_idx" ON "business_profile_posts" USING btree ("publish_at") WHERE "business_profile_posts"."status" in ('scheduled', 'publishing');