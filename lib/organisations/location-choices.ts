import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize, type Permission } from "@/lib/auth/permissions";
import { ADMINISTRATIVE, districtInReach, locationInReach, regionInReach } from "@/lib/organisations/reach";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";

/**
 * The choices of the Region → District → Location picker (platform.md §5), one level at a time, so a
 * state's 1,500 locations never travel to the browser at once: a level lists only the organisations
 * that lead to one the purpose allows at the picker's last level (its depth: a location, or a region
 * or district where that is what is chosen).
 * - enroll: the active locations the admin administers (a new student's point of authority);
 * - transfer: every active location of an active district (a child may move anywhere in the state);
 * - link: the active locations the admin administers, to link a user to;
 * - assign: the active organisations the admin administers, to assign a collection to or to add to
 *   its field test (the checks of lib/collections/admin-assignments.ts and admin-field-tests.ts).
 */
export const LOCATION_PURPOSES = ["enroll", "transfer", "link", "assign"] as const;
export type LocationPurpose = (typeof LOCATION_PURPOSES)[number];
export const PICKER_DEPTHS = ["region", "district", "location"] as const;
export type PickerDepth = (typeof PICKER_DEPTHS)[number];

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

const PERMISSION: Record<LocationPurpose, Permission> = {
  enroll: "students.manage",
  transfer: "transfers.manage",
  link: "users.manage",
  assign: "collections.manage",
};

/** Rows (region_id, district_id, location_id) of the organisations the purpose allows at the depth: the levels above lead to them. */
function targets(actor: Actor, purpose: LocationPurpose, depth: PickerDepth): SQL {
  const t = actor.tenantId;
  const anywhere = purpose === "transfer";
  if (depth === "region") {
    return sql`select r.id as region_id, null::int as district_id, null::int as location_id from regions r
      where r.tenant_id = ${t} and r.active and ${anywhere ? sql`true` : regionInReach(actor, sql`r.id`, ADMINISTRATIVE)}`;
  }
  if (depth === "district") {
    return sql`select d.region_id, d.id as district_id, null::int as location_id from districts d
      where d.tenant_id = ${t} and d.active and ${anywhere ? sql`true` : districtInReach(actor, sql`d.id`, ADMINISTRATIVE)}`;
  }
  const where = anywhere ? sql`d.active` : locationInReach(actor, sql`l.id`, ADMINISTRATIVE);
  return sql`select d.region_id, d.id as district_id, l.id as location_id from locations l join districts d on d.tenant_id = ${t} and d.id = l.district_id
    where l.tenant_id = ${t} and l.active and ${where}`;
}

function regionsOf(actor: Actor, allowed: SQL): Promise<Choice[]> {
  const t = actor.tenantId;
  return rows<Choice>(
    db(),
    sql`select r.id, r.name from regions r where r.tenant_id = ${t} and r.id in (select x.region_id from (${allowed}) x) order by r.name, r.id`,
  );
}

function districtsOf(actor: Actor, allowed: SQL, regionId: number): Promise<Choice[]> {
  const t = actor.tenantId;
  return rows<Choice>(
    db(),
    sql`select d.id, d.name from districts d where d.tenant_id = ${t} and d.region_id = ${regionId} and d.id in (select x.district_id from (${allowed}) x)
      order by d.name, d.id`,
  );
}

function locationsOf(actor: Actor, allowed: SQL, districtId: number): Promise<Choice[]> {
  const t = actor.tenantId;
  return rows<Choice>(
    db(),
    sql`select l.id, l.name from locations l where l.tenant_id = ${t} and l.district_id = ${districtId} and l.id in (select x.location_id from (${allowed}) x)
      order by l.name, l.id`,
  );
}

/** The districts of a region, or the locations of a district, the purpose allows at the depth (none outside it, none below it). */
export async function locationChoices(
  actor: Actor,
  input: { purpose: LocationPurpose; level: "districts" | "locations"; parentId: number; depth?: PickerDepth },
): Promise<Choice[]> {
  authorize(actor, PERMISSION[input.purpose]);
  return forTenant(actor, async () => {
    const allowed = targets(actor, input.purpose, input.depth ?? "location");
    return input.level === "districts" ? districtsOf(actor, allowed, input.parentId) : locationsOf(actor, allowed, input.parentId);
  });
}

/** The regions, and each level down to the depth whose parent is the only choice already chosen (a district admin starts at their locations). */
export async function pickerStart(actor: Actor, purpose: LocationPurpose, depth: PickerDepth = "location"): Promise<PickerStart> {
  authorize(actor, PERMISSION[purpose]);
  return forTenant(actor, async () => {
    const allowed = targets(actor, purpose, depth);
    const start: PickerStart = { regions: await regionsOf(actor, allowed), districts: [], locations: [], regionId: null, districtId: null, locationId: null };
    if (start.regions.length !== 1) return start;
    start.regionId = start.regions[0].id;
    if (depth === "region") return start;
    start.districts = await districtsOf(actor, allowed, start.regionId);
    if (start.districts.length !== 1) return start;
    start.districtId = start.districts[0].id;
    if (depth === "district") return start;
    start.locations = await locationsOf(actor, allowed, start.districtId);
    if (start.locations.length === 1) start.locationId = start.locations[0].id;
    return start;
  });
}
