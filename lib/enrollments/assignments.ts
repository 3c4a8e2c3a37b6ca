import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { studentDataCollectionAssignments, type TEACHER_TYPES } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { AppError, notFound } from "@/lib/platform/errors";
import { isUniqueViolation } from "@/lib/platform/pg-errors";
import { forTenant } from "@/lib/platform/tenancy";
import { ADMINISTRATIVE, locationInReach } from "@/lib/organisations/reach";
import { requireEnrollment } from "./access";
import type { AssignmentRow } from "./schemas";

/**
 * A student's data-collection assignments (student_data_collection_assignments): the collections an
 * enrollment takes part in, each with the token the assessment apps open it by. Inserting and
 * deleting rows here is all it takes for collection_location_progress: migration 0010's triggers
 * count the assignment at the enrollment's location.
 */

export const ASSIGN_FAILED = "Failed to Assign Data Collection";

const failed = (status: number, message: string) => new AppError(status, ASSIGN_FAILED, [{ field: "parentDataCollectionId", message }]);

interface Row {
  id: number;
  created_at: string | Date;
  student_enrollment_id: number;
  data_collection_id: number;
  teacher_type: (typeof TEACHER_TYPES)[number];
  token: string;
  collection_name: string;
  cycle_start_date: string | Date;
  enrollment_end_date: string | Date;
  cycle_end_date: string | Date;
  hide_token: boolean;
}

const seconds = (value: string | Date) => Math.floor(new Date(value).getTime() / 1000);

/** Spec §6: tenant admins see tokens even when hideToken is set; for others the token is blanked. */
function toAssignment(r: Row, tenantAdmin: boolean): AssignmentRow {
  return {
    id: r.id,
    createdAt: seconds(r.created_at),
    studentEnrollmentId: r.student_enrollment_id,
    parentDataCollectionId: r.data_collection_id,
    teacherType: r.teacher_type,
    dataCollections: {
      collectionName: r.collection_name,
      token: r.hide_token && !tenantAdmin ? "" : r.token,
      cycleStartDate: seconds(r.cycle_start_date),
      enrollmentEndDate: seconds(r.enrollment_end_date),
      cycleEndDate: seconds(r.cycle_end_date),
      hideToken: r.hide_token,
    },
  };
}

const selectAssignments = (
  t: number,
  where: ReturnType<typeof sql>,
) => sql`select a.id, a.created_at, a.student_enrollment_id, a.data_collection_id, a.teacher_type, a.token,
    c.collection_name, c.cycle_start_date, c.enrollment_end_date, c.cycle_end_date, c.hide_token
  from student_data_collection_assignments a join data_collections c on c.tenant_id = ${t} and c.id = a.data_collection_id
  where a.tenant_id = ${t} and ${where} order by c.cycle_start_date desc, a.id desc`;

/** GET /data-collections-student-assignments?enrollmentId. */
export async function listAssignments(actor: Actor, enrollmentId: number) {
  authorize(actor, "students.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    await requireEnrollment(actor, enrollmentId, "read");
    const found = await rows<Row>(db(), selectAssignments(t, sql`a.student_enrollment_id = ${enrollmentId}`));
    return { dataCollectionsStudentAssignments: found.map((r) => toAssignment(r, actor.tenantWide)), tenantAdmin: actor.tenantWide };
  });
}

/**
 * Condition: collection `c` is assigned to a school, directly or through its district or region. The
 * bulk load passes the columns of rows it has joined, so each row costs three index lookups.
 */
export const assignedToPlace = (t: number, place: { location: number | SQL; district: SQL; region: SQL }) => sql`(
  exists (select 1 from data_collection_location_assignments la where la.tenant_id = ${t} and la.data_collection_id = c.id and la.location_id = ${place.location})
  or exists (select 1 from data_collection_district_assignments da where da.tenant_id = ${t} and da.data_collection_id = c.id and da.district_id = ${place.district})
  or exists (select 1 from data_collection_region_assignments ra where ra.tenant_id = ${t} and ra.data_collection_id = c.id and ra.region_id = ${place.region}))`;

/** Condition: collection `c` is assigned to the location (directly, or through its district or region). */
const assignedToLocation = (t: number, locationId: number) =>
  assignedToPlace(t, {
    location: locationId,
    district: sql`(select l.district_id from locations l where l.tenant_id = ${t} and l.id = ${locationId})`,
    region: sql`(select d.region_id from locations l join districts d on d.tenant_id = ${t} and d.id = l.district_id where l.tenant_id = ${t} and l.id = ${locationId})`,
  });

