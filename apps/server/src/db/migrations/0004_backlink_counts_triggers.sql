-- Custom migration (issue 8 item 5): backlink_counts is kept exact by the database itself, in the
-- same transaction as every write to backlinks, whichever code path or cascade makes it. Each
-- statement's changed rows (transition tables) become +1/-1 per scope ('' = the whole business,
-- and the location id when there is one) and per facet; the net change per row of backlink_counts is
-- then added, and rows that reach 0 are removed. Negative changes only ever update or delete, so a
-- business being deleted (whose counts cascade away) never gets a row inserted. Runs on PG 15+.
CREATE FUNCTION "backlink_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN
      'SELECT business_id, location_id, link_type, quality, status, domain, anchor_text, 1 AS d FROM new_rows'
    WHEN 'DELETE' THEN
      'SELECT business_id, location_id, link_type, quality, status, domain, anchor_text, -1 AS d FROM old_rows'
    ELSE
      'SELECT business_id, location_id, link_type, quality, status, domain, anchor_text, 1 AS d FROM new_rows
       UNION ALL
       SELECT business_id, location_id, link_type, quality, status, domain, anchor_text, -1 AS d FROM old_rows'
  END;
BEGIN
  EXECUTE format($sql$
    WITH delta AS (
      SELECT c.business_id, s.scope, f.facet, f.value, sum(c.d)::integer AS d
      FROM (%s) AS c
      CROSS JOIN LATERAL (VALUES (''::text), (c.location_id)) AS s(scope)
      CROSS JOIN LATERAL (VALUES
        ('type'::text, c.link_type), ('quality', c.quality), ('status', c.status),
        ('domain', c.domain), ('anchor', c.anchor_text)) AS f(facet, value)
      WHERE s.scope IS NOT NULL
      GROUP BY 1, 2, 3, 4
      HAVING sum(c.d) <> 0
    ),
    added AS (
      INSERT INTO backlink_counts AS t (business_id, scope, facet, value, count)
      SELECT business_id, scope, facet, value, d FROM delta WHERE d > 0
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (business_id, scope, facet, value) DO UPDATE SET count = t.count + excluded.count
    ),
    emptied AS (
      DELETE FROM backlink_counts AS t USING delta
      WHERE delta.d < 0 AND t.business_id = delta.business_id AND t.scope = delta.scope
        AND t.facet = delta.facet AND t.value = delta.value AND t.count + delta.d <= 0
    )
    UPDATE backlink_counts AS t SET count = t.count + delta.d FROM delta
    WHERE delta.d < 0 AND t.business_id = delta.business_id AND t.scope = delta.scope
      AND t.facet = delta.facet AND t.value = delta.value AND t.count + delta.d > 0
  $sql$, changed);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "backlink_counts_insert" AFTER INSERT ON "backlinks"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "backlink_counts_sync"();
--> statement-breakpoint
CREATE TRIGGER "backlink_counts_update" AFTER UPDATE ON "backlinks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "backlink_counts_sync"();
--> statement-breakpoint
CREATE TRIGGER "backlink_counts_delete" AFTER DELETE ON "backlinks"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "backlink_counts_sync"();
--> statement-breakpoint
-- The counts of the backlinks that exist already.
INSERT INTO "backlink_counts" ("business_id", "scope", "facet", "value", "count")
SELECT b.business_id, s.scope, f.facet, f.value, count(*)::integer
FROM "backlinks" AS b
CROSS JOIN LATERAL (VALUES (''::text), (b.location_id)) AS s(scope)
CROSS JOIN LATERAL (VALUES
  ('type'::text, b.link_type), ('quality', b.quality), ('status', b.status),
  ('domain', b.domain), ('anchor', b.anchor_text)) AS f(facet, value)
WHERE s.scope IS NOT NULL
GROUP BY 1, 2, 3, 4;
