import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { within } from "@/lib/dashboards/administrator";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import { reachOf } from "./access";

/**
 * The active locations an admin administers (their reach, not every location they are a member of):
 * the choices of the new-student form, with the chain that names the new student's profile route.
 */
export async function administeredLocations(actor: Actor) {
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const reach = await reachOf(actor);
    return rows<{ id: number; nameLabel: string; districtId: number; regionId: number }>(
      db(),
      sql`select l.id, l.name as "nameLabel", l.district_id as "districtId", d.region_id as "regionId"
        from locations l join districts d on d.tenant_id = ${t} and d.id = l.district_id
        where l.tenant_id = ${t} and l.active and ${within(reach, "locations", "l.id")}
        order by l.name, l.id`,
    );
  });
}
