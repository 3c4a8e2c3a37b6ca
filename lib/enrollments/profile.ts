import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { getStudent, type StudentView } from "@/lib/students/admin-list";
import { ADMINISTRATIVE, locationInReach } from "@/lib/organisations/reach";
import { locationTeachers } from "./rosters";

/**
 * The student profile pages under a location (/…/location/{l}/students/{s}/profile/…): the student
 * within reach, the region > district > location chain as the path names it, and the student's
 * enrollment at that location (the active one first, then the POA). Anything else is 404. `view`: a
 * person opens the profile, audited as a view of the student.
 */
export async function studentProfile(actor: Actor, regionId: number, districtId: number, locationId: number, studentId: number, view?: StudentView) {
  const student = await getStudent(actor, studentId, new Date(), view);
  const t = actor.tenantId;
  const [found] = await forTenant(actor, () =>
    rows<{ region_name: string; district_name: string; location_name: string; enrollment_id: number; active: boolean; poa: boolean }>(
      db(),
      sql`select r.name as region_name, d.name as district_name, l.name as location_name, e.id as enrollment_id, e.active, e.is_point_of_authority as poa
        from student_enrollments e
        join locations l on l.tenant_id = ${t} and l.id = e.location_id and l.district_id = ${districtId}
        join districts d on d.tenant_id = ${t} and d.id = l.district_id and d.region_id = ${regionId}
        join regions r on r.tenant_id = ${t} and r.id = d.region_id
        where e.tenant_id = ${t} and e.student_id = ${studentId} and e.location_id = ${locationId}
        order by e.active desc, e.is_point_of_authority desc, e.id desc limit 1`,
    ),
  );
  if (!found) throw notFound("Student not found");
  return {
    student,
    region: { id: regionId, name: found.region_name },
    district: { id: districtId, name: found.district_name },
    location: { id: locationId, name: found.location_name },
    enrollment: { id: found.enrollment_id, active: found.active, isPointOfAuthority: found.poa },
  };
}

export type StudentProfile = Awaited<ReturnType<typeof studentProfile>>;

/** Where a student's profile lives: its POA location's chain (none without a location). */
export async function studentHome(actor: Actor, studentId: number) {
  const student = await getStudent(actor, studentId);
  if (!student.parentLocationId) return null;
  const t = actor.tenantId;
  const [row] = await forTenant(actor, () =>
    rows<{ region_id: number; district_id: number }>(
      db(),
      sql`select d.region_id, d.id as district_id from locations l join districts d on d.tenant_id = ${t} and d.id = l.district_id
        where l.tenant_id = ${t} and l.id = ${student.parentLocationId}`,
    ),
  );
  return row ? { regionId: row.region_id, districtId: row.district_id, locationId: student.parentLocationId } : null;
}

/** Whether the admin may change things at the location (it lies in their reach), not only read them. */
export async function changesAt(actor: Actor, locationId: number): Promise<boolean> {
  if (actor.tenantWide) return true;
  const [row] = await forTenant(actor, () =>
    rows<{ id: number }>(db(), sql`select ${locationId}::int as id where ${locationInReach(actor, sql`${locationId}::int`, ADMINISTRATIVE)}`),
  );
  return Boolean(row);
}

/** The teacher roster page's frame: the location's chain as the path names it, and the teacher there (else 404). */
export async function teacherAtLocation(actor: Actor, regionId: number, districtId: number, locationId: number, userId: number) {
  const t = actor.tenantId;
  const [found] = await forTenant(actor, () =>
    rows<{ region_name: string; district_name: string; location_name: string }>(
      db(),
      sql`select r.name as region_name, d.name as district_name, l.name as location_name from locations l
        join districts d on d.tenant_id = ${t} and d.id = l.district_id and d.id = ${districtId}
        join regions r on r.tenant_id = ${t} and r.id = d.region_id and r.id = ${regionId}
        where l.tenant_id = ${t} and l.id = ${locationId}`,
    ),
  );
  if (!found) throw notFound("Location not found");
  const teacher = (await locationTeachers(actor, locationId)).find((u) => u.id === userId);
  if (!teacher) throw notFound("Teacher not found");
  return {
    region: { id: regionId, name: found.region_name },
    district: { id: districtId, name: found.district_name },
    location: { id: locationId, name: found.location_name },
    teacher,
  };
}
