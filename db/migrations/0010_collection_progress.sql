CREATE TABLE "collection_location_progress" (
	"tenant_id" integer NOT NULL,
	"data_collection_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"scored" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "collection_location_progress_pkey" PRIMARY KEY("tenant_id","data_collection_id","location_id")
);
--> statement-breakpoint
ALTER TABLE "collection_location_progress" ADD CONSTRAINT "collection_location_progress_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_location_progress" ADD CONSTRAINT "collection_location_progress_data_collection_fk" FOREIGN KEY ("tenant_id","data_collection_id") REFERENCES "public"."data_collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_location_progress" ADD CONSTRAINT "collection_location_progress_location_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_location_progress_location_idx" ON "collection_location_progress" USING btree ("tenant_id","location_id");--> statement-breakpoint
SELECT apply_tenant_isolation('collection_location_progress');
--> statement-breakpoint
-- The invariant the triggers below keep, per (collection, location): students = assignments to the
-- collection whose enrollment is active at the location; scored = the sum of their results'
-- scored_items. Each trigger adds the deltas of its statement, in key order (no lock cycles).
CREATE FUNCTION add_collection_progress(deltas jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO collection_location_progress AS p (tenant_id, data_collection_id, location_id, students, scored)
  SELECT d.tenant_id, d.data_collection_id, d.location_id, sum(d.students), sum(d.scored)
  FROM jsonb_to_recordset(deltas) AS d (tenant_id integer, data_collection_id integer, location_id integer, students integer, scored bigint)
  GROUP BY 1, 2, 3
  HAVING sum(d.students) <> 0 OR sum(d.scored) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (tenant_id, data_collection_id, location_id)
  DO UPDATE SET students = p.students + excluded.students, scored = p.scored + excluded.scored
$$;
--> statement-breakpoint
CREATE FUNCTION results_progress_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_collection_progress(coalesce(jsonb_agg(jsonb_build_object('tenant_id', n.tenant_id, 'data_collection_id', n.data_collection_id,
    'location_id', e.location_id, 'students', 0, 'scored', n.scored_items)), '[]'))
  FROM new_rows n
  JOIN student_enrollments e ON e.tenant_id = n.tenant_id AND e.id = n.student_enrollment_id AND e.active
  JOIN student_data_collection_assignments a ON a.tenant_id = n.tenant_id AND a.data_collection_id = n.data_collection_id
    AND a.student_enrollment_id = n.student_enrollment_id
  WHERE n.scored_items <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION results_progress_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_collection_progress(coalesce(jsonb_agg(jsonb_build_object('tenant_id', n.tenant_id, 'data_collection_id', n.data_collection_id,
    'location_id', e.location_id, 'students', 0, 'scored', n.scored_items - o.scored_items)), '[]'))
  FROM new_rows n
  JOIN old_rows o ON o.tenant_id = n.tenant_id AND o.data_collection_id = n.data_collection_id AND o.student_enrollment_id = n.student_enrollment_id
  JOIN student_enrollments e ON e.tenant_id = n.tenant_id AND e.id = n.student_enrollment_id AND e.active
  JOIN student_data_collection_assignments a ON a.tenant_id = n.tenant_id AND a.data_collection_id = n.data_collection_id
    AND a.student_enrollment_id = n.student_enrollment_id
  WHERE n.scored_items <> o.scored_items;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION assignments_progress_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_collection_progress(coalesce(jsonb_agg(jsonb_build_object('tenant_id', n.tenant_id, 'data_collection_id', n.data_collection_id,
    'location_id', e.location_id, 'students', 1, 'scored', coalesce(r.scored_items, 0))), '[]'))
  FROM new_rows n
  JOIN student_enrollments e ON e.tenant_id = n.tenant_id AND e.id = n.student_enrollment_id AND e.active
  LEFT JOIN student_results r ON r.tenant_id = n.tenant_id AND r.data_collection_id = n.data_collection_id AND r.student_enrollment_id = n.student_enrollment_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An assignment deleted with its enrollment (a cascade) finds no enrollment row: that child stays
-- counted until the collection's progress is rebuilt. Enrollments are deactivated, not deleted.
CREATE FUNCTION assignments_progress_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_collection_progress(coalesce(jsonb_agg(jsonb_build_object('tenant_id', o.tenant_id, 'data_collection_id', o.data_collection_id,
    'location_id', e.location_id, 'students', -1, 'scored', -coalesce(r.scored_items, 0))), '[]'))
  FROM old_rows o
  JOIN student_enrollments e ON e.tenant_id = o.tenant_id AND e.id = o.student_enrollment_id AND e.active
  LEFT JOIN student_results r ON r.tenant_id = o.tenant_id AND r.data_collection_id = o.data_collection_id AND r.student_enrollment_id = o.student_enrollment_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An enrollment deactivated, reactivated or moved: its assignments leave the old location's counts
-- and join the new one's.
CREATE FUNCTION enrollments_progress_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_collection_progress(coalesce(jsonb_agg(d), '[]'))
  FROM (
    SELECT jsonb_build_object('tenant_id', a.tenant_id, 'data_collection_id', a.data_collection_id, 'location_id', o.location_id,
      'students', -1, 'scored', -coalesce(r.scored_items, 0)) AS d
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN student_data_collection_assignments a ON a.tenant_id = o.tenant_id AND a.student_enrollment_id = o.id
    LEFT JOIN student_results r ON r.tenant_id = a.tenant_id AND r.data_collection_id = a.data_collection_id AND r.student_enrollment_id = a.student_enrollment_id
    WHERE o.active AND (o.active, o.location_id) IS DISTINCT FROM (n.active, n.location_id)
    UNION ALL
    SELECT jsonb_build_object('tenant_id', a.tenant_id, 'data_collection_id', a.data_collection_id, 'location_id', n.location_id,
      'students', 1, 'scored', coalesce(r.scored_items, 0))
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN student_data_collection_assignments a ON a.tenant_id = n.tenant_id AND a.student_enrollment_id = n.id
    LEFT JOIN student_results r ON r.tenant_id = a.tenant_id AND r.data_collection_id = a.data_collection_id AND r.student_enrollment_id = a.student_enrollment_id
    WHERE n.active AND (o.active, o.location_id) IS DISTINCT FROM (n.active, n.location_id)
  ) x;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER student_results_progress_insert AFTER INSERT ON student_results REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION results_progress_after_insert();
--> statement-breakpoint
CREATE TRIGGER student_results_progress_update AFTER UPDATE ON student_results REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION results_progress_after_update();
--> statement-breakpoint
CREATE TRIGGER assignments_progress_insert AFTER INSERT ON student_data_collection_assignments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION assignments_progress_after_insert();
--> statement-breakpoint
CREATE TRIGGER assignments_progress_delete AFTER DELETE ON student_data_collection_assignments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION assignments_progress_after_delete();
--> statement-breakpoint
CREATE TRIGGER enrollments_progress_update AFTER UPDATE ON student_enrollments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION enrollments_progress_after_update();
--> statement-breakpoint
-- Existing data, once (the owner's pass-all policy sees every tenant).
INSERT INTO collection_location_progress (tenant_id, data_collection_id, location_id, students, scored)
SELECT a.tenant_id, a.data_collection_id, e.location_id, count(*), coalesce(sum(r.scored_items), 0)
FROM student_data_collection_assignments a
JOIN student_enrollments e ON e.tenant_id = a.tenant_id AND e.id = a.student_enrollment_id AND e.active
LEFT JOIN student_results r ON r.tenant_id = a.tenant_id AND r.data_collection_id = a.data_collection_id AND r.student_enrollment_id = a.student_enrollment_id
GROUP BY 1, 2, 3;
