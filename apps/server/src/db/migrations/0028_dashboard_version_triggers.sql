-- Custom migration (issue 19 item 4, docs/decisions/019-compressed-assets-and-preloading.md "The
-- dashboard's reads"): dashboard_versions.version of a business goes up at the commit of every
-- transaction that wrote one of the tables its dashboard is computed from, whichever code path or
-- cascade wrote it. A dashboard kept in memory is used only while the version it was computed at is
-- still the business's, so an owner never sees one older than their last write.
--
-- The triggers are deferred to the commit, so a transaction takes the version row's lock only for
-- the instant of its commit: never before other locks (no deadlock with lockBusiness), and never
-- on businesses itself. One add per business per transaction: a batch's rows are nearly always one
-- business's, and the last business added to is remembered for the rest of the commit.
-- A new table the dashboard reads needs the trigger below too. Runs on PG 15+.
CREATE FUNCTION "dashboard_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changed uuid;
BEGIN
  IF TG_TABLE_NAME = 'businesses' THEN
    changed := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    changed := OLD.business_id;
  ELSE
    changed := NEW.business_id;
  END IF;
  IF current_setting('localseo.dashboard_bumped', true) IS DISTINCT FROM changed::text THEN
    UPDATE "dashboard_versions" SET "version" = "version" + 1 WHERE "business_id" = changed;
    PERFORM set_config('localseo.dashboard_bumped', changed::text, true);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- Every business has its version row from the start; one without a row is never kept in memory.
CREATE FUNCTION "dashboard_version_create"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "dashboard_versions" ("business_id") VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "dashboard_version_create" AFTER INSERT ON "businesses"
  FOR EACH ROW EXECUTE FUNCTION "dashboard_version_create"();
--> statement-breakpoint
INSERT INTO "dashboard_versions" ("business_id") SELECT "id" FROM "businesses" ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "dashboard_version_bump" AFTER UPDATE ON "businesses"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "dashboard_version_bump"();
--> statement-breakpoint
-- The tables the dashboard reads (features/dashboard/dashboard.service.ts and score.ts).
DO $do$
DECLARE
  read_by_dashboard text;
BEGIN
  FOREACH read_by_dashboard IN ARRAY ARRAY[
    'locations', 'keywords', 'rank_positions', 'site_audit_runs', 'site_audit_pages',
    'site_audit_issues', 'backlink_counts', 'listing_records', 'activities'
  ] LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER "dashboard_version_bump" AFTER INSERT OR UPDATE OR DELETE ON %I
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "dashboard_version_bump"()',
      read_by_dashboard);
  END LOOP;
END
$do$;
