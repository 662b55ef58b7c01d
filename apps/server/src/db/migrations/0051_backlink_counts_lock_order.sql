-- Custom migration: Verify all counted a link as failed on PostgreSQL, "deadlock detected". The
-- trigger lowered the counts of the old values (in no set order), then raised those of the new
-- ones, so two transactions rating links in opposite directions (one 'high' to 'low', another 'low'
-- to 'high') locked the two counts in opposite orders and waited for each other. Every count a
-- statement changes is now changed in one upsert, in the key's order (ADR 056). Rows at 0 are still
-- removed by a second statement, which sees every change committed before it (migration 0032).
-- Runs on PG 15+ (ADR 008); the triggers of migration 0004 call this function as before.
CREATE OR REPLACE FUNCTION "backlink_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
  delta text;
BEGIN
  -- The net change per row of backlink_counts this statement makes.
  delta := format($sql$
    SELECT c.business_id, s.scope, f.facet, f.value, sum(c.d)::integer AS d
    FROM (%s) AS c
    CROSS JOIN LATERAL (VALUES (''::text), (c.location_id)) AS s(scope)
    CROSS JOIN LATERAL (VALUES
      ('type'::text, c.link_type), ('quality', c.quality), ('status', c.status),
      ('domain', c.domain), ('anchor', c.anchor_text)) AS f(facet, value)
    WHERE s.scope IS NOT NULL
    GROUP BY 1, 2, 3, 4
    HAVING sum(c.d) <> 0
  $sql$, changed);
  -- Every count this statement changes, raised or lowered, in one upsert in the key's order: two
  -- transactions lock the rows they share, those they add included, in the same order, so neither
  -- holds one the other waits for while it waits for one the other holds. A waiting upsert adds to
  -- the row as the other left it. A count lowered that is not there is left alone (its business is
  -- being deleted, and its counts with it).
  EXECUTE format($sql$
    WITH delta AS (%s)
    INSERT INTO backlink_counts AS t (business_id, scope, facet, value, count)
    SELECT business_id, scope, facet, value, d FROM delta
    WHERE d > 0 OR EXISTS (
      SELECT 1 FROM backlink_counts AS c
      WHERE c.business_id = delta.business_id AND c.scope = delta.scope
        AND c.facet = delta.facet AND c.value = delta.value
    )
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (business_id, scope, facet, value) DO UPDATE SET count = t.count + excluded.count
  $sql$, delta);
  -- A new statement: it sees the decrements of every transaction committed before it.
  EXECUTE format($sql$
    WITH delta AS (%s)
    DELETE FROM backlink_counts AS t USING delta
    WHERE delta.d < 0 AND t.business_id = delta.business_id AND t.scope = delta.scope
      AND t.facet = delta.facet AND t.value = delta.value AND t.count <= 0
  $sql$, delta);
  RETURN NULL;
END
$fn$;
