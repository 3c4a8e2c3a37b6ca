import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize, type Permission } from "@/lib/auth/permissions";
import { reachOf, within } from "@/lib/dashboards/administrator";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";

/**
 * The choices of the Region → District → Location picker (platform.md §5), one level at a time, so a
 * state's 1,500 locations never travel to the browser at once: a level lists only the organisations
 * that lead to a location the purpose allows.
 * - enroll: the active locations the admin administers (a new student's point of authority);
 * - transfer: every active location of an active district (a child may move anywhere in the state);
 * - link: the active locations the admin administers, to link a user to.
 */
export const LOCATION_PURPOSES = ["enroll", "transfer", "link"] as const;
export type LocationPurpose = (typeof LOCATION_PURPOSES)[number];

export interface Choice {
  id: number;
  name: string;
}

/** What the picker shows first: the regions, and below each single choice the next level, pre-chosen. */
export interface PickerStart {
  regions: Choice[];
  districts: Choice[];
  locations: Choice[];
  regionId: number | null;
  districtId: number | null;
  locationId: number | null;
}

const PERMISSION: Record<LocationPurpose, Permission> = { enroll: "students.manage", transfer: "transfers.manage", link: "users.manage" };

/** Condition on `l` (locations) joined to `d` (its district): a location the purpose allows. */
async function allowed(actor: Actor, purpose: LocationPurpose): Promise<SQL> {
  if (purpose === "transfer") return sql`l.active and d.active`;
  return sql`l.active and ${within(await reachOf(actor), "locations", "l.id")}`;
}

async function regionsOf(actor: Actor, where: SQL): Promise<Choice[]> {
  const t = actor.tenantId;
  return rows<Choice>(
    db(),
    sql`select r.id, r.name from regions r where r.tenant_id = ${t} and exists (
        select 1 from districts d join locations l on l.tenant_id = ${t} and l.district_id = d.id
        where d.tenant_id = ${t} and d.region_id = r.id and ${where})
      order by r.name, r.id`,
  );
}

async function districtsOf(actor: Actor, where: SQL, regionId: number): Promise<Choice[]> {
  const t = actor.tenantId;
  return rows<Choice>(
    db(),
    sql`select d.id, d.name from districts d where d.tenant_id = ${t} and d.region_id = ${regionId} and exists (
        select 1 from locations l where l.tenant_id = ${t} and l.district_id = d.id and ${where})
      order by d.name, d.id`,
  );
}

async function locationsOf(actor: Actor, where: SQL, districtId: number): Promise<Choice[]> {
  const t = actor.tenantId;
  return rows<Choice>(
    db(),
    sql`select l.id, l.name from locations l join districts d on d.tenant_id = ${t} and d.id = l.district_id
      where l.tenant_id = ${t} and l.district_id = ${districtId} and ${where}
      order by l.name, l.id`,
  );
}

/** The districts of a region, or the locations of a district, the purpose allows (none outside it). */
export async function locationChoices(actor: Actor, input: { purpose: LocationPurpose; level: "districts" | "locations"; parentId: number }): Promise<Choice[]> {
  authorize(actor, PERMISSION[input.purpose]);
  return forTenant(actor, async () => {
    const where = await allowed(actor, input.purpose);
    return input.level === "districts" ? districtsOf(actor, where, input.parentId) : locationsOf(actor, where, input.parentId);
  });
}

/** The regions, and each level whose parent is the only choice already chosen (a district admin starts at their locations). */
export async function pickerStart(actor: Actor, purpose: LocationPurpose): Promise<PickerStart> {
  authorize(actor, PERMISSION[purpose]);
  return forTenant(actor, async () => {
    const where = await allowed(actor, purpose);
    const start: PickerStart = { regions: await regionsOf(actor, where), districts: [], locations: [], regionId: null, districtId: null, locationId: null };
    if (start.regions.length !== 1) return start;
    start.regionId = start.regions[0].id;
    start.districts = await districtsOf(actor, where, start.regionId);
    if (start.districts.length !== 1) return start;
    start.districtId = start.districts[0].id;
    start.locations = await locationsOf(actor, where, start.districtId);
    if (start.locations.length === 1) start.locationId = start.locations[0].id;
    return start;
  });
}
