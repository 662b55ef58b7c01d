CREATE TABLE "query_ledger" (
	"business_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"queries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "query_ledger_business_id_day_kind_provider_pk" PRIMARY KEY("business_id","day","kind","provider")
);
--> statement-breakpoint
ALTER TABLE "query_ledger" ADD CONSTRAINT "query_ledger_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;