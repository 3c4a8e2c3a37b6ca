import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { locations, regions } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { locationInReach, regionOnPath } from "./reach";

/* Single regions and locations, as the lists show them (GET /regions/{id}, /locations/{id}). */

export const regionColumns = {
  id: regions.id,
  nameLabel: regions.name,
  parentTenantId: regions.tenantId,
  parentId: regions.tenantId,
  uniqueId: regions.uniqueId,
  active: regions.active,
};

export const locationColumns = {
  id: locations.id,
  nameLabel: locations.name,
  parentTenantId: locations.tenantId,
  parentId: locations.districtId,
  uniqueId: locations.uniqueId,
  active: locations.active,
};

/** One region the actor can see (their own or the one above their district); else 404. */
export async function getRegion(actor: Actor, id: number) {
  const [row] = await forTenant(actor, () =>
    db()
      .select(regionColumns)
      .from(regions)
      .where(and(eq(regions.tenantId, actor.tenantId), eq(regions.id, id), regionOnPath(actor, regions.id)))
      .limit(1),
  );
  if (!row) throw notFound();
  return row;
}

/** One location within the actor's reach; else 404. */
export async function getLocation(actor: Actor, id: number) {
  const [row] = await forTenant(actor, () =>
    db()
      .select(locationColumns)
      .from(locations)
      .where(and(eq(locations.tenantId, actor.tenantId), eq(locations.id, id), locationInReach(actor, locations.id)))
      .limit(1),
  );
  if (!row) throw notFound();
  return row;
}
