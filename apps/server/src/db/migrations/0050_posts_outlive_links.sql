-- A post outlives the link of its place (ADR 055): Google disconnected or the place unlinked, the
-- owner's posts stay, without a link, until the place is linked again.
ALTER TABLE "business_profile_posts" DROP CONSTRAINT "business_profile_posts_link_id_business_profile_links_id_fk";
--> statement-breakpoint
ALTER TABLE "business_profile_posts" ALTER COLUMN "link_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "business_profile_posts" ADD CONSTRAINT "business_profile_posts_link_id_business_profile_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."business_profile_links"("id") ON DELETE set null ON UPDATE no action;