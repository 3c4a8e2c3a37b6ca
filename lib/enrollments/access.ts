import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { ADMINISTRATIVE, locationInReach } from "@/lib/organisations/reach";

/**
 * What an admin may see and change of a student's enrollments. A student is theirs when its point of
 * authority lies in their reach (as the students list); an enrollment is readable when the student is
 * theirs or the enrollment's own location is in reach, and changeable only when its location is in
 * reach. Everything else is 404 (another tenant's ids included). Run inside the caller's forTenant.
 */

export interface EnrollmentRef {
  id: number;
  student_id: number;
  location_id: number;
  district_id: number;
  active: boolean;
  is_point_of_authority: boolean;
  location_active: boolean;
}

/** The student's id when it is within reach (not merged away); else 404. */
export async function requireStudent(actor: Actor, studentId: number): Promise<{ id: number; parent_location_id: number | null }> {
  const t = actor.tenantId;
  const [row] = await rows<{ id: number; parent_location_id: number | null }>(
    db(),
    sql`select s.id, s.parent_location_id from students s where s.tenant_id = ${t} and s.id = ${studentId} and s.merged_into_student_id is null
      and ${locationInReach(actor, sql`s.parent_location_id`, ADMINISTRATIVE)}`,
  );
  if (!row) throw notFound("Student not found");
  return row;
}

/** One enrollment for reading ("read") or changing ("write"); 404 outside reach. */
export async function requireEnrollment(actor: Actor, enrollmentId: number, mode: "read" | "write"): Promise<EnrollmentRef> {
  const t = actor.tenantId;
  const reachable =
    mode === "write"
      ? locationInReach(actor, sql`e.location_id`, ADMINISTRATIVE)
      : sql`(${locationInReach(actor, sql`e.location_id`, ADMINISTRATIVE)} or ${locationInReach(actor, sql`s.parent_location_id`, ADMINISTRATIVE)})`;
  const [row] = await rows<EnrollmentRef>(
    db(),
    sql`select e.id, e.student_id, e.location_id, e.district_id, e.active, e.is_point_of_authority, l.active as location_active
      from student_enrollments e
      join students s on s.tenant_id = ${t} and s.id = e.student_id and s.merged_into_student_id is null
      join locations l on l.tenant_id = ${t} and l.id = e.location_id
      where e.tenant_id = ${t} and e.id = ${enrollmentId} and ${reachable}`,
  );
  if (!row) throw notFound("Enrollment not found");
  return row;
}
