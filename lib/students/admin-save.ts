import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { studentEnrollments, students } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { updateEnrollment } from "@/lib/enrollments/enrollments";
import { ADMINISTRATIVE, locationInReach } from "@/lib/organisations/reach";
import { getStudent } from "./admin-list";
import { mapStudentErrors } from "./errors";
import type { CreateStudentInput, EditStudentInput, StudentColumns, UpdateStudentInput } from "./schemas";

/** The stored columns a request names (the schemas have turned every accepted form into one value each). */
function columnsOf({ id: _id, ...columns }: UpdateStudentInput): StudentColumns {
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as StudentColumns;
}

/**
 * POST /students: the student and its point-of-authority enrollment at a location within the admin's
 * reach, audited in the same transaction (field names only). A duplicate state id is refused with the
 * spec's message and nothing is written.
 */
export async function createStudent(actor: Actor, input: CreateStudentInput, origin: AuditOrigin = {}) {
  authorize(actor, "students.manage");
  const t = actor.tenantId;
  const id = await forTenant(actor, async () => {
    const [location] = await rows<{ id: number; district_id: number; region_id: number }>(
      db(),
      sql`select l.id, l.district_id, d.region_id from locations l join districts d on d.tenant_id = ${t} and d.id = l.district_id
        where l.tenant_id = ${t} and l.id = ${input.locationId} and l.active and ${locationInReach(actor, sql`l.id`, ADMINISTRATIVE)}`,
    );
    if (!location) throw notFound("Location not found");
    const { locationId: _location, ...values } = input;
    const [created] = await db()
      .insert(students)
      .values({ tenantId: t, ...values, parentLocationId: location.id })
      .returning({ id: students.id })
      .catch(mapStudentErrors);
    const [enrollment] = await db()
      .insert(studentEnrollments)
      .values({
        tenantId: t,
        studentId: created.id,
        regionId: location.region_id,
        districtId: location.district_id,
        locationId: location.id,
        isPointOfAuthority: true,
      })
      .returning({ id: studentEnrollments.id });
    await writeAudit(
      actor,
      [
        {
          action: "create",
          entityType: "student",
          entityId: created.id,
          studentId: created.id,
          details: { fields: Object.keys(values), locationId: location.id },
        },
        {
          action: "create",
          entityType: "student_enrollment",
          entityId: enrollment.id,
          studentId: created.id,
          details: { locationId: location.id, isPointOfAuthority: true },
        },
      ],
      origin,
    );
    return created.id;
  });
  return getStudent(actor, id);
}

/**
 * PUT /students: the student's demographics. Only a student within reach can be edited (else 404);
 * the audit row names the changed fields, never their values. Nothing changed: no write, no audit.
 */
export async function updateStudent(actor: Actor, input: UpdateStudentInput, origin: AuditOrigin = {}) {
  authorize(actor, "students.manage");
  const t = actor.tenantId;
  await forTenant(actor, async () => {
    const [current] = await db()
      .select()
      .from(students)
      .where(
        and(
          eq(students.tenantId, t),
          eq(students.id, input.id),
          sql`${students.mergedIntoStudentId} is null`,
          locationInReach(actor, sql`students.parent_location_id`, ADMINISTRATIVE),
        ),
      )
      .for("update");
    if (!current) throw notFound();
    const values = columnsOf(input);
    // Only what the request names, and of that only what differs: a field left out keeps its value.
    const changed = (Object.keys(values) as (keyof StudentColumns)[]).filter((k) => values[k] !== current[k]);
    if (!changed.length) return;
    await db()
      .update(students)
      .set({ ...Object.fromEntries(changed.map((k) => [k, values[k]])), updatedAt: new Date() })
      .where(and(eq(students.tenantId, t), eq(students.id, input.id)))
      .catch(mapStudentErrors);
    await writeAudit(actor, [{ action: "update", entityType: "student", entityId: input.id, studentId: input.id, details: { fields: changed } }], origin);
  });
  return getStudent(actor, input.id);
}

/**
 * PUT /students in the spec's form: the demographics and, when named, one of the child's enrollments
 * (as PUT /enrollments changes it), in one transaction: an enrollment of another child is a 404
 * and nothing changes.
 */
export async function editStudent(actor: Actor, input: EditStudentInput, origin: AuditOrigin = {}) {
  return forTenant(actor, async () => {
    const student = await updateStudent(actor, input.student, origin);
    if (!input.enrollment) return { student };
    const { enrollment } = await updateEnrollment(actor, input.enrollment, origin);
    if (enrollment.studentId !== student.id) throw notFound("Enrollment not found");
    return { student, enrollment };
  });
}
