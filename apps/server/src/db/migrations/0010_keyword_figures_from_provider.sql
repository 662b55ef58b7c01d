ALTER TABLE "keywords" DROP COLUMN "position";--> statement-breakpoint
ALTER TABLE "keywords" DROP COLUMN "previous_position";--> statement-breakpoint
ALTER TABLE "keywords" DROP COLUMN "search_volume";--> statement-breakpoint
ALTER TABLE "keywords" DROP COLUMN "difficulty";