import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { OrgType } from "@/db/schema";
import { pickerStart, type PickerStart } from "@/lib/organisations/location-choices";
import { ADMINISTRATIVE, districtInReach, regionInReach } from "@/lib/organisations/reach";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";

/**
 * The active organisations an admin may link users to (those under their administrative links), for
 * the pages' pickers: the regions and districts as lists, the locations (a state has about 1,500)
 * through the Region → District → Location picker, level by level.
 */
export async function orgOptions(actor: Actor): Promise<{ options: { orgType: OrgType; id: number; label: string }[]; locationStart: PickerStart }> {
  const t = actor.tenantId;
  const [found, locationStart] = await Promise.all([
    forTenant(actor, () =>
      rows<{ org_type: OrgType; id: number; label: string }>(
        db(),
        sql`select 'region' as org_type, r.id, r.name as label from regions r where r.tenant_id = ${t} and r.active and ${regionInReach(actor, sql.raw("r.id"), ADMINISTRATIVE)}
          union all
          select 'district', d.id, d.name from districts d where d.tenant_id = ${t} and d.active and ${districtInReach(actor, sql.raw("d.id"), ADMINISTRATIVE)}
          order by 1, 3`,
      ),
    ),
    pickerStart(actor, "link"),
  ]);
  return { options: found.map((o) => ({ orgType: o.org_type, id: o.id, label: o.label })), locationStart };
}
