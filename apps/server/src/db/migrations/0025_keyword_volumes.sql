CREATE TABLE "keyword_volumes" (
	"provider" text NOT NULL,
	"place" text NOT NULL,
	"keyword" text NOT NULL,
	"month" text NOT NULL,
	"answered_for" text NOT NULL,
	"search_volume" integer,
	"competition" double precision,
	"cpc" double precision,
	"monthly" jsonb,
	"data_month" text,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "keyword_volumes_provider_place_keyword_month_pk" PRIMARY KEY("provider","place","keyword","month")
);
