CREATE TABLE "report_sends" (
	"business_id" uuid NOT NULL,
	"month" text NOT NULL,
	"recipients" text[] NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "report_sends_pkey" PRIMARY KEY("business_id","month")
);
--> statement-breakpoint
CREATE TABLE "report_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '#1d4ed8' NOT NULL,
	"logo" text,
	"logo_type" text,
	"recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_sends" ADD CONSTRAINT "report_sends_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_settings" ADD CONSTRAINT "report_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;