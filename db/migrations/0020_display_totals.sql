-- Data display totals (and, at the end, announcements told once active): per collection and school (with the enrollment's region and district), the
-- figures a display adds up, kept by triggers like collection_location_progress (0010). A state's
-- display then sums a few thousand rows instead of grouping every child's result.
--
-- One row per (collection, region, district, location, part, level):
--   part ''       , level ''    students = children assigned (active enrollment); scored = those with
--                                 an overall score; score_sum = the sum of those scores
--   part ''       , level L     children whose performance level is L (scored, score_sum alike)
--   part <domain> , level ''    children with a scale score in the domain; score_sum their sum
--   part <domain> , level L     those whose domain score falls in level L's bounds
-- Levels and bounds are the collection's effective configuration (the assessment's, overridden key
-- by key by data_collections.scoring), as refresh_student_results uses it.
CREATE TABLE "collection_display_totals" (
	"tenant_id" integer NOT NULL,
	"data_collection_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"part" text NOT NULL,
	"level" text NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL,
	"score_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "collection_display_totals_pkey" PRIMARY KEY("tenant_id","data_collection_id","region_id","district_id","location_id","part","level")
);
--> statement-breakpoint
ALTER TABLE "collection_display_totals" ADD CONSTRAINT "collection_display_totals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_display_totals" ADD CONSTRAINT "collection_display_totals_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_display_totals" ADD CONSTRAINT "collection_display_totals_location_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_display_totals_location_idx" ON "collection_display_totals" USING btree ("tenant_id","location_id");--> statement-breakpoint
SELECT apply_tenant_isolation('collection_display_totals');
--> statement-breakpoint
-- What one child contributes: base (the child is counted at all: an assignment with an active
-- enrollment) plus its result's cells. A trigger adds a result's cells with sign +1 or -1 and the
-- base only when the assignment or the enrollment itself changes.
CREATE FUNCTION display_cells(cfg jsonb, base boolean, overall integer, perf_level text, domains jsonb)
RETURNS TABLE (part text, level text, students integer, scored integer, score_sum bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT '', '', base::integer, (overall IS NOT NULL)::integer, coalesce(overall, 0)::bigint
  WHERE base OR overall IS NOT NULL
  UNION ALL
  SELECT '', perf_level, 1, 1, overall::bigint WHERE perf_level IS NOT NULL AND overall IS NOT NULL
  UNION ALL
  SELECT d.key, x.band, 1, 1, d.score::bigint
  FROM (SELECT e.key, (e.value #>> '{}')::numeric::integer AS score FROM jsonb_each(coalesce(domains, '{}'::jsonb)) e
        WHERE jsonb_typeof(e.value) = 'number') d
  CROSS JOIN LATERAL (SELECT ''::text AS band UNION ALL SELECT result_performance_level(cfg, d.score)) x
  WHERE x.band IS NOT NULL
$$;
--> statement-breakpoint
-- Add signed contributions, grouped and in key order (no lock cycles between concurrent saves).
-- entries: [{tenant_id, data_collection_id, region_id, district_id, location_id, sign, base,
-- overall, level, domains}]. A collection being deleted is no longer found and adds nothing.
CREATE FUNCTION add_display_totals(entries jsonb) RETURNS void
LANGUAGE sql AS $$
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
  DO UPDATE SET students = t.students + excluded.students, scored = t.scored + excluded.scored, score_sum = t.score_sum + excluded.score_sum
$$;
--> statement-breakpoint
-- A collection's totals from scratch (all collections when p_collection is null): the backfill
-- below, and after a change to the levels (the collection's scoring or its assessment). plpgsql with
-- custom plans: a SQL function plans its statement once for any argument, and with the "all or one
-- collection" condition unknown the planner merged on (tenant, collection) and filtered the rest,
-- quadratic in a collection's children (minutes for a state; seconds this way).
CREATE FUNCTION rebuild_display_totals(p_tenant integer, p_collection integer) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  DELETE FROM collection_display_totals WHERE p_collection IS NULL OR (tenant_id = p_tenant AND data_collection_id = p_collection);
  INSERT INTO collection_display_totals (tenant_id, data_collection_id, region_id, district_id, location_id, part, level, students, scored, score_sum)
  SELECT a.tenant_id, a.data_collection_id, e.region_id, e.district_id, e.location_id, c.part, c.level, sum(c.students), sum(c.scored), sum(c.score_sum)
  FROM student_data_collection_assignments a
  JOIN student_enrollments e ON e.tenant_id = a.tenant_id AND e.id = a.student_enrollment_id AND e.active
  JOIN data_collections d ON d.tenant_id = a.tenant_id AND d.id = a.data_collection_id
  JOIN assessments s ON s.id = d.assessment_id
  LEFT JOIN student_results r ON r.tenant_id = a.tenant_id AND r.data_collection_id = a.data_collection_id AND r.student_enrollment_id = a.student_enrollment_id
  CROSS JOIN LATERAL display_cells(coalesce(s.configuration, '{}'::jsonb) || d.scoring, true, r.overall_score, r.performance_level, r.domain_scores) c
  WHERE p_collection IS NULL OR (a.tenant_id = p_tenant AND a.data_collection_id = p_collection)
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
END
$$;
--> statement-breakpoint
CREATE FUNCTION results_display_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_display_totals(coalesce(jsonb_agg(jsonb_build_object('tenant_id', n.tenant_id, 'data_collection_id', n.data_collection_id,
    'region_id', e.region_id, 'district_id', e.district_id, 'location_id', e.location_id, 'sign', 1, 'base', false,
    'overall', n.overall_score, 'level', n.performance_level, 'domains', n.domain_scores)), '[]'))
  FROM new_rows n
  JOIN student_enrollments e ON e.tenant_id = n.tenant_id AND e.id = n.student_enrollment_id AND e.active
  JOIN student_data_collection_assignments a ON a.tenant_id = n.tenant_id AND a.data_collection_id = n.data_collection_id
    AND a.student_enrollment_id = n.student_enrollment_id
  WHERE n.overall_score IS NOT NULL OR n.domain_scores <> '{}'::jsonb;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION results_display_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_display_totals(coalesce(jsonb_agg(jsonb_build_object('tenant_id', o.tenant_id, 'data_collection_id', o.data_collection_id,
    'region_id', e.region_id, 'district_id', e.district_id, 'location_id', e.location_id, 'sign', -1, 'base', false,
    'overall', o.overall_score, 'level', o.performance_level, 'domains', o.domain_scores)), '[]'))
  FROM old_rows o
  JOIN student_enrollments e ON e.tenant_id = o.tenant_id AND e.id = o.student_enrollment_id AND e.active
  JOIN student_data_collection_assignments a ON a.tenant_id = o.tenant_id AND a.data_collection_id = o.data_collection_id
    AND a.student_enrollment_id = o.student_enrollment_id
  WHERE o.overall_score IS NOT NULL OR o.domain_scores <> '{}'::jsonb;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only rows whose scores or level changed count (a partial save changes neither); a row whose key
-- changed leaves its old place and joins the new one.
CREATE FUNCTION results_display_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_display_totals(coalesce(jsonb_agg(d), '[]'))
  FROM (
    SELECT jsonb_build_object('tenant_id', o.tenant_id, 'data_collection_id', o.data_collection_id, 'region_id', e.region_id,
      'district_id', e.district_id, 'location_id', e.location_id, 'sign', -1, 'base', false,
      'overall', o.overall_score, 'level', o.performance_level, 'domains', o.domain_scores) AS d
    FROM old_rows o
    JOIN student_enrollments e ON e.tenant_id = o.tenant_id AND e.id = o.student_enrollment_id AND e.active
    JOIN student_data_collection_assignments a ON a.tenant_id = o.tenant_id AND a.data_collection_id = o.data_collection_id
      AND a.student_enrollment_id = o.student_enrollment_id
    WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.tenant_id = o.tenant_id AND n.data_collection_id = o.data_collection_id
      AND n.student_enrollment_id = o.student_enrollment_id AND n.overall_score IS NOT DISTINCT FROM o.overall_score
      AND n.performance_level IS NOT DISTINCT FROM o.performance_level AND n.domain_scores = o.domain_scores)
    UNION ALL
    SELECT jsonb_build_object('tenant_id', n.tenant_id, 'data_collection_id', n.data_collection_id, 'region_id', e.region_id,
      'district_id', e.district_id, 'location_id', e.location_id, 'sign', 1, 'base', false,
      'overall', n.overall_score, 'level', n.performance_level, 'domains', n.domain_scores)
    FROM new_rows n
    JOIN student_enrollments e ON e.tenant_id = n.tenant_id AND e.id = n.student_enrollment_id AND e.active
    JOIN student_data_collection_assignments a ON a.tenant_id = n.tenant_id AND a.data_collection_id = n.data_collection_id
      AND a.student_enrollment_id = n.student_enrollment_id
    WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE n.tenant_id = o.tenant_id AND n.data_collection_id = o.data_collection_id
      AND n.student_enrollment_id = o.student_enrollment_id AND n.overall_score IS NOT DISTINCT FROM o.overall_score
      AND n.performance_level IS NOT DISTINCT FROM o.performance_level AND n.domain_scores = o.domain_scores)
  ) x;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION assignments_display_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_display_totals(coalesce(jsonb_agg(jsonb_build_object('tenant_id', n.tenant_id, 'data_collection_id', n.data_collection_id,
    'region_id', e.region_id, 'district_id', e.district_id, 'location_id', e.location_id, 'sign', 1, 'base', true,
    'overall', r.overall_score, 'level', r.performance_level, 'domains', r.domain_scores)), '[]'))
  FROM new_rows n
  JOIN student_enrollments e ON e.tenant_id = n.tenant_id AND e.id = n.student_enrollment_id AND e.active
  LEFT JOIN student_results r ON r.tenant_id = n.tenant_id AND r.data_collection_id = n.data_collection_id AND r.student_enrollment_id = n.student_enrollment_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- As in 0010: an assignment deleted with its enrollment (a cascade) finds no enrollment row and
-- stays counted until rebuild_display_totals. Enrollments are deactivated, not deleted.
CREATE FUNCTION assignments_display_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_display_totals(coalesce(jsonb_agg(jsonb_build_object('tenant_id', o.tenant_id, 'data_collection_id', o.data_collection_id,
    'region_id', e.region_id, 'district_id', e.district_id, 'location_id', e.location_id, 'sign', -1, 'base', true,
    'overall', r.overall_score, 'level', r.performance_level, 'domains', r.domain_scores)), '[]'))
  FROM old_rows o
  JOIN student_enrollments e ON e.tenant_id = o.tenant_id AND e.id = o.student_enrollment_id AND e.active
  LEFT JOIN student_results r ON r.tenant_id = o.tenant_id AND r.data_collection_id = o.data_collection_id AND r.student_enrollment_id = o.student_enrollment_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An enrollment deactivated, reactivated or moved (a transfer): its children leave the old place's
-- totals and join the new one's.
CREATE FUNCTION enrollments_display_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_display_totals(coalesce(jsonb_agg(d), '[]'))
  FROM (
    SELECT jsonb_build_object('tenant_id', a.tenant_id, 'data_collection_id', a.data_collection_id, 'region_id', o.region_id,
      'district_id', o.district_id, 'location_id', o.location_id, 'sign', -1, 'base', true,
      'overall', r.overall_score, 'level', r.performance_level, 'domains', r.domain_scores) AS d
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN student_data_collection_assignments a ON a.tenant_id = o.tenant_id AND a.student_enrollment_id = o.id
    LEFT JOIN student_results r ON r.tenant_id = a.tenant_id AND r.data_collection_id = a.data_collection_id AND r.student_enrollment_id = a.student_enrollment_id
    WHERE o.active AND (o.active, o.region_id, o.district_id, o.location_id) IS DISTINCT FROM (n.active, n.region_id, n.district_id, n.location_id)
    UNION ALL
    SELECT jsonb_build_object('tenant_id', a.tenant_id, 'data_collection_id', a.data_collection_id, 'region_id', n.region_id,
      'district_id', n.district_id, 'location_id', n.location_id, 'sign', 1, 'base', true,
      'overall', r.overall_score, 'level', r.performance_level, 'domains', r.domain_scores)
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN student_data_collection_assignments a ON a.tenant_id = n.tenant_id AND a.student_enrollment_id = n.id
    LEFT JOIN student_results r ON r.tenant_id = a.tenant_id AND r.data_collection_id = a.data_collection_id AND r.student_enrollment_id = a.student_enrollment_id
    WHERE n.active AND (o.active, o.region_id, o.district_id, o.location_id) IS DISTINCT FROM (n.active, n.region_id, n.district_id, n.location_id)
  ) x;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The levels changed: a collection's own scoring, or the assessment it gives.
CREATE FUNCTION collections_display_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rebuild_display_totals(NEW.tenant_id, NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An assessment's configuration is shared content, edited outside any tenant: the rebuild of every
-- collection giving it runs as the owner (who passes the tenant policies), not as the caller.
CREATE FUNCTION assessments_display_after_update() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM rebuild_display_totals(d.tenant_id, d.id) FROM data_collections d WHERE d.assessment_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER student_results_display_insert AFTER INSERT ON student_results REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION results_display_after_insert();
--> statement-breakpoint
CREATE TRIGGER student_results_display_update AFTER UPDATE ON student_results REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION results_display_after_update();
--> statement-breakpoint
CREATE TRIGGER student_results_display_delete AFTER DELETE ON student_results REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION results_display_after_delete();
--> statement-breakpoint
CREATE TRIGGER assignments_display_insert AFTER INSERT ON student_data_collection_assignments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION assignments_display_after_insert();
--> statement-breakpoint
CREATE TRIGGER assignments_display_delete AFTER DELETE ON student_data_collection_assignments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION assignments_display_after_delete();
--> statement-breakpoint
CREATE TRIGGER enrollments_display_update AFTER UPDATE ON student_enrollments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enrollments_display_after_update();
--> statement-breakpoint
CREATE TRIGGER data_collections_display_update AFTER UPDATE OF scoring, assessment_id ON data_collections
  FOR EACH ROW WHEN (OLD.scoring IS DISTINCT FROM NEW.scoring OR OLD.assessment_id IS DISTINCT FROM NEW.assessment_id)
  EXECUTE FUNCTION collections_display_after_update();
--> statement-breakpoint
CREATE TRIGGER assessments_display_update AFTER UPDATE OF configuration ON assessments
  FOR EACH ROW WHEN (OLD.configuration IS DISTINCT FROM NEW.configuration)
  EXECUTE FUNCTION assessments_display_after_update();
--> statement-breakpoint
-- Existing data, once (the owner's pass-all policy sees every tenant).
SELECT rebuild_display_totals(null, null);
--> statement-breakpoint
-- Announcements: teachers are told once when an announcement becomes active (the
-- announcements.activate job, every minute, claims the due ones by setting this; the index holds
-- only those not yet told, so the job reads it whole across tenants). Those already
-- started count as told.
ALTER TABLE "announcements" ADD COLUMN "active_notified_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "announcements" SET "active_notified_at" = now() WHERE "start_date" <= now();
--> statement-breakpoint
CREATE INDEX "announcements_activation_idx" ON "announcements" USING btree ("tenant_id","start_date") WHERE "active_notified_at" is null;
