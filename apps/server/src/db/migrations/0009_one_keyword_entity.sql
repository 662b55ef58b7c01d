-- One keyword entity per business, location and search (docs/decisions/016-one-keyword-entity.md):
-- the analysed keywords, the planner's saved keywords and the Rank Tracker's keywords become rows of
-- "keywords", and every stored position points at them. Hand-ordered so no row is lost.
ALTER TABLE "keywords" ADD COLUMN "location_id" text;--> statement-breakpoint
ALTER TABLE "keywords" ADD COLUMN "keyword_key" text;--> statement-breakpoint
ALTER TABLE "keywords" ADD COLUMN "tracked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "keywords" ADD COLUMN "analysed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "keywords" ADD COLUMN "saved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "keywords" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rank_positions" ADD COLUMN "source" text DEFAULT 'simulated' NOT NULL;--> statement-breakpoint
ALTER TABLE "rank_positions" ADD COLUMN "reason" text;--> statement-breakpoint
-- The analysed keywords: one row per search (the newest one wins), all of the main business.
UPDATE "keywords" SET "keyword_key" = lower(regexp_replace(btrim("keyword"), '\s+', ' ', 'g')), "analysed_at" = "updated_at";--> statement-breakpoint
DELETE FROM "keywords" k USING "keywords" newer
  WHERE newer."business_id" = k."business_id" AND newer."keyword_key" = k."keyword_key"
    AND (newer."created_at", newer."id") > (k."created_at", k."id");--> statement-breakpoint
ALTER TABLE "keywords" ALTER COLUMN "keyword_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "keywords" ADD CONSTRAINT "keywords_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords" ADD CONSTRAINT "keywords_business_location_keyword_key" UNIQUE NULLS NOT DISTINCT("business_id","location_id","keyword_key");--> statement-breakpoint
-- Their last position becomes a stored check of the day it was taken.
ALTER TABLE "rank_positions" DROP CONSTRAINT "rank_positions_keyword_id_rank_keywords_id_fk";--> statement-breakpoint
-- The tracked keywords keep their ids (and so their history) unless the same search was analysed:
-- then the analysed row is marked tracked and the history moves to it.
UPDATE "keywords" k SET "tracked" = true
  FROM "rank_keywords" r
  WHERE r."business_id" = k."business_id" AND r."location_id" IS NULL AND k."location_id" IS NULL
    AND r."keyword_key" = k."keyword_key";--> statement-breakpoint
UPDATE "rank_positions" p SET "keyword_id" = k."id"
  FROM "rank_keywords" r, "keywords" k
  WHERE p."keyword_id" = r."id" AND r."business_id" = k."business_id" AND r."location_id" IS NULL
    AND k."location_id" IS NULL AND r."keyword_key" = k."keyword_key";--> statement-breakpoint
INSERT INTO "keywords" ("id", "business_id", "location_id", "keyword", "keyword_key", "tracked", "created_at", "updated_at")
  SELECT r."id", r."business_id", r."location_id", r."keyword", r."keyword_key", true, r."created_at", r."created_at"
  FROM "rank_keywords" r
  ON CONFLICT ("business_id", "location_id", "keyword_key") DO NOTHING;--> statement-breakpoint
INSERT INTO "rank_positions" ("keyword_id", "business_id", "day", "status", "position", "checks", "checked_at")
  SELECT "id", "business_id", ("updated_at" AT TIME ZONE 'UTC')::date, 'ok', "position", 1, "updated_at"
  FROM "keywords" WHERE "position" BETWEEN 1 AND 100 AND "analysed_at" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "rank_positions" ADD CONSTRAINT "rank_positions_keyword_id_keywords_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "public"."keywords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The planner's saved keywords were of the whole business: they are saved on the main business.
INSERT INTO "keywords" ("business_id", "location_id", "keyword", "keyword_key", "saved_at", "created_at", "updated_at")
  SELECT "business_id", NULL, "keyword", lower(regexp_replace(btrim("keyword"), '\s+', ' ', 'g')), "created_at", "created_at", "created_at"
  FROM "saved_keywords"
  ON CONFLICT ("business_id", "location_id", "keyword_key") DO UPDATE SET "saved_at" = excluded."saved_at";--> statement-breakpoint
DROP TABLE "saved_keywords" CASCADE;--> statement-breakpoint
DROP TABLE "rank_keywords" CASCADE;
