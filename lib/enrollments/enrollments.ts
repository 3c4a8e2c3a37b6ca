import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { studentEnrollments, students } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { badRequest, notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import type { StudentView } from "@/lib/students/admin-list";
import { requireEnrollment, requireStudent, type EnrollmentRef } from "./access";
import { answeredValue, checkCustomValues, enrollmentFields, type CustomField } from "./custom-fields";
import { CUSTOM_KEYS, type CustomKey, type EnrollmentRow, type UpdateEnrollmentInput } from "./schemas";

export const POA_CHANGED = "POA changed successfully";

type Row = Record<string, unknown> & {
  id: number;
  student_id: number;
  prior_care: string | null;
  region_id: number;
  district_id: number;
  location_id: number;
  location_name: string;
  district_name: string;
  is_point_of_authority: boolean;
  active: boolean;
  created_at: string | Date;
};

function toEnrollment(r: Row, fields: CustomField[]): EnrollmentRow {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const custom = Object.fromEntries(CUSTOM_KEYS.map((k) => [k, answeredValue(byKey.get(k), (r[k] as string | null) ?? null)])) as Record<
    CustomKey,
    string | number | null
  >;
  return {
    id: r.id,
    studentId: r.student_id,
    priorCare: r.prior_care,
    parentRegionId: r.region_id,
    parentDistrictId: r.district_id,
    parentLocationId: r.location_id,
    locationName: r.location_name,
    districtName: r.district_name,
    isPointOfAuthority: r.is_point_of_authority,
    active: r.active,
    createdAt: Math.floor(new Date(r.created_at).getTime() / 1000),
    ...custom,
  };
}

async function selectEnrollments(actor: Actor, where: ReturnType<typeof sql>): Promise<EnrollmentRow[]> {
  const t = actor.tenantId;
  const [found, fields] = await Promise.all([
    rows<Row>(
      db(),
      sql`select e.*, l.name as location_name, d.name as district_name from student_enrollments e
        join locations l on l.tenant_id = ${t} and l.id = e.location_id
        join districts d on d.tenant_id = ${t} and d.id = e.district_id
        where e.tenant_id = ${t} and ${where}
        order by e.is_point_of_authority desc, e.active desc, e.created_at desc, e.id desc`,
    ),
    enrollmentFields(actor),
  ]);
  return found.map((r) => toEnrollment(r, fields));
}

/** GET /enrollments?studentId and the admin enrollments.json: a student's enrollments, POA first. */
export async function listEnrollments(actor: Actor, studentId: number, view?: StudentView): Promise<EnrollmentRow[]> {
  authorize(actor, "students.manage");
  return forTenant(actor, async () => {
    await requireStudent(actor, studentId);
    const found = await selectEnrollments(actor, sql`e.student_id = ${studentId}`);
    // A person's read of the student's enrollments is audited (FERPA 34 CFR 99.32), in this transaction.
    if (view) {
      await writeAudit(
        actor,
        [{ action: "view", entityType: "student_enrollment", studentId, details: { ...view.details, enrollmentIds: found.map((e) => e.id) } }],
        view.origin,
      );
    }
    return found;
  });
}

/** Why an enrollment cannot become the point of authority (none: it can). */
function poaReasons(e: EnrollmentRef): string[] {
  const reasons: string[] = [];
  if (e.is_point_of_authority) reasons.push("The enrollment is already the point of authority");
  if (!e.active) reasons.push("The enrollment is not active");
  if (!e.location_active) reasons.push("The enrollment's location is not active");
  return reasons;
}

/** GET .../poas.json: the enrollments that are or could become the student's POA. */
export async function listPoas(actor: Actor, studentId: number, view?: StudentView) {
  const all = await listEnrollments(actor, studentId, view);
  return all
    .filter((e) => e.active)
    .map((e) => ({
      id: e.id,
      parentLocationId: e.parentLocationId,
      locationName: e.locationName,
      districtName: e.districtName,
      isPointOfAuthority: e.isPointOfAuthority,
      active: e.active,
    }));
}

/** GET .../poas/{poaId}/validate.json: whether the enrollment may become the POA, and why not. */
export async function validatePoa(actor: Actor, studentId: number, enrollmentId: number) {
  authorize(actor, "students.manage");
  return forTenant(actor, async () => {
    await requireStudent(actor, studentId);
    const e = await requireEnrollment(actor, enrollmentId, "write");
    if (e.student_id !== studentId) throw notFound("Enrollment not found");
    const reasons = poaReasons(e);
    return { valid: reasons.length === 0, reasons };
  });
}

/**
 * PUT /enrollments: prior care, the custom fields (checked against the tenant's fields) and the POA.
 * Making an enrollment the POA needs the student in reach too (it moves the student's home), clears
 * the old POA and sets the student's location, all with one audit row per change in the transaction.
 */
export async function updateEnrollment(actor: Actor, input: UpdateEnrollmentInput, origin: AuditOrigin = {}) {
  authorize(actor, "students.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const e = await requireEnrollment(actor, input.id, "write");
    if (input.isPointOfAuthority === false && e.is_point_of_authority) {
      throw badRequest("A student keeps one point of authority: make another enrollment the POA", [
        { field: "isPointOfAuthority", message: "Make another enrollment the POA instead" },
      ]);
    }
    const fields = await enrollmentFields(actor);
    const custom = checkCustomValues(fields, input);
    const [current] = await db()
      .select()
      .from(studentEnrollments)
      .where(and(eq(studentEnrollments.tenantId, t), eq(studentEnrollments.id, e.id)))
      .for("update");
    const changes: Record<string, string | null> = { ...custom };
    if (input.priorCare !== undefined) changes.priorCare = input.priorCare;
    const changed = Object.keys(changes).filter((k) => changes[k] !== current[k as keyof typeof current]);
    if (changed.length) {
      await db()
        .update(studentEnrollments)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(studentEnrollments.tenantId, t), eq(studentEnrollments.id, e.id)));
      await writeAudit(
        actor,
        [{ action: "update", entityType: "student_enrollment", entityId: e.id, studentId: e.student_id, details: { fields: changed } }],
        origin,
      );
    }
    let message: string | undefined;
    if (input.isPointOfAuthority === true && !e.is_point_of_authority) {
      await makePoa(actor, e, origin);
      message = POA_CHANGED;
    }
    const [enrollment] = await selectEnrollments(actor, sql`e.id = ${e.id}`);
    return { enrollment, message };
  });
}

