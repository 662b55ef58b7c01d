CREATE TABLE "backlink_counts" (
	"business_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "backlink_counts_pk" PRIMARY KEY("business_id","scope","facet","value")
);
--> statement-breakpoint
ALTER TABLE "backlink_counts" ADD CONSTRAINT "backlink_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backlink_counts_top_idx" ON "backlink_counts" USING btree ("business_id","scope","facet","count" DESC NULLS LAST,"value");