-- Kept results, progress and display totals whose plans do not depend on estimates (issue 21).
-- A statement trigger's plan is made once per session, for the size of the transition table it
-- first saw, and a transition table has neither statistics nor an index: the plan made for a
-- one-row save served a 300,000-row seed part, and a table loaded but not analyzed was guessed at
-- a few rows. Every statement below is linear whatever the planner guesses:
-- - a transition table drives: each of its rows looks its enrollment, assignment and result up by
--   their unique keys (LATERAL ... OFFSET 0 is never flattened into a join, so it can only be a
--   nested loop of index probes);
-- - old and new rows are never joined to each other (that join has no index, and a nested loop
--   over both is quadratic): an update's changed rows are the versions that appear on one side
--   only, found by one GROUP BY over both (a hash or a sort, never a loop), and only those are
--   looked up.
-- Same figures as before otherwise (the API tests of progress, displays and results hold).
CREATE OR REPLACE FUNCTION refresh_student_results(p_tenant integer, p_collection integer, p_enrollments integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  plan_mode text := current_setting('plan_cache_mode');
BEGIN
  -- A save refreshes one child on plpgsql's cached generic plan; a bulk statement is planned for
  -- its real size. Either way the children drive (index probes per child).
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
--> statement-breakpoint
-- A grade changed (not only its comment): both versions' children are refreshed. The versions on
-- one side only are the changed ones (an unchanged row's two versions cancel out).
CREATE OR REPLACE FUNCTION scores_results_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_student_results(c.tenant_id, c.data_collection_id, array_agg(DISTINCT c.student_enrollment_id))
  FROM (
    SELECT v.tenant_id, v.data_collection_id, v.student_enrollment_id
    FROM (
      SELECT o.id, o.tenant_id, o.data_collection_id, o.student_enrollment_id, o.assessment_item_id, o.scale_entry_id, -1 AS side FROM old_rows o
      UNION ALL
      SELECT n.id, n.tenant_id, n.data_collection_id, n.student_enrollment_id, n.assessment_item_id, n.scale_entry_id, 1 FROM new_rows n
    ) v
    GROUP BY v.id, v.tenant_id, v.data_collection_id, v.student_enrollment_id, v.assessment_item_id, v.scale_entry_id
    HAVING sum(v.side) <> 0
  ) c
  GROUP BY c.tenant_id, c.data_collection_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Where a result counts: its enrollment, when active and still assigned to the collection (one
-- probe of each unique key). No row when it does not count.
CREATE FUNCTION counted_enrollment(p_tenant integer, p_collection integer, p_enrollment integer)
RETURNS TABLE (region_id integer, district_id integer, location_id integer)
LANGUAGE sql STABLE AS $$
  SELECT e.region_id, e.district_id, e.location_id FROM student_enrollments e
  WHERE e.tenant_id = p_tenant AND e.id = p_enrollment AND e.active
    AND EXISTS (SELECT FROM student_data_collection_assignments a
      WHERE a.tenant_id = p_tenant AND a.data_collection_id = p_collection AND a.student_enrollment_id = p_enrollment OFFSET 0)
  OFFSET 0
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION results_progress_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_collection_progress(coalesce(jsonb_agg(jsonb_build_object('tenant_id', n.tenant_id, 'data_collection_id', n.data_collection_id,
    'location_id', e.location_id, 'students', 0, 'scored', n.scored_items)), '[]'))
  FROM new_rows n
  CROSS JOIN LATERAL counted_enrollment(n.tenant_id, n.data_collection_id, n.student_enrollment_id) e
  WHERE n.scored_items <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION results_progress_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_collection_progress(coalesce(jsonb_agg(jsonb_build_object('tenant_id', c.tenant_id, 'data_collection_id', c.data_collection_id,
    'location_id', e.location_id, 'students', 0, 'scored', c.delta)), '[]'))
  FROM (
    SELECT v.tenant_id, v.data_collection_id, v.student_enrollment_id, sum(v.scored) AS delta
    FROM (
      SELECT n.tenant_id, n.data_collection_id, n.student_enrollment_id, n.scored_items::bigint AS scored FROM new_rows n
      UNION ALL
      SELECT o.tenant_id, o.data_collection_id, o.student_enrollment_id, -o.scored_items::bigint FROM old_rows o
    ) v
    GROUP BY v.tenant_id, v.data_collection_id, v.student_enrollment_id
    HAVING sum(v.scored) <> 0
  ) c
  CROSS JOIN LATERAL counted_enrollment(c.tenant_id, c.data_collection_id, c.student_enrollment_id) e;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION results_display_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_display_totals(coalesce(jsonb_agg(jsonb_build_object('tenant_id', n.tenant_id, 'data_collection_id', n.data_collection_id,
    'region_id', e.region_id, 'district_id', e.district_id, 'location_id', e.location_id, 'sign', 1, 'base', false,
    'overall', n.overall_score, 'level', n.performance_level, 'domains', n.domain_scores)), '[]'))
  FROM new_rows n
  CROSS JOIN LATERAL counted_enrollment(n.tenant_id, n.data_collection_id, n.student_enrollment_id) e
  WHERE n.overall_score IS NOT NULL OR n.domain_scores <> '{}'::jsonb;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION results_display_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_display_totals(coalesce(jsonb_agg(jsonb_build_object('tenant_id', o.tenant_id, 'data_collection_id', o.data_collection_id,
    'region_id', e.region_id, 'district_id', e.district_id, 'location_id', e.location_id, 'sign', -1, 'base', false,
    'overall', o.overall_score, 'level', o.performance_level, 'domains', o.domain_scores)), '[]'))
  FROM old_rows o
  CROSS JOIN LATERAL counted_enrollment(o.tenant_id, o.data_collection_id, o.student_enrollment_id) e
  WHERE o.overall_score IS NOT NULL OR o.domain_scores <> '{}'::jsonb;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only rows whose scores or level changed count (a partial save changes neither): a version on one
-- side only leaves its place (old, -1) or joins it (new, +1).
CREATE OR REPLACE FUNCTION results_display_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_display_totals(coalesce(jsonb_agg(jsonb_build_object('tenant_id', c.tenant_id, 'data_collection_id', c.data_collection_id,
    'region_id', e.region_id, 'district_id', e.district_id, 'location_id', e.location_id, 'sign', c.sign, 'base', false,
    'overall', c.overall_score, 'level', c.performance_level, 'domains', c.domain_scores)), '[]'))
  FROM (
    SELECT v.tenant_id, v.data_collection_id, v.student_enrollment_id, v.overall_score, v.performance_level, v.domain_scores, sum(v.side)::integer AS sign
    FROM (
      SELECT o.tenant_id, o.data_collection_id, o.student_enrollment_id, o.overall_score, o.performance_level, o.domain_scores, -1 AS side FROM old_rows o
      UNION ALL
      SELECT n.tenant_id, n.data_collection_id, n.student_enrollment_id, n.overall_score, n.performance_level, n.domain_scores, 1 FROM new_rows n
    ) v
    GROUP BY v.tenant_id, v.data_collection_id, v.student_enrollment_id, v.overall_score, v.performance_level, v.domain_scores
    HAVING sum(v.side) <> 0
  ) c
  CROSS JOIN LATERAL counted_enrollment(c.tenant_id, c.data_collection_id, c.student_enrollment_id) e;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An assignment added or removed: its child's enrollment (active) and result, one probe each.
CREATE OR REPLACE FUNCTION assignments_progress_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_collection_progress(coalesce(jsonb_agg(jsonb_build_object('tenant_id', n.tenant_id, 'data_collection_id', n.data_collection_id,
    'location_id', e.location_id, 'students', 1, 'scored', coalesce(r.scored_items, 0))), '[]'))
  FROM new_rows n
  CROSS JOIN LATERAL (SELECT e.location_id FROM student_enrollments e
    WHERE e.tenant_id = n.tenant_id AND e.id = n.student_enrollment_id AND e.active OFFSET 0) e
  LEFT JOIN LATERAL (SELECT r.scored_items FROM student_results r
    WHERE r.tenant_id = n.tenant_id AND r.data_collection_id = n.data_collection_id AND r.student_enrollment_id = n.student_enrollment_id OFFSET 0) r ON true;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An assignment deleted with its enrollment (a cascade) finds no enrollment row: that child stays
-- counted until the collection's progress is rebuilt. Enrollments are deactivated, not deleted.
CREATE OR REPLACE FUNCTION assignments_progress_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_collection_progress(coalesce(jsonb_agg(jsonb_build_object('tenant_id', o.tenant_id, 'data_collection_id', o.data_collection_id,
    'location_id', e.location_id, 'students', -1, 'scored', -coalesce(r.scored_items, 0))), '[]'))
  FROM old_rows o
  CROSS JOIN LATERAL (SELECT e.location_id FROM student_enrollments e
    WHERE e.tenant_id = o.tenant_id AND e.id = o.student_enrollment_id AND e.active OFFSET 0) e
  LEFT JOIN LATERAL (SELECT r.scored_items FROM student_results r
    WHERE r.tenant_id = o.tenant_id AND r.data_collection_id = o.data_collection_id AND r.student_enrollment_id = o.student_enrollment_id OFFSET 0) r ON true;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION assignments_display_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_display_totals(coalesce(jsonb_agg(jsonb_build_object('tenant_id', n.tenant_id, 'data_collection_id', n.data_collection_id,
    'region_id', e.region_id, 'district_id', e.district_id, 'location_id', e.location_id, 'sign', 1, 'base', true,
    'overall', r.overall_score, 'level', r.performance_level, 'domains', r.domain_scores)), '[]'))
  FROM new_rows n
  CROSS JOIN LATERAL (SELECT e.region_id, e.district_id, e.location_id FROM student_enrollments e
    WHERE e.tenant_id = n.tenant_id AND e.id = n.student_enrollment_id AND e.active OFFSET 0) e
  LEFT JOIN LATERAL (SELECT r.overall_score, r.performance_level, r.domain_scores FROM student_results r
    WHERE r.tenant_id = n.tenant_id AND r.data_collection_id = n.data_collection_id AND r.student_enrollment_id = n.student_enrollment_id OFFSET 0) r ON true;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION assignments_display_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_display_totals(coalesce(jsonb_agg(jsonb_build_object('tenant_id', o.tenant_id, 'data_collection_id', o.data_collection_id,
    'region_id', e.region_id, 'district_id', e.district_id, 'location_id', e.location_id, 'sign', -1, 'base', true,
    'overall', r.overall_score, 'level', r.performance_level, 'domains', r.domain_scores)), '[]'))
  FROM old_rows o
  CROSS JOIN LATERAL (SELECT e.region_id, e.district_id, e.location_id FROM student_enrollments e
    WHERE e.tenant_id = o.tenant_id AND e.id = o.student_enrollment_id AND e.active OFFSET 0) e
  LEFT JOIN LATERAL (SELECT r.overall_score, r.performance_level, r.domain_scores FROM student_results r
    WHERE r.tenant_id = o.tenant_id AND r.data_collection_id = o.data_collection_id AND r.student_enrollment_id = o.student_enrollment_id OFFSET 0) r ON true;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An enrollment deactivated, reactivated or moved: the version it leaves (old, when active) takes
-- its assignments out of that place, the version it takes (new, when active) adds them. Changed
-- enrollments are the versions on one side only; their assignments and results are probed.
CREATE OR REPLACE FUNCTION enrollments_progress_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_collection_progress(coalesce(jsonb_agg(jsonb_build_object('tenant_id', a.tenant_id, 'data_collection_id', a.data_collection_id,
    'location_id', c.location_id, 'students', c.sign, 'scored', c.sign * coalesce(r.scored_items, 0))), '[]'))
  FROM (
    SELECT v.id, v.tenant_id, v.location_id, sum(v.side)::integer AS sign
    FROM (
      SELECT o.id, o.tenant_id, o.active, o.location_id, -1 AS side FROM old_rows o
      UNION ALL
      SELECT n.id, n.tenant_id, n.active, n.location_id, 1 FROM new_rows n
    ) v
    GROUP BY v.id, v.tenant_id, v.active, v.location_id
    HAVING sum(v.side) <> 0 AND v.active
  ) c
  CROSS JOIN LATERAL (SELECT a.tenant_id, a.data_collection_id, a.student_enrollment_id FROM student_data_collection_assignments a
    WHERE a.tenant_id = c.tenant_id AND a.student_enrollment_id = c.id OFFSET 0) a
  LEFT JOIN LATERAL (SELECT r.scored_items FROM student_results r
    WHERE r.tenant_id = a.tenant_id AND r.data_collection_id = a.data_collection_id AND r.student_enrollment_id = a.student_enrollment_id OFFSET 0) r ON true;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enrollments_display_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_display_totals(coalesce(jsonb_agg(jsonb_build_object('tenant_id', a.tenant_id, 'data_collection_id', a.data_collection_id,
    'region_id', c.region_id, 'district_id', c.district_id, 'location_id', c.location_id, 'sign', c.sign, 'base', true,
    'overall', r.overall_score, 'level', r.performance_level, 'domains', r.domain_scores)), '[]'))
  FROM (
    SELECT v.id, v.tenant_id, v.region_id, v.district_id, v.location_id, sum(v.side)::integer AS sign
    FROM (
      SELECT o.id, o.tenant_id, o.active, o.region_id, o.district_id, o.location_id, -1 AS side FROM old_rows o
      UNION ALL
      SELECT n.id, n.tenant_id, n.active, n.region_id, n.district_id, n.location_id, 1 FROM new_rows n
    ) v
    GROUP BY v.id, v.tenant_id, v.active, v.region_id, v.district_id, v.location_id
    HAVING sum(v.side) <> 0 AND v.active
  ) c
  CROSS JOIN LATERAL (SELECT a.tenant_id, a.data_collection_id, a.student_enrollment_id FROM student_data_collection_assignments a
    WHERE a.tenant_id = c.tenant_id AND a.student_enrollment_id = c.id OFFSET 0) a
  LEFT JOIN LATERAL (SELECT r.overall_score, r.performance_level, r.domain_scores FROM student_results r
    WHERE r.tenant_id = a.tenant_id AND r.data_collection_id = a.data_collection_id AND r.student_enrollment_id = a.student_enrollment_id OFFSET 0) r ON true;
  RETURN NULL;
END
$$;
