ALTER TABLE "backlinks" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "sample_data_removed_at" timestamp with time zone;