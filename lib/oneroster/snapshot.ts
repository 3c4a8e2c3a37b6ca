import "server-only";
import { sql } from "drizzle-orm";
import { asSystem, db, rows } from "@/db/client";
import type { Role } from "@/db/schema";
import { can, mayImpersonateRoles } from "@/lib/auth/permissions";
import { linkInReach } from "@/lib/organisations/reach";
import type { Actor } from "@/lib/platform/actor";
import type { LinkRow, Snapshot, SnapshotStudent, StateIdSource } from "./mapping";
import type { DistrictReach } from "./reach";
import { stateIdOf } from "./mapping";
import type { OneRosterRecords } from "./records";

/**
 * Our side of a OneRoster load, read in the caller's binding (forTenant/withTenant): the districts
 * (all of the tenant's, to match a bundle's district by its Unique ID), the locations of the districts
 * in reach, the sourcedId links, the children and teachers the bundle or the links name (with whether
 * the loader may change each account as the users API would let them), the sign-in names the bundle's
 * emails and the Unique IDs its schools' identifiers would take, and the roster entries at the locations in reach. A handful of set-based queries,
 * whatever the bundle's size.
 */
export async function readSnapshot(
  actor: Actor,
  reach: DistrictReach,
  records: OneRosterRecords,
  source: StateIdSource,
  regionId: number | null,
  dataCollectionId: number | null = null,
): Promise<Snapshot> {
  const t = actor.tenantId;
  const districts = await rows<{ id: number; region_id: number; unique_id: string | null; name: string; active: boolean }>(
    db(),
    sql`select id, region_id, unique_id, name, active from districts where tenant_id = ${t}`,
  );
  const reachDistricts = reach.all ? districts.map((d) => d.id) : reach.districts;
  const locations = await rows<{ id: number; district_id: number; unique_id: string | null; name: string; active: boolean }>(
    db(),
    sql`select id, district_id, unique_id, name, active from locations where tenant_id = ${t} and district_id = any(${`{${reachDistricts.join(",")}}`}::int[])`,
  );
  // createLocation keeps Unique IDs unique in the tenant: which of the bundle's school identifiers one already is.
  const schoolIdentifiers = records.orgs.filter((o) => o.type === "school" && o.identifier).map((o) => o.identifier);
  const locationUniqueIds = await rows<{ unique_id: string }>(
    db(),
    sql`select unique_id from locations where tenant_id = ${t} and unique_id in (select jsonb_array_elements_text(${JSON.stringify(schoolIdentifiers)}::jsonb))`,
  );
  const links = await rows<{
    kind: LinkRow["kind"];
    sourced_id: string;
    entity_id: number | null;
    data: Record<string, unknown>;
    active: boolean;
    dlm: string | null;
  }>(
    db(),
    sql`select kind, sourced_id, entity_id, data, active, to_char(date_last_modified at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as dlm
      from oneroster_links where tenant_id = ${t}`,
  );
  const stateIds = new Set<string>();
  for (const u of records.users) {
    const id = stateIdOf(u, source);
    if (id) stateIds.add(id);
  }
  for (const l of links) if (l.kind === "student" && typeof l.data.stateId === "string") stateIds.add(l.data.stateId);
  const students = await rows<SnapshotStudent & { enrollments: SnapshotStudent["enrollments"] }>(
    db(),
    sql`select s.id, s.tenant_unique_id as "stateId", s.first_name as "firstName", s.middle_name as "middleName", s.last_name as "lastName",
        to_char(s.dob, 'YYYY-MM-DD') as dob, s.gender, s.english_language_learner as ell, s.low_ses as "lowSes", s.special_education as "specialEducation",
        s.special_education_disability_code as "disabilityCode", s.race, s.merged_into_student_id is not null as merged, s.parent_location_id as "parentLocationId",
        coalesce((select json_agg(json_build_object('id', e.id, 'locationId', e.location_id, 'poa', e.is_point_of_authority) order by e.id)
          from student_enrollments e where e.tenant_id = ${t} and e.student_id = s.id and e.active), '[]') as enrollments
      from students s
      where s.tenant_id = ${t} and s.tenant_unique_id in (select jsonb_array_elements_text(${JSON.stringify([...stateIds])}::jsonb))`,
  );
  const emails = new Set<string>();
  for (const u of records.users) if (u.email) emails.add(u.email.toLowerCase());
  for (const l of links) if (l.kind === "teacher" && typeof l.data.email === "string") emails.add(l.data.email);
  const linkedTeachers = links.flatMap((l) => (l.kind === "teacher" && l.entity_id !== null ? [l.entity_id] : []));
  // Whether the users API would let the loader change the account (PUT /users: no link beyond their reach, no role above theirs).
  const beyond = actor.tenantWide
    ? sql`false`
    : sql`exists (select 1 from user_organizations uo where uo.tenant_id = ${t} and uo.user_id = u.id and not ${linkInReach(actor)})`;
  const teachers = await rows<{
    id: number;
    email: string;
    first_name: string;
    last_name: string;
    tenant_member_id: string | null;
    enabled: boolean;
    roles: Role[];
    beyond: boolean;
    locations: number[];
  }>(
    db(),
    sql`select u.id, lower(u.email) as email, u.first_name, u.last_name, u.tenant_member_id, u.enabled and not u.locked and not u.expired as enabled,
        array(select r.role::text from user_roles r where r.tenant_id = ${t} and r.user_id = u.id) as roles, ${beyond} as beyond,
        array(select o.parent_id from user_organizations o where o.tenant_id = ${t} and o.user_id = u.id and o.org_type = 'location') as locations
      from users u where u.tenant_id = ${t} and (lower(u.email) in (select jsonb_array_elements_text(${JSON.stringify([...emails])}::jsonb))
        or u.id = any(${`{${linkedTeachers.join(",")}}`}::int[]))`,
  );
  // Sign-in names are unique across tenants (createUser's and updateUser's 409): which of the bundle's emails one already is.
  const signInNames = await asSystem("OneRoster load: which of a bundle's teacher emails are sign-in names already (unique across tenants)", () =>
    rows<{ name: string; id: number }>(
      db(),
      sql`select lower(username) as name, id from users where lower(username) in (select jsonb_array_elements_text(${JSON.stringify([...emails])}::jsonb))`,
    ),
  );
  const rosters = await rows<Snapshot["rosters"][number]>(
    db(),
    sql`select ea.id, ea.user_id as "userId", lower(u.email) as email, ea.student_enrollment_id as "enrollmentId", e.student_id as "studentId",
        s.tenant_unique_id as "stateId", ea.location_id as "locationId"
      from enrollment_associations ea
      join users u on u.tenant_id = ${t} and u.id = ea.user_id
      join student_enrollments e on e.tenant_id = ${t} and e.id = ea.student_enrollment_id
      join students s on s.tenant_id = ${t} and s.id = e.student_id
      where ea.tenant_id = ${t} and ea.location_id = any(${`{${locations.map((l) => l.id).join(",")}}`}::int[])`,
  );
  const assigned =
    dataCollectionId === null
      ? []
      : await rows<{ key: string }>(
          db(),
          sql`select s.tenant_unique_id || '|' || e.location_id as key from student_data_collection_assignments a
            join student_enrollments e on e.tenant_id = ${t} and e.id = a.student_enrollment_id and e.active
            join students s on s.tenant_id = ${t} and s.id = e.student_id
            where a.tenant_id = ${t} and a.data_collection_id = ${dataCollectionId}
              and e.location_id = any(${`{${locations.map((l) => l.id).join(",")}}`}::int[])`,
        );
  return {
    tenantWide: reach.all,
    collection: dataCollectionId === null ? null : { id: dataCollectionId, assigned: new Set(assigned.map((a) => a.key)) },
    reachDistricts,
    regionId,
    districts: districts.map((d) => ({ id: d.id, regionId: d.region_id, uniqueId: d.unique_id, name: d.name, active: d.active })),
    locations: locations.map((l) => ({ id: l.id, districtId: l.district_id, uniqueId: l.unique_id, name: l.name, active: l.active })),
    links: links.map((l) => ({ kind: l.kind, sourcedId: l.sourced_id, entityId: l.entity_id, data: l.data, active: l.active, dateLastModified: l.dlm })),
    students: new Map(students.map((s) => [s.stateId, s])),
    teachers: new Map(
      teachers.map((u) => [
        u.email,
        {
          id: u.id,
          email: u.email,
          firstName: u.first_name,
          lastName: u.last_name,
          memberId: u.tenant_member_id,
          enabled: u.enabled,
          teacher: can({ roles: u.roles }, "area.teacher"),
          locations: u.locations,
          blocked: u.id === actor.userId ? "self" : u.beyond || !mayImpersonateRoles(actor, u.roles) ? "beyond" : null,
        },
      ]),
    ),
    signInNames: new Map(signInNames.map((n) => [n.name, n.id])),
    locationUniqueIds: new Set(locationUniqueIds.map((l) => l.unique_id)),
    rosters,
    today: new Date().toISOString().slice(0, 10),
  };
}
