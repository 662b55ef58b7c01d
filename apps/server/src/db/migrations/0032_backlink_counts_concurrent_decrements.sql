-- Custom migration (issue 32): backlink_counts lost a decrement when two transactions lowered the
-- same count at once (Verify all rates several links of one quality side by side). Each saw the
-- count before the other's change: the one that waited re-read the row, found its count would now
-- reach 0, and neither updated nor deleted it. Decrements are now applied whatever the count (a
-- waiting UPDATE re-reads the row and subtracts from what is there), and rows at 0 are removed by
-- a second statement, which sees every change committed before it. Runs on PG 15+ (ADR 008).
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
  EXECUTE format($sql$
    WITH delta AS (%s),
    added AS (
      INSERT INTO backlink_counts AS t (business_id, scope, facet, value, count)
      SELECT business_id, scope, facet, value, d FROM delta WHERE d > 0
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (business_id, scope, facet, value) DO UPDATE SET count = t.count + excluded.count
    )
    UPDATE backlink_counts AS t SET count = t.count + delta.d FROM delta
    WHERE delta.d < 0 AND t.business_id = delta.business_id AND t.scope = delta.scope
      AND t.facet = delta.facet AND t.value = delta.value
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