async function makePoa(actor: Actor, e: EnrollmentRef, origin: AuditOrigin) {
  const t = actor.tenantId;
  const student = await requireStudent(actor, e.student_id);
  const reasons = poaReasons(e);
  if (reasons.length)
    throw badRequest(
      reasons[0],
      reasons.map((message) => ({ field: "isPointOfAuthority", message })),
    );
  // The student row is the lock that keeps two POA changes of one child in order.
  await rows(db(), sql`select id from students where tenant_id = ${t} and id = ${e.student_id} for update`);
  const previous = await db()
    .update(studentEnrollments)
    .set({ isPointOfAuthority: false, updatedAt: new Date() })
    .where(
      and(
        eq(studentEnrollments.tenantId, t),
        eq(studentEnrollments.studentId, e.student_id),
        eq(studentEnrollments.isPointOfAuthority, true),
        ne(studentEnrollments.id, e.id),
      ),
    )
    .returning({ id: studentEnrollments.id });
  await db()
    .update(studentEnrollments)
    .set({ isPointOfAuthority: true, updatedAt: new Date() })
    .where(and(eq(studentEnrollments.tenantId, t), eq(studentEnrollments.id, e.id)));
  await db()
    .update(students)
    .set({ parentLocationId: e.location_id, updatedAt: new Date() })
    .where(and(eq(students.tenantId, t), eq(students.id, e.student_id)));
  await writeAudit(
    actor,
    [
      {
        action: "poa_change",
        entityType: "student_enrollment",
        entityId: e.id,
        studentId: e.student_id,
        details: { previousPoaIds: previous.map((p) => p.id), fromLocationId: student.parent_location_id, toLocationId: e.location_id },
      },
    ],
    origin,
  );
}
