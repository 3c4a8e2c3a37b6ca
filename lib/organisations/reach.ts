import "server-only";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { OrgType } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";

/**
 * What an actor reaches in the organisation tree (regions > districts > locations), and through it
 * which students, enrollments, users and collections. The one place that answers it; every answer is
 * a SQL condition the caller puts in its own WHERE (or SELECT), so the locations reached are never
 * loaded into the application: the only ids that go into the SQL are the actor's own links (a
 * handful, read with the session), as literal arrays the planner can estimate. Links are made only to
 * organisations of the user's own tenant (lib/users/links.ts), and every column given here is of a
 * row the caller has already filtered on the tenant.
 *
 * - Tenant-wide actors (tenant and system admins) reach everything of their tenant: `true`.
 * - Others reach what lies under their links: a region link covers its districts and locations, a
 *   district link its locations, a location link itself (`locationInReach`, `districtInReach`,
 *   `regionInReach`, or `orgInReach` for a level).
 * - A district or region is on the path (`districtOnPath`, `regionOnPath`) when it is in reach or
 *   holds a location in reach: what a district admin sees above their district (pickers, drill-downs,
 *   counts, collections assigned to their region).
 * - `administrative: true` (ADMINISTRATIVE) counts only the links that make the actor an
 *   administrator there: an administrator's reach. Without it every link counts.
 */
export interface ReachOptions {
  /** Count only the links that make the actor an administrator there. */
  administrative?: boolean;
}

/** An administrator's reach: only the links held as an administrator count. */
export const ADMINISTRATIVE: ReachOptions = { administrative: true };

/** Whose reach: an actor, or what a job kept of one (the tenant and the links when it was requested). */
export type Reaching = Pick<Actor, "tenantId" | "tenantWide" | "orgs">;

type Level = OrgType;

interface Links {
  regions: number[];
  districts: number[];
  locations: number[];
}

function linksOf(who: Reaching, options: ReachOptions = {}): Links {
  const found: Links = { regions: [], districts: [], locations: [] };
  for (const org of who.orgs) {
    if (options.administrative && !org.administrative) continue;
    if (org.orgType === "region") found.regions.push(org.id);
    else if (org.orgType === "district") found.districts.push(org.id);
    else found.locations.push(org.id);
  }
  return found;
}

