ALTER TABLE "backlinks" ALTER COLUMN "domain_authority" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "backlinks" ALTER COLUMN "spam_score" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "backlinks" ADD COLUMN "quality_basis" jsonb;--> statement-breakpoint
ALTER TABLE "backlinks" ADD COLUMN "metrics_source" text;--> statement-breakpoint
ALTER TABLE "backlinks" ADD COLUMN "metrics_checked_at" timestamp with time zone;--> statement-breakpoint
-- Issue 32 item 4 (ADR 032): every stored domain authority and spam score was a seeded random number,
-- and every quality a default or a guess; none was measured, so none is kept. A broken link is Low;
-- any other link reads 'Not rated' until its next check rates it.
UPDATE "backlinks" SET "domain_authority" = NULL, "spam_score" = NULL,
  "quality" = CASE WHEN "status" = 'broken' THEN 'low' ELSE 'unrated' END;
