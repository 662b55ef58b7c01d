ALTER TABLE "business_members" ADD COLUMN "alert_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The alert emails went to each business's creator: they keep getting them (ADR 043).
UPDATE "business_members" AS m SET "alert_emails" = true
FROM "businesses" AS b WHERE b."id" = m."business_id" AND b."user_id" = m."user_id";
