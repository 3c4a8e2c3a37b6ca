-- The results refresh reads each child's grades by a probe of the scores key. 0035 left the choice
-- to the planner: a save's generic plan on a database without statistics (a fresh tenant, the first
-- minute after a load) took the (tenant, collection) range of scores_key and filtered it by the
-- child list, reading every grade of the collection for one child. The children now drive.
-- The save's answer reads each cell's grade by the scores key for the same reason.
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
  ), grades AS MATERIALIZED (
    -- Each child's grades by a probe of the scores key (OFFSET 0 keeps it a probe), gathered before
    -- they meet the items: left to the planner, a generic plan without statistics read the
    -- collection's whole range and filtered it by the list (every grade of the collection for one
    -- child's save: 12 ms at 3,000 children), or probed each child once per item.
    SELECT k.eid, s.assessment_item_id AS item_id, s.scale_entry_id AS entry_id
    FROM kids k
    CROSS JOIN LATERAL (SELECT s.assessment_item_id, s.scale_entry_id FROM scores s
      WHERE s.tenant_id = p_tenant AND s.data_collection_id = p_collection AND s.student_enrollment_id = k.eid OFFSET 0) s
  ), graded AS MATERIALIZED (
    SELECT g.eid, i.domain, coalesce(se.score, 0) * i.weight AS points
    FROM grades g
    JOIN items i ON i.item_id = g.item_id
    JOIN scale_entries se ON se.id = g.entry_id
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
--> statement-breakpoint
-- A teacher's grades on cells of a collection (one, or a batch of up to 500): per cell, the same
-- checks in the same order as the single save had (rostered child, replayed requestKey, item in the
-- collection, entry on the item's scale, window), then, for the cells that pass, the upsert (sorted
-- by key, so two batches lock rows in one order; an unchanged grade writes nothing), its history
-- row and its audit row in one statement; the kept results, progress and totals follow by trigger
-- at its end. Then each cell's grade and its child's progress as they now stand. Outcome per cell:
-- ok, replayed, student, item, entry, not_open, closed; one row 'collection' when the collection
-- is not the teacher's, 'session' when the session ended since the lookup. p_bind is the tenant
-- of the caller's binding (tests bind another to prove row security holds), p_tenant the actor's.
CREATE OR REPLACE FUNCTION save_scores(p_bind integer, p_tenant integer, p_user integer, p_impersonator integer, p_session uuid, p_locations integer[],
  p_collection integer, p_enrollments integer[], p_items integer[], p_entries integer[], p_keys text[],
  p_ip inet, p_agent text, p_request text)
RETURNS TABLE (ord integer, outcome text, grade_id integer, student_enrollment_id integer, assessment_item_id integer, scale_entry_id integer,
  comment text, artifacts integer, updated_at timestamptz, progress integer, scored_items integer, total_items integer)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  previous text[] := bind_tenant(p_bind);
  v_ord integer[];
  v_outcome text[];
  v_replayed integer[];
  v_not_open boolean;
  v_closed boolean;
  v_refused text;
BEGIN
  -- The collection is the teacher's when assigned to one of their locations or to its district or
  -- region: driven by their few locations (a probe of each assignment key), never by the tenant's
  -- districts (hashed, that read all 598 of a state's for every save).
  SELECT now() < dc.cycle_start_date, now() > dc.cycle_end_date INTO v_not_open, v_closed
  FROM data_collections dc
  WHERE dc.tenant_id = p_tenant AND dc.id = p_collection AND dc.deleted_at IS NULL
    AND EXISTS (SELECT FROM locations l
      LEFT JOIN LATERAL (SELECT d.region_id FROM districts d WHERE d.tenant_id = p_tenant AND d.id = l.district_id OFFSET 0) d ON true
      WHERE l.tenant_id = p_tenant AND l.id = ANY (p_locations)
        AND (EXISTS (SELECT FROM data_collection_location_assignments la
            WHERE la.tenant_id = p_tenant AND la.data_collection_id = p_collection AND la.location_id = l.id)
          OR EXISTS (SELECT FROM data_collection_district_assignments da
            WHERE da.tenant_id = p_tenant AND da.data_collection_id = p_collection AND da.district_id = l.district_id)
          OR EXISTS (SELECT FROM data_collection_region_assignments ra
            WHERE ra.tenant_id = p_tenant AND ra.data_collection_id = p_collection AND ra.region_id = d.region_id)));
  IF NOT FOUND THEN
    v_refused := 'collection';
  -- The lookup ran a moment ago in its own call: a logout since then must not let the grade in.
  ELSIF NOT EXISTS (SELECT FROM auth_sessions s JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
      WHERE s.tenant_id = p_tenant AND s.id = p_session AND s.user_id = p_user AND s.revoked_at IS NULL AND s.expires_at > now()
        AND u.enabled AND NOT u.locked AND NOT u.expired) THEN
    v_refused := 'session';
  END IF;
  IF v_refused IS NOT NULL THEN
    RETURN QUERY SELECT 0, v_refused, NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::text, NULL::integer, NULL::timestamptz,
      NULL::integer, NULL::integer, NULL::integer;
    PERFORM unbind_tenant(previous);
    RETURN;
  END IF;

  WITH checked AS (
    -- Each cell probes its enrollment, roster link, assignment, item, entry and replay by unique
    -- keys (OFFSET 0 keeps a probe from becoming a join planned on guesses).
    SELECT c.ord::integer AS ord, c.eid, c.item, c.entry, c.rkey, k.student_id, h.score_id AS replayed,
      CASE WHEN k.student_id IS NULL THEN 'student'
        WHEN h.score_id IS NOT NULL THEN 'replayed'
        WHEN i.item_scale IS NULL THEN 'item'
        WHEN se.scale_id IS DISTINCT FROM i.item_scale THEN 'entry'
        WHEN v_not_open THEN 'not_open'
        WHEN v_closed THEN 'closed'
        ELSE 'ok' END AS outcome
    FROM unnest(p_enrollments, p_items, p_entries, p_keys) WITH ORDINALITY AS c (eid, item, entry, rkey, ord)
    LEFT JOIN LATERAL (SELECT e.student_id FROM student_enrollments e
      WHERE e.tenant_id = p_tenant AND e.id = c.eid AND e.active
        AND EXISTS (SELECT FROM enrollment_associations ea WHERE ea.tenant_id = p_tenant AND ea.student_enrollment_id = c.eid AND ea.user_id = p_user OFFSET 0)
        AND EXISTS (SELECT FROM student_data_collection_assignments a
          WHERE a.tenant_id = p_tenant AND a.data_collection_id = p_collection AND a.student_enrollment_id = c.eid OFFSET 0)
      OFFSET 0) k ON true
    LEFT JOIN LATERAL (SELECT coalesce(ci.scale_id, ai.scale_id) AS item_scale FROM data_collection_items ci
      JOIN assessment_items ai ON ai.id = ci.assessment_item_id
      WHERE ci.tenant_id = p_tenant AND ci.data_collection_id = p_collection AND ci.assessment_item_id = c.item OFFSET 0) i ON true
    LEFT JOIN LATERAL (SELECT se.scale_id FROM scale_entries se WHERE se.id = c.entry OFFSET 0) se ON true
    LEFT JOIN LATERAL (SELECT h.score_id FROM score_history h WHERE c.rkey IS NOT NULL AND h.tenant_id = p_tenant AND h.request_key = c.rkey OFFSET 0) h ON true
  ), up AS (
    INSERT INTO scores AS s (tenant_id, data_collection_id, student_enrollment_id, assessment_item_id, scale_entry_id, entered_by)
    SELECT p_tenant, p_collection, c.eid, c.item, c.entry, p_user FROM checked c WHERE c.outcome = 'ok' ORDER BY c.eid, c.item
    ON CONFLICT (tenant_id, data_collection_id, student_enrollment_id, assessment_item_id)
    DO UPDATE SET scale_entry_id = excluded.scale_entry_id, entered_by = excluded.entered_by, updated_at = now()
    WHERE s.scale_entry_id IS DISTINCT FROM excluded.scale_entry_id
    RETURNING s.id, s.student_enrollment_id, s.assessment_item_id, s.scale_entry_id, s.comment, CASE WHEN s.xmax = 0 THEN 'create' ELSE 'update' END AS action
  ), written AS (
    SELECT up.*, c.rkey, c.student_id FROM up JOIN checked c ON c.outcome = 'ok' AND c.eid = up.student_enrollment_id AND c.item = up.assessment_item_id
  ), history AS (
    INSERT INTO score_history (tenant_id, score_id, data_collection_id, student_enrollment_id, assessment_item_id, scale_entry_id, comment, action, changed_by, request_key)
    SELECT p_tenant, w.id, p_collection, w.student_enrollment_id, w.assessment_item_id, w.scale_entry_id, w.comment, w.action::score_action, p_user, w.rkey
    FROM written w
  ), audit AS (
    INSERT INTO audit_log (tenant_id, user_id, impersonator_id, action, entity_type, entity_id, student_id, ip_address, user_agent, request_id, details)
    SELECT p_tenant, p_user, p_impersonator, w.action, 'score', w.id, w.student_id, p_ip, p_agent, p_request,
      jsonb_build_object('dataCollectionId', p_collection, 'assessmentItemId', w.assessment_item_id, 'scaleEntryId', w.scale_entry_id)
    FROM written w
  )
  SELECT array_agg(c.ord ORDER BY c.ord), array_agg(c.outcome ORDER BY c.ord), array_agg(c.replayed ORDER BY c.ord)
  INTO v_ord, v_outcome, v_replayed FROM checked c;

  -- After the statement: its triggers have kept the results. A replay answers the grade its key
  -- wrote (none when cleared since).
  RETURN QUERY
  SELECT v.ord, v.outcome, g.id, g.student_enrollment_id, g.assessment_item_id, g.scale_entry_id, g.comment,
    (SELECT count(*)::integer FROM score_artifacts a WHERE a.tenant_id = p_tenant AND a.score_id = g.id), g.updated_at,
    r.progress, r.scored_items, r.total_items
  FROM unnest(v_ord, v_outcome, v_replayed) AS v (ord, outcome, replayed)
  LEFT JOIN LATERAL (
    SELECT s.id, s.student_enrollment_id, s.assessment_item_id, s.scale_entry_id, s.comment, s.updated_at FROM scores s
    WHERE v.outcome = 'replayed' AND s.tenant_id = p_tenant AND s.id = v.replayed AND s.data_collection_id = p_collection
    UNION ALL
    SELECT s.id, s.student_enrollment_id, s.assessment_item_id, s.scale_entry_id, s.comment, s.updated_at FROM scores s
    WHERE v.outcome = 'ok' AND s.tenant_id = p_tenant AND s.data_collection_id = p_collection
      -- "+ 0": by the scores key; without statistics the item's index tied and read the item's
      -- grades of the whole collection (every child's) for one answer.
      AND s.student_enrollment_id = p_enrollments[v.ord] AND s.assessment_item_id + 0 = p_items[v.ord]
  ) g ON true
  LEFT JOIN LATERAL (SELECT r.progress, r.scored_items, r.total_items FROM student_results r
    WHERE r.tenant_id = p_tenant AND r.data_collection_id = p_collection AND r.student_enrollment_id = g.student_enrollment_id OFFSET 0) r ON true
  ORDER BY v.ord;
  PERFORM unbind_tenant(previous);
END
$$;
