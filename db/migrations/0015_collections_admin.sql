-- A collection's own scoring rules (data_collections.scoring, edited on the collection's scoring
-- page) override the assessment's configuration key by key: a state may set other cut scores or
-- item weights for one window. Same function as 0009 otherwise.
CREATE OR REPLACE FUNCTION refresh_student_results(p_tenant integer, p_collection integer, p_enrollments integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  plan_mode text := current_setting('plan_cache_mode');
BEGIN
  -- The statements below are driven by the id list (index probes per child). A save refreshes one
  -- child on plpgsql's cached generic plan; a bulk statement (a seed batch, a load, a whole
  -- collection) is planned for its real size, where the generic plan's guess of a few children
  -- would join thousands by nested loops.
  IF p_enrollments IS NULL THEN
    SELECT coalesce(array_agg(a.student_enrollment_id), '{}') INTO p_enrollments FROM student_data_collection_assignments a
    WHERE a.tenant_id = p_tenant AND a.data_collection_id = p_collection;
  END IF;
  IF cardinality(p_enrollments) > 50 THEN
    PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);
  END IF;

  INSERT INTO student_results AS r (tenant_id, data_collection_id, student_enrollment_id, scored_items, total_items, progress,
    domain_scores, overall_score, performance_level, updated_at)
  WITH cfg AS (
    SELECT a.configuration || d.scoring AS c FROM data_collections d JOIN assessments a ON a.id = d.assessment_id
    WHERE d.tenant_id = p_tenant AND d.id = p_collection
  ), items AS (
    SELECT ci.assessment_item_id AS item_id, coalesce(root.code, h.code, '') AS domain,
      coalesce((cfg.c -> 'itemWeights' ->> ai.code)::numeric, 1) AS weight,
      coalesce((SELECT max(se.score) FROM scale_entries se WHERE se.scale_id = coalesce(ci.scale_id, ai.scale_id)), 0) AS max_points
    FROM cfg, data_collection_items ci
    JOIN assessment_items ai ON ai.id = ci.assessment_item_id
    LEFT JOIN assessment_hierarchy_items h ON h.id = coalesce(ci.hierarchy_item_id, ai.hierarchy_item_id)
    LEFT JOIN assessment_hierarchy_items root ON root.id = h.parent_id
    WHERE ci.tenant_id = p_tenant AND ci.data_collection_id = p_collection
  ), domains AS (
    SELECT domain, count(*) AS n, sum(max_points * weight) AS max_raw FROM items GROUP BY domain
  ), totals AS (
    SELECT sum(n)::integer AS total, sum(max_raw) AS max_raw FROM domains
  ), kids AS (
    SELECT DISTINCT a.student_enrollment_id AS eid FROM unnest(p_enrollments) AS u (eid)
    JOIN student_data_collection_assignments a ON a.tenant_id = p_tenant AND a.data_collection_id = p_collection
      AND a.student_enrollment_id = u.eid
  ), per_kid AS (
    -- One index range of the scores key per child (LATERAL): linear in the children, whatever the plan.
    SELECT k.eid, r.scored, r.raw, r.domain_scores
    FROM kids k CROSS JOIN LATERAL (
      SELECT coalesce(sum(pd.n), 0)::integer AS scored, coalesce(sum(pd.raw), 0) AS raw,
        coalesce(jsonb_object_agg(pd.domain, pd.score) FILTER (WHERE pd.complete AND pd.domain <> '' AND pd.score IS NOT NULL), '{}'::jsonb) AS domain_scores
      FROM (
        SELECT g.domain, g.n, g.raw, g.n >= d.n AS complete, result_scale_score(cfg.c, g.domain, g.raw, d.max_raw) AS score
        FROM (
          SELECT i.domain, count(*) AS n, sum(coalesce(se.score, 0) * i.weight) AS raw
          FROM scores s
          JOIN items i ON i.item_id = s.assessment_item_id
          JOIN scale_entries se ON se.id = s.scale_entry_id
          WHERE s.tenant_id = p_tenant AND s.data_collection_id = p_collection AND s.student_enrollment_id = k.eid
          GROUP BY i.domain
        ) g
        JOIN domains d ON d.domain = g.domain
        CROSS JOIN cfg
      ) pd
    ) r
  ), done AS (
    SELECT k.eid, k.scored, tt.total, k.domain_scores,
      CASE WHEN tt.total > 0 AND k.scored >= tt.total THEN result_scale_score(cfg.c, 'overall', k.raw, tt.max_raw) END AS overall, cfg.c
    FROM per_kid k, totals tt, cfg
  )
  SELECT p_tenant, p_collection, done.eid, done.scored, coalesce(done.total, 0),
    CASE WHEN done.total > 0 AND done.scored >= done.total THEN 100
      WHEN done.total > 0 THEN least(99, (100 * done.scored) / done.total) ELSE 0 END,
    done.domain_scores, done.overall, result_performance_level(done.c, done.overall), now()
  FROM done
  ON CONFLICT (tenant_id, data_collection_id, student_enrollment_id) DO UPDATE SET
    scored_items = excluded.scored_items, total_items = excluded.total_items, progress = excluded.progress,
    domain_scores = excluded.domain_scores, overall_score = excluded.overall_score,
    performance_level = excluded.performance_level, updated_at = excluded.updated_at;
  PERFORM set_config('plan_cache_mode', plan_mode, true);
END
$$;