const ints = (ids: number[]) => sql`${`{${ids.join(",")}}`}::int[]`;
const anyOf = (parts: SQL[]): SQL => (parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`);

/** Subquery: ids of the districts under the region links and of the district links (call with region links). */
function districtsUnder(t: number, l: Links): SQL {
  const own = l.districts.length ? sql` or reach_d.id = any(${ints(l.districts)})` : sql``;
  return sql`(select reach_d.id from districts reach_d where reach_d.tenant_id = ${t} and (reach_d.region_id = any(${ints(l.regions)})${own}))`;
}

/** Condition: `column` holds a location under the actor's links. */
export function locationInReach(who: Reaching, column: SQLWrapper, options?: ReachOptions): SQL {
  if (who.tenantWide) return sql`true`;
  const t = who.tenantId;
  const l = linksOf(who, options);
  const parts: SQL[] = [];
  if (l.locations.length) parts.push(sql`${column} = any(${ints(l.locations)})`);
  if (l.regions.length) {
    parts.push(sql`${column} in (select reach_l.id from locations reach_l where reach_l.tenant_id = ${t} and reach_l.district_id in ${districtsUnder(t, l)})`);
  } else if (l.districts.length) {
    parts.push(sql`${column} in (select reach_l.id from locations reach_l where reach_l.tenant_id = ${t} and reach_l.district_id = any(${ints(l.districts)}))`);
  }
  return anyOf(parts);
}

/** Condition: `column` holds a district under the actor's region or district links. */
export function districtInReach(who: Reaching, column: SQLWrapper, options?: ReachOptions): SQL {
  if (who.tenantWide) return sql`true`;
  const l = linksOf(who, options);
  if (l.regions.length) return sql`${column} in ${districtsUnder(who.tenantId, l)}`;
  return l.districts.length ? sql`${column} = any(${ints(l.districts)})` : sql`false`;
}

/** Condition: `column` holds a region the actor has a link to. */
export function regionInReach(who: Reaching, column: SQLWrapper, options?: ReachOptions): SQL {
  if (who.tenantWide) return sql`true`;
  const l = linksOf(who, options);
  return l.regions.length ? sql`${column} = any(${ints(l.regions)})` : sql`false`;
}

/**
 * Condition: `column` holds an organisation of the level in reach. `level` is a level, or a SQL
 * expression holding one (an org_type column: user_organizations, audit rows).
 */
export function orgInReach(who: Reaching, level: Level | SQLWrapper, column: SQLWrapper, options?: ReachOptions): SQL {
  if (who.tenantWide) return sql`true`;
  if (level === "region") return regionInReach(who, column, options);
  if (level === "district") return districtInReach(who, column, options);
  if (level === "location") return locationInReach(who, column, options);
  return sql`(case ${level} when 'region' then ${regionInReach(who, column, options)}
    when 'district' then ${districtInReach(who, column, options)} else ${locationInReach(who, column, options)} end)`;
}

/** Condition: `column` holds a district in reach or holding a location in reach (the path above a school link). */
export function districtOnPath(who: Reaching, column: SQLWrapper, options?: ReachOptions): SQL {
  if (who.tenantWide) return sql`true`;
  const l = linksOf(who, options);
  const parts = [districtInReach(who, column, options)];
  if (l.locations.length) {
    parts.push(
      sql`${column} in (select reach_l.district_id from locations reach_l where reach_l.tenant_id = ${who.tenantId} and reach_l.id = any(${ints(l.locations)}))`,
    );
  }
  return anyOf(parts);
}

/** Condition: `column` holds a region in reach or holding a district or location in reach. */
export function regionOnPath(who: Reaching, column: SQLWrapper, options?: ReachOptions): SQL {
  if (who.tenantWide) return sql`true`;
  const t = who.tenantId;
  const l = linksOf(who, options);
  const parts = [regionInReach(who, column, options)];
  if (l.districts.length) {
    parts.push(sql`${column} in (select reach_d.region_id from districts reach_d where reach_d.tenant_id = ${t} and reach_d.id = any(${ints(l.districts)}))`);
  }
  if (l.locations.length) {
    parts.push(sql`${column} in (select reach_d.region_id from locations reach_l join districts reach_d on reach_d.tenant_id = ${t} and reach_d.id = reach_l.district_id
      where reach_l.tenant_id = ${t} and reach_l.id = any(${ints(l.locations)}))`);
  }
  return anyOf(parts);
}

/** Condition on a user_organizations row aliased `alias`: the organisation it links lies in the actor's administrative reach. */
export function linkInReach(who: Reaching, alias = "uo"): SQL {
  return orgInReach(who, sql.raw(`${alias}.org_type`), sql.raw(`${alias}.parent_id`), ADMINISTRATIVE);
}

/**
 * Condition: the collection `collection` (an id column) is assigned to a location in reach, or to a
 * district or region on the path above one (the collections the actor's schools take part in).
 */
export function collectionInReach(who: Reaching, collection: SQLWrapper, options?: ReachOptions): SQL {
  if (who.tenantWide) return sql`true`;
  const t = who.tenantId;
  return sql`(exists (select 1 from data_collection_location_assignments reach_la where reach_la.tenant_id = ${t}
        and reach_la.data_collection_id = ${collection} and ${locationInReach(who, sql.raw("reach_la.location_id"), options)})
    or exists (select 1 from data_collection_district_assignments reach_da where reach_da.tenant_id = ${t}
        and reach_da.data_collection_id = ${collection} and ${districtOnPath(who, sql.raw("reach_da.district_id"), options)})
    or exists (select 1 from data_collection_region_assignments reach_ra where reach_ra.tenant_id = ${t}
        and reach_ra.data_collection_id = ${collection} and ${regionOnPath(who, sql.raw("reach_ra.region_id"), options)}))`;
}

/**
 * What a queued piece of work (a report, a bulk load) keeps of its requester's reach, fixed when it
 * is requested: tenant-wide, or their administrative links. Only the links are kept, never the
 * locations under them; `keptReaching` turns it back into conditions when the job runs.
 */
export type KeptReach = { all: true } | { links: { orgType: OrgType; id: number }[] };

export function keepReach(actor: Reaching): KeptReach {
  if (actor.tenantWide) return { all: true };
  return { links: actor.orgs.filter((o) => o.administrative).map(({ orgType, id }) => ({ orgType, id })) };
}

/** Whose reach a kept reach is, in the tenant: its links count as administrative ones. */
export function keptReaching(tenantId: number, kept: KeptReach): Reaching {
  if ("all" in kept) return { tenantId, tenantWide: true, orgs: [] };
  return { tenantId, tenantWide: false, orgs: kept.links.map((link) => ({ ...link, administrative: true })) };
}
