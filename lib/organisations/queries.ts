import "server-only";
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { districts, locations, regions } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import { notFound } from "@/lib/platform/errors";
import { ownTenant } from "@/lib/enrollments/own-tenant";
import type { OrgListQuery } from "./schemas";
import { districtOnPath, locationInReach, regionOnPath } from "./reach";

/** Wire shape shared by regions, districts and locations (spec: nameLabel, parentTenantId, parentId). */
interface OrgRow {
  id: number;
  nameLabel: string;
  parentTenantId: number;
  parentId: number;
  uniqueId: string | null;
  active: boolean;
}
type DistrictRow = OrgRow & { isCensus: boolean };

const activeFilter = (column: AnyPgColumn, active?: boolean): SQL | undefined => (active === undefined ? undefined : eq(column, active));

/** Regions of the actor's tenant; parentId is the tenant (another tenant's id lists nothing). */
export async function listRegions(actor: Actor, query: OrgListQuery): Promise<OrgRow[]> {
  if (query.parentId !== undefined && query.parentId !== actor.tenantId) return [];
  return forTenant(actor, () =>
    db()
      .select({
        id: regions.id,
        nameLabel: regions.name,
        parentTenantId: regions.tenantId,
        parentId: regions.tenantId,
        uniqueId: regions.uniqueId,
        active: regions.active,
      })
      .from(regions)
      .where(and(eq(regions.tenantId, actor.tenantId), activeFilter(regions.active, query.active), regionOnPath(actor, regions.id)))
      .orderBy(asc(regions.name), asc(regions.id)),
  );
}

const districtColumns = {
  id: districts.id,
  nameLabel: districts.name,
  parentTenantId: districts.tenantId,
  parentId: districts.regionId,
  uniqueId: districts.uniqueId,
  isCensus: districts.isCensus,
  active: districts.active,
};

/** Districts the actor can see, optionally of one region (parentId). */
export async function listDistricts(actor: Actor, query: OrgListQuery): Promise<DistrictRow[]> {
  return forTenant(actor, () =>
    db()
      .select(districtColumns)
      .from(districts)
      .where(
        and(
          eq(districts.tenantId, actor.tenantId),
          query.parentId === undefined ? undefined : eq(districts.regionId, query.parentId),
          activeFilter(districts.active, query.active),
          districtOnPath(actor, districts.id),
        ),
      )
      .orderBy(asc(districts.name), asc(districts.id)),
  );
}

/** GET /admin/tenants/{t}/regions.json: the regions list addressed by tenant (another tenant's id is 404). */
export function listTenantRegions(actor: Actor, tenantId: number, query: OrgListQuery): Promise<OrgRow[]> {
  return listRegions(ownTenant(actor, tenantId), query);
}

/** GET /admin/tenants/{t}/districts.json: the districts list addressed by tenant (another tenant's id is 404). */
export function listTenantDistricts(actor: Actor, tenantId: number, query: OrgListQuery): Promise<DistrictRow[]> {
  return listDistricts(ownTenant(actor, tenantId), query);
}

/** One district; another tenant's or one outside the actor's reach answers 404. */
export async function getDistrict(actor: Actor, id: number): Promise<DistrictRow> {
  const [row] = await forTenant(actor, () =>
    db()
      .select(districtColumns)
      .from(districts)
      .where(and(eq(districts.tenantId, actor.tenantId), eq(districts.id, id), districtOnPath(actor, districts.id)))
      .limit(1),
  );
  if (!row) throw notFound();
  return row;
}

/** Locations the actor reaches, optionally of one district (parentId). */
export async function listLocations(actor: Actor, query: OrgListQuery): Promise<OrgRow[]> {
  return forTenant(actor, () =>
    db()
      .select({
        id: locations.id,
        nameLabel: locations.name,
        parentTenantId: locations.tenantId,
        parentId: locations.districtId,
        uniqueId: locations.uniqueId,
        active: locations.active,
      })
      .from(locations)
      .where(
        and(
          eq(locations.tenantId, actor.tenantId),
          query.parentId === undefined ? undefined : eq(locations.districtId, query.parentId),
          activeFilter(locations.active, query.active),
          locationInReach(actor, locations.id),
        ),
      )
      .orderBy(asc(locations.name), asc(locations.id)),
  );
}
