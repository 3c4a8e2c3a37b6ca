import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { ADMINISTRATIVE, districtInReach } from "@/lib/organisations/reach";
import type { Actor } from "@/lib/platform/actor";

/**
 * The districts a OneRoster load may write to: a tenant admin the whole state; a district's
 * administrator the active districts their administrative links reach (lib/organisations/reach.ts).
 * A school's administrator reaches no district and loads no bundle. The pure mapping matches the
 * bundle's district orgs against these ids; locations are never listed (the loaders keep the
 * requester's reach as conditions, `keepReach`).
 */
export interface DistrictReach {
  all: boolean;
  districts: number[];
}

export async function districtReach(actor: Actor): Promise<DistrictReach> {
  const districts = await rows<{ id: number }>(
    db(),
    sql`select id from districts where tenant_id = ${actor.tenantId} and (${sql.raw(actor.tenantWide ? "true" : "active")})
      and ${districtInReach(actor, sql`id`, ADMINISTRATIVE)}`,
  );
  return { all: actor.tenantWide, districts: districts.map((d) => d.id) };
}
