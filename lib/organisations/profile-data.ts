import "server-only";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { canChange, canDelete } from "./can-change";
import { getDistrict, listDistricts, listLocations } from "./queries";
import { getLocation, getRegion } from "./records";

/**
 * The data of the organisation profile pages. The ids of the path must form one chain (a district
 * under another region is not found), and each record must be within the actor's reach.
 */
export async function regionProfile(actor: Actor, regionId: number) {
  const region = await getRegion(actor, regionId);
  const [districts, manage, deletable] = await Promise.all([
    listDistricts(actor, { parentId: regionId, active: true }),
    canChange(actor, "region", regionId),
    canDelete(actor, "region", region.parentId),
  ]);
  return { region, districts, manage, deletable };
}

export async function districtProfile(actor: Actor, regionId: number, districtId: number) {
  const [region, district] = await Promise.all([getRegion(actor, regionId), getDistrict(actor, districtId)]);
  if (district.parentId !== region.id) throw notFound();
  const [locations, manage, deletable] = await Promise.all([
    listLocations(actor, { parentId: districtId, active: true }),
    canChange(actor, "district", districtId),
    canDelete(actor, "district", district.parentId),
  ]);
  return { region, district, locations, manage, deletable };
}

export async function locationProfile(actor: Actor, regionId: number, districtId: number, locationId: number) {
  const [region, district, location] = await Promise.all([getRegion(actor, regionId), getDistrict(actor, districtId), getLocation(actor, locationId)]);
  if (district.parentId !== region.id || location.parentId !== district.id) throw notFound();
  const [manage, deletable] = await Promise.all([canChange(actor, "location", locationId), canDelete(actor, "location", location.parentId)]);
  return { region, district, location, manage, deletable };
}
