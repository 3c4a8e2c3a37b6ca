-- Score saves pay less for the totals they feed (issue 8: the bare upsert fell from 642 to ~259
-- saves/s after 0020). A save's results upsert fires both the insert and the update triggers of
-- student_results, and each called add_display_totals (0020) and add_collection_progress (0010).
-- Those were SQL functions, which PostgreSQL 15 parses and plans again on every call (a SQL
-- function's plan lives only as long as the calling statement), even with nothing to add:
-- add_display_totals('[]') cost 1.4 ms of CPU, twice per save. As plpgsql they keep their plan for
-- the session (the same shape for any size: jsonb_to_recordset is always guessed at 100 rows) and
-- return at once when there is nothing to add. Same statements otherwise.
CREATE OR REPLACE FUNCTION add_display_totals(entries jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF entries IS NULL OR jsonb_array_length(entries) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO collection_display_totals AS t (tenant_id, data_collection_id, region_id, district_id, location_id, part, level, students, scored, score_sum)
  SELECT x.tenant_id, x.data_collection_id, x.region_id, x.district_id, x.location_id, c.part, c.level,
    sum(x.sign * c.students), sum(x.sign * c.scored), sum(x.sign * c.score_sum)
  FROM jsonb_to_recordset(entries) AS x (tenant_id integer, data_collection_id integer, region_id integer, district_id integer,
    location_id integer, sign integer, base boolean, overall integer, level text, domains jsonb)
  JOIN data_collections d ON d.tenant_id = x.tenant_id AND d.id = x.data_collection_id
  JOIN assessments s ON s.id = d.assessment_id
  CROSS JOIN LATERAL display_cells(coalesce(s.configuration, '{}'::jsonb) || d.scoring, x.base, x.overall, x.level, x.domains) c
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(x.sign * c.students) <> 0 OR sum(x.sign * c.scored) <> 0 OR sum(x.sign * c.score_sum) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (tenant_id, data_collection_id, region_id, district_id, location_id, part, level)
  DO UPDATE SET students = t.students + excluded.students, scored = t.scored + excluded.scored, score_sum = t.score_sum + excluded.score_sum;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION add_collection_progress(deltas jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF deltas IS NULL OR jsonb_array_length(deltas) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO collection_location_progress AS p (tenant_id, data_collection_id, location_id, students, scored)
  SELECT d.tenant_id, d.data_collection_id, d.location_id, sum(d.students), sum(d.scored)
  FROM jsonb_to_recordset(deltas) AS d (tenant_id integer, data_collection_id integer, location_id integer, students integer, scored bigint)
  GROUP BY 1, 2, 3
  HAVING sum(d.students) <> 0 OR sum(d.scored) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (tenant_id, data_collection_id, location_id)
  DO UPDATE SET students = p.students + excluded.students, scored = p.scored + excluded.scored;
END
$$;
--> statement-breakpoint
-- Most saves change neither a child's scores nor their level (a domain counts once all its items
-- are scored): the rows whose counted values changed are found first, on the transition tables
-- alone, and only they are joined to their enrollment and assignment.
CREATE OR REPLACE FUNCTION results_display_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_display_totals(jsonb_agg(x.d))
  FROM (
    WITH gone AS MATERIALIZED (
      SELECT o.* FROM old_rows o
      WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.tenant_id = o.tenant_id AND n.data_collection_id = o.data_collection_id
        AND n.student_enrollment_id = o.student_enrollment_id AND n.overall_score IS NOT DISTINCT FROM o.overall_score
        AND n.performance_level IS NOT DISTINCT FROM o.performance_level AND n.domain_scores = o.domain_scores)
    ), came AS MATERIALIZED (
      SELECT n.* FROM new_rows n
      WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE n.tenant_id = o.tenant_id AND n.data_collection_id = o.data_collection_id
        AND n.student_enrollment_id = o.student_enrollment_id AND n.overall_score IS NOT DISTINCT FROM o.overall_score
        AND n.performance_level IS NOT DISTINCT FROM o.performance_level AND n.domain_scores = o.domain_scores)
    )
    SELECT jsonb_build_object('tenant_id', o.tenant_id, 'data_collection_id', o.data_collection_id, 'region_id', e.region_id,
      'district_id', e.district_id, 'location_id', e.location_id, 'sign', -1, 'base', false,
      'overall', o.overall_score, 'level', o.performance_level, 'domains', o.domain_scores) AS d
    FROM gone o
    JOIN student_enrollments e ON e.tenant_id = o.tenant_id AND e.id = o.student_enrollment_id AND e.active
    JOIN student_data_collection_assignments a ON a.tenant_id = o.tenant_id AND a.data_collection_id = o.data_collection_id
      AND a.student_enrollment_id = o.student_enrollment_id
    UNION ALL
    SELECT jsonb_build_object('tenant_id', n.tenant_id, 'data_collection_id', n.data_collection_id, 'region_id', e.region_id,
      'district_id', e.district_id, 'location_id', e.location_id, 'sign', 1, 'base', false,
      'overall', n.overall_score, 'level', n.performance_level, 'domains', n.domain_scores)
    FROM came n
    JOIN student_enrollments e ON e.tenant_id = n.tenant_id AND e.id = n.student_enrollment_id AND e.active
    JOIN student_data_collection_assignments a ON a.tenant_id = n.tenant_id AND a.data_collection_id = n.data_collection_id
      AND a.student_enrollment_id = n.student_enrollment_id
  ) x;
  RETURN NULL;
END
$$;