/** The collections an enrollment could still be assigned to: its location's, enrollment still open, not yet assigned. */
export async function assignableCollections(actor: Actor, enrollmentId: number, now = new Date()) {
  authorize(actor, "students.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const e = await requireEnrollment(actor, enrollmentId, "write");
    return rows<{ id: number; collectionName: string }>(
      db(),
      sql`select c.id, c.collection_name as "collectionName" from data_collections c
        where c.tenant_id = ${t} and c.deleted_at is null and c.enrollment_end_date >= ${now.toISOString()} and ${assignedToLocation(t, e.location_id)}
          and not exists (select 1 from student_data_collection_assignments a where a.tenant_id = ${t} and a.data_collection_id = c.id and a.student_enrollment_id = ${e.id})
        order by c.cycle_start_date desc, c.id desc`,
    );
  });
}

/**
 * POST /data-collections-student-assignments: assign an active enrollment in reach to a collection of
 * its location whose enrollment period is open. Every refusal carries the spec's message
 * 'Failed to Assign Data Collection' with the reason on the field.
 */
export async function assignCollection(
  actor: Actor,
  input: { studentEnrollmentId: number; parentDataCollectionId: number; teacherType: (typeof TEACHER_TYPES)[number] },
  origin: AuditOrigin = {},
  now = new Date(),
) {
  authorize(actor, "students.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const e = await requireEnrollment(actor, input.studentEnrollmentId, "write");
    const [collection] = await rows<{ id: number; open: boolean; here: boolean }>(
      db(),
      sql`select c.id, c.enrollment_end_date >= ${now.toISOString()} as open, ${assignedToLocation(t, e.location_id)} as here
        from data_collections c where c.tenant_id = ${t} and c.id = ${input.parentDataCollectionId} and c.deleted_at is null`,
    );
    if (!collection) throw failed(404, "Collection not found");
    if (!e.active) throw failed(400, "The enrollment is not active");
    if (!collection.here) throw failed(400, "The collection is not assigned to the student's location");
    if (!collection.open) throw failed(400, "The collection's enrollment period has ended");
    const [created] = await db()
      .insert(studentDataCollectionAssignments)
      .values({ tenantId: t, studentEnrollmentId: e.id, dataCollectionId: collection.id, teacherType: input.teacherType, token: randomUUID() })
      .returning({ id: studentDataCollectionAssignments.id })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, "student_data_collection_assignments_key")) throw failed(409, "The student is already assigned to this collection");
        throw error;
      });
    await writeAudit(
      actor,
      [
        {
          action: "create",
          entityType: "data_collection_assignment",
          entityId: created.id,
          studentId: e.student_id,
          details: { studentEnrollmentId: e.id, dataCollectionId: collection.id, teacherType: input.teacherType },
        },
      ],
      origin,
    );
    const [row] = await rows<Row>(db(), selectAssignments(t, sql`a.id = ${created.id}`));
    return toAssignment(row, actor.tenantWide);
  });
}

/**
 * DELETE /data-collections-student-assignments?assignmentId. The child's scores stay (keyed by
 * enrollment and collection): assigning the collection again brings them back.
 */
export async function removeAssignment(actor: Actor, assignmentId: number, origin: AuditOrigin = {}) {
  authorize(actor, "students.manage");
  const t = actor.tenantId;
  await forTenant(actor, async () => {
    const [found] = await rows<{ id: number; student_enrollment_id: number; data_collection_id: number; student_id: number }>(
      db(),
      sql`select a.id, a.student_enrollment_id, a.data_collection_id, e.student_id from student_data_collection_assignments a
        join student_enrollments e on e.tenant_id = ${t} and e.id = a.student_enrollment_id
        where a.tenant_id = ${t} and a.id = ${assignmentId} and ${locationInReach(actor, sql`e.location_id`, ADMINISTRATIVE)}`,
    );
    if (!found) throw notFound("Assignment not found");
    await db()
      .delete(studentDataCollectionAssignments)
      .where(and(eq(studentDataCollectionAssignments.tenantId, t), eq(studentDataCollectionAssignments.id, found.id)));
    await writeAudit(
      actor,
      [
        {
          action: "delete",
          entityType: "data_collection_assignment",
          entityId: found.id,
          studentId: found.student_id,
          details: { studentEnrollmentId: found.student_enrollment_id, dataCollectionId: found.data_collection_id },
        },
      ],
      origin,
    );
  });
  return { deleted: true as const };
}
