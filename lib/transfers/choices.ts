import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import { ADMINISTRATIVE, locationInReach } from "@/lib/organisations/reach";

export interface EnrollmentChoice {
  id: number;
  locationId: number;
  locationName: string;
  isPointOfAuthority: boolean;
}

/**
 * The enrollments the request form offers: the student's active ones the admin may send (their
 * location in reach). Where to is the location picker's (lib/organisations/location-choices.ts).
 */
export async function transferChoices(actor: Actor, studentId: number): Promise<{ enrollments: EnrollmentChoice[] }> {
  authorize(actor, "transfers.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const enrollments = await rows<{ id: number; location_id: number; location_name: string; is_point_of_authority: boolean }>(
      db(),
      sql`select e.id, e.location_id, l.name as location_name, e.is_point_of_authority from student_enrollments e
        join locations l on l.tenant_id = ${t} and l.id = e.location_id
        where e.tenant_id = ${t} and e.student_id = ${studentId} and e.active and ${locationInReach(actor, sql`e.location_id`, ADMINISTRATIVE)}
        order by e.is_point_of_authority desc, l.name`,
    );
    return {
      enrollments: enrollments.map((e) => ({
        id: e.id,
        locationId: e.location_id,
        locationName: e.location_name,
        isPointOfAuthority: e.is_point_of_authority,
      })),
    };
  });
}
