import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { Actor } from "@/lib/platform/actor";

/**
 * Where a OneRoster load may write: a tenant admin the whole state; a district's administrator the
 * districts their administrative links name (a district link, or a region link for its districts)
 * and those districts' locations. A school's administrator has no district and loads no bundle.
 * Read from the actor's own links (the session's), in the caller's binding.
 */
export interface DistrictReach {
  all: boolean;
  districts: number[];
  locations: number[];
}

export async function districtReach(actor: Actor): Promise<DistrictReach> {
  const t = actor.tenantId;
  const admin = (kind: "district" | "region") =>
    `{${actor.orgs
      .filter((o) => o.orgType === kind && o.administrative)
      .map((o) => o.id)
      .join(",")}}`;
  const districts = await rows<{ id: number }>(
    db(),
    actor.tenantWide
      ? sql`select id from districts where tenant_id = ${t}`
      : sql`select id from districts where tenant_id = ${t} and active and (id = any(${admin("district")}::int[]) or region_id = any(${admin("region")}::int[]))`,
  );
  const ids = districts.map((d) => d.id);
  const locations = await rows<{ id: number }>(
    db(),
    sql`select id from locations where tenant_id = ${t} and active and district_id = any(${`{${ids.join(",")}}`}::int[])`,
  );
  return { all: actor.tenantWide, districts: ids, locations: locations.map((l) => l.id) };
}
