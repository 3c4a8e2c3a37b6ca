import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { OrgType } from "@/db/schema";
import { inDistrictScope, inLocationScope, inRegionScope } from "@/lib/organisations/scope";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";

const ADMIN = { administrative: true } as const;

/**
 * The active organisations an admin may link users to (those under their administrative links), for
 * the pages' pickers; a location reads "location, district". A state has about 1,500 locations.
 */
export function orgOptions(actor: Actor): Promise<{ orgType: OrgType; id: number; label: string }[]> {
  const t = actor.tenantId;
  return forTenant(actor, () =>
    rows<{ org_type: OrgType; id: number; label: string }>(
      db(),
      sql`select 'region' as org_type, r.id, r.name as label from regions r where r.tenant_id = ${t} and r.active and ${inRegionScope(actor, sql.raw("r.id"), ADMIN)}
        union all
        select 'district', d.id, d.name from districts d where d.tenant_id = ${t} and d.active and ${inDistrictScope(actor, sql.raw("d.id"), ADMIN)}
        union all
        select 'location', l.id, l.name || ', ' || d.name from locations l join districts d on d.tenant_id = ${t} and d.id = l.district_id
          where l.tenant_id = ${t} and l.active and ${inLocationScope(actor, sql.raw("l.id"), ADMIN)}
        order by 1, 3`,
    ).then((found) => found.map((o) => ({ orgType: o.org_type, id: o.id, label: o.label }))),
  );
}
