-- Issue 32 item 9, ADR 033: the business's own address is its main, primary location, so the
-- locations lose their primary flag. The flag drove nothing but a badge; nothing is kept. The
-- activity lines 'Primary location set to …' named the old meaning and would now contradict it.
DROP INDEX "locations_one_primary_key";--> statement-breakpoint
ALTER TABLE "locations" DROP COLUMN "is_primary";--> statement-breakpoint
DELETE FROM "activities" WHERE "kind" = 'primary_changed';
