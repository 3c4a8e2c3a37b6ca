import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { enrollmentAssociations } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { badRequest, conflict, notFound } from "@/lib/platform/errors";
import { isUniqueViolation } from "@/lib/platform/pg-errors";
import { forTenant } from "@/lib/platform/tenancy";
import { ADMINISTRATIVE, locationInReach } from "@/lib/organisations/reach";
import { requireEnrollment } from "./access";
import type { AvailableStudent, EnrollmentAssociationRow } from "./schemas";

/**
 * Rosters: which teachers have which enrollments (enrollment_associations). A teacher here is an
 * enabled user with ROLE_TEACHER linked to the location (spec §6: the ROLE_TEACHER member filter).
 * An admin manages the rosters of the locations in their reach; a roster entry is what puts a child
 * on the teacher's scoring screen (lib/scoring/roster.ts).
 */

const AVAILABLE_LIMIT = 500;

/** Condition on a user id column: an enabled teacher linked to the location column. */
export const teacherAt = (t: number, user: SQL, location: SQL) => sql`exists (select 1 from users tu
  join user_roles tr on tr.tenant_id = ${t} and tr.user_id = tu.id and tr.role = 'ROLE_TEACHER'
  join user_organizations tuo on tuo.tenant_id = ${t} and tuo.user_id = tu.id and tuo.org_type = 'location' and tuo.parent_id = ${location}
  where tu.tenant_id = ${t} and tu.id = ${user} and tu.enabled)`;

/** The teachers of a location in reach, by name (the roster page's choices). */
export async function locationTeachers(actor: Actor, locationId: number) {
  authorize(actor, "students.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const [location] = await rows<{ id: number }>(
      db(),
      sql`select l.id from locations l where l.tenant_id = ${t} and l.id = ${locationId} and ${locationInReach(actor, sql`l.id`, ADMINISTRATIVE)}`,
    );
    if (!location) throw notFound("Location not found");
    return rows<{ id: number; firstName: string; lastName: string; email: string }>(
      db(),
      sql`select u.id, u.first_name as "firstName", u.last_name as "lastName", u.email from users u
        where u.tenant_id = ${t} and ${teacherAt(t, sql.raw("u.id"), sql`${locationId}`)}
        order by lower(u.last_name), lower(u.first_name), u.id`,
    );
  });
}

/** 404 unless the user is a teacher at some location in reach. */
async function requireTeacher(actor: Actor, userId: number) {
  const t = actor.tenantId;
  const [found] = await rows<{ id: number }>(
    db(),
    sql`select l.id from locations l where l.tenant_id = ${t} and ${locationInReach(actor, sql`l.id`, ADMINISTRATIVE)} and ${teacherAt(t, sql`${userId}`, sql.raw("l.id"))} limit 1`,
  );
  if (!found) throw notFound("Teacher not found");
}

interface AssociationRow {
  id: number;
  created_at: string | Date;
  first_name: string;
  last_name: string;
  user_id: number;
  location_id: number;
  student_enrollment_id: number;
}

const toAssociation = (r: AssociationRow): EnrollmentAssociationRow => ({
  id: r.id,
  createdAt: Math.floor(new Date(r.created_at).getTime() / 1000),
  teacherFirstName: r.first_name,
  teacherLastName: r.last_name,
  userId: r.user_id,
  parentLocationId: r.location_id,
  studentEnrollmentId: r.student_enrollment_id,
});

const associationColumns = sql`ea.id, ea.created_at, u.first_name, u.last_name, ea.user_id, ea.location_id, ea.student_enrollment_id`;

/** GET /enrollment-associations?enrollmentId: the teachers an enrollment is rostered to. */
export async function listEnrollmentAssociations(actor: Actor, enrollmentId: number) {
  authorize(actor, "students.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    await requireEnrollment(actor, enrollmentId, "read");
    const found = await rows<AssociationRow>(
      db(),
      sql`select ${associationColumns} from enrollment_associations ea join users u on u.tenant_id = ${t} and u.id = ea.user_id
        where ea.tenant_id = ${t} and ea.student_enrollment_id = ${enrollmentId} order by lower(u.last_name), lower(u.first_name), ea.id`,
    );
    return found.map(toAssociation);
  });
}

/** GET /user-students-associations?userId: a teacher's roster at the locations in reach. */
export async function listRoster(actor: Actor, userId: number) {
  authorize(actor, "students.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    await requireTeacher(actor, userId);
    const found = await rows<AssociationRow & { student_id: number; student_first: string; student_last: string; tenant_unique_id: string }>(
      db(),
      sql`select ${associationColumns}, s.id as student_id, s.first_name as student_first, s.last_name as student_last, s.tenant_unique_id
        from enrollment_associations ea
        join users u on u.tenant_id = ${t} and u.id = ea.user_id
        join student_enrollments e on e.tenant_id = ${t} and e.id = ea.student_enrollment_id
        join students s on s.tenant_id = ${t} and s.id = e.student_id
        where ea.tenant_id = ${t} and ea.user_id = ${userId} and ${locationInReach(actor, sql`ea.location_id`, ADMINISTRATIVE)}
        order by lower(s.last_name), lower(s.first_name), s.id`,
    );
    return found.map((r) => ({
      ...toAssociation(r),
      studentId: r.student_id,
      studentFirstName: r.student_first,
      studentLastName: r.student_last,
      tenantUniqueId: r.tenant_unique_id,
    }));
  });
}

/**
 * GET /user-students-associations/{userId}/available: the active enrollments at the teacher's
 * locations in reach (or one of them) not yet on their roster, by name; at most 500 (then truncated).
 */
