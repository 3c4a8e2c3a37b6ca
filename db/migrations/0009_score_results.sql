CREATE TABLE "student_results" (
	"tenant_id" integer NOT NULL,
	"data_collection_id" integer NOT NULL,
	"student_enrollment_id" integer NOT NULL,
	"scored_items" integer DEFAULT 0 NOT NULL,
	"total_items" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"domain_scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"overall_score" integer,
	"performance_level" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_results_pkey" PRIMARY KEY("tenant_id","data_collection_id","student_enrollment_id"),
	CONSTRAINT "student_results_progress_check" CHECK ("student_results"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "score_history" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "student_results" ADD CONSTRAINT "student_results_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_results" ADD CONSTRAINT "student_results_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_results" ADD CONSTRAINT "student_results_enrollment_fk" FOREIGN KEY ("tenant_id","student_enrollment_id") REFERENCES "public"."student_enrollments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "score_history_request_key" ON "score_history" USING btree ("tenant_id","request_key") WHERE "score_history"."request_key" is not null;--> statement-breakpoint
SELECT apply_tenant_isolation('student_results');
--> statement-breakpoint
-- A part's scale score (a domain code or 'overall') from its weighted raw points: the assessment's
-- raw-to-scale table for the part when it has one ([[raw, scale], ...], highest raw not above),
-- else linear over its scaleScore {min, max}, else percent of the points.
CREATE FUNCTION result_scale_score(cfg jsonb, part text, raw numeric, max_raw numeric) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN max_raw IS NULL OR max_raw <= 0 THEN NULL
    WHEN jsonb_typeof(cfg -> 'rawToScale' -> part) = 'array' THEN
      (SELECT round((e ->> 1)::numeric)::integer FROM jsonb_array_elements(cfg -> 'rawToScale' -> part) e
        WHERE (e ->> 0)::numeric <= raw ORDER BY (e ->> 0)::numeric DESC LIMIT 1)
    WHEN jsonb_typeof(cfg -> 'scaleScore') = 'object' THEN
      round((cfg -> 'scaleScore' ->> 'min')::numeric
        + ((cfg -> 'scaleScore' ->> 'max')::numeric - (cfg -> 'scaleScore' ->> 'min')::numeric) * raw / max_raw)::integer
    ELSE round(100 * raw / max_raw)::integer
  END
$$;
--> statement-breakpoint
-- The performance level band ({code, min, max} in the assessment's performanceLevels) holding a score.
CREATE FUNCTION result_performance_level(cfg jsonb, score integer) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT l ->> 'code' FROM jsonb_array_elements(
    CASE WHEN jsonb_typeof(cfg -> 'performanceLevels') = 'array' THEN cfg -> 'performanceLevels' ELSE '[]'::jsonb END) l
  WHERE score BETWEEN (l ->> 'min')::numeric AND (l ->> 'max')::numeric
  LIMIT 1
$$;
--> statement-breakpoint
-- Recompute the results of a collection's assigned children (all of them when p_enrollments is
-- null) from their scores and the assessment's configuration (itemWeights by item code, rawToScale,
-- scaleScore, performanceLevels). A code without points (N, NE, R) counts as given, for 0 points.
-- A domain is scored once all its items are; the overall score and level once every domain is.
-- Runs as the caller: under row-level security it sees and writes only the bound tenant's rows.
-- A child no longer assigned keeps a stale row: readers join the assignments, as they must anyway.
CREATE FUNCTION refresh_student_results(p_tenant integer, p_collection integer, p_enrollments integer[]) RETURNS void
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
    SELECT a.configuration AS c FROM data_collections d JOIN assessments a ON a.id = d.assessment_id
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
--> statement-breakpoint
-- Statement triggers: the children a statement touched, per collection, in one refresh each.
CREATE FUNCTION scores_results_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_student_results(c.tenant_id, c.data_collection_id, array_agg(DISTINCT c.student_enrollment_id))
  FROM new_rows c GROUP BY c.tenant_id, c.data_collection_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION scores_results_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_student_results(c.tenant_id, c.data_collection_id, array_agg(DISTINCT c.student_enrollment_id))
  FROM old_rows c GROUP BY c.tenant_id, c.data_collection_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A comment-only change leaves results alone.
CREATE FUNCTION scores_results_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_student_results(c.tenant_id, c.data_collection_id, array_agg(DISTINCT c.student_enrollment_id))
  FROM (SELECT o.tenant_id, o.data_collection_id, o.student_enrollment_id, n.student_enrollment_id AS new_enrollment_id,
          n.data_collection_id AS new_collection_id
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.scale_entry_id, o.student_enrollment_id, o.data_collection_id, o.assessment_item_id)
          IS DISTINCT FROM (n.scale_entry_id, n.student_enrollment_id, n.data_collection_id, n.assessment_item_id)) moved,
    LATERAL (VALUES (moved.tenant_id, moved.data_collection_id, moved.student_enrollment_id),
      (moved.tenant_id, moved.new_collection_id, moved.new_enrollment_id)) AS c (tenant_id, data_collection_id, student_enrollment_id)
  GROUP BY c.tenant_id, c.data_collection_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER scores_results_insert AFTER INSERT ON scores REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION scores_results_after_insert();
--> statement-breakpoint
CREATE TRIGGER scores_results_delete AFTER DELETE ON scores REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION scores_results_after_delete();
--> statement-breakpoint
CREATE TRIGGER scores_results_update AFTER UPDATE ON scores
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION scores_results_after_update();
--> statement-breakpoint
-- Existing grades: every collection's results once (the owner's pass-all policy sees every tenant).
SELECT refresh_student_results(tenant_id, id, NULL) FROM data_collections;
