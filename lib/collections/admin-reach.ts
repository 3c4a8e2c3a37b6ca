import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { dataCollections, districts, locations, regions } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { forbidden, notFound } from "@/lib/platform/errors";
import { collectionInReach, districtOnPath, locationInReach, regionOnPath } from "@/lib/organisations/reach";

/** The collection's id when it is the tenant's, not deleted and within reach; else 404. Call inside forTenant. */
export async function reachCollection(actor: Actor, id: number): Promise<{ id: number; assessmentId: number }> {
  authorize(actor, "collections.manage");
  const [row] = await db()
    .select({ id: dataCollections.id, assessmentId: dataCollections.assessmentId })
    .from(dataCollections)
    .where(
      and(
        eq(dataCollections.tenantId, actor.tenantId),
        eq(dataCollections.id, id),
        isNull(dataCollections.deletedAt),
        collectionInReach(actor, dataCollections.id),
      ),
    );
  if (!row) throw notFound("Collection not found");
  return row;
}

/**
 * Building a collection (its dates, sets, items, supports and scoring) is the state's work: tenant
 * admins only. Others who reach the collection get 403, others 404.
 */
export async function buildCollection(actor: Actor, id: number): Promise<{ id: number; assessmentId: number }> {
  const row = await reachCollection(actor, id);
  if (!actor.tenantWide) throw forbidden();
  return row;
}

/** The caller's own tenant in a /admin/tenants/{tenantId}/... path; any other is not found. */
export function ownTenant(actor: Actor, tenantId: number): void {
  if (tenantId !== actor.tenantId) throw notFound();
}

/**
 * The region > district > location path of a per-level listing: each must lie under the one before
 * and be visible to the actor (in reach, or above what is). Call inside forTenant.
 */
export async function checkOrgPath(actor: Actor, path: { regionId: number; districtId?: number; locationId?: number }): Promise<void> {
  const t = actor.tenantId;
  if (path.locationId !== undefined) {
    const [hit] = await db()
      .select({ id: locations.id })
      .from(locations)
      .innerJoin(districts, and(eq(districts.tenantId, t), eq(districts.id, locations.districtId)))
      .where(
        and(
          eq(locations.tenantId, t),
          eq(locations.id, path.locationId),
          eq(locations.districtId, path.districtId!),
          eq(districts.regionId, path.regionId),
          eq(locations.active, true),
          locationInReach(actor, locations.id),
        ),
      );
    if (!hit) throw notFound("Location not found");
    return;
  }
  if (path.districtId !== undefined) {
    const [hit] = await db()
      .select({ id: districts.id })
      .from(districts)
      .where(
        and(
          eq(districts.tenantId, t),
          eq(districts.id, path.districtId),
          eq(districts.regionId, path.regionId),
          eq(districts.active, true),
          districtOnPath(actor, districts.id),
        ),
      );
    if (!hit) throw notFound("District not found");
    return;
  }
  const [hit] = await db()
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.tenantId, t), eq(regions.id, path.regionId), eq(regions.active, true), regionOnPath(actor, regions.id)));
  if (!hit) throw notFound("Region not found");
}
