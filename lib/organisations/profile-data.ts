import "server-only";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { canChange } from "./can-change";
import { getDistrict, listDistricts, listLocations } from "./queries";
import { getLocation, getRegion } from "./records";

/**
 * The data of the organisation profile pages. The ids of the path must form one chain (a district
 * under another region is not found), and each record must be within the actor's reach.
 */
export async function regionProfile(actor: Actor, regionId: number) {
  const region = await getRegion(actor, regionId);
  const [districts, manage] = await Promise.all([listDistricts(actor, { parentId: regionId, active: true }), canChange(actor, "region", regionId)]);
  return { region, districts, manage };
}

export async function districtProfile(actor: Actor, regionId: number, districtId: number) {
  const [region, district] = await Promise.all([getRegion(actor, regionId), getDistrict(actor, districtId)]);
  if (district.parentId !== region.id) throw notFound();
  const [locations, manage] = await Promise.all([listLocations(actor, { parentId: districtId, active: true }), canChange(actor, "district", districtId)]);
  return { region, district, locations, manage };
}

export async function locationProfile(actor: Actor, regionId: number, districtId: number, locationId: number) {
  const [region, district, location] = await Promise.all([getRegion(actor, regionId), getDistrict(actor, districtId), getLocation(actor, locationId)]);
  if (district.parentId !== region.id || location.parentId !== district.id) throw notFound();
  return { region, district, location, manage: await canChange(actor, "location", locationId) };
}
