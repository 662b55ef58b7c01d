ALTER TABLE "backlinks" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "backlinks" ADD COLUMN "http_status" integer;--> statement-breakpoint
ALTER TABLE "backlinks" ADD COLUMN "verification" jsonb;--> statement-breakpoint
CREATE INDEX "backlinks_business_id_last_checked_at_idx" ON "backlinks" USING btree ("business_id","last_checked_at" NULLS FIRST);