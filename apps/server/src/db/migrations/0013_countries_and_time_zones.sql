-- Businesses outside the US (docs/decisions/017-countries-and-addresses.md): every address carries its
-- country, the business its time zone. Existing rows are US addresses; their time zone comes from the
-- state where it is known (the zone most of the state keeps), else America/New_York.
ALTER TABLE "businesses" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
UPDATE "businesses" SET "time_zone" = CASE upper(btrim("state"))
    WHEN 'AL' THEN 'America/Chicago' WHEN 'AR' THEN 'America/Chicago' WHEN 'IA' THEN 'America/Chicago'
    WHEN 'IL' THEN 'America/Chicago' WHEN 'KS' THEN 'America/Chicago' WHEN 'LA' THEN 'America/Chicago'
    WHEN 'MN' THEN 'America/Chicago' WHEN 'MO' THEN 'America/Chicago' WHEN 'MS' THEN 'America/Chicago'
    WHEN 'ND' THEN 'America/Chicago' WHEN 'NE' THEN 'America/Chicago' WHEN 'OK' THEN 'America/Chicago'
    WHEN 'SD' THEN 'America/Chicago' WHEN 'TN' THEN 'America/Chicago' WHEN 'TX' THEN 'America/Chicago'
    WHEN 'WI' THEN 'America/Chicago'
    WHEN 'CO' THEN 'America/Denver' WHEN 'MT' THEN 'America/Denver' WHEN 'NM' THEN 'America/Denver'
    WHEN 'UT' THEN 'America/Denver' WHEN 'WY' THEN 'America/Denver' WHEN 'ID' THEN 'America/Boise'
    WHEN 'AZ' THEN 'America/Phoenix'
    WHEN 'CA' THEN 'America/Los_Angeles' WHEN 'NV' THEN 'America/Los_Angeles'
    WHEN 'OR' THEN 'America/Los_Angeles' WHEN 'WA' THEN 'America/Los_Angeles'
    WHEN 'AK' THEN 'America/Anchorage' WHEN 'HI' THEN 'Pacific/Honolulu'
    WHEN 'MI' THEN 'America/Detroit' WHEN 'IN' THEN 'America/Indiana/Indianapolis'
    WHEN 'PR' THEN 'America/Puerto_Rico' WHEN 'VI' THEN 'America/St_Thomas' WHEN 'GU' THEN 'Pacific/Guam'
    WHEN 'AS' THEN 'Pacific/Pago_Pago' WHEN 'MP' THEN 'Pacific/Saipan'
    ELSE 'America/New_York' END;
