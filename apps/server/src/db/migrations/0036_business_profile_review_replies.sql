ALTER TABLE "business_profile_reviews" ADD COLUMN "reply_state" text;--> statement-breakpoint
ALTER TABLE "business_profile_reviews" ADD COLUMN "reply_policy_violation" text;--> statement-breakpoint
ALTER TABLE "business_profile_reviews" ADD COLUMN "reply_sending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_profile_reviews" ADD COLUMN "reply_changed_at" timestamp with time zone;