export async function availableStudents(actor: Actor, userId: number, query: { locationId?: number; search?: string }) {
  authorize(actor, "students.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    await requireTeacher(actor, userId);
    const search = query.search ? `${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const found = await rows<AvailableStudent>(
      db(),
      sql`select e.id as "studentEnrollmentId", s.id as "studentId", s.first_name as "firstName", s.last_name as "lastName",
          s.tenant_unique_id as "tenantUniqueId", e.location_id as "parentLocationId", l.name as "locationName"
        from student_enrollments e
        join locations l on l.tenant_id = ${t} and l.id = e.location_id and l.active
        join students s on s.tenant_id = ${t} and s.id = e.student_id and s.merged_into_student_id is null
        where e.tenant_id = ${t} and e.active and ${locationInReach(actor, sql`e.location_id`, ADMINISTRATIVE)}
          and ${query.locationId ? sql`e.location_id = ${query.locationId}` : sql`true`}
          and ${teacherAt(t, sql`${userId}`, sql.raw("e.location_id"))}
          and not exists (select 1 from enrollment_associations ea where ea.tenant_id = ${t} and ea.student_enrollment_id = e.id and ea.user_id = ${userId})
          and ${search ? sql`(lower(s.last_name) like ${search} or lower(s.first_name) like ${search} or s.tenant_unique_id like ${search})` : sql`true`}
        order by lower(s.last_name), lower(s.first_name), e.id
        limit ${AVAILABLE_LIMIT + 1}`,
    );
    return { students: found.slice(0, AVAILABLE_LIMIT), truncated: found.length > AVAILABLE_LIMIT };
  });
}

/**
 * POST /user-students-associations: roster an active enrollment at the location to one of its
 * teachers. Ids outside reach (or tenant) are 404; a user who is not a teacher there, or an
 * enrollment elsewhere, is a 400; the same pair twice is a 409.
 */
export async function assignToTeacher(
  actor: Actor,
  input: { userId: number; studentEnrollmentId: number; parentLocationId: number },
  origin: AuditOrigin = {},
) {
  authorize(actor, "students.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const [location] = await rows<{ id: number }>(
      db(),
      sql`select l.id from locations l where l.tenant_id = ${t} and l.id = ${input.parentLocationId} and ${locationInReach(actor, sql`l.id`, ADMINISTRATIVE)}`,
    );
    if (!location) throw notFound("Location not found");
    const e = await requireEnrollment(actor, input.studentEnrollmentId, "write");
    const [user] = await rows<{ id: number; teacher: boolean }>(
      db(),
      sql`select u.id, ${teacherAt(t, sql.raw("u.id"), sql`${location.id}`)} as teacher from users u where u.tenant_id = ${t} and u.id = ${input.userId}`,
    );
    if (!user) throw notFound("Teacher not found");
    const errors = [];
    if (!user.teacher) errors.push({ field: "userId", message: "Must be a teacher at the location" });
    if (e.location_id !== location.id || !e.active) errors.push({ field: "studentEnrollmentId", message: "Must be an active enrollment at the location" });
    if (errors.length) throw badRequest(errors[0].message, errors);
    const [created] = await db()
      .insert(enrollmentAssociations)
      .values({ tenantId: t, userId: user.id, studentEnrollmentId: e.id, locationId: location.id })
      .returning()
      .catch((error: unknown) => {
        if (isUniqueViolation(error, "enrollment_associations_key")) throw conflict("The student is already on this teacher's roster");
        throw error;
      });
    await writeAudit(
      actor,
      [
        {
          action: "create",
          entityType: "enrollment_association",
          entityId: created.id,
          studentId: e.student_id,
          details: { userId: user.id, studentEnrollmentId: e.id, locationId: location.id },
        },
      ],
      origin,
    );
    const [row] = await rows<AssociationRow>(
      db(),
      sql`select ${associationColumns} from enrollment_associations ea join users u on u.tenant_id = ${t} and u.id = ea.user_id where ea.tenant_id = ${t} and ea.id = ${created.id}`,
    );
    return toAssociation(row);
  });
}

/** DELETE /user-students-associations?associationId: take a child off a teacher's roster. */
export async function unassignFromTeacher(actor: Actor, associationId: number, origin: AuditOrigin = {}) {
  authorize(actor, "students.manage");
  const t = actor.tenantId;
  await forTenant(actor, async () => {
    const [found] = await rows<{ id: number; user_id: number; student_enrollment_id: number; location_id: number; student_id: number }>(
      db(),
      sql`select ea.id, ea.user_id, ea.student_enrollment_id, ea.location_id, e.student_id from enrollment_associations ea
        join student_enrollments e on e.tenant_id = ${t} and e.id = ea.student_enrollment_id
        where ea.tenant_id = ${t} and ea.id = ${associationId} and ${locationInReach(actor, sql`ea.location_id`, ADMINISTRATIVE)}`,
    );
    if (!found) throw notFound("Roster entry not found");
    await db()
      .delete(enrollmentAssociations)
      .where(and(eq(enrollmentAssociations.tenantId, t), eq(enrollmentAssociations.id, found.id)));
    await writeAudit(
      actor,
      [
        {
          action: "delete",
          entityType: "enrollment_association",
          entityId: found.id,
          studentId: found.student_id,
          details: { userId: found.user_id, studentEnrollmentId: found.student_enrollment_id, locationId: found.location_id },
        },
      ],
      origin,
    );
  });
  return { deleted: true as const };
}
