-- The results refresh of 0033, its grades met by the children only. A save's refresh now runs on a
-- generic plan (0034), and on a database without statistics (a fresh tenant) that plan joined
-- the grades item by item through scores_item_idx; with the item's index out of the join it probes
-- the scores key: 1.6 ms where it took 1.8 s, the same plan as before with statistics. Bulk
-- statements plan custom as before (over 50 children) and read the collection's range.
CREATE OR REPLACE FUNCTION refresh_student_results(p_tenant integer, p_collection integer, p_enrollments integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  plan_mode text := current_setting('plan_cache_mode');
BEGIN
  -- A save refreshes one child on plpgsql's cached generic plan; a bulk statement is planned for
  -- its real size.
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
    -- The list drives: one probe of the assignments key per child (OFFSET 0 keeps it a probe; as a
    -- join, a guess of one assignment once looped over the whole list for each of 130,000).
    SELECT DISTINCT u.eid FROM unnest(p_enrollments) AS u (eid)
    WHERE EXISTS (SELECT FROM student_data_collection_assignments a WHERE a.tenant_id = p_tenant AND a.data_collection_id = p_collection
      AND a.student_enrollment_id = u.eid OFFSET 0)
  ), graded AS MATERIALIZED (
    -- The children's grades in one pass: probes of the scores key per child, or one read of the
    -- collection's range, whichever the planner picks, never a read of the collection per child.
    SELECT s.student_enrollment_id AS eid, i.domain, coalesce(se.score, 0) * i.weight AS points
    FROM scores s
    -- "+ 0": the grades are found by the children (scores key), never item by item (a generic plan
    -- without statistics looped over the 60 items on scores_item_idx: every grade of the collection
    -- read for one child, 1.8 s a save).
    JOIN items i ON i.item_id = s.assessment_item_id + 0
    JOIN scale_entries se ON se.id = s.scale_entry_id
    WHERE s.tenant_id = p_tenant AND s.data_collection_id = p_collection AND s.student_enrollment_id = ANY (p_enrollments)
  ), per_domain AS (
    SELECT g.eid, g.domain, count(*) AS n, sum(g.points) AS raw,
      CASE WHEN g.domain <> '' AND count(*) >= d.n THEN result_scale_score(cfg.c, g.domain, sum(g.points), d.max_raw) END AS score
    FROM graded g JOIN domains d ON d.domain = g.domain CROSS JOIN cfg
    GROUP BY g.eid, g.domain, d.n, d.max_raw, cfg.c
  ), per_kid AS (
    -- Grouped, not joined: each assigned child once, with or without grades (a join of the
    -- children to their grades could be planned as a loop over a guess of one row).
    SELECT x.eid, sum(x.n)::integer AS scored, sum(x.raw) AS raw,
      coalesce(jsonb_object_agg(x.domain, x.score) FILTER (WHERE x.score IS NOT NULL), '{}'::jsonb) AS domain_scores
    FROM (
      SELECT pd.eid, pd.n, pd.raw, pd.domain, pd.score, false AS assigned FROM per_domain pd
      UNION ALL
      SELECT k.eid, 0, 0, NULL, NULL, true FROM kids k
    ) x
    GROUP BY x.eid
    HAVING bool_or(x.assigned)
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
