CREATE TABLE "rank_provider_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"key_ciphertext" text,
	"key_last4" text,
	"status" text DEFAULT 'untested' NOT NULL,
	"status_reason" text,
	"status_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rank_query_usage" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rank_query_usage_business_id_day_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
ALTER TABLE "rank_positions" DROP CONSTRAINT "rank_positions_result_check";--> statement-breakpoint
ALTER TABLE "rank_positions" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "rank_positions" ADD COLUMN "map_status" text;--> statement-breakpoint
ALTER TABLE "rank_positions" ADD COLUMN "map_position" integer;--> statement-breakpoint
ALTER TABLE "rank_positions" ADD COLUMN "map_reason" text;--> statement-breakpoint
ALTER TABLE "rank_provider_settings" ADD CONSTRAINT "rank_provider_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_query_usage" ADD CONSTRAINT "rank_query_usage_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rank_positions" ADD CONSTRAINT "rank_positions_map_check" CHECK (("rank_positions"."map_status" IS NULL AND "rank_positions"."map_position" IS NULL) OR ("rank_positions"."map_status" = 'ok' AND ("rank_positions"."map_position" IS NULL OR "rank_positions"."map_position" BETWEEN 1 AND 20)) OR ("rank_positions"."map_status" = 'failed' AND "rank_positions"."map_position" IS NULL));--> statement-breakpoint
ALTER TABLE "rank_positions" ADD CONSTRAINT "rank_positions_result_check" CHECK (("rank_positions"."status" = 'ok' AND ("rank_positions"."position" IS NULL OR "rank_positions"."position" BETWEEN 1 AND 100)) OR ("rank_positions"."status" = 'failed' AND "rank_positions"."position" IS NULL));--> statement-breakpoint
-- Checks stored before the provider was kept were all simulated.
UPDATE "rank_positions" SET "provider" = 'Simulated' WHERE "source" = 'simulated';
