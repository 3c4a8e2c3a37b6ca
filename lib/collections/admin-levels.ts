import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import { collectionInReach } from "@/lib/organisations/reach";
import { checkOrgPath, ownTenant } from "./admin-reach";
import type { LevelCollection } from "./admin-schemas";

/**
 * The per-level listings (GET /admin/tenants/{t}/regions/{r}/collections.json and its districts/{d}
 * and locations/{l} variants): the collections that reach the organisation, from above (its
 * district or region) or at it, or that reach something under it. `assigned_at` names the level of
 * the assignment that matched, the organisation's own level first.
 */

export interface LevelPath {
  tenantId: number;
  regionId: number;
  districtId?: number;
  locationId?: number;
}

/** The region, district and location assignment hits of a collection `c` for the organisation. */
function hits(t: number, path: LevelPath): { region: SQL; district: SQL; location: SQL; order: ("region" | "district" | "location")[] } {
  const ra = sql`select 1 from data_collection_region_assignments a where a.tenant_id = ${t} and a.data_collection_id = c.id`;
  const da = sql`select 1 from data_collection_district_assignments a where a.tenant_id = ${t} and a.data_collection_id = c.id`;
  const la = sql`select 1 from data_collection_location_assignments a where a.tenant_id = ${t} and a.data_collection_id = c.id`;
  if (path.locationId !== undefined) {
    return {
      region: sql`exists (${ra} and a.region_id = ${path.regionId})`,
      district: sql`exists (${da} and a.district_id = ${path.districtId!})`,
      location: sql`exists (${la} and a.location_id = ${path.locationId})`,
      order: ["location", "district", "region"],
    };
  }
  if (path.districtId !== undefined) {
    return {
      region: sql`exists (${ra} and a.region_id = ${path.regionId})`,
      district: sql`exists (${da} and a.district_id = ${path.districtId})`,
      location: sql`exists (${la} and a.location_id in (select id from locations where tenant_id = ${t} and district_id = ${path.districtId}))`,
      order: ["district", "region", "location"],
    };
  }
  return {
    region: sql`exists (${ra} and a.region_id = ${path.regionId})`,
    district: sql`exists (${da} and a.district_id in (select id from districts where tenant_id = ${t} and region_id = ${path.regionId}))`,
    location: sql`exists (${la} and a.location_id in (select l.id from locations l join districts d on d.tenant_id = ${t} and d.id = l.district_id
      where l.tenant_id = ${t} and d.region_id = ${path.regionId}))`,
    order: ["region", "district", "location"],
  };
}

export async function listLevelCollections(actor: Actor, path: LevelPath): Promise<LevelCollection[]> {
  authorize(actor, "collections.manage");
  ownTenant(actor, path.tenantId);
  return forTenant(actor, async () => {
    await checkOrgPath(actor, path);
    const t = actor.tenantId;
    const h = hits(t, path);
    const level = sql.join(
      h.order.map((l) => sql`when ${h[l]} then ${l}`),
      sql` `,
    );
    type Row = Omit<LevelCollection, "cycle_start_date" | "cycle_end_date" | "enrollment_end_date"> & {
      cycle_start_date: string;
      cycle_end_date: string;
      enrollment_end_date: string;
    };
    const found = await rows<Row>(
      db(),
      sql`select * from (
          select c.id, c.tenant_id as parent_tenant_id, y.label as school_year, c.collection_name, asm.name as assessment_name,
            c.cycle_start_date, c.cycle_end_date, c.enrollment_end_date, case ${level} end as assigned_at
          from data_collections c join school_years y on y.id = c.school_year_id join assessments asm on asm.id = c.assessment_id
          where c.tenant_id = ${t} and c.deleted_at is null and ${collectionInReach(actor, sql`c.id`)}
        ) x where x.assigned_at is not null order by x.cycle_start_date desc, x.id desc`,
    );
    const unix = (v: string) => Math.floor(new Date(v).getTime() / 1000);
    return found.map((r) => ({
      ...r,
      cycle_start_date: unix(r.cycle_start_date),
      cycle_end_date: unix(r.cycle_end_date),
      enrollment_end_date: unix(r.enrollment_end_date),
    }));
  });
}
