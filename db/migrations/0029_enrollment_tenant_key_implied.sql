-- student_enrollments.tenant_id -> tenants is implied by the table's composite keys, all on NOT NULL
-- columns: (tenant_id, location_id) -> locations and (tenant_id, student_id) -> students, whose rows
-- hold their own tenant key. Every key is checked row by row on insert; a bulk load writes 100,000
-- enrollments in one statement (docs/bulk-loads.md 'Figures'), so the redundant one goes.
-- students and audit_log keep theirs: parent_location_id and user_id may be null, and then no
-- composite key checks their tenant.
ALTER TABLE "student_enrollments" DROP CONSTRAINT IF EXISTS "student_enrollments_tenant_id_tenants_id_fk";
