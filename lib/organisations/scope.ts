import "server-only";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { db } from "@/db/client";
import { districts, locations } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";

/**
 * Which organisations an actor reaches. Tenant admins and system admins reach the whole tenant;
 * everyone else reaches what lies under their organisation links: a region link covers its
 * districts and locations, a district link its locations, a location link itself.
 * Every function here is SQL: callers put the condition in their own WHERE, so a list of
 * 1,500 locations is never carried through the application.
 */
interface ScopeOptions {
  /** Count only the links that make the actor an administrator there (for changes). */
  administrative?: boolean;
}

interface Links {
  regions: number[];
  districts: number[];
  locations: number[];
}

function links(actor: Actor, options: ScopeOptions = {}): Links {
  const found: Links = { regions: [], districts: [], locations: [] };
  for (const org of actor.orgs) {
    if (options.administrative && !org.administrative) continue;
    if (org.orgType === "region") found.regions.push(org.id);
    else if (org.orgType === "district") found.districts.push(org.id);
    else found.locations.push(org.id);
  }
  return found;
}

const intArray = (ids: number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

/** Ids of the locations under the actor's links (tenant-filtered subquery). */
function locationScopeQuery(actor: Actor, options?: ScopeOptions): SQL {
  const l = links(actor, options);
  return sql`select ${locations.id} from ${locations} where ${locations.tenantId} = ${actor.tenantId} and (
    ${locations.id} = any(${intArray(l.locations)})
    or ${locations.districtId} = any(${intArray(l.districts)})
    or ${locations.districtId} in (select ${districts.id} from ${districts}
      where ${districts.tenantId} = ${actor.tenantId} and ${districts.regionId} = any(${intArray(l.regions)})))`;
}

/** Condition: `column` holds a location the actor reaches. For tenant-wide actors, true. */
export function inLocationScope(actor: Actor, column: SQLWrapper, options?: ScopeOptions): SQL {
  if (actor.tenantWide) return sql`true`;
  return sql`${column} in (${locationScopeQuery(actor, options)})`;
}

/** Condition: `column` holds a district under the actor's region or district links. */
export function inDistrictScope(actor: Actor, column: SQLWrapper, options?: ScopeOptions): SQL {
  if (actor.tenantWide) return sql`true`;
  const l = links(actor, options);
  return sql`${column} in (select ${districts.id} from ${districts} where ${districts.tenantId} = ${actor.tenantId}
    and (${districts.id} = any(${intArray(l.districts)}) or ${districts.regionId} = any(${intArray(l.regions)})))`;
}

/** Condition: `column` holds a region the actor has a link to. */
export function inRegionScope(actor: Actor, column: SQLWrapper, options?: ScopeOptions): SQL {
  if (actor.tenantWide) return sql`true`;
  return sql`${column} = any(${intArray(links(actor, options).regions)})`;
}

/**
 * Organisations an actor may see in pickers and lists: those in scope plus the path above them,
 * so a district admin can choose their own region to reach their district.
 */
export function regionVisible(actor: Actor, column: SQLWrapper): SQL {
  if (actor.tenantWide) return sql`true`;
  return sql`(${inRegionScope(actor, column)} or ${column} in (select ${districts.regionId} from ${districts}
    where ${districts.tenantId} = ${actor.tenantId} and ${districtVisible(actor, districts.id)}))`;
}

export function districtVisible(actor: Actor, column: SQLWrapper): SQL {
  if (actor.tenantWide) return sql`true`;
  return sql`(${inDistrictScope(actor, column)} or ${column} in (select ${locations.districtId} from ${locations}
    where ${locations.tenantId} = ${actor.tenantId} and ${inLocationScope(actor, locations.id)}))`;
}

/** The location ids an actor reaches, or "all" for tenant-wide actors. */
export async function locationIdsInScope(actor: Actor, options?: ScopeOptions): Promise<number[] | "all"> {
  if (actor.tenantWide) return "all";
  const rows = await db()
    .select({ id: locations.id })
    .from(locations)
    .where(inLocationScope(actor, locations.id, options));
  return rows.map((r) => r.id);
}